// Compression to jamming in the browser's engine: the WebAssembly module takes a mixture and a
// growth rate and jams as the native CLI does (the same state hash, φ_J and contacts); the app's
// scenario gives each pane the command that reproduces it; bad mixtures are refused by name; the
// theory curves of its plot against the numbers their papers give.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { loadForNode, root } from './helpers.js';
import { paneEngine } from '../../web/src/workers/pane-engine.js';
import { defaultState, paneConfigs, cliCommand } from '../../web/src/model/scenarios.js';
import { paneVerdict } from '../../web/src/model/verdict.js';
import { mixturePressure, freeVolumePressure, diameterMoments } from '../../web/src/model/theory.js';

let api;
beforeAll(async () => { api = await loadForNode(); });

const native = (args) => JSON.parse(execFileSync(join(root, 'build/edpd'), args, { encoding: 'utf8' }));

test('a mixture compressed to jamming: the same run as the CLI\'s, bit for bit', () => {
  const sim = api.createSimulation({ scenario: 'elastic', dim: 2, growthRate: 0.01, species: [[50, 1, 1], [50, 1.4, 1]] });
  expect(sim.n).toBe(100);
  expect(sim.advanceTo(Infinity, { maxEvents: 1e8 })).toBe('jammed');
  expect(sim.status().status).toBe('jammed');
  const s = sim.stats(), c = sim.contacts();
  const cli = native(['run', '--scenario', 'jamming', '--dim', '2', '--n', '100', '--json', '--no-progress']);
  expect(cli.jammed).toBe(true);
  expect(s.stateHash).toBe(cli.state_hash);
  expect(s.packingFractionNow).toBe(cli.packing_fraction_now);
  expect(c.meanContacts).toBe(cli.contacts.mean_contacts);
  expect(c.rattlers).toBe(cli.contacts.rattlers);
  // the pairs are between non-rattlers, each within 1e-9 of contact
  const d = sim.diameters(), r = sim.positions(), box = sim.box();
  expect(c.pairs.length).toBe(2 * c.contacts);
  for (let k = 0; k < c.pairs.length; k += 2) {
    const i = c.pairs[k], j = c.pairs[k + 1];
    expect([c.counts[i] > 0, c.counts[j] > 0]).toEqual([true, true]);
    let r2 = 0;
    for (let a = 0; a < 2; a++) { let x = r[3 * i + a] - r[3 * j + a]; x -= box[a] * Math.round(x / box[a]); r2 += x * x; }
    expect(Math.abs(Math.sqrt(r2) / (0.5 * (d[i] + d[j])) - 1)).toBeLessThan(1e-9);
  }
  sim.destroy();
});

test('bad mixtures are refused, naming species', () => {
  expect(() => api.createSimulation({ scenario: 'elastic', n: 10, species: [[5, 1, 1], [5, 1.4, 1]] })).toThrow(/^species: gives n itself/);
  expect(() => api.createSimulation({ scenario: 'elastic', species: [[5, 1]] })).toThrow(/^species: must be 1 to 4 entries/);
  expect(() => api.createSimulation({ scenario: 'elastic', species: [[5, 1, 1], [5, 0, 1]] })).toThrow(/^species: species 1: diameter must be in \[0.001, 1000\]/);
  expect(() => api.createSimulation({ scenario: 'bouncing-ball', species: [[1, 1, 1]] })).toThrow(/^species: only in the gas scenarios/);
  expect(() => api.createSimulation({ scenario: 'elastic', growthRate: 0.01, potential: 'square-well' })).toThrow(/^growthRate: only with potential hard-sphere/);
});

test('the scenario: each pane\'s command line reaches its state, hash for hash; the naive pane halts and the stable one jams', () => {
  const state = { ...defaultState('jamming'), n: 100, gamma: 0.02 };
  const [naiveSpec, stableSpec] = paneConfigs(state);
  expect(stableSpec.config.species).toEqual([[50, 1, 1], [50, 1.4, 1]]);
  const cmd = cliCommand(state, 'stable', 20);
  expect(cmd).toBe("build/edpd run --scenario elastic --detector stable --dim 2 --species '50 1 1; 50 1.4 1' --packing-fraction 0.3 --seed 1 --growth-rate 0.02 --time 20 --json");
  const pane = paneEngine(api, stableSpec);
  const d0 = pane.shape().diameters;
  pane.advanceTo(20, 1e8);
  const args = cmd.match(/'[^']*'|\S+/g).slice(1).map((a) => a.replace(/^'|'$/g, ''));
  expect(pane.stateHash()).toBe(native(args).state_hash);
  expect(pane.frame().diameters[0] / d0[0]).toBeCloseTo(1 + 0.02 * 20, 12);  // the frames carry the grown diameters
  pane.advanceTo(1e6, 1e8);
  const jammed = pane.frame();
  expect(jammed.status.status).toBe('jammed');
  expect(paneVerdict(jammed).headline).toMatch(/^JAMMED at φ = 0\.8/);
  expect(jammed.contacts.meanContacts).toBeGreaterThan(3.6);
  pane.destroy();
  const naive = paneEngine(api, naiveSpec);
  naive.advanceTo(1e6, 1e8);
  expect(naive.frame().status.status).toBe('halted');
  expect(paneVerdict(naive.frame()).kind).toBe('failed');
  naive.destroy();
});

test('the plot\'s theory: BMCSL and SYH as test_compression.c checks them, the free-volume law', () => {
  const species = [[50, 1, 1], [50, 1.4, 1]];
  expect(diameterMoments(species)).toEqual([1.2, 1.48, expect.closeTo(1.872, 12)]);
  expect(mixturePressure(0.4, 3, species)).toBeCloseTo(6.6107, 4);  // Mansoori et al. 1971 for this mixture
  expect(mixturePressure(0.6, 2, species)).toBeCloseTo(6.3452, 4);  // SYH on Liu's disks
  expect(mixturePressure(0.75, 2, species)).toBeNull();  // past the fluid
  expect(freeVolumePressure(0.8, 2, 0.84)).toBeCloseTo(2 / (1 - 0.8 / 0.84), 12);
  expect(freeVolumePressure(0.85, 2, 0.84)).toBeNull();
});

test('the default link\'s numbers, as docs/app.md and docs/teaching.md quote them', () => {
  const [naiveSpec, stableSpec] = paneConfigs(defaultState('jamming'));
  const stable = paneEngine(api, stableSpec), naive = paneEngine(api, naiveSpec);
  stable.advanceTo(1e6, 1e8);
  naive.advanceTo(1e6, 1e8);
  expect(stable.frame().status.status).toBe('jammed');
  expect(stable.frame().stats.packingFractionNow.toFixed(4)).toBe('0.8414');
  expect(naive.frame().status).toMatchObject({ status: 'halted', reason: 'overlap-approaching' });
  expect(naive.frame().status.time.toFixed(1)).toBe('67.8');
  stable.destroy(); naive.destroy();
});
