// The observables in WebAssembly (web/src/observer.js over csrc/include/edpd/observer.h): the same
// numbers as the CLI's --observe for the same run, bit for bit, and clear errors.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { loadForNode, root } from './helpers.js';
import { observe } from '../../web/src/observer.js';

let edpd;
beforeAll(async () => { edpd = await loadForNode(); });

test('an elastic gas sampled every 0.05 to t = 5: the CLI\'s MSD, VACF and g(r) bit for bit, and its speeds\' chi^2', () => {
  const sim = edpd.createSimulation({ scenario: 'elastic', n: 500, packingFraction: 0.3, seed: 3 });
  const obs = observe(sim, 101);
  for (let k = 0; k <= 100; k++) {
    if (k > 0) sim.advanceTo(k * 0.05, { maxEvents: 1e9 });
    obs.sample();
  }
  const r = obs.results();
  obs.destroy();
  sim.destroy();
  const native = JSON.parse(execFileSync(join(root, 'build/edpd'), ['run', '--scenario', 'elastic', '--n', '500', '--packing-fraction', '0.3',
    '--seed', '3', '--time', '5', '--observe', 'msd,vacf,gr,speeds', '--sample-dt', '0.05', '--json'], { encoding: 'utf8' })).observe;
  expect(r.samples).toBe(101);
  expect([r.diffusionMsd, r.diffusionMsdError, r.diffusionGreenKubo, r.contactGr])
    .toEqual([native.diffusion_msd, native.diffusion_msd_error, native.diffusion_green_kubo, native.contact_gr]);
  // Maxwell-Boltzmann's expected counts use erf and exp, which glibc and Emscripten's libc may round
  // apart in the last bit: chi^2 to 1e-12
  expect(Math.abs(r.speedsChi2 / native.speeds_chi2 - 1)).toBeLessThan(1e-12);
  expect(r.msd).toEqual(native.msd);
  // free flights from the world's events (the CLI's need --observe flights: same run, same flights)
  const flights = JSON.parse(execFileSync(join(root, 'build/edpd'), ['run', '--scenario', 'elastic', '--n', '500', '--packing-fraction', '0.3',
    '--seed', '3', '--time', '5', '--observe', 'flights', '--sample-dt', '0.05', '--json'], { encoding: 'utf8' })).observe;
  expect([r.flights, r.flightMean]).toEqual([flights.flights_count, flights.flight_mean]);
  expect(r.flightHistogram).toEqual(flights.flights);
  expect(r.gr).toEqual(native.gr);
  expect(r.vacf[0][1]).toBeCloseTo(3, 12);  // <v^2> = 3 kT/m
});

test('bad use is an Error naming what is wrong', () => {
  const sim = edpd.createSimulation({ scenario: 'elastic', n: 200, packingFraction: 0.2 });
  expect(() => observe(sim, 10)).toThrow(/^samples: must be in \[16, 4096\], got 10$/);
  const obs = observe(sim, 20);
  obs.sample();
  expect(() => obs.results()).toThrow(/^samples: at least 16 are needed, 1 taken$/);
  sim.advanceTo(0.1);
  obs.sample();
  sim.advanceTo(0.3);  // not the interval of the first two
  expect(() => obs.sample()).toThrow(/^samples: must be taken at equal intervals/);
  expect(() => obs.results(['msd', 'rdf'])).toThrow(/^what: each must be one of msd, vacf, gr, speeds, got "rdf"$/);
  obs.destroy();
  obs.destroy();  // idempotent
  expect(() => obs.sample()).toThrow(/already destroyed/);
  sim.destroy();
});

test('one observer a simulation, its size within range, one observable by name, and a stopped run said as such', () => {
  const sim = edpd.createSimulation({ scenario: 'elastic', n: 200, packingFraction: 0.2 });
  // 2^32 + 16 wrapped to 16 in the C int
  expect(() => observe(sim, 2 ** 32 + 16)).toThrow(/^maxSamples: must be an integer in \[16, 4096\], got 4294967312$/);
  const obs = observe(sim, 20);
  // a second observer took the event log over, and the first one's free flights stopped
  expect(() => observe(sim, 20)).toThrow(/^observe: this simulation has an observer already/);
  for (let k = 0; k < 16; k++) { sim.advanceTo(k * 0.05); obs.sample(); }
  expect(obs.results('msd').msd.length).toBeGreaterThan(3);  // a name alone: a TypeError before
  expect(() => obs.results(7)).toThrow(/^what: must be one of msd, vacf, gr, speeds or a list of them, got number$/);
  obs.destroy();
  const again = observe(sim, 20);  // once the first is gone, another may observe
  again.destroy();
  sim.destroy();
  // a run that halted is not "sampled at unequal intervals": it stopped
  const naive = edpd.createSimulation({ scenario: 'granular', dim: 2, n: 2000, packingFraction: 0.6, restitution: 0.5, tc: 1e-9, detector: 'naive-halt' });
  const watch = observe(naive, 4096);
  let t = 0;
  while (naive.status().status === 'running' && t < 50) { naive.advanceTo((t += 0.05), { maxEvents: 1e9 }); if (naive.status().status === 'running') watch.sample(); }
  expect(naive.status().status).toBe('halted');
  expect(() => watch.sample()).toThrow(/^observer: the simulation stopped \(halted: overlap-approaching at t = /);
  watch.destroy();
  naive.destroy();
});

test('the elastic gas\'s stable pane samples itself from t = 5 every 0.05; the naive pane does not; the CSV holds the tables', async () => {
  const { paneEngine } = await import('../../web/src/workers/pane-engine.js');
  const { defaultState, paneConfigs } = await import('../../web/src/model/scenarios.js');
  const { observablesCsv } = await import('../../web/src/model/observables-csv.js');
  const state = { ...defaultState('elastic'), n: 500 };
  const [naiveSpec, stableSpec] = paneConfigs(state);
  const stable = paneEngine(edpd, stableSpec), naive = paneEngine(edpd, naiveSpec);
  stable.advanceTo(4.9, 1e9);
  expect(stable.frame().observables).toBeNull();  // nothing before t = 5
  stable.advanceTo(8, 1e9);
  naive.advanceTo(8, 1e9);
  const obs = stable.frame().observables;
  expect(obs.samples).toBe(32);  // t = 5, 5.05, ... 6.55: the results at every 32nd sample
  expect(obs.sampleDt).toBeCloseTo(0.05, 12);
  expect(obs.diffusionMsd).toBeGreaterThan(0);
  expect(obs.gr.length).toBeGreaterThan(100);
  expect(naive.frame().observables).toBeNull();
  const csv = observablesCsv(obs).split('\n');
  expect(csv[0]).toMatch(/^# 32 samples every 0\.0(5|49999)/);  // the interval as the clock gives it
  expect(csv).toContain('r,g');
  expect(csv).toContain('lag,msd');
  expect(csv).toContain('speed,observed,maxwell_boltzmann');
  stable.destroy();
  naive.destroy();
});
