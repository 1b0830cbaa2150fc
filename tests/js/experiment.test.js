// The experiment builder's model and the box scenario: builder → link → state → link round trips;
// builder → each pane's command line and → state file → `edpd run --load`, all ending in the
// pane's state hash; the check of a built experiment, its errors brought back to the field where
// they are entered; the species' colours and particles' species.
import { execSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadForNode, root } from './helpers.js';
import { paneEngine } from '../../web/src/workers/pane-engine.js';
import { paneConfigs, defaultState, cliCommand } from '../../web/src/model/scenarios.js';
import { parseHash, encodeState, parseSpecies } from '../../web/src/model/url-state.js';
import { checkExperiment, describeExperiment, wallsFor, particleCount } from '../../web/src/model/experiment.js';
import { speciesColors, boxConfig, wallsText } from '../../web/src/scenarios/box.js';

let api;
beforeAll(async () => { api = await loadForNode(); });

// a walled binary mixture under gravity, what a lecturer builds first; and a 3-D one with every part
const MIXTURE = { ...defaultState('box'), sp: [[120, 1, 1], [40, 1.5, 3.375]], walls: 'xy', grav: 1, floor: 0, start: 'random', e: 0.9, tc: 1e-4, col: ['3366cc', 'dd8800', '884400'] };
const EVERYTHING = { ...defaultState('box'), dim: 3, sp: [[80, 1, 1], [30, 1.3, 2], [10, 0.8, 0.5]], intruder: 3, walls: 'xyz', wr: 0.8, grav: 0.5, tilt: 15, floor: 2.5,
  e: 0.85, tc: 1e-4, T: 2, seed: 7, naive: 'halt', start: 'layered', phi: 0.1 };

test('builder → link → state → link: every part of the experiment survives, numbers exactly', () => {
  for (const s of [defaultState('box'), MIXTURE, EVERYTHING, { ...defaultState('box'), pot: 'square-well', lambda: 1.7, thermo: 0.5, T: 1.2, quench: 10, Tq: 0.3, e: 1, grav: 0, floor: 0, walls: 'none', start: 'lattice', phi: 0.1 },
    { ...defaultState('box'), grow: 0.01, grav: 0, floor: 0, e: 1, start: 'random', phi: 0.3 },
    { ...MIXTURE, wr: [1, 1, 0.3, 0.9] },
    { ...defaultState('box'), pot: 'steps', steps: [[1.1, 2], [1.3, -1.5], [1.6, -0.25]], grav: 0, floor: 0, e: 1, start: 'random', phi: 0.2, walls: 'none' }]) {
    const hash = encodeState(s), back = parseHash(hash);
    expect(back.warnings).toEqual([]);
    expect(back.state).toEqual({ ...s, t: 0, paused: false, embed: false });
    expect(encodeState(back.state)).toBe(hash);
  }
});

