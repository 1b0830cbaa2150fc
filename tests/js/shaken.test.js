// The shaken box in WebAssembly and in the app's engine: the CLI's state hash for each pane's
// command line, the naive pane failing in the first cycles while the stable one runs on, the
// bed's profile over height (packing fraction and granular temperature) against a direct count,
// and the link's fields.
import { execSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadForNode, root } from './helpers.js';
import { paneEngine } from '../../web/src/workers/pane-engine.js';
import { paneConfigs, defaultState, cliCommand } from '../../web/src/model/scenarios.js';
import { parseHash } from '../../web/src/model/url-state.js';
import { BedProfile } from '../../web/src/model/bed-profile.js';
import { heights, profileColumns, shakenStory } from '../../web/src/scenarios/shaken.js';

let api;
beforeAll(async () => { api = await loadForNode(); });

test('each pane\'s command line (Share and export) ends in the pane\'s state hash; naive halts on the floor, stable runs on', () => {
  const state = { ...defaultState('shaken'), n: 150, naive: 'halt' };
  const stops = [];
  for (const spec of paneConfigs(state)) {
    const pane = paneEngine(api, spec);
    pane.advanceTo(6, 1e8);
    const f = pane.frame();
    stops.push(f.status.status);
    const out = JSON.parse(execSync(cliCommand(state, spec.detector, f.time), { cwd: root, encoding: 'utf8' }));
    expect([spec.detector, out.state_hash]).toEqual([spec.detector, pane.sim.stateHash()]);
    if (spec.detector === 'naive-halt') {
      expect(f.status.particles[1]).toBe(-1);  // the floor, plane 0
      expect(shakenStory('naive-halt', f)).toMatch(/\(grain \d+ and the floor\).*floor accelerates; it caught up with a grain/);
    } else {
      expect(f.profile.fraction.some((x) => x > 0.3)).toBe(true);  // a bed, not a gas
      expect(shakenStory('stable', f)).toMatch(/the floor has put in/);
    }
    pane.destroy();
  }
  expect(stops).toEqual(['halted', 'running']);
});

test('the intruder starts at the bottom; heights are measured up the box', () => {
  const spec = paneConfigs(defaultState('shaken'))[1];
  const pane = paneEngine(api, spec);
  const h = heights(pane.frame(), 4);
  expect(h.intruder).toBeCloseTo(1 + 0.05 + 2, 12);  // the floor's top (2A = 1), a gap of 0.05, a radius of 2
  expect(h.bed).toBeGreaterThan(h.intruder + 3);
  pane.destroy();
});

test('the profile: packing fraction and granular temperature of each slice, against a direct count', () => {
  // two slices of a 2-D box 10 wide: three grains in the first, moving (1, 0), (3, 0) and (2, 3);
  // one in the second, at rest
  const p = new BedProfile({ dim: 2, box: [10, 1, 1], slice: 0.5, memory: 1e9 });
  const r = [1, 0.1, 0, 2, 0.2, 0, 3, 0.3, 0, 4, 0.7, 0];
  const v = [1, 0, 0, 3, 0, 0, 2, 3, 0, 0, 0, 0];
  for (let k = 0; k < 10; k++) p.add(k, r, v);
  const out = p.result();
  expect(out.height).toEqual([0.25, 0.75]);
  expect(out.fraction[0]).toBeCloseTo(3 * Math.PI / 4 / 5, 12);  // 3 disks of area pi/4 in a slice of 5
  expect(out.fraction[1]).toBeCloseTo(Math.PI / 4 / 5, 12);
  // about the mean (2, 1): (1+1) + (1+1) + (0+4) = 8 over 2 (3 - 1) degrees of freedom, per sample
  expect(out.temperature[0]).toBeCloseTo(2, 12);
  expect(out.temperature[1]).toBeNull();  // one grain has no fluctuation to measure
  expect(profileColumns([null, { profile: out }], 'temperature')).toEqual([[0.25, 0.75], [out.temperature[0], null]]);
  expect(profileColumns([null, { profile: null }], 'fraction')).toEqual([[], []]);
});

test('link fields: Gamma of the floor and the intruder, by range', () => {
  const { state, warnings } = parseHash('#scenario=shaken&shake=1&intruder=2.5&n=300');
  expect(state.shake).toBe(2);
  expect(state.intruder).toBe(3);
  expect(state.n).toBe(300);
  expect(warnings.map((w) => w.field)).toEqual(['shake', 'intruder']);
});

test('a shaken box\'s state file (the pane\'s XYZ) keeps the moving floor: loaded, it runs on as `edpd run --load` does', () => {
  const spec = paneConfigs({ ...defaultState('shaken'), n: 100 })[1];
  const pane = paneEngine(api, spec);
  pane.advanceTo(5, 1e8);
  const text = pane.sim.xyz();
  pane.destroy();
  const sim = api.loadState(text);
  expect(sim.planes()[0]).toEqual({ normal: [0, 1, 0], offset: 0.5, restitution: 0.8, amplitude: 0.5, angularFrequency: Math.sqrt(6), phase: 0 });
  sim.advanceTo(10);
  const dir = mkdtempSync(join(tmpdir(), 'edpd-shaken-'));
  writeFileSync(join(dir, 'box.xyz'), text);
  const out = JSON.parse(execSync(`build/edpd run --load ${join(dir, 'box.xyz')} --until 10 --json`, { cwd: root, encoding: 'utf8' }));
  expect(sim.stateHash()).toBe(out.state_hash);
  sim.destroy();
});
