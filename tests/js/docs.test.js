// The documents describe the project as it is: their worked examples run, the pages the README
// links to exist, and no tracked file speaks of work sessions, days, clock times or an issue's
// target (a record of how the work went belongs in commit messages).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { root } from './helpers.js';
import { MARKER, writeReport } from '../../scripts/bench-report.mjs';

const tracked = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' }).trim().split('\n')
  // this file names the patterns it looks for
  .filter((f) => !/\.(json|xyz|jpg|png|wasm)$|package-lock|^tests\/fuzz\/corpus|^tests\/js\/docs\.test\.js$/.test(f) && existsSync(`${root}${f}`));

// Each pattern: a way of writing down when or in which sitting something was done.
const DIARY = [
  [/\b(work |this |last |earlier |later |previous |next )?session (\d+|of the)\b/i, 'a work session'],
  [/\bthe \d{1,2}(st|nd|rd|th)\b(?! (percentile|root|power|order|moment|cell|frame|impact|bounce|event|particle|ball|plate|neighbour|layer|axis|row|column|round|digit|bit|shard|sample|virial|step))/i, 'a day of the month'],
  [/\b\d{1,2}:\dx\b|\b\d{1,2}:\d\d ?UTC\b|\b\d{1,2}:\d[\dx][–-]\d{1,2}:\d[\dx]\b/, 'a clock time'],
  [/\bUTC\b/, 'a time zone'],
  [/\b(the|an|this) issue's\b/i, "an issue's target"],
  [/\bsessions\b/i, 'work sessions'],
  [/\b(today|yesterday|this morning|this evening|tonight)\b/i, 'a day'],
];

test('no tracked file narrates work sessions, days or clock times', () => {
  expect(tracked.length).toBeGreaterThan(100);
  const found = [];
  for (const file of tracked) {
    const lines = readFileSync(`${root}${file}`, 'utf8').split('\n');
    lines.forEach((line, k) => {
      for (const [re, what] of DIARY) if (re.test(line)) found.push(`${file}:${k + 1}: ${what}: ${line.trim().slice(0, 120)}`);
    });
  }
  expect(found).toEqual([]);
});

test('the wording patterns catch what they are for and pass ordinary prose', () => {
  const hit = (s) => DIARY.some(([re]) => re.test(s));
  for (const s of ['as measured in session 28', 'on the 25th the host was slow', 'at 02:1x UTC', 'ran from 15:29–15:40',
    "the issue's target of 60 %", "the issue's four cases", 'today the bench read 1.3 M', 'the host changes between sessions']) expect([s, hit(s)]).toEqual([s, true]);
  for (const s of ['the 28th impact', 'the 4th frame', 'Z = 1.2 at φ = 0.3', '#SBATCH --time=00:10:00', 'sessionStorage',
    'an LMS session', 'ratio 3:1']) expect([s, hit(s)]).toEqual([s, false]);
});

test('README stays a short entry page and every page it links to exists', () => {
  const readme = readFileSync(`${root}README.md`, 'utf8');
  expect(readme.split('\n').length).toBeLessThanOrEqual(160);
  const links = [...readme.matchAll(/\]\(([^)#]+)(#[^)]*)?\)/g)].map((m) => m[1]).filter((l) => !/^https?:/.test(l));
  for (const page of ['docs/app.md', 'docs/cli.md', 'docs/api.md', 'docs/performance.md', 'docs/teaching.md', 'docs/reproduction.md']) expect(links).toContain(page);
  for (const l of links) expect([l, existsSync(`${root}${l}`)]).toEqual([l, true]);
  for (const page of ['app', 'cli', 'api', 'performance', 'teaching', 'reproduction', 'soak']) {
    const text = readFileSync(`${root}docs/${page}.md`, 'utf8');
    expect([page, /^# .+\n\n(For|Who)\b/.test(text)]).toEqual([page, true]);  // one sentence says who it is for
  }
});

test('docs/performance.md is under 15 KB and its results section is the bench report\'s', () => {
  const page = readFileSync(`${root}docs/performance.md`, 'utf8');
  expect(Buffer.byteLength(page)).toBeLessThan(15 * 1024);
  expect(page).toContain(MARKER);
  expect(page.slice(page.indexOf(MARKER))).toMatch(/Command: `npm run bench -- .*--report.*` · commit [0-9a-f]{7}/);
});

test('the bench report rewrites only the section below its marker', () => {
  const row = (name, dim, n, coll) => ({ c: { dim, n, collisions_per_second: coll, events_per_second: 2 * coll, us_per_event: 0.5, peak_rss_mb: 5 },
    node: { coll: 0.7 * coll, ev: 1.4 * coll }, chrome: { coll: 0.8 * coll, ev: 1.6 * coll } });
  const runs = new Map([['elastic-3d-n13500-rho0.5', [row('a', 3, 13500, 1e6)]], ['scaling-elastic-3d-n1000000-rho0.5', [row('b', 3, 1e6, 5e5)]],
    ['ball-sweep-stable', [{ samples: 1e6, nat: 4, wasm: 5 }]], ['ball-array-n100000', [{ n: 1e5, events: 1000, nat: 0.15, wasm: 0.31 }]],
    ['observe-elastic-3d-n13500-rho0.5', [{ plain: 1.6e6, seen: 1.5e6, ratio: 0.92, samples: 238 }]]]);
  const page = `# Performance\n\nhand-written\n\n${MARKER}\nold results\n`;
  const well = '3-D, N = 13500, n sigma^3 = 0.5: hard spheres 0.550 us/event, square well 0.880 us/event (kT 1.511); square well / hard spheres 1.600';
  const out = writeReport(page, { names: [...runs.keys()], runs, rounds: 1, quick: false, cpu: 'Test CPU', latBefore: null, latAfter: null,
    wellRatios: [well], args: ['--report'], date: new Date('2030-01-02T00:00:00Z'), commitId: 'abcdef1' });
  expect(out).toContain(`- ${well}`);
  expect(out.startsWith('# Performance\n\nhand-written\n\n')).toBe(true);
  expect(out).not.toContain('old results');
  expect(out).toContain('| elastic-3d-n13500-rho0.5 | 3-D | 13,500 | 1.000 | 0.500 | 0.700 | 70.0 % | 0.800 | 80.0 % | 5.0 |');
  expect(out).toContain('N = 10⁶ runs at 50.0 % of the collisions/s of N = 13500');
  expect(out).toContain('| stable | 1,000,000 | 4.000 | 5.000 | 4.0 |');
  expect(out).toContain('A ball array of 100,000 balls, each on its own plate (creation, 1000 events and one statistics call): 0.150 s natively, 0.310 s in WebAssembly (Node).');
  expect(out).not.toContain('| ball-array');  // not a row of the gas table
  expect(out).toContain('With `--observe msd,vacf,gr,speeds` sampling every mean free time, elastic-3d-n13500-rho0.5 runs at 92.0 % of its plain event rate (native, 238 samples;');
  expect(out).toContain('commit abcdef1 · 2030-01-02');
});

test('the API examples of docs/api.md run, natively and in WebAssembly, to the same state hashes', async () => {
  const native = execFileSync(`${root}build/api_example`, { encoding: 'utf8' });
  const { lines } = await import('../../docs/examples/api_example.mjs');
  const hashes = (text) => [...text.matchAll(/hash ([0-9a-f]{16})/g)].map((m) => m[1]);
  expect(hashes(native)).toHaveLength(2);
  expect(hashes(lines.join('\n'))).toEqual(hashes(native));
  expect(lines[0]).toMatch(/^refused: packingFraction/);
  expect(lines.join('\n')).toMatch(/naive-halt +halted +t = 11\.525247/);
});

test('one version: package.json, the C library (EDPD_VERSION), the Python package and its pyproject', () => {
  const read = (p) => readFileSync(`${root}${p}`, 'utf8');
  const version = JSON.parse(read('package.json')).version;
  expect(read('csrc/include/edpd/edpd.h')).toContain(`#define EDPD_VERSION "${version}"`);
  expect(read('python/edpd/_lib.py')).toContain(`__version__ = "${version}"`);
  expect(read('python/pyproject.toml')).toMatch(new RegExp(`^version = "${version.replace(/\./g, '\\.')}"`, 'm'));
});
