// npm run bench: native (build/edpd bench --json) and WebAssembly-in-Node figures for the same
// cases, side by side with their ratio. Flags: --quick (fewer events), --scaling (N series).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadEdpd } from '../web/src/edpd.js';

const root = fileURLToPath(new URL('../', import.meta.url));
const args = process.argv.slice(2);
for (const a of args) {
  if (!['--quick', '--scaling'].includes(a)) {
    console.error(`bench: unknown flag ${a} (allowed: --quick, --scaling)`);
    process.exit(2);
  }
}
const quick = args.includes('--quick');

console.log('native: build/edpd bench --json ' + args.join(' '));
const native = JSON.parse(execFileSync(`${root}build/edpd`, ['bench', '--json', ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }));
const edpd = await loadEdpd({ wasmBinary: readFileSync(`${root}web/wasm/edpd.wasm`) });

function cpu() { const u = process.cpuUsage(); return (u.user + u.system) / 1e6; }

const rows = [];
for (const c of native.cases) {
  if (c.n > 1000000) continue;
  const phi = c.number_density * (c.dim === 3 ? Math.PI / 6 : Math.PI / 4);
  const scenario = c.restitution < 1 ? 'granular' : 'elastic';
  let sim;
  try {
    sim = edpd.createSimulation({ scenario, dim: c.dim, n: c.n, packingFraction: phi, restitution: c.restitution, tc: c.restitution < 1 ? 1e-4 : 0 });
  } catch (e) {
    rows.push({ name: c.name, native: c.collisions_per_second, wasm: NaN, note: e.message });
    continue;
  }
  sim.runEvents(4 * c.n);
  const s0 = sim.stats();
  const t0 = cpu();
  sim.runEvents(c.events);
  const dt = cpu() - t0;
  const s1 = sim.stats();
  sim.destroy();
  const coll = (s1.collisions - s0.collisions) / dt;
  const ev = (s1.events - s0.events) / dt;
  rows.push({ name: c.name, nativeColl: c.collisions_per_second, nativeEv: c.events_per_second, wasmColl: coll, wasmEv: ev,
    usNative: c.us_per_event, usWasm: 1e6 * dt / (s1.events - s0.events), rss: c.peak_rss_mb });
}

const f = (x) => Number.isFinite(x) ? (x / 1e6).toFixed(3) : '   -';
console.log('\ncase                                native Mcoll/s  native Mev/s   wasm Mcoll/s  wasm Mev/s  wasm/native  native us/ev  peak RSS MB');
for (const r of rows) {
  console.log(`${r.name.padEnd(36)}${f(r.nativeColl).padStart(14)}${f(r.nativeEv).padStart(13)}${f(r.wasmColl).padStart(15)}${f(r.wasmEv).padStart(12)}` +
    `${(r.wasmEv / r.nativeEv * 100).toFixed(1).padStart(12)} %${r.usNative.toFixed(3).padStart(13)}${r.rss.toFixed(1).padStart(13)}`);
}
for (const s of native.sweeps) {
  const t0 = cpu();
  const det = s.name.replace('ball-sweep-', '');
  edpd.sweep({ detector: det, count: s.samples });
  const dt = cpu() - t0;
  console.log(`${s.name.padEnd(36)} native ${s.seconds.toFixed(3)} s, wasm ${dt.toFixed(3)} s for ${s.samples} samples (wasm/native ${(s.seconds / dt * 100).toFixed(1)} %); 10^6 samples native: ${(s.seconds * 1e6 / s.samples).toFixed(1)} s`);
}
console.log(`\n${new Date().toISOString()} node ${process.version}${quick ? ' (quick)' : ''}`);
