// npm run bench: each case timed natively (build/edpd bench --json --case NAME, a process of its
// own), then in WebAssembly in Node and in Debian's Chromium (headless), back to back, so that
// the ratios compare runs minutes apart at most (a shared VM's speed drifts over minutes).
// Flags: --quick (fewer events), --scaling (N series; Chromium runs up to N = 10^5),
// --no-browser, --rounds R (R rounds over all cases in turn; medians, ratios as medians of the
// rounds'), --case NAME (that case alone: edpd bench --list names them), --report (--scaling,
// then the results section of docs/performance.md rewritten).
// A line per run goes to stderr as it ends; the tables come last: medians, and for R > 1 the
// best of the rounds.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { loadEdpd } from '../web/src/edpd.js';

// Everything on one CPU, as scripts/pin_cpu.sh does for the shell scripts (why: there): this
// process re-runs itself under taskset, and the native runs and Chromium inherit the CPU.
if (!process.env.EDPD_PINNED && spawnSync('taskset', ['-V']).status === 0) {
  const cpu = process.env.EDPD_CPU ?? String(availableParallelism() - 1);
  const r = spawnSync('taskset', ['-c', cpu, process.execPath, ...process.argv.slice(1)],
    { stdio: 'inherit', env: { ...process.env, EDPD_PINNED: '1', EDPD_CPU: cpu } });
  process.exit(r.status ?? 1);
}

const root = fileURLToPath(new URL('../', import.meta.url));
const args = process.argv.slice(2);
let rounds = 1, only = null;
for (let k = 0; k < args.length; k++) {
  const a = args[k];
  if (a === '--case') only = args[++k] ?? '';
  else if (a === '--rounds') {
    const v = args[++k];
    if (!/^[1-9][0-9]?$/.test(v ?? '')) {
      console.error(`bench: --rounds must be an integer in [1, 99], got ${v ?? 'nothing'}`);
      process.exit(2);
    }
    rounds = Number(v);
  } else if (!['--quick', '--scaling', '--no-browser', '--report'].includes(a)) {
    console.error(`bench: unknown flag ${a} (allowed: --quick, --scaling, --no-browser, --rounds R, --case NAME, --report)`);
    process.exit(2);
  }
}
const quick = args.includes('--quick');
const report = args.includes('--report');
const scaling = report || args.includes('--scaling');
const edpdCli = `${root}build/edpd`;
const nativeFlags = quick ? ['--quick'] : [];
const native = (name) => JSON.parse(execFileSync(edpdCli, ['bench', '--json', ...nativeFlags, '--case', name],
  { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }));
const listed = execFileSync(edpdCli, ['bench', '--list', ...(scaling ? ['--scaling'] : [])], { encoding: 'utf8' })
  .trim().split('\n');
if (only !== null && (report || !listed.includes(only))) {
  console.error(report ? 'bench: --report times every case: no --case with it'
    : `bench: --case must be one of ${listed.join(', ')}; got ${only || 'nothing'}`);
  process.exit(2);
}
const names = only === null ? listed : [only];
const edpd = await loadEdpd({ wasmBinary: readFileSync(`${root}web/wasm/edpd.wasm`) });
// Warm-up, here and in the page below: V8 runs a WebAssembly function in its baseline compiler
// until it is hot, then optimised, so without it the first (and every --quick) run would be partly
// baseline. Three gases of 4000 particles, 4 * 10^5 events each, and a short sweep.
const WARM_UP = [[3, 0.26], [3, 0.47], [2, 0.39]].map(([dim, phi]) => ({ scenario: 'elastic', dim, n: 4000, packingFraction: phi }));
for (const cfg of WARM_UP) {
  const sim = edpd.createSimulation(cfg);
  sim.runEvents(400000);
  sim.destroy();
}
edpd.sweep({ detector: 'stable', count: 20000 });

function cpu() { const u = process.cpuUsage(); return (u.user + u.system) / 1e6; }
const median = (xs) => {
  const s = xs.filter(Number.isFinite).sort((a, b) => a - b);
  return s.length ? (s.length % 2 ? s[(s.length - 1) / 2] : 0.5 * (s[s.length / 2 - 1] + s[s.length / 2])) : NaN;
};

