// The soak runs' page. `scripts/soak.sh` records each run (--record); without arguments this
// writes docs/soak.md from every build/soak/*.json.
//   node scripts/soak-report.mjs --record RUN.json CASE START_MS EVENTS   (adds the case, the
//     events asked for and the wall time)
//   node scripts/soak-report.mjs [--dir build/soak] [--out docs/soak.md]
import { readFileSync, writeFileSync, readdirSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const DETECTORS = ['stable', 'naive-halt', 'naive-miss', 'naive-rewind'];
export const CASES = {
  '3d': { title: '3-D, N = 13500, φ = 0.4', command: 'scripts/soak.sh EVENTS' },
  '2d': { title: '2-D, N = 2000, φ = 0.6', command: 'SOAK_CASE=2d scripts/soak.sh EVENTS' },
};

/** A number for the page: powers of ten as 10ⁿ, others with 2 significant digits. */
export function num(x) {
  if (x === null || x === undefined) return '–';
  if (x === 0) return '0';
  if (x < 0) return `−${num(-x)}`;
  const sup = (e) => String(e).split('').map((c) => '⁰¹²³⁴⁵⁶⁷⁸⁹'['0123456789'.indexOf(c)] ?? '⁻').join('');
  const e = Math.floor(Math.log10(Math.abs(x)));
  if (Number.isInteger(x) && Math.abs(x) < 1e6) return x.toLocaleString('en-US').replace(/,/g, ' ');
  const m = x / 10 ** e;
  if (Math.abs(m - 1) < 1e-9) return `10${sup(e)}`;
  if (e >= 3 && e < 6) return Math.round(x).toLocaleString('en-US').replace(/,/g, ' ');
  if (e >= -2 && e < 3) return x.toPrecision(3);
  return `${m.toFixed(1)}·10${sup(e)}`;
}

/** The deepest overlap over a run's checkpoints (column 4), in σ. */
function deepest(run) {
  const rows = run.checkpoints?.rows ?? [];
  return Math.max(run.max_overlap ?? 0, ...rows.map((r) => r[4] ?? 0));
}

/** What a run ended with, in words. */
export function outcome(run) {
  const parts = [];
  if (run.halted) parts.push(`halted (${run.halt_reason}) at t = ${num(run.status_time)}`);
  else parts.push(`ran to the end, t = ${num(run.time)}, kT = ${num(run.temperature)}`);
  if (run.stabilizing_events) parts.push(`${num(run.stabilizing_events)} stabilising events`);
  if (run.three_body_events) parts.push(`${num(run.three_body_events)} three-body events`);
  if (run.ignored_undefined) parts.push(`${num(run.ignored_undefined)} undefined answers ignored`);
  if (run.negative_dt_events) parts.push(`${num(run.negative_dt_events)} negative-Δt events`);
  parts.push(`${num(run.overlapping_pairs)} overlapping pair${run.overlapping_pairs === 1 ? '' : 's'}`);
  const finite = (run.checkpoints?.rows ?? []).every((r) => r.every((v) => v === null || Number.isFinite(v)));
  if (!finite) parts.push('NaN in the state');
  return parts.join('; ');
}

/** The page from the recorded runs (each with .soak = {case, requested, seconds}). */
export function soakPage(runs) {
  const out = [
    '# Soak runs',
    '',
    'For anyone who wants to know how each detector behaves over very long runs (10⁸–10⁹ events): a',
    'dense inelastic granular gas (ε = 0.5, TC model t_c = 10⁻⁹, seed 1) with each detector, a checkpoint',
    '(events, time, kT, overlapping pairs, deepest overlap, stabilising / negative-Δt / three-body',
    'events) every 1/20 of the run. `scripts/soak.sh [events]` runs one case (`SOAK_CASE=2d` for the 2-D one,',
    '`SOAK_DETECTORS` to pick detectors) into `build/soak/`; `node scripts/soak-report.mjs` writes',
    'this page from what is there. Native build; the wall times are those of the machine that ran them.',
    '',
    '"First failure" is the event at which a naive detector first met undefined dynamics (an overlapped',
    'pair approaching: a negative root, or no root where an impact must happen). After it naive-halt',
    'stops, naive-miss lets pairs pass through each other and naive-rewind runs the clock backwards.',
    'The stable detector meets the same situations with stabilising impacts.',
  ];
  for (const [key, c] of Object.entries(CASES)) {
    const rows = runs.filter((r) => r.soak.case === key)
      .sort((a, b) => DETECTORS.indexOf(a.detector) - DETECTORS.indexOf(b.detector) || a.soak.requested - b.soak.requested);
    if (!rows.length) continue;
    const counts = [...new Set(rows.map((r) => r.soak.requested))].map((e) => `\`${c.command.replace('EVENTS', String(e))}\``).join(', ');
    out.push('', `## ${c.title}`, '', `Commands: ${counts}.`, '',
      '| detector | events | wall time | first failure (event) | at the end | deepest overlap over the run |',
      '|---|---|---|---|---|---|');
    rows.forEach((r, k) => {
      const twin = rows.slice(0, k).find((o) => o.state_hash === r.state_hash && o.events === r.events);
      const same = twin ? `the same trajectory as ${twin.detector} (state hashes agree): ` : '';
      const failure = r.first_failure_event === null ? 'none' : num(r.first_failure_event);
      out.push(`| ${r.detector} | ${num(r.events)} | ${Math.round(r.soak.seconds)} s | ${failure} | ${same}${outcome(r)} | ${num(deepest(r))} σ |`);
    });
  }
  return `${out.join('\n')}\n`;
}

function record(file, caseName, startMs, requested) {
  if (!CASES[caseName]) throw new Error(`soak-report: unknown case ${caseName} (allowed: ${Object.keys(CASES).join(', ')})`);
  const run = JSON.parse(readFileSync(file, 'utf8'));
  run.soak = { case: caseName, requested: Number(requested), seconds: (Date.now() - Number(startMs)) / 1000 };
  writeFileSync(file, JSON.stringify(run));
  console.log(`${run.detector}: ${num(run.events)} events in ${Math.round(run.soak.seconds)} s; first failure ${run.first_failure_event ?? 'none'}; ${outcome(run)}; deepest overlap ${num(deepest(run))} σ`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  if (args[0] === '--record') record(args[1], args[2], args[3], args[4]);
  else {
    const opt = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
    const dir = opt('--dir', `${root}build/soak`), out = opt('--out', `${root}docs/soak.md`);
    const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.json')) : [];
    if (!files.length) { console.error(`soak-report: no runs in ${dir} (scripts/soak.sh first)`); process.exit(1); }
    writeFileSync(out, soakPage(files.map((f) => JSON.parse(readFileSync(`${dir}/${f}`, 'utf8')))));
    console.log(`wrote ${out} from ${files.length} runs`);
  }
}
