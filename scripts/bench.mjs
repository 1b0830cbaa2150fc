// npm run bench: native (build/edpd bench --json), WebAssembly in Node and WebAssembly in Debian's
// Chromium (headless) for the same cases, side by side with their ratios. Flags: --quick (fewer
// events), --scaling (N series; Chromium runs up to N = 10^5), --no-browser.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadEdpd } from '../web/src/edpd.js';

const root = fileURLToPath(new URL('../', import.meta.url));
const args = process.argv.slice(2);
for (const a of args) {
  if (!['--quick', '--scaling', '--no-browser'].includes(a)) {
    console.error(`bench: unknown flag ${a} (allowed: --quick, --scaling, --no-browser)`);
    process.exit(2);
  }
}
const quick = args.includes('--quick');

console.log('native: build/edpd bench --json ' + args.filter((a) => a !== '--no-browser').join(' '));
const nativeArgs = args.filter((a) => a !== '--no-browser');
const native = JSON.parse(execFileSync(`${root}build/edpd`, ['bench', '--json', ...nativeArgs], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }));
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
    rows.push({ name: c.name, nativeColl: c.collisions_per_second, nativeEv: c.events_per_second, wasmColl: NaN, wasmEv: NaN,
      usNative: c.us_per_event, rss: c.peak_rss_mb, note: e.message });
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

/* The same cases in Chromium: wall time (performance.now), one page, the module served from web/. */
const { CHROMIUM, launch } = await import('../tests/e2e/browser.js');
if (!args.includes('--no-browser') && existsSync(CHROMIUM)) {
  const { serve } = await import('../tests/e2e/server.js');
  const server = await serve(`${root}web`);
  const browser = await launch();
  try {
    const page = await browser.newPage();
    await page.goto(server.url + 'src/edpd.js');  // any same-origin document will do
    await page.evaluate(async () => {  // warm-up: V8 compiles hot WebAssembly functions optimised only after a while
      const { loadEdpd } = await import('/src/edpd.js');
      window.edpdBench = await loadEdpd();
      for (const [dim, phi] of [[3, 0.26], [3, 0.47], [2, 0.39]]) {
        const sim = window.edpdBench.createSimulation({ scenario: 'elastic', dim, n: 4000, packingFraction: phi });
        sim.runEvents(400000);
        sim.destroy();
      }
    });
    for (const r of rows) {
      const c = native.cases.find((x) => x.name === r.name);
      if (!c || c.n > 100000 || !Number.isFinite(r.wasmEv)) continue;
      const res = await page.evaluate(async ({ c }) => {
        const { loadEdpd } = await import('/src/edpd.js');
        window.edpdBench ??= await loadEdpd();
        const phi = c.number_density * (c.dim === 3 ? Math.PI / 6 : Math.PI / 4);
        const sim = window.edpdBench.createSimulation({ scenario: c.restitution < 1 ? 'granular' : 'elastic', dim: c.dim, n: c.n,
          packingFraction: phi, restitution: c.restitution, tc: c.restitution < 1 ? 1e-4 : 0 });
        sim.runEvents(4 * c.n);
        const s0 = sim.stats();
        const t0 = performance.now();
        sim.runEvents(c.events);
        const dt = (performance.now() - t0) / 1000;
        const s1 = sim.stats();
        sim.destroy();
        return { coll: (s1.collisions - s0.collisions) / dt, ev: (s1.events - s0.events) / dt };
      }, { c });
      r.chromeColl = res.coll;
      r.chromeEv = res.ev;
    }
  } finally {
    await browser.close();
    await server.close();
  }
}

const f = (x) => Number.isFinite(x) ? (x / 1e6).toFixed(3) : '   -';
const pct = (a, b) => Number.isFinite(a / b) ? `${(a / b * 100).toFixed(1)} %` : '-';
console.log('\ncase                                native Mcoll/s  native Mev/s   node Mcoll/s  node/native  chromium Mcoll/s  chromium/native  native us/ev  peak RSS MB');
for (const r of rows) {
  console.log(`${r.name.padEnd(36)}${f(r.nativeColl).padStart(14)}${f(r.nativeEv).padStart(13)}${f(r.wasmColl).padStart(15)}` +
    `${pct(r.wasmEv, r.nativeEv).padStart(13)}${f(r.chromeColl).padStart(18)}${pct(r.chromeEv, r.nativeEv).padStart(17)}` +
    `${r.usNative.toFixed(3).padStart(14)}${r.rss.toFixed(1).padStart(13)}`);
}
for (const s of native.sweeps) {
  const t0 = cpu();
  const det = s.name.replace('ball-sweep-', '');
  edpd.sweep({ detector: det, count: s.samples });
  const dt = cpu() - t0;
  console.log(`${s.name.padEnd(36)} native ${s.seconds.toFixed(3)} s, wasm ${dt.toFixed(3)} s for ${s.samples} samples (wasm/native ${(s.seconds / dt * 100).toFixed(1)} %); 10^6 samples native: ${(s.seconds * 1e6 / s.samples).toFixed(1)} s`);
}
console.log(`\n${new Date().toISOString()} node ${process.version}${quick ? ' (quick)' : ''}`);
