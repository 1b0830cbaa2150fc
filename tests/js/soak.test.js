// The soak page's generator (scripts/soak-report.mjs) on short real runs: scripts/soak.sh records
// each run, and the page reports what the runs did. The 2-D case's naive detectors meet undefined
// dynamics at a fixed event on seed 1 (36 855); the stable one runs on with overlaps at rounding.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from './helpers.js';
import { num, soakPage } from '../../scripts/soak-report.mjs';

test('numbers as the page writes them', () => {
  expect(num(1e9)).toBe('10⁹');
  expect(num(36855)).toBe('36 855');
  expect(num(3.2e-15)).toBe('3.2·10⁻¹⁵');
  expect(num(0.44)).toBe('0.440');
  expect(num(null)).toBe('–');
});

describe('a short 2-D soak', () => {
  let dir, runs, page;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'edpd-soak-'));
    const r = spawnSync('bash', [join(root, 'scripts/soak.sh'), '60000'], {
      encoding: 'utf8', env: { ...process.env, SOAK_DIR: dir, SOAK_CASE: '2d', SOAK_DETECTORS: 'stable naive-halt naive-miss' },
    });
    if (r.status !== 0) throw new Error(r.stderr);
    runs = readdirSync(dir).filter((f) => f.endsWith('.json')).map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')));
    page = soakPage(runs);
  }, 60000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test('every run recorded with its case, the events asked for and a wall time', () => {
    expect(runs.map((r) => r.detector).sort()).toEqual(['naive-halt', 'naive-miss', 'stable']);
    for (const r of runs) expect(r.soak).toEqual({ case: '2d', requested: 60000, seconds: expect.any(Number) });
  });

  test('the page: the command, and each detector\'s fate', () => {
    expect(page).toContain('## 2-D, N = 2000, φ = 0.6');
    expect(page).toContain('`SOAK_CASE=2d scripts/soak.sh 60000`');
    const row = (d) => page.split('\n').find((l) => l.startsWith(`| ${d} |`));
    expect(row('stable')).toMatch(/\| none \| ran to the end/);
    expect(row('stable')).toMatch(/ (0|\d\.\d·10⁻¹[⁴⁵⁶]) σ \|$/);  // overlaps at rounding
    expect(row('naive-halt')).toMatch(/^\| naive-halt \| 36 855 \| \d+ s \| 36 855 \| halted \(overlap-approaching\)/);
    expect(row('naive-miss')).toMatch(/\| 36 854 \| ran to the end.*undefined answers ignored/);
    expect(page).not.toContain('3-D');  // no 3-D runs, no 3-D section
  });

  test('the report script writes the page it is given the runs for, and refuses an empty folder', () => {
    const out = join(dir, 'soak.md');
    const ok = spawnSync(process.execPath, [join(root, 'scripts/soak-report.mjs'), '--dir', dir, '--out', out], { encoding: 'utf8' });
    expect(ok.status).toBe(0);
    expect(readFileSync(out, 'utf8')).toBe(page);
    const empty = mkdtempSync(join(tmpdir(), 'edpd-soak-empty-'));
    const bad = spawnSync(process.execPath, [join(root, 'scripts/soak-report.mjs'), '--dir', empty, '--out', out], { encoding: 'utf8' });
    rmSync(empty, { recursive: true, force: true });
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/no runs in/);
  });
});
