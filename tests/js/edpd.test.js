// The WebAssembly step API (web/src/edpd.js) on the module the browser loads.
import { loadForNode, cli, root } from './helpers.js';
import { execFileSync } from 'node:child_process';
import { SCENARIOS, DETECTORS, wasmSimdSupported, SIMD_NEEDED, loadEdpd, stepsText } from '../../web/src/edpd.js';

let edpd;
beforeAll(async () => { edpd = await loadForNode(); });

const CASES = {
  granular: { scenario: 'granular', n: 500, packingFraction: 0.35, restitution: 0.7, seed: 11 },
  'granular-2d': { scenario: 'granular', dim: 2, n: 400, packingFraction: 0.5, restitution: 0.6, seed: 12 },
  elastic: { scenario: 'elastic', n: 500, packingFraction: 0.3, seed: 13 },
  'bouncing-ball': { scenario: 'bouncing-ball', n: 16, seed: 14 },
  // a square-well fluid with a thermostat: logical states (in the hash) and the kicks' own RNG,
  // the kicks stopping halfway through the 3000 events of the determinism test (stable: 7 kicks, not 12)
  'square-well': { scenario: 'elastic', n: 500, packingFraction: 0.2, seed: 15, potential: 'square-well', wellWidth: 1.5, temperature: 1.2,
    thermostatRate: 0.1, bathTemperature: 1.2, thermostatUntil: 0.15 },
  // a terraced well with a repulsive shoulder (--steps): three logical states per pair
  steps: { scenario: 'elastic', n: 500, packingFraction: 0.25, seed: 16, steps: [[1.2, -2], [1.5, -1], [1.8, 0.5]] },
};

function cliArgs(c, events) {
  const a = ['run', '--scenario', c.scenario, '--detector', c.detector, '--seed', String(c.seed),
    '--n', String(c.n), '--events', String(events), '--json'];
  if (c.dim) a.push('--dim', String(c.dim));
  if (c.packingFraction) a.push('--packing-fraction', String(c.packingFraction));
  if (c.restitution !== undefined) a.push('--restitution', String(c.restitution));
  if (c.potential) a.push('--potential', c.potential, '--lambda', String(c.wellWidth), '--temperature', String(c.temperature),
    '--thermostat-rate', String(c.thermostatRate), '--bath-temperature', String(c.bathTemperature),
    '--thermostat-until', String(c.thermostatUntil));
  if (c.steps) a.push('--steps', stepsText(c.steps));
  return a;
}

describe('wrapper API', () => {
  test.each(Object.keys(CASES))('%s: every getter on every detector', (name) => {
    for (const detector of DETECTORS) {
      const sim = edpd.createSimulation({ ...CASES[name], detector });
      const n = CASES[name].n;
      expect(sim.positions()).toHaveLength(3 * n);
      expect(sim.velocities()).toHaveLength(3 * n);
      expect(sim.positionsF32()).toBeInstanceOf(Float32Array);
      expect(sim.overlapFlags()).toHaveLength(n);
      const stop = sim.advance(0.5, { maxEvents: 20000 });
      // why it stopped agrees with the state and the counters: the clock at 0.5, the budget spent,
      // or a halt that only naive-halt makes (these short hard-sphere runs meet no collapse; a
      // naive run of a stepped potential ends in one: its recapture loop at a step)
      const st0 = sim.status().status, s0 = sim.stats();
      if (stop === 'time') expect([st0, s0.time]).toEqual(['running', 0.5]);
      else if (stop === 'budget') expect([st0, s0.events]).toEqual(['running', 20000]);
      else if (name === 'square-well' || name === 'steps') expect([stop, st0, detector === 'stable']).toEqual(['collapse', 'collapse', false]);
      else expect([stop, st0, detector]).toEqual(['halted', 'halted', 'naive-halt']);
      const s = sim.stats();
      for (const k of ['time', 'events', 'collisions', 'stabilizingEvents', 'negativeDtEvents', 'overlappingPairs',
        'maxOverlap', 'threeBodyEvents', 'threeBodyCollisions', 'kineticEnergy', 'temperature', 'stateHash']) {
        expect(s).toHaveProperty(k);
      }
      expect(s.stateHash).toMatch(/^[0-9a-f]{16}$/);
      expect(sim.stateHash()).toBe(s.stateHash);
      const h = sim.impactHistogram();
      const total = h.counts.reduce((a, b) => a + b, 0) + h.below + h.above;
      expect(total).toBe(s.collisions);
      expect(sim.status().status).toBe(st0);  // the getters do not change the state
      for (const x of sim.positions()) expect(Number.isFinite(x)).toBe(true);
      sim.destroy();
    }
  });

  test('advance moves the clock exactly to t', () => {
    const sim = edpd.createSimulation({ scenario: 'elastic', n: 256, packingFraction: 0.2 });
    expect(sim.advance(0.25)).toBe('time');
    expect(sim.time()).toBe(0.25);
    const before = sim.stats().events;
    expect(sim.runEvents(100)).toBe('budget');
    expect(sim.stats().events).toBe(before + 100);
    expect(sim.time()).toBeGreaterThan(0.25);
    sim.destroy();
  });
});