test('a link\'s species and colours are checked: a bad one is named and the default used', () => {
  expect(parseSpecies('150x1x1,50x1.6x2.56')).toEqual([[150, 1, 1], [50, 1.6, 2.56]]);
  expect(parseSpecies('150x1')).toMatch(/species 1 must be count x diameter x mass/);
  expect(parseSpecies('0x1x1')).toMatch(/species 1: count must be a whole number in \[1, /);
  expect(parseSpecies('10x50x1')).toMatch(/species 1: diameter must be in \[0.2, 10\]/);
  expect(parseSpecies('1x1x1,1x1x1,1x1x1,1x1x1,1x1x1')).toMatch(/give 1 to 4 species/);
  const p = parseHash('#v=1&scenario=box&sp=3x1&col=red');
  expect(p.state.sp).toEqual(defaultState('box').sp);
  expect(p.warnings.map((w) => w.field)).toEqual(['sp', 'col']);
  expect(p.warnings[0].message).toMatch(/"3x1": species 1 must be count x diameter x mass, e\.g\. 150x1x1; using 150x1x1,50x1\.6x2\.56/);
});

test('each pane\'s command line and its state file run by `edpd run --load` end in the pane\'s state hash', () => {
  const dir = mkdtempSync(join(tmpdir(), 'edpd-box-'));
  for (const state of [MIXTURE, EVERYTHING, { ...MIXTURE, wr: [1, 0.8, 0.3, 1] }]) {
    for (const spec of paneConfigs(state)) {
      const pane = paneEngine(api, spec);
      const start = join(dir, `${spec.detector}-start.xyz`);
      writeFileSync(start, pane.xyz());
      const loaded = JSON.parse(execSync(`build/edpd run --load ${start} --time 0 --json`, { cwd: root, encoding: 'utf8' }));
      expect([spec.detector, loaded.state_hash]).toEqual([spec.detector, pane.stateHash()]);
      pane.advanceTo(3, 1e8);
      const f = pane.frame();
      const out = JSON.parse(execSync(cliCommand(state, spec.detector, f.time), { cwd: root, encoding: 'utf8' }));
      expect([spec.detector, out.state_hash]).toEqual([spec.detector, pane.stateHash()]);
      expect(f.n).toBe(particleCount(state));
      pane.destroy();
    }
  }
});

test('the check: a good experiment passes; each bad one is named at the field where it is entered', () => {
  expect(checkExperiment(defaultState('box'), api)).toBeNull();
  expect(checkExperiment(MIXTURE, api)).toBeNull();
  expect(checkExperiment(EVERYTHING, api)).toBeNull();
  const bad = (change) => checkExperiment({ ...MIXTURE, ...change }, api);
  expect(bad({ walls: 'x' })).toEqual({ field: 'grav', message: expect.stringMatching(/^Gravity g: g = 1 pulls along y, which has no walls/) });
  expect(bad({ walls: 'y', tilt: 20 })).toEqual({ field: 'tilt', message: expect.stringMatching(/^Tilt \[°\]: a tilt of 20 degrees pulls along x too/) });
  expect(bad({ grav: 0, start: 'layered', floor: 0 })).toEqual({ field: 'start', message: expect.stringMatching(/^Start: layered puts the particles in layers on the floor, which needs gravity/) });
  expect(bad({ phi: 0.7 })).toEqual({ field: 'phi', message: expect.stringMatching(/^Packing fraction φ: 0.7 is too dense for a random start/) });
  expect(bad({ phi: 0.9 })).toEqual({ field: 'phi', message: 'Packing fraction φ: must be in [0.001, 0.78]' });
  expect(bad({ e: 1.2 })).toEqual({ field: 'e', message: 'Restitution ε: must be in [0, 1]' });
  expect(bad({ sp: [[4000, 1, 1], [2000, 1, 1]] })).toEqual({ field: 'sp', message: expect.stringMatching(/^Species: 6000 particles in all; a browser's builder runs at most 5000/) });
  expect(bad({ sp: [[10, 1, NaN]] })).toEqual({ field: 'sp', message: expect.stringMatching(/^Species: species 1 must be count x diameter x mass/) });
  expect(bad({ intruder: 0.5 })).toEqual({ field: 'intruder', message: 'Intruder diameter: must be a whole number' });
  expect(bad({ intruder: 9 })).toEqual({ field: 'intruder', message: 'Intruder diameter: must be in [0, 6]' });
  expect(bad({ grow: 0.01, floor: 2 })).toEqual({ field: 'grow', message: expect.stringMatching(/^Growth rate γ: not with a vibrated floor/) });
  expect(bad({ walls: 'none', grav: 0, phi: 0.5, sp: [[10, 1, 1]] })).toEqual({ field: 'phi', message: expect.stringMatching(/too short for a periodic axis/) });
  expect(bad({ wr: [1, 1, 0.3] })).toEqual({ field: 'wr', message: 'Walls\' restitution: give each of the 4 walls its restitution' });
  expect(bad({ wr: [1, 1, 1.3, 1] })).toEqual({ field: 'wr', message: 'Walls\' restitution: must be in [0, 1]' });
  expect(bad({ pot: 'steps', steps: [[1.5, -1], [1.2, -2]] })).toEqual({ field: 'steps', message: expect.stringMatching(/^Steps: step 1: radius must be in \[1\.5000000000015/) });
  expect(bad({ pot: 'steps', steps: '1.2,-1' })).toEqual({ field: 'steps', message: 'Steps: step 1 must be radius:energy, e.g. 1.2:-1' });
  expect(bad({ pot: 'hard-sphere', steps: '1.2,-1' })).toBeNull();  // not built: steps apply to the steps potential only
  // without the engine (still loading) the ranges alone are checked
  expect(checkExperiment({ ...MIXTURE, walls: 'x' }, null)).toBeNull();
});

test('the description, the walls in words, a 2-D box\'s axes, the colours and each particle\'s species', () => {
  expect(describeExperiment(MIXTURE, api)).toMatch(/^160 disks in a box \d+(\.\d+)? σ wide$/);
  expect(wallsText(MIXTURE)).toBe('walls on x and y');
  expect(wallsText({ ...MIXTURE, walls: 'y', wr: 0.5 })).toBe('periodic along x, walls on y (restitution 0.5)');
  expect(wallsText({ ...EVERYTHING, walls: 'none' })).toBe('periodic along every axis');
  expect(wallsFor('xyz', 2)).toBe('xy');
  expect(wallsFor('', 3)).toBe('none');
  expect(speciesColors(MIXTURE)).toEqual(['#3366cc', '#dd8800', '#884400']);
  expect(speciesColors(defaultState('box'))).toEqual(['#4e8fe8', '#e0a030', '#b0703a']);
  expect(boxConfig(MIXTURE, 'stable')).toEqual({ scenario: 'box', detector: 'stable', dim: 2, species: [[120, 1, 1], [40, 1.5, 3.375]], packingFraction: 0.2, walls: 'xy', start: 'random',
    restitution: 0.9, seed: 1, gravity: 1, tc: 1e-4 });
  const pane = paneEngine(api, paneConfigs(EVERYTHING)[1]);
  const shape = pane.shape(), counts = [0, 0, 0, 0];
  for (const k of shape.species) counts[k]++;
  expect(counts).toEqual([80, 30, 10, 1]);  // the intruder one past the species
  expect(shape.species[shape.species.length - 1]).toBe(3);
  pane.destroy();
});

test('the default experiment: the naive pane fails within a few time units, the stable one runs on', () => {
  const state = defaultState('box');
  const verdicts = paneConfigs(state).map((spec) => {
    const pane = paneEngine(api, spec);
    pane.advanceTo(5, 1e8);
    const s = pane.frame().stats;
    pane.destroy();
    return { through: s.fellThrough > 0, deep: s.maxOverlap > 1e-9 };
  });
  expect(verdicts[0].through || verdicts[0].deep).toBe(true);
  expect(verdicts[1]).toEqual({ through: false, deep: false });
});