/* The simulation of a native case (its JSON row). Each WebAssembly run, as the native one, runs
 * 4 N events to leave the lattice (a square well: its fluid at kT = 1.5, as edpd bench's
 * well_start makes it, then NVE from t = 5), then times as many events as the native
 * run did: CPU time in Node (runNode), wall time in the page (runChromium, whose body runs in the
 * browser). */
const simConfig = (c) => ({
  scenario: c.restitution < 1 ? 'granular' : 'elastic', dim: c.dim, n: c.n,
  packingFraction: c.number_density * (c.dim === 3 ? Math.PI / 6 : Math.PI / 4),
  restitution: c.restitution, tc: c.restitution < 1 ? 1e-4 : 0,
  ...(c.well_width > 0 ? { potential: 'square-well', wellWidth: c.well_width, temperature: 3,
    thermostatRate: 2, bathTemperature: 1.5, thermostatUntil: 5 } : {}),
});
// the start of a timed run, in Node and in the page (passed to it as text)
function startCase(api, cfg, n) {
  const sim = api.createSimulation(cfg);
  if (cfg.potential !== 'square-well') sim.runEvents(4 * n);
  else sim.advanceTo(5, { maxEvents: 1e9 });
  return sim;
}
function runNode(c) {
  const sim = startCase(edpd, simConfig(c), c.n);
  try {
    const s0 = sim.stats(), t0 = cpu();
    sim.runEvents(c.events);
    const dt = cpu() - t0, s1 = sim.stats();
    return { coll: (s1.collisions - s0.collisions) / dt, ev: (s1.events - s0.events) / dt };
  } finally {
    sim.destroy();
  }
}

/* Chromium: wall time (performance.now), one page, the module served from web/. */
let page = null, closeBrowser = async () => {};
const { CHROMIUM, launch } = await import('../tests/e2e/browser.js');
if (!args.includes('--no-browser') && existsSync(CHROMIUM)) {
  const { serve } = await import('../tests/e2e/server.js');
  const server = await serve(`${root}web`);
  const browser = await launch();
  closeBrowser = async () => { await browser.close(); await server.close(); };
  page = await browser.newPage();
  await page.goto(server.url + 'src/edpd.js');  // any same-origin document will do
  await page.evaluate(async (warmUp) => {  // the warm-up (WARM_UP above)
    const { loadEdpd } = await import('/src/edpd.js');
    window.edpdBench = await loadEdpd();
    for (const cfg of warmUp) {
      const sim = window.edpdBench.createSimulation(cfg);
      sim.runEvents(400000);
      sim.destroy();
    }
  }, WARM_UP);
} else if (!args.includes('--no-browser')) console.log(`(no Chromium at ${CHROMIUM}: WebAssembly in Node only)`);
async function runChromium(c) {
  return page.evaluate(async ({ cfg, n, events, start }) => {
    const sim = new Function(`return ${start}`)()(window.edpdBench, cfg, n);
    try {
      const s0 = sim.stats(), t0 = performance.now();
      sim.runEvents(events);
      const dt = (performance.now() - t0) / 1000, s1 = sim.stats();
      return { coll: (s1.collisions - s0.collisions) / dt, ev: (s1.events - s0.events) / dt };
    } finally {
      sim.destroy();
    }
  }, { cfg: simConfig(c), n: c.n, events: c.events, start: startCase.toString() });
}

const f = (x) => Number.isFinite(x) ? (x / 1e6).toFixed(3) : '   -';
const pct = (x) => Number.isFinite(x) ? `${(x * 100).toFixed(1)} %` : '-';

/* One round of one case: native, then Node, then Chromium (a sweep: native, then Node). */
function runSweep(name) {
  const s = native(name).sweeps[0];
  const t0 = cpu();
  edpd.sweep({ detector: name.replace('ball-sweep-', ''), count: s.samples });
  return { samples: s.samples, nat: s.seconds, wasm: cpu() - t0 };
}
/* The observables' cost: the native run plain and observed (edpd bench --case observe-...). */
function runObserve(name) {
  const o = native(name).observe[0];
  return { plain: o.events_per_second, seen: o.observed_events_per_second, ratio: o.ratio, samples: o.samples };
}
/* The ball array: creation, 1000 events and a statistics call, native then in Node. */
function runArray(name) {
  const a = native(name).arrays[0];
  const t0 = cpu();
  const sim = edpd.createSimulation({ scenario: 'bouncing-ball', n: a.n });
  sim.runEvents(a.events);
  sim.stats();
  sim.destroy();
  return { n: a.n, events: a.events, nat: a.seconds, wasm: cpu() - t0 };
}
async function runCase(name) {
  const out = native(name);
  const c = out.cases[0];
  const row = { c, cpu: out.cpu, node: { coll: NaN, ev: NaN }, chrome: { coll: NaN, ev: NaN }, note: '' };
  try {
    row.node = runNode(c);
    if (page && c.n <= 100000) row.chrome = await runChromium(c);
  } catch (e) {
    row.note = `  (WebAssembly: ${e.message})`;
  }
  return row;
}

