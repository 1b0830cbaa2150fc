// The Fig. 5 campaign in miniature (npm run fig5): plan, a run interrupted and resumed, the
// cluster lines, the merge; and the Poisson intervals it reports, against Garwood's table.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from './helpers.js';
import { poissonInterval } from '../../web/src/model/theory.js';

const script = join(root, 'scripts/fig5.mjs');
const fig5 = (...args) => spawnSync(process.execPath, [script, ...args], { encoding: 'utf8' });

describe('Poisson intervals (exact, Garwood 1936)', () => {
  // 95 % central limits of a Poisson mean from a count k (e.g. Ulm 1990, Am. J. Epidemiol. 131, 373, Table 1)
  test.each([[1, 0.0253, 5.5716], [2, 0.2422, 7.2247], [5, 1.6235, 11.6683], [10, 4.7954, 18.3904], [100, 81.3640, 121.6268]])(
    'k = %d: [%f, %f]', (k, lo, hi) => {
      const [a, b] = poissonInterval(k);
      expect(a).toBeCloseTo(lo, 3);
      expect(b).toBeCloseTo(hi, 3);
    });
  test('no count: the one-sided bound, 3.0 (the rule of three), not the central 3.69', () => {
    expect(poissonInterval(0)[1]).toBeCloseTo(-Math.log(0.05), 10);
  });
});

describe('the campaign, tiny', () => {
  let dir;
  beforeAll(() => { dir = mkdtempSync(join(tmpdir(), 'edpd-fig5-')); });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const sizes = ['--dir', () => dir, '--shard-events', '20000', '--collisions', '50000', '--inelastic-events', '60000'];
  const args = (cmd) => [cmd, ...sizes.map((a) => (typeof a === 'function' ? a() : a))];

  test('bad input names the option and its range', () => {
    const r = fig5('run', '--shard-events', '5');
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/--shard-events must be an integer in \[1000, 10000000000\], got 5/);
    expect(fig5('sweep').stderr).toMatch(/unknown command sweep/);
    expect(fig5('merge', '--dir', join(dir, 'nothing')).stderr).toMatch(/no plan in .*: run "npm run fig5 -- plan/);
  });

  test('plan, run, interrupted and resumed, lines, merge', async () => {
    const plan = fig5(...args('plan'), '--tiny');
    expect(plan.status).toBe(0);
    const planned = JSON.parse(readFileSync(join(dir, 'plan.json'), 'utf8'));
    const shards = planned.points.reduce((a, p) => a + p.shards.length, 0);
    expect(shards).toBeGreaterThan(4);

    // the first run is stopped once one shard is finished: that one is kept, the rest resumed
    // its own process group, so that the kill takes its edpd child too (as Ctrl-C would)
    const first = spawn(process.execPath, [script, 'run', '--dir', dir, '--jobs', '1'], { stdio: 'ignore', detached: true });
    await new Promise((ok, bad) => {
      const t0 = Date.now();
      const poll = setInterval(() => {
        if (readdirSync(join(dir, 'shards')).some((f) => f.endsWith('.json'))) { clearInterval(poll); process.kill(-first.pid, 'SIGKILL'); ok(); }
        else if (Date.now() - t0 > 60000) { clearInterval(poll); bad(new Error('no shard finished in 60 s')); }
      }, 20);
    });
    await new Promise((ok) => first.on('exit', ok));
    const kept = readdirSync(join(dir, 'shards')).filter((f) => f.endsWith('.json')).length;
    expect(kept).toBeGreaterThanOrEqual(1);
    expect(kept).toBeLessThan(shards);
    const again = fig5('run', '--dir', dir);
    expect([again.status, again.stderr]).toEqual([0, '']);
    expect(again.stdout).toMatch(new RegExp(`${kept} of ${shards} shards already finished`));

    const lines = fig5('lines', '--dir', dir);
    expect(lines.stdout).toMatch(/parallel --joblog parallel.log --resume < jobs.txt/);
    expect(lines.stdout).toMatch(/sbatch --array=1-\d+/);
    const jobs = readFileSync(join(dir, 'jobs.txt'), 'utf8').trim().split('\n');
    expect(jobs.length).toBe(planned.points.reduce((a, p) => a + p.chains, 0));
    // every shard is finished: a cluster line finds nothing left to do
    const line = spawnSync('bash', ['-c', jobs[0]], { cwd: dir, encoding: 'utf8' });
    expect([line.status, line.stdout, line.stderr]).toEqual([0, '', '']);

    const out = join(dir, 'fig5.json');
    expect(fig5('merge', '--dir', dir, '--out', out).status).toBe(0);
    const m = JSON.parse(readFileSync(out, 'utf8'));
    expect(m.points.map((p) => p.id)).toEqual(planned.points.map((p) => p.id));
    for (const p of m.points) {
      const results = readdirSync(join(dir, 'shards')).filter((f) => f.startsWith(`${p.id}-`))
        .map((f) => JSON.parse(readFileSync(join(dir, 'shards', f), 'utf8')));
      expect(p.events).toBe(results.reduce((a, r) => a + r.events, 0));
      expect(p.three_body_collisions).toBe(results.reduce((a, r) => a + r.three_body_collisions, 0));
      expect(p.complete).toBe(true);
      expect(p.per_event_low).toBeLessThanOrEqual(p.per_event);
      expect(p.per_event_high).toBeGreaterThan(p.per_event);
    }
    const elastic = m.points.find((p) => p.restitution === 1);
    expect(elastic.collisions).toBeGreaterThanOrEqual(50000);  // sized by the pilot's collisions per event
    // the inelastic chain: each segment after the first loaded its predecessor's state
    const chain = planned.points.find((p) => p.restitution < 1).shards;
    expect(chain[1].args).toContain('--load');
    expect(existsSync(join(dir, 'state', `${chain[0].id}.xyz`))).toBe(true);
  });
});