describe('the bouncing-ball contrast (paper Fig. 7)', () => {
  // plate offset 0.763774618976614: the naive sqrt argument turns negative after 28 impacts
  const plateOffset = 0.763774618976614;
  test('naive-halt halts with no real root; stable collapses at t = 3', () => {
    const naive = edpd.createSimulation({ scenario: 'bouncing-ball', detector: 'naive-halt', plateOffset });
    expect(naive.advance(10, { maxEvents: 1e6 })).toBe('halted');
    const ns = naive.status();
    expect(ns.status).toBe('halted');
    expect(ns.reason).toBe('no-real-root');
    expect(ns.event).toBeGreaterThanOrEqual(24);
    expect(ns.time).toBeLessThan(3);
    const stable = edpd.createSimulation({ scenario: 'bouncing-ball', detector: 'stable', plateOffset });
    expect(stable.advance(10, { maxEvents: 1e6 })).toBe('collapse');
    const ss = stable.status();
    expect(ss.status).toBe('collapse');
    // precision of the collapse time: 4 sqrt(2 ulp(1.5)) (see tests/c/test_ball.c)
    expect(Math.abs(ss.time - 3)).toBeLessThan(8.4e-8);
    naive.destroy(); stable.destroy();
  });

  test('sweep: stable never halts, naive-halt does', () => {
    const s = edpd.sweep({ detector: 'stable', count: 300 });
    expect(s.halted).toBe(0);
    expect(s.collapsed).toBe(300);
    const h = edpd.sweep({ detector: 'naive-halt', count: 300 });
    expect(h.halted).toBeGreaterThan(30);
  });
});

