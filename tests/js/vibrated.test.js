// A ball on a vibrating table in WebAssembly: the same bits as the native CLI (the plate's sine
// and cosine are the core's own, det_trig.c, not the platform's), and the schema's fields.
import { loadForNode, cli } from './helpers.js';

let api;
beforeAll(async () => { api = await loadForNode(); });

test('chattering, rides and take-offs at Gamma = 1.3: WebAssembly\'s state hash and counts are the CLI\'s', () => {
  const A = 0.03292938468375978, w = 6.283185307179586;
  const sim = api.createSimulation({ scenario: 'bouncing-ball', n: 1, plateOffset: 0, restitution: 0.2, plateAmplitude: A, plateFrequency: w });
  sim.advance(20, { maxEvents: 1e7 });
  const s = sim.stats();
  const out = cli(['run', '--scenario', 'bouncing-ball', '--n', '1', '--plate-offset', '0', '--restitution', '0.2',
    '--plate-amplitude', String(A), '--plate-frequency', String(w), '--time', '20', '--json']);
  expect([s.plateLocks, s.plateTakeoffs]).toEqual([out.plate_locks, out.plate_takeoffs]);
  expect(s.plateTakeoffs).toBeGreaterThan(10);
  expect(sim.stateHash()).toBe(out.state_hash);
  sim.destroy();
  expect(() => api.createSimulation({ scenario: 'bouncing-ball', n: 4, plateAmplitude: 0.1, plateFrequency: 1 })).toThrow(/plateAmplitude: an oscillating plate is one ball's: use n = 1/);
});

test('the app\'s vibrating table: each pane\'s command line (Share and export) ends in the pane\'s state hash', async () => {
  const { execSync } = await import('node:child_process');
  const { root } = await import('./helpers.js');
  const { paneEngine } = await import('../../web/src/workers/pane-engine.js');
  const { paneConfigs, defaultState, cliCommand } = await import('../../web/src/model/scenarios.js');
  const state = { ...defaultState('table'), Gamma: 1.3, e: 0.2 };  // rides and take-offs on the stable side
  for (const spec of paneConfigs(state)) {
    const pane = paneEngine(api, spec);
    pane.advanceTo(7.5, 1e8);
    const f = pane.frame();
    const out = JSON.parse(execSync(cliCommand(state, spec.detector, f.time), { cwd: root, encoding: 'utf8' }));
    expect([spec.detector, out.state_hash]).toEqual([spec.detector, pane.sim.stateHash()]);
    pane.destroy();
  }
});
