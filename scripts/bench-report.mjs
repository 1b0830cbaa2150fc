// The results section of docs/performance.md, written by `npm run bench -- --report` from the
// runs it has just timed. Everything above MARKER is hand-written and kept; everything below it
// is replaced. Pure: the caller reads and writes the file.
import { execFileSync } from 'node:child_process';

export const MARKER = '<!-- results: written by `npm run bench -- --report`; do not edit below this line -->';

const median = (xs) => {
  const s = xs.filter(Number.isFinite).sort((a, b) => a - b);
  return s.length ? (s.length % 2 ? s[(s.length - 1) / 2] : 0.5 * (s[s.length / 2 - 1] + s[s.length / 2])) : NaN;
};
const mega = (x) => (Number.isFinite(x) ? (x / 1e6).toFixed(3) : '–');
const pct = (x) => (Number.isFinite(x) ? `${(100 * x).toFixed(1)} %` : '–');

function commit() {
  try {
    const id = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no', 'csrc'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    return dirty ? `${id} with uncommitted changes to csrc/` : id;
  } catch {
    return 'unknown (not a git checkout)';
  }
}

/** One row of the table for a gas case: medians over the rounds (ratios: medians of each round's). */
function caseRow(name, rows) {
  const c = rows[0].c;
  const ratio = (get) => median(rows.map((r) => get(r) / r.c.events_per_second));
  return `| ${name} | ${c.dim}-D | ${c.n.toLocaleString('en')} | ${mega(median(rows.map((r) => r.c.collisions_per_second)))} | ` +
    `${median(rows.map((r) => r.c.us_per_event)).toFixed(3)} | ${mega(median(rows.map((r) => r.node.coll)))} | ${pct(ratio((r) => r.node.ev))} | ` +
    `${mega(median(rows.map((r) => r.chrome.coll)))} | ${pct(ratio((r) => r.chrome.ev))} | ${median(rows.map((r) => r.c.peak_rss_mb)).toFixed(1)} |`;
}

/**
 * The page with its results section rewritten.
 * @param {string} page the current docs/performance.md
 * @param {{ names: string[], runs: Map<string, object[]>, rounds: number, quick: boolean, cpu: string,
 *   latBefore: string|null, latAfter: string|null, wellRatios?: string[], args: string[], date?: Date, commitId?: string }} r
 */
export function writeReport(page, r) {
  const at = page.indexOf(MARKER);
  if (at < 0) throw new Error(`docs/performance.md has no results marker (${MARKER})`);
  const gas = r.names.filter((n) => !n.startsWith('ball-sweep-') && !n.startsWith('ball-array-') && !n.startsWith('observe-'));
  const observed = r.names.filter((n) => n.startsWith('observe-'));
  const sweeps = r.names.filter((n) => n.startsWith('ball-sweep-'));
  const arrays = r.names.filter((n) => n.startsWith('ball-array-'));
  const lines = [
    MARKER,
    '',
    '## Results',
    '',
    `Command: \`npm run bench -- ${r.args.join(' ')}\` · commit ${r.commitId ?? commit()} · ${(r.date ?? new Date()).toISOString().slice(0, 10)} · ` +
      `${r.rounds} round${r.rounds > 1 ? 's (medians)' : ''}${r.quick ? ' · quick (fewer events)' : ''}`,
    '',
    `Machine: ${r.cpu}.`,
    '',
    '| case | dim | N | native Mcoll/s | native µs/event | Node Mcoll/s | Node/native | Chromium Mcoll/s | Chromium/native | peak RSS MB |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...gas.map((n) => caseRow(n, r.runs.get(n))),
    '',
  ];
  if (sweeps.length) {
    lines.push('| Fig. 7 sweep | samples | native s | WebAssembly (Node) s | 10⁶ samples natively, s |', '|---|---|---|---|---|');
    for (const n of sweeps) {
      const rows = r.runs.get(n), nat = median(rows.map((x) => x.nat)), wasm = median(rows.map((x) => x.wasm));
      lines.push(`| ${n.replace('ball-sweep-', '')} | ${rows[0].samples.toLocaleString('en')} | ${nat.toFixed(3)} | ${wasm.toFixed(3)} | ${(nat * 1e6 / rows[0].samples).toFixed(1)} |`);
    }
    lines.push('');
  }
  for (const n of observed) {
    const rows = r.runs.get(n);
    lines.push(`With \`--observe msd,vacf,gr,speeds\` sampling every mean free time, ${n.replace('observe-', '')} runs at ` +
      `${pct(median(rows.map((x) => x.ratio)))} of its plain event rate (native, ${rows[0].samples} samples; the results are computed after the run).`, '');
  }
  for (const n of arrays) {
    const rows = r.runs.get(n), nat = median(rows.map((x) => x.nat)), wasm = median(rows.map((x) => x.wasm));
    lines.push(`A ball array of ${rows[0].n.toLocaleString('en')} balls, each on its own plate (creation, ${rows[0].events} events and one statistics call): ` +
      `${nat.toFixed(3)} s natively, ${wasm.toFixed(3)} s in WebAssembly (Node).`, '');
  }
  const big = r.runs.get('scaling-elastic-3d-n1000000-rho0.5'), small = r.runs.get('elastic-3d-n13500-rho0.5');
  if (big && small) {
    const ratios = big.map((x, k) => x.c.collisions_per_second / small[k].c.collisions_per_second);
    lines.push(`N-scaling: N = 10⁶ runs at ${pct(median(ratios))} of the collisions/s of N = 13500 (3-D, nσ³ = 0.5, native).`, '');
  }
  if (r.wellRatios?.length) {
    lines.push('The square well against the hard spheres at the same density and N, both in one process in alternating chunks ' +
      '(`bench/well_ratio.c`; the target is at most 1.5):', '');
    for (const w of r.wellRatios) lines.push(`- ${w}`);
    lines.push('');
  }
  if (r.latBefore || r.latAfter) {
    lines.push('Memory latency (`bench/memlat.c --quick`), which the N = 10⁶ figure follows:', '');
    if (r.latBefore) lines.push(`- before the runs: ${r.latBefore.replace(/^memory latency \([^)]*\): /, '')}`);
    if (r.latAfter) lines.push(`- after the runs: ${r.latAfter.replace(/^memory latency \([^)]*\): /, '')}`);
    lines.push('');
  }
  return page.slice(0, at) + lines.join('\n');
}