describe('bad input throws an Error naming the field and range', () => {
  const bad = [
    [{ nn: 5 }, /nn: unknown config key/],
    [{ scenario: 'plasma' }, /scenario: must be one of/],
    [{ detector: 'fast' }, /detector: must be one of/],
    [{ n: 0 }, /^n: must be an integer in \[1, 4194304\], got 0$/],
    [{ n: 1.5 }, /n: must be an integer/],
    [{ n: '100' }, /^n: must be a finite number in \[1, 4194304\], got the string "100"$/],
    [{ n: true }, /^n: must be a finite number .*got the boolean true$/],
    // keys only of Object.prototype are no config keys, nor a JSON __proto__
    [{ constructor: 5 }, /^constructor: unknown config key/],
    [{ toString: 1 }, /^toString: unknown config key/],
    [{ valueOf: 1 }, /^valueOf: unknown config key/],
    [{ hasOwnProperty: 1 }, /^hasOwnProperty: unknown config key/],
    [JSON.parse('{"__proto__": {"n": 5}}'), /^__proto__: unknown config key/],
    [{ n: NaN }, /n: must be a finite number/],
    [{ restitution: 2 }, /^restitution: must be a number in \[0, 1\], got 2$/],
    [{ restitution: Infinity }, /restitution: must be a finite number/],
    [{ packingFraction: 0.7 }, /^packingFraction: must be a number in \[1e-06, 0.64\) in 3-D \(below jamming\), got 0.7$/],
    [{ packingFraction: 0.9 }, /^packingFraction: must be a number in \[1e-06, 0.82\], got 0.9$/],
    [{ packingFraction: -0.1 }, /^packingFraction: must be a number in/],
    [{ dim: 4 }, /^dim: must be an integer in \[2, 3\], got 4$/],
    [{ scenario: 'granular', gravity: 1 }, /gravity: must be \(0, 0, 0\)/],
    [{ scenario: 'elastic', restitution: 0.5 }, /restitution: must be 1 for the elastic scenario/],
    [{ n: 1000, packingFraction: 0.6 }, /^packingFraction: .* too dense/],
    [{ n: 4194305 }, /^n: must be an integer in \[1, 4194304\], got 4194305$/],
    [null, /config: must be an object/],
    // a stepped potential: the list's form here, the values' ranges the core's (as the CLI's --steps)
    [{ steps: [[1.5]] }, /^steps: must be 1 to 8 pairs \[radius, energy\] .*got 1 entries, entry 0 not such a pair$/],
    [{ steps: [] }, /^steps: must be 1 to 8 pairs .*got 0 entries$/],
    [{ steps: '1.5 -1' }, /^steps: must be 1 to 8 pairs .*got the string "1.5 -1"$/],
    [{ steps: [[1.5, NaN]] }, /^steps: must be .*entry 0 not such a pair$/],
    [{ steps: Array.from({ length: 9 }, (_, k) => [1.1 + 0.1 * k, -1]) }, /^steps: must be 1 to 8 pairs .*got 9 entries$/],
    [{ steps: [[1.5, -1]], potential: 'square-well' }, /^steps: only with potential: 'steps' \(or without potential\), got potential the string "square-well"$/],
    [{ potential: 'steps' }, /^steps: potential 'steps' needs them/],
    [{ steps: [[1.5, -1], [1.2, -2]] }, /^steps: step 1: radius must be in \[1.5000000000015001, 10\] \(diameters: beyond the step before by at least 1e-12 of it, more than rounding\), got 1.2$/],
    [{ steps: [[0.9, -1]] }, /^steps: step 0: radius must be in \[1.0000000000010001, 10\] \(diameters: beyond the core/],
    [{ steps: [[1.5, 2e6]] }, /^steps: step 0: energy must be a finite number in \[-1e6, 1e6\], got 2e\+06$/],
  ];
  test.each(bad.map(([c, re]) => [JSON.stringify(c) ?? String(c), c, re]))('%s', (_, config, re) => {
    expect(() => edpd.createSimulation(config)).toThrow(re);
    // the module is not corrupted: the next valid simulation works
    const ok = edpd.createSimulation({ scenario: 'elastic', n: 108, packingFraction: 0.2 });
    expect(ok.runEvents(100)).toBe('budget');
    ok.destroy();
  });

  test('N too large for the remaining WebAssembly memory (1 GiB cap) is an Error, not an abort', () => {
    const sims = [];
    let error = null;
    try {
      for (let k = 0; k < 6 && !error; k++) {
        try { sims.push(edpd.createSimulation({ scenario: 'elastic', n: 1500000, packingFraction: 0.05 })); }
        catch (e) { error = e; }
      }
    } finally {
      for (const s of sims) s.destroy();
    }
    expect(error).not.toBeNull();
    expect(error.message).toMatch(/^n: out of (WebAssembly )?memory/);
    const ok = edpd.createSimulation({ scenario: 'elastic', n: 108, packingFraction: 0.2 });
    expect(ok.runEvents(100)).toBe('budget');
    ok.destroy();
  });

  test('calls after destroy() throw', () => {
    const sim = edpd.createSimulation({ scenario: 'elastic', n: 108, packingFraction: 0.2 });
    sim.destroy();
    sim.destroy(); // idempotent
    expect(() => sim.advance(1)).toThrow(/destroyed/);
    expect(() => sim.positions()).toThrow(/destroyed/);
    expect(() => sim.stats()).toThrow(/destroyed/);
  });

  test('bad arguments to advance and runEvents', () => {
    const sim = edpd.createSimulation({ scenario: 'elastic', n: 108, packingFraction: 0.2 });
    expect(() => sim.advance(-1)).toThrow(/dt: must be a finite number >= 0/);
    expect(() => sim.advance(NaN)).toThrow(/dt:/);
    expect(() => sim.runEvents(-3)).toThrow(/k:/);
    expect(() => sim.advance(1, { maxEvents: -1 })).toThrow(/maxEvents/);
    expect(() => sim.advance(1, { maxEvents: '5' })).toThrow(/^maxEvents: must be a number in \[0, 1000000000\], got the string "5"$/);
    // every call is bounded: 1e300 events would never return
    expect(() => sim.runEvents(1e300)).toThrow(/^k: must be a number in \[0, 1000000000\], got 1e\+300$/);
    expect(() => sim.advanceTo(Infinity, { maxEvents: Infinity })).toThrow(/^maxEvents: must be a number in \[0, 1000000000\]/);
    expect(sim.runEvents(10)).toBe('budget');
    sim.destroy();
  });
});

describe('determinism across platforms: WASM state hash = native CLI state_hash', () => {
  const K = 3000;
  for (const [name, c] of Object.entries(CASES)) {
    test.each(DETECTORS)(`${name} / %s`, (detector) => {
      const cfg = { ...c, detector };
      const native = cli(cliArgs(cfg, K));
      const sim = edpd.createSimulation(cfg);
      sim.runEvents(K);
      const s = sim.stats();
      expect(s.events).toBe(native.events);
      expect(s.stateHash).toBe(native.state_hash);
      expect(s.collisions).toBe(native.collisions);
      expect(failureAsJson(sim.firstFailure())).toEqual(native.first_failure);
      if (detector === 'stable') expect(native.first_failure).toBeNull();
      sim.destroy();
    });
  }
});

// the JS record in the CLI's JSON words (NaN and Infinity print as null there)
function failureAsJson(f) {
  if (!f) return null;
  const num = (x) => (Number.isFinite(x) ? x : null);
  return {
    event: f.event, time: f.time, particle_a: f.particles[0], particle_b: f.particles[1],
    f0: f.f[0], f1: f.f[1], f2: f.f[2], naive_dt: num(f.naive.dt), naive_answer: f.naive.answer,
    naive_action: f.naive.action, stable_dt: num(f.stable.dt), stable_answer: f.stable.answer,
  };
}

test.each([['naive-halt', 'halted'], ['naive-miss', 'ignored'], ['naive-rewind', 'ignored']])(
  'the Fig. 7 ball under %s: its first failure, natively and in WASM, is the missing root at its last bounce', (detector, action) => {
    const args = ['run', '--scenario', 'bouncing-ball', '--detector', detector, '--plate-offset', '0.763774618976614', '--events', '100', '--json'];
    const native = cli(args).first_failure;
    const sim = edpd.createSimulation({ scenario: 'bouncing-ball', detector, n: 1, plateOffset: 0.763774618976614 });
    sim.runEvents(100);
    const f = sim.firstFailure();
    expect(failureAsJson(f)).toEqual(native);
    expect(f.naive).toEqual({ dt: NaN, answer: 'no-real-root', action });
    // f(dt) = f0 + f1 dt - dt^2 / 2 below contact everywhere: a negative discriminant
    expect(f.f[2]).toBe(-1);
    expect(f.f[1] ** 2 - 2 * f.f[2] * f.f[0]).toBeLessThan(0);
    expect(f.stable).toEqual({ dt: f.f[1], answer: 'turning-point' });
    sim.destroy();
  });

// Above 3 MB of particles the WebAssembly build loads lines ahead (csrc/base/memory.h) and natively
// the core prefetches: other code paths, the same trajectory. Cells at phi 0.26, lists at 0.47;
// at 300000 the cells' records pass 4 MB, and WebAssembly requests them one line at a time.
test.each([[30000, 'cells', 0.26], [30000, 'lists', 0.47], [300000, 'cells', 0.26]])('large N (%d, %s): WASM state hash = native', (n, _, phi) => {
  const cfg = { scenario: 'elastic', n, packingFraction: phi, seed: 15, detector: 'stable' };
  const native = cli(cliArgs(cfg, 100000));
  const sim = edpd.createSimulation(cfg);
  sim.runEvents(100000);
  const s = sim.stats();
  expect(s.events).toBe(native.events);
  expect(s.stateHash).toBe(native.state_hash);
  sim.destroy();
});

describe('WebAssembly SIMD', () => {
  test('the probe passes in an engine with SIMD (Node\'s V8) and fails without it', () => {
    expect(wasmSimdSupported()).toBe(true);
    expect(wasmSimdSupported({ validate: () => false })).toBe(false);
    expect(wasmSimdSupported(null)).toBe(false);  // no WebAssembly at all
  });
  test('without SIMD the module is not loaded, and the error says what the browser lacks', async () => {
    const validate = WebAssembly.validate;
    WebAssembly.validate = () => false;
    try {
      await expect(loadEdpd({})).rejects.toThrow(SIMD_NEEDED);
    } finally {
      WebAssembly.validate = validate;
    }
  });
});

describe('memory', () => {
  test('1000 create/destroy cycles leave the heap unchanged', () => {
    const M = edpd.M;
    const warm = edpd.createSimulation({ scenario: 'granular', n: 500, packingFraction: 0.3 });
    warm.runEvents(1000); warm.destroy();
    const used0 = M._wasm_heap_used();
    const size0 = edpd.heapBytes();
    const live0 = edpd.liveCount();
    for (let k = 0; k < 1000; k++) {
      const sim = edpd.createSimulation({ scenario: k % 2 ? 'granular' : 'bouncing-ball', n: k % 2 ? 500 : 8, seed: k });
      sim.runEvents(50);
      sim.stats();
      sim.destroy();
    }
    expect(M._wasm_heap_used()).toBe(used0);
    expect(edpd.heapBytes()).toBe(size0);
    expect(edpd.liveCount()).toBe(live0);
  });

  test('views survive memory growth', () => {
    const small = edpd.createSimulation({ scenario: 'elastic', n: 108, packingFraction: 0.2 });
    const before = small.positions();
    const big = edpd.createSimulation({ scenario: 'elastic', n: 200000, packingFraction: 0.2 });
    expect(edpd.heapBytes()).toBeGreaterThan(33554432); // the heap grew
    expect(Array.from(small.positions())).toEqual(Array.from(before));
    big.destroy(); small.destroy();
  });
});

test('every scenario and detector name of the wrapper is one the CLI accepts', () => {
  for (const scenario of SCENARIOS) {
    for (const detector of DETECTORS) {
      const r = cli(['run', '--scenario', scenario, '--detector', detector, '--n', scenario === 'bouncing-ball' ? '1' : '256', '--events', '10', '--json']);
      expect(r.scenario).toBe(scenario);
      expect(r.detector).toBe(detector);
    }
  }
});

test('neighbours: cells and lists give the CLI\'s state hash each, the same collisions, and a clear error with gravity', () => {
  const base = { scenario: 'elastic', n: 500, packingFraction: 0.4, seed: 3 };
  const counts = {};
  for (const neighbours of ['cells', 'lists']) {
    const sim = edpd.createSimulation({ ...base, neighbours });
    sim.advance(0.2);
    const s = sim.stats();
    counts[neighbours] = s.collisions;
    const native = cli(['run', '--scenario', 'elastic', '--n', '500', '--packing-fraction', '0.4', '--seed', '3',
      '--time', '0.2', '--neighbours', neighbours, '--json']);
    expect(s.stateHash).toBe(native.state_hash);
    expect(s.listRebuilds > 0).toBe(neighbours === 'lists');
    sim.destroy();
  }
  expect(counts.cells).toBe(counts.lists);
  expect(counts.cells).toBeGreaterThan(250);
  expect(() => edpd.createSimulation({ scenario: 'bouncing-ball', neighbours: 'lists' })).toThrow(/neighbours/);
  expect(() => edpd.createSimulation({ ...base, neighbours: 'octree' })).toThrow(/neighbours: must be one of auto, cells, lists/);
});

test('Z and its standard error (pressureZError) are the CLI\'s pressure_z and pressure_z_error, bit for bit', () => {
  const sim = edpd.createSimulation({ scenario: 'elastic', n: 300, packingFraction: 0.3, seed: 5 });
  expect(sim.stats().pressureZError).toBeNull();  // no blocks yet
  sim.advance(10);
  const s = sim.stats();
  const native = cli(['run', '--scenario', 'elastic', '--n', '300', '--packing-fraction', '0.3', '--seed', '5', '--time', '10', '--json']);
  expect(s.pressureZ).toBe(native.pressure_z);
  expect(s.pressureZError).toBe(native.pressure_z_error);
  expect(s.pressureZError).toBeGreaterThan(0);
  expect(s.pressureZError).toBeLessThan(0.1 * s.pressureZ);
  sim.destroy();
});

test('elasticUntil: an elastic start keeps kT = 1, then the gas cools; the state hash is the CLI\'s --equilibrate run', () => {
  const cfg = { scenario: 'granular', n: 500, packingFraction: 0.2, restitution: 0.8, seed: 4, elasticUntil: 3 };
  const sim = edpd.createSimulation(cfg);
  sim.advance(3);
  expect(sim.stats().temperature).toBeCloseTo(1, 12);
  sim.advance(1);
  expect(sim.stats().temperature).toBeLessThan(0.9);
  const native = cli(['run', '--scenario', 'granular', '--n', '500', '--packing-fraction', '0.2', '--restitution', '0.8',
    '--seed', '4', '--equilibrate', '3', '--time', '1', '--json']);
  expect(sim.stats().stateHash).toBe(native.state_hash);
  sim.destroy();
  expect(() => edpd.createSimulation({ ...cfg, elasticUntil: -1 })).toThrow(/elasticUntil: must be a number in \[0, 1000000000\], got -1/);
});

describe('one schema (csrc/setup/schema.c)', () => {
  test('the module\'s schema is the one the set-up generated for the JavaScript side (fields, ranges, defaults, statistics)', async () => {
    const { SCHEMA } = await import('../../web/src/generated/schema.js');
    const runtime = JSON.parse(edpd.M.UTF8ToString(edpd.M._wasm_schema()));
    const strip = (fields) => fields.map(({ offset, ...rest }) => rest);  // a pointer's size moves the config's offsets
    expect(strip(runtime.config)).toEqual(strip(SCHEMA.config));
    expect(runtime.stats).toEqual(SCHEMA.stats);  // edpd_stats holds no pointers: the same places
    expect(runtime.stats_size).toBe(SCHEMA.stats_size);
  });
  test('a bad value gets the same message from the CLI and from WebAssembly, each naming the field as its user writes it', () => {
    const cases = [['n', '--n', 0], ['packingFraction', '--packing-fraction', 0.9], ['restitution', '--restitution', 2], ['dim', '--dim', 4],
      ['tc', '--tc', -1], ['collapseWindow', '--collapse-window', 0], ['seed', '--seed', 1.5]];
    for (const [key, flag, value] of cases) {
      let js = null;
      try { edpd.createSimulation({ scenario: 'granular', [key]: value }); } catch (e) { js = e.message; }
      let native = null;
      try { execFileSync(`${root}build/edpd`, ['run', '--scenario', 'granular', flag, String(value), '--events', '1'], { stdio: 'pipe' }); } catch (e) { native = String(e.stderr).trim(); }
      expect([key, native]).toEqual([key, `edpd: ${flag}${js.slice(key.length)}`]);
      expect(js).toMatch(new RegExp(`^${key}: must be (an integer|a number) in \\[`));
    }
  });
  test('the statistics cross by name: every field of edpd_stats the CLI prints has the same value in WebAssembly', () => {
    const sim = edpd.createSimulation({ scenario: 'granular', dim: 2, n: 400, packingFraction: 0.5, restitution: 0.6, seed: 12, detector: 'naive-rewind' });
    sim.runEvents(30000);
    const s = sim.stats();
    const native = cli(['run', '--scenario', 'granular', '--dim', '2', '--n', '400', '--packing-fraction', '0.5', '--restitution', '0.6', '--seed', '12',
      '--detector', 'naive-rewind', '--events', '30000', '--json']);
    for (const f of edpd.schema.stats) {
      const want = native[f.name];
      expect([f.name, f.type === 'double' && want !== null ? s[f.js] : s[f.js]]).toEqual([f.name, want ?? null]);
    }
    sim.destroy();
  });
});
