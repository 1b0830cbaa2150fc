// edpd run --seeds K: Z's mean and standard error over K independent runs, each the run as given
// from the next seed (the error a single run's blocks cannot give when its start is not forgotten).
import { cli } from './helpers.js';
import { execFileSync } from 'node:child_process';
import { root } from './helpers.js';

const gas = ['run', '--scenario', 'elastic', '--dim', '2', '--n', '400', '--packing-fraction', '0.5', '--equilibrate', '2', '--time', '4'];

test('the seeds are the runs from seed, seed + 1, ...; their mean and standard error', () => {
  const r = cli([...gas, '--seed', '7', '--seeds', '3', '--json']);
  const each = [7, 8, 9].map((s) => cli([...gas, '--seed', String(s), '--json']).pressure_z);
  expect(r.seeds.pressure_z_values).toEqual(each);
  expect(r.pressure_z).toBe(each[0]);  // the run's own fields stay its own
  const mean = each.reduce((a, b) => a + b) / 3;
  const se = Math.sqrt(each.reduce((a, z) => a + (z - mean) ** 2, 0) / 2 / 3);
  expect(r.seeds.pressure_z).toBeCloseTo(mean, 12);
  expect(r.seeds.pressure_z_error).toBeCloseTo(se, 12);
  // by events too
  const e = cli(['run', '--scenario', 'elastic', '--n', '300', '--packing-fraction', '0.3', '--events', '20000', '--seeds', '2', '--json']);
  expect(e.seeds.pressure_z_values[1]).toBe(cli(['run', '--scenario', 'elastic', '--n', '300', '--packing-fraction', '0.3', '--events', '20000', '--seed', '2', '--json']).pressure_z);
});

test('bad --seeds names the flag and its range', () => {
  const err = (args) => { try { execFileSync(`${root}build/edpd`, args, { encoding: 'utf8', stdio: 'pipe' }); return ''; } catch (e) { return e.stderr; } };
  expect(err([...gas, '--seeds', '1'])).toMatch(/--seeds: 1 is out of range \(allowed: \[2, 1000\]\)/);
  expect(err([...gas, '--seeds', '1001'])).toMatch(/allowed: \[2, 1000\]/);
  expect(err(['run', '--scenario', 'elastic', '--until', '3', '--seeds', '2'])).toMatch(/--seeds: needs --scenario and --time or --events/);
});