/* With --scaling, the machine's memory latency before and after the runs (bench/memlat.c,
 * --quick, ~1 s; null if it cannot be built): the N = 10^6 figure moves with it. */
function memoryLatency() {
  if (!scaling) return null;
  if (spawnSync('bash', [`${root}bench/build.sh`, 'memlat'], { stdio: 'ignore' }).status !== 0) return null;
  const r = spawnSync(`${root}build-bench/memlat`, ['--quick'], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : null;
}
const latBefore = memoryLatency();

/* Rounds go round-robin over the cases (case 1, 2, ... then again), so that one of this VM's
 * slow phases (tens of seconds, up to -30 %, on either side of a ratio) hits one round of
 * several cases rather than every round of one case; each line below is one run, as it ends. */
const runs = new Map(names.map((n) => [n, []]));
try {
  for (let r = 0; r < rounds; r++)
    for (const name of names) {
      const sweep = name.startsWith('ball-sweep-') || name.startsWith('ball-array-') || name.startsWith('observe-');
      const res = name.startsWith('ball-sweep-') ? runSweep(name) : name.startsWith('ball-array-') ? runArray(name)
        : name.startsWith('observe-') ? runObserve(name) : await runCase(name);
      runs.get(name).push(res);
      const tag = `${rounds > 1 ? `round ${r + 1}/${rounds} ` : ''}${name}`;
      console.error(name.startsWith('observe-') ? `  ${tag}: observed at ${pct(res.ratio)} of the plain event rate`
        : sweep ? `  ${tag}: native ${res.nat.toFixed(3)} s, wasm ${res.wasm.toFixed(3)} s`
        : `  ${tag}: native ${f(res.c.collisions_per_second)} M collisions/s, node ${pct(res.node.ev / res.c.events_per_second)}` +
          `${page && res.c.n <= 100000 ? `, chromium ${pct(res.chrome.ev / res.c.events_per_second)}` : ''}${res.note}`);
    }
} finally {
  await closeBrowser();
}

const cpuName = [...runs.values()].flat().find((x) => x.cpu)?.cpu ?? 'unknown';
console.log(`\nnative: build/edpd bench --json ${nativeFlags.join(' ')} --case NAME, then the same case in WebAssembly` +
  `${rounds > 1 ? `; ${rounds} rounds round-robin` : ''}; cpu: ${cpuName}` +
  `${process.env.EDPD_CPU ? `, all runs on CPU ${process.env.EDPD_CPU}` : ''}`);

/* The table: medians of the rounds (ratios: medians of each round's ratio), or with best set the
 * fastest round of each engine (ratios: best over best). This VM's slow phases only ever slow a
 * run down, so the best of a few rounds estimates the undisturbed speed; the medians say what a
 * single run most likely shows. */
const best = (xs) => Math.max(...xs.filter(Number.isFinite));
function table(useBest) {
  console.log(`\n${useBest ? `best of ${rounds} rounds` : rounds > 1 ? `medians of ${rounds} rounds` : 'one round'}`);
  console.log('case                                native Mcoll/s  native Mev/s   node Mcoll/s  node/native  chromium Mcoll/s  chromium/native  native us/ev  peak RSS MB');
  for (const name of names) {
    const rows = runs.get(name);
    if (name.startsWith('observe-')) {
      console.log(`${name.padEnd(36)} observed at ${pct(median(rows.map((x) => x.ratio)))} of the plain event rate (native, ${rows[0].samples} samples)`);
      continue;
    }
    if (name.startsWith('ball-array-')) {
      const pick = (xs) => (useBest ? Math.min(...xs) : median(xs));
      const tn = pick(rows.map((x) => x.nat)), tw = pick(rows.map((x) => x.wasm));
      console.log(`${name.padEnd(36)} native ${tn.toFixed(3)} s, wasm ${tw.toFixed(3)} s to create ${rows[0].n} balls, run ${rows[0].events} events and read the statistics`);
      continue;
    }
    if (name.startsWith('ball-sweep-')) {
      const nat = rows.map((x) => x.nat), wasm = rows.map((x) => x.wasm), samples = rows[0].samples;
      const tn = useBest ? Math.min(...nat) : median(nat), tw = useBest ? Math.min(...wasm) : median(wasm);
      const ratio = useBest ? tn / tw : median(nat.map((t, k) => t / wasm[k]));
      console.log(`${name.padEnd(36)} native ${tn.toFixed(3)} s, wasm ${tw.toFixed(3)} s for ${samples} samples ` +
        `(wasm/native ${pct(ratio)}); 10^6 samples native: ${(tn * 1e6 / samples).toFixed(1)} s`);
      continue;
    }
    const agg = (get) => (useBest ? best : median)(rows.map(get));
    const ratio = (get) => useBest ? best(rows.map(get)) / best(rows.map((r) => r.c.events_per_second))
      : median(rows.map((r) => get(r) / r.c.events_per_second));
    const note = rows.map((x) => x.note).find(Boolean) ?? '';
    const us = useBest ? Math.min(...rows.map((r) => r.c.us_per_event)) : median(rows.map((r) => r.c.us_per_event));
    console.log(`${name.padEnd(36)}${f(agg((r) => r.c.collisions_per_second)).padStart(14)}${f(agg((r) => r.c.events_per_second)).padStart(13)}` +
      `${f(agg((r) => r.node.coll)).padStart(15)}${pct(ratio((r) => r.node.ev)).padStart(13)}` +
      `${f(agg((r) => r.chrome.coll)).padStart(18)}${pct(ratio((r) => r.chrome.ev)).padStart(17)}` +
      `${us.toFixed(3).padStart(14)}${median(rows.map((r) => r.c.peak_rss_mb)).toFixed(1).padStart(13)}${note}`);
  }
}
table(false);
if (rounds > 1) table(true);

/* The N-scaling ratio (N = 10^6 against N = 13500 collisions/s) and what it depends on: at
 * N = 10^6 every event waits on DRAM, at N = 13500 the state stays in the caches. Each round's
 * ratio is printed too: their spread is the host's phase, not the engine's. */
const big = runs.get('scaling-elastic-3d-n1000000-rho0.5'), small = runs.get('elastic-3d-n13500-rho0.5');
let latAfter = null;
if (big && small) {
  const coll = (rows) => rows.map((r) => r.c.collisions_per_second);
  const ratios = big.map((r, k) => r.c.collisions_per_second / small[k].c.collisions_per_second);
  console.log(`
N-scaling: N = 10^6 at ${pct(median(ratios))} of N = 13500 (native collisions/s, median of the rounds' ratios` +
    `${rounds > 1 ? ` ${ratios.map(pct).join(' / ')}; best over best ${pct(best(coll(big)) / best(coll(small)))}` : ''})`);
  latAfter = memoryLatency();
  if (latBefore) console.log(`before the runs: ${latBefore}`);
  if (latAfter) console.log(`after the runs:  ${latAfter}`);
}
/* With --scaling: the square well's time per event against the hard spheres' at the same density
 * and N (bench/well_ratio.c: both in one process, in alternating chunks, so that the host's phase
 * hits both), 3-D and 2-D; null if it cannot be built. */
function wellRatio(dim) {
  if (!scaling) return null;
  if (spawnSync('bash', [`${root}bench/build.sh`, 'well_ratio'], { stdio: 'ignore' }).status !== 0) return null;
  const r = spawnSync(`${root}build-bench/well_ratio`, [String(dim), dim === 3 ? '13500' : '10000', quick ? '4' : '20', quick ? '50000' : '300000'],
    { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : null;
}
const wellRatios = [wellRatio(3), wellRatio(2)].filter(Boolean);
for (const line of wellRatios) console.log(line);
console.log(`\n${new Date().toISOString()} node ${process.version}${quick ? ' (quick)' : ''}`);
if (report) {
  const { writeReport } = await import('./bench-report.mjs');
  const file = `${root}docs/performance.md`;
  writeFileSync(file, writeReport(readFileSync(file, 'utf8'), { names, runs, rounds, quick, cpu: cpuName, latBefore, latAfter, wellRatios, args }));
  console.log(`wrote the results section of ${file}`);
}
