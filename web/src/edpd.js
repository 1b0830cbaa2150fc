// The WebAssembly step API without pointers. Plain ES module, no DOM: it runs
// in the browser, in Web Workers and in Node (pass `wasmBinary`, see loadEdpd).
//
//   const edpd = await loadEdpd();
//   const sim = edpd.createSimulation({ scenario: 'granular', n: 1000, restitution: 0.9 });
//   sim.advance(1.0, { maxEvents: 1e6 });
//   sim.stats().collisions; sim.stateHash(); sim.destroy();
//
// Memory: views into the WASM heap are taken afresh on every call (Module.HEAPF64 is replaced
// when memory grows), and every getter returns a copy, so nothing a caller holds goes stale.

import createEdpdModule from '../wasm/edpd.mjs';
import { CONFIG_FIELDS, CONFIG_SCHEMA, DETECTORS, HIST_HALF, field, normalizeConfig, shown, speciesText, stepsText, wallRestitutionsText } from './config.js';

export { SCENARIOS, DETECTORS, MAX_N, HIST_HALF, MAX_STEPS, MAX_SPECIES, CONFIG_SCHEMA, scenarioDefaults, normalizeConfig, shown, speciesText, stepsText } from './config.js';

const STOP = ['time', 'budget', 'halted', 'collapse', 'error', 'jammed'];
const STATE = ['running', 'halted', 'collapse', 'jammed', 'locked'];
// edpd_failure's words, in the order of csrc/wasm/wasm_api.c's wasm_first_failure
const NAIVE_ACTIONS = ['halted', 'ignored', 'executed'];
const STABLE_ANSWERS = ['stabilising', 'turning-point', 'root', 'none'];

/** Events one call may execute at most (minutes of WebAssembly): no call runs without end. */
export const MAX_EVENTS_PER_CALL = 1e9;
function checkEvents(name, k) {
  if (typeof k !== 'number' || !(k >= 0 && k <= MAX_EVENTS_PER_CALL)) throw new Error(`${name}: must be a number in [0, ${MAX_EVENTS_PER_CALL}], got ${shown(k)}`);
}

function hex32(x) { return (x >>> 0).toString(16).padStart(8, '0'); }

// The module is built with WebAssembly's 128-bit SIMD (the stable stepped scan, csrc/base/m2.h). A
// module of one i8x16.popcnt, which only an engine with SIMD validates.
const SIMD_PROBE = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0, 253, 15, 253, 98, 11]);
export const SIMD_NEEDED = 'this browser has no WebAssembly SIMD, which edpd needs: Chrome or Edge 91, Firefox 89, Safari 16.4 or newer';

/** Whether this engine runs WebAssembly with 128-bit SIMD. */
export function wasmSimdSupported(wasm = globalThis.WebAssembly) {
  try { return !!wasm && wasm.validate(SIMD_PROBE); } catch { return false; }
}

/**
 * Loads the module. In Node pass { wasmBinary: readFileSync(new URL('../wasm/edpd.wasm', import.meta.url)) }
 * (Emscripten 3.1.6 cannot fetch in Node); in the browser no options are needed. Rejects with
 * SIMD_NEEDED where the engine lacks SIMD (its own compile error would not say why).
 */
export async function loadEdpd(options = {}) {
  if (!wasmSimdSupported()) throw new Error(SIMD_NEEDED);
  const M = await createEdpdModule(options);
  return new EdpdApi(M);
}

class EdpdApi {
  constructor(M) {
    this.M = M;
    this.err = M._wasm_error_new();
    this.scratch = M._malloc(8 * 512); // stats, status, histogram, sweep results
    // the module's own schema: the places of the statistics in its edpd_stats
    this.schema = JSON.parse(M.UTF8ToString(M._wasm_schema()));
    this.live = new Set();
  }

  /** Plate offset of sample s of a sweep with this seed (uniform in [0, 1)). */
  plateOffset(seed, s) { return this.M._wasm_plate_offset(seed, s); }

  /** Bytes of WASM memory (grows, never shrinks). */
  heapBytes() { return this.M.HEAPU8.length; }
  /** Number of simulations not yet destroyed. */
  liveCount() { return this.live.size; }

  errorMessage() {
    return this.M.UTF8ToString(this.M._wasm_error_message(this.err));
  }

  /** The core's message, naming the field by its JavaScript name (packing_fraction: … →
   * packingFraction: …). */
  fieldError() {
    const message = this.errorMessage(), name = this.M.UTF8ToString(this.M._wasm_error_field(this.err));
    if (name === 'wall_restitutions') return message.replace(/^wall_restitutions:/, 'wallRestitutions:');  // a list, not a schema field
    const f = CONFIG_FIELDS.find((x) => x.name === name);
    return f && message.startsWith(`${name}:`) ? f.js + message.slice(name.length) : message;
  }

  readScratch(n) { return Array.from(this.M.HEAPF64.subarray(this.scratch / 8, this.scratch / 8 + n)); }

  createSimulation(config = {}) {
    const c = normalizeConfig(config);
    const M = this.M;
    const cfg = M._wasm_config_new(field('scenario').values.indexOf(c.scenario));
    let w = 0;
    try {
      for (const [key, s] of Object.entries(CONFIG_SCHEMA)) {
        const v = c[key];
        const value = s.type === 'enum' ? field(s.name).values.indexOf(v) : v === null ? NaN : v;
        if (M._wasm_config_set(cfg, s.index, value, this.err) !== 0) throw new Error(this.fieldError());
      }
      // the lists the schema's numeric fields cannot hold, as the core parses them
      for (const [key, text, set] of [['steps', c.steps && stepsText(c.steps), M._wasm_config_steps], ['species', c.species && speciesText(c.species), M._wasm_config_species],
        ['wallRestitutions', c.wallRestitutions && wallRestitutionsText(c.wallRestitutions), M._wasm_config_wall_restitutions]]) {
        if (!text) continue;
        const bytes = M.lengthBytesUTF8(text) + 1, ptr = M._malloc(bytes);
        if (!ptr) throw new Error(`${key}: out of WebAssembly memory`);
        M.stringToUTF8(text, ptr, bytes);
        const code = set(cfg, ptr, this.err);
        M._free(ptr);
        if (code !== 0) throw new Error(this.fieldError());
      }
      w = M._wasm_create_config(cfg, this.err);
    } finally {
      M._wasm_config_free(cfg);
    }
    if (!w) throw new Error(this.fieldError());
    const sim = new Simulation(this, w, c);
    this.live.add(sim);
    return sim;
  }

  /**
   * A simulation from a state file's text (extended XYZ, as `edpd run --dump` and the app's
   * "particles (XYZ)" write; also OVITO and ASE): the same world as `edpd run --load`, its clock
   * running on from the file's Time. A trajectory needs `frame` (0 the first, or 'last').
   * restitution and tc default to the file's (else 1 and 0). Bad text throws, naming the file (the
   * option `name`, 'state' by default) and the line.
   * The simulation's `source` says which frame was read and, for the last (or only) one, how many
   * the file holds: { frame, frames } (frames null when reading stopped at the frame asked for).
   */
  loadState(text, { frame = null, detector = 'stable', restitution = null, tc = null, neighbours = 'auto', name = 'state' } = {}) {
    if (typeof text !== 'string') throw new Error('state: must be the text of an extended XYZ file');
    if (typeof name !== 'string' || name.length === 0 || name.length > 200) throw new Error('name: must be the file\'s name, 1 to 200 characters (its messages start with it)');
    if (frame !== null && frame !== 'last' && !(Number.isInteger(frame) && frame >= 0 && frame <= 1e8)) {
      throw new Error(`frame: must be a frame number in [0, 100000000] (0 the first) or 'last', got ${shown(frame)}`);
    }
    // the options' types and ranges are createSimulation's; null restitution or tc: the file's
    normalizeConfig({ detector, neighbours, restitution: restitution ?? undefined, tc: tc ?? undefined });
    const nbValues = CONFIG_SCHEMA.neighbours.values;
    const M = this.M;
    const bytes = M.lengthBytesUTF8(text);
    const ptr = M._malloc(bytes + 1);
    if (!ptr) throw new Error(`${name}: out of WebAssembly memory for ${bytes} bytes of text`);
    const namePtr = M._malloc(M.lengthBytesUTF8(name) + 1);
    let w;
    try {
      if (!namePtr) throw new Error(`${name}: out of WebAssembly memory`);
      M.stringToUTF8(text, ptr, bytes + 1);
      M.stringToUTF8(name, namePtr, M.lengthBytesUTF8(name) + 1);
      w = M._wasm_load(ptr, bytes, namePtr, frame === null ? -2 : frame === 'last' ? -1 : frame,
        DETECTORS.indexOf(detector), restitution ?? NaN, tc ?? NaN, nbValues.indexOf(neighbours), this.scratch, this.err);
    } finally {
      M._free(ptr);
      M._free(namePtr);  // free(NULL) is allowed
    }
    if (!w) throw new Error(this.errorMessage().replace('--frame K', '{ frame: K }'));
    const [read, count] = this.readScratch(2);
    const sim = new Simulation(this, w, { scenario: 'custom', detector, frame, restitution, tc, neighbours });
    // which frame was read, and the file's frame count when it was read to its end (else null)
    sim.source = Object.freeze({ frame: read, frames: count > 0 ? count : null });
    this.live.add(sim);
    return sim;
  }

  /**
   * The paper's Fig. 7 experiment for samples [first, first + count) (see edpd sweep):
   * plate offsets are a function of (seed, sample), so shards run in parallel workers combine exactly.
   */
  /** The vibrated table over Gamma (edpd/table_sweep.h): samples [first, first + count) of `samples`
   * evenly over [gammaFrom, gammaTo]; each one's recorded impact phases (fractions of a period). */
  tableSweep({ detector = 'stable', restitution = 0.5, gammaFrom = 1, gammaTo = 4, samples = 100, first = 0, count = samples,
               phase = 2, transient = 200, impacts = 32 } = {}) {
    if (!DETECTORS.includes(detector)) throw new Error(`detector: must be one of ${DETECTORS.join(', ')}`);
    for (const [k, v] of Object.entries({ restitution, gammaFrom, gammaTo, samples, first, count, phase, transient, impacts })) {
      if (typeof v !== 'number' || !Number.isFinite(v)) throw new Error(`${k}: must be a finite number`);
    }
    if (!(count >= 0 && count <= 100000 && impacts >= 1 && impacts <= 4096)) throw new Error('count: must be in [0, 100000] and impacts in [1, 4096]');
    const M = this.M;
    const ph = M._malloc(8 * Math.max(1, count * impacts)), rec = M._malloc(4 * Math.max(1, count));
    try {
      const code = M._wasm_table_sweep(DETECTORS.indexOf(detector), restitution, gammaFrom, gammaTo, samples, first, count, phase, transient, impacts, ph, rec, this.err);
      if (code !== 0) throw new Error(this.errorMessage());
      const gammas = Array.from({ length: count }, (_, k) => (samples > 1 ? gammaFrom + ((gammaTo - gammaFrom) * (first + k)) / (samples - 1) : gammaFrom));
      return { gammas, phases: M.HEAPF64.slice(ph / 8, ph / 8 + count * impacts), recorded: M.HEAPU32.slice(rec / 4, rec / 4 + count), impacts };
    } finally {
      M._free(ph); M._free(rec);
    }
  }

  sweep({ detector = 'stable', restitution = 0.5, gravity = 1, seed = 1, first = 0, count = 1000,
          maxEvents = 100000, tMax = 10, collapseWindow = 32 } = {}) {
    if (!DETECTORS.includes(detector)) throw new Error(`detector: must be one of ${DETECTORS.join(', ')}`);
    for (const [k, v] of Object.entries({ restitution, gravity, seed, first, count, maxEvents, tMax, collapseWindow })) {
      if (typeof v !== 'number' || !Number.isFinite(v)) throw new Error(`${k}: must be a finite number`);
    }
    const M = this.M;
    const size = M._wasm_sweep_size();
    const out = M._malloc(8 * size);
    try {
      const code = M._wasm_sweep(DETECTORS.indexOf(detector), restitution, gravity, seed, first, count,
        maxEvents, tMax, collapseWindow, out, this.err);
      if (code !== 0) throw new Error(this.errorMessage());
      const v = Array.from(M.HEAPF64.subarray(out / 8, out / 8 + size));
      return {
        samples: v[0], halted: v[1], fellThrough: v[2], collapsed: v[3], exhausted: v[4],
        eventsAtHaltSum: v[5], finalTimeSum: v[6], histogram: v.slice(7),
      };
    } finally {
      M._free(out);
    }
  }
}

class Simulation {
  constructor(api, world, config) {
    this.api = api;
    this.M = api.M;
    this.w = world;
    this.config = Object.freeze({ ...config });
    this.n = this.M._wasm_particle_count(world);
    this.buf = this.M._malloc(8 * 3 * this.n + 8);
    if (!this.buf) {
      this.M._wasm_destroy(world);
      throw new Error(`n: out of WebAssembly memory for ${this.n} particles`);
    }
  }

  check() {
    if (!this.w) throw new Error('simulation: already destroyed (create a new one)');
  }

  /** Advance the clock by dt (>= 0) with an event budget; returns why it stopped. */
  advance(dt, { maxEvents = 1e7 } = {}) {
    this.check();
    if (typeof dt !== 'number' || !(dt >= 0) || !Number.isFinite(dt)) throw new Error(`dt: must be a finite number >= 0, got ${shown(dt)}`);
    return this.advanceTo(this.time() + dt, { maxEvents });
  }

  /** Advance to absolute time t_end (or until maxEvents events). */
  advanceTo(tEnd, { maxEvents = 1e7 } = {}) {
    this.check();
    checkEvents('maxEvents', maxEvents);
    if (typeof tEnd !== 'number' || Number.isNaN(tEnd)) throw new Error(`t_end: must be a number, got ${shown(tEnd)}`);
    const stop = this.M._wasm_advance(this.w, tEnd, maxEvents, this.api.err);
    if (stop === 4) throw new Error(this.api.errorMessage());
    return STOP[stop];
  }

  /** Execute k more events (fewer if the run halts or collapses). */
  runEvents(k) {
    this.check();
    checkEvents('k', k);
    return STOP[this.M._wasm_advance(this.w, Infinity, k, this.api.err)];
  }

  time() { this.check(); return this.M._wasm_time(this.w); }

  /** N×3 positions at the current time (Float64Array copy). */
  positions() {
    this.check();
    this.M._wasm_positions_f64(this.w, this.buf);
    return this.M.HEAPF64.slice(this.buf / 8, this.buf / 8 + 3 * this.n);
  }

  /** N×3 positions as float32, written into `out` if given (render path: no allocation). */
  positionsF32(out) {
    this.check();
    this.M._wasm_positions_f32(this.w, this.buf);
    const view = this.M.HEAPF32.subarray(this.buf / 4, this.buf / 4 + 3 * this.n);
    if (out) { out.set(view); return out; }
    return view.slice();
  }

  velocities() {
    this.check();
    this.M._wasm_velocities(this.w, this.buf);
    return this.M.HEAPF64.slice(this.buf / 8, this.buf / 8 + 3 * this.n);
  }

  /** 1 for particles overlapping a particle or plane now, or wholly beyond a plane (fell through). */
  overlapFlags() {
    this.check();
    this.M._wasm_overlap_flags(this.w, this.buf);
    return this.M.HEAPU8.slice(this.buf, this.buf + this.n);
  }

  /** Each particle's state: 'running', or 'halted' / 'collapse' (at rest) once a halt or a rest
   * on its own plate froze it (a ball array's ball stops alone; the world runs on). */
  particleStates() {
    this.check();
    this.M._wasm_particle_states(this.w, this.buf);
    return Array.from(this.M.HEAPU8.subarray(this.buf, this.buf + this.n), (k) => STATE[k]);
  }

  /** Each particle's impacts on its own plate so far (0 without one). */
  plateImpacts() {
    this.check();
    this.M._wasm_plate_impacts(this.w, this.buf);
    return this.M.HEAPU32.slice(this.buf / 4, this.buf / 4 + this.n);
  }

  /** The state now as one frame of extended XYZ text (OVITO, ASE): box, time and run in the
   * comment line, then per particle position, velocity, radius, mass and overlap flag to 17
   * significant digits. Byte for byte the file `build/edpd run … --dump FILE` writes for the
   * same run (csrc/io/xyz_write.c writes both). */
  xyz() {
    this.check();
    const cap = this.M._wasm_xyz_bound(this.w);
    const ptr = this.M._malloc(cap);
    if (!ptr) throw new Error(`xyz: out of memory (${cap} bytes for ${this.n} particles)`);
    try {
      const len = this.M._wasm_xyz(this.w, ptr, cap);
      if (!(len > 0 && len < cap)) throw new Error(`xyz: out of memory (scratch for ${this.n} particles)`);
      return this.M.UTF8ToString(ptr, len);
    } finally {
      this.M._free(ptr);
    }
  }

  box() {
    this.check();
    this.M._wasm_box(this.w, this.api.scratch);
    return this.api.readScratch(3);
  }

  /** The dimension, 2 or 3 (a state file's dim=, 3 without it). */
  dim() { this.check(); return this.M._wasm_dim(this.w); }

  /** Which axes are periodic: [x, y, z] booleans (a gas: all but a 2-D gas's z; a state file: its pbc). */
  periodic() {
    this.check();
    const bits = this.M._wasm_periodic(this.w);
    return [0, 1, 2].map((a) => (bits & (1 << a)) !== 0);
  }

  /** Every particle's diameter (1, σ, unless given: a state file's radius column). */
  diameters() {
    this.check();
    this.M._wasm_diameters(this.w, this.buf);
    return this.M.HEAPF64.slice(this.buf / 8, this.buf / 8 + this.n);
  }

  /** Every particle's mass (1 unless given: a mixture's species, a state file's mass column). */
  masses() {
    this.check();
    this.M._wasm_masses(this.w, this.buf);
    return this.M.HEAPF64.slice(this.buf / 8, this.buf / 8 + this.n);
  }

  /** The contact network now (edpd_get_contacts): pairs within `gap` σ_ij of contact, rattlers
   * (fewer than dim + 1 contacts) removed round by round. { contacts, rattlers, meanContacts,
   * counts (each particle's, 0 for a rattler), pairs ([i, j] flat, up to maxPairs) }. */
  contacts(gap = 1e-9, maxPairs = 4 * this.n) {
    this.check();
    if (!(typeof gap === 'number' && gap >= 0 && gap <= 0.5)) throw new Error(`gap: must be a number in [0, 0.5], got ${shown(gap)}`);
    const M = this.M, o = M._malloc(24), counts = M._malloc(4 * this.n), pairs = M._malloc(8 * maxPairs);
    try {
      if (!o || !counts || !pairs) throw new Error('contacts: out of WebAssembly memory');
      if (M._wasm_contacts(this.w, gap, o, counts, pairs, maxPairs, this.api.err) !== 0) throw new Error(this.api.fieldError());
      const [contacts, rattlers, meanContacts] = M.HEAPF64.slice(o / 8, o / 8 + 3);
      return { contacts, rattlers, meanContacts, counts: M.HEAPU32.slice(counts / 4, counts / 4 + this.n),
        pairs: M.HEAPU32.slice(pairs / 4, pairs / 4 + 2 * Math.min(contacts, maxPairs)) };
    } finally {
      M._free(o); M._free(counts); M._free(pairs);
    }
  }

  /** The uniform acceleration [gx, gy, gz] (a state file's gravity=). */
  gravity() {
    this.check();
    this.M._wasm_gravity(this.w, this.api.scratch);
    return Array.from(this.api.readScratch(3));
  }

  /** Each particle's own plate (a ball array's, from its state file): [{ particle, normal,
   * offset, restitution }] for the particles that have one. */
  ownPlanes() {
    this.check();
    const out = this.M._malloc(8 * 5 * this.n);
    if (!out) throw new Error('edpd: out of memory for the plates');
    try {
      const count = this.M._wasm_own_planes(this.w, out);
      if (count < 0) throw new Error('edpd: out of memory for the plates');
      const v = this.M.HEAPF64.slice(out / 8, out / 8 + 5 * this.n);  // after the call: memory may have grown
      const plates = [];
      for (let i = 0; i < this.n; i++)
        if (v[5 * i] !== 0 || v[5 * i + 1] !== 0 || v[5 * i + 2] !== 0)
          plates.push({ particle: i, normal: v.slice(5 * i, 5 * i + 3), offset: v[5 * i + 3], restitution: v[5 * i + 4] });
      return plates;
    } finally {
      this.M._free(out);
    }
  }

  /** The planes every particle meets, [{ normal: [x, y, z], offset, restitution }] (an oscillating one
   * also { amplitude, angularFrequency, phase }) with
   * normal·r = offset: a state file's planes (a ball array's per-ball plates: ownPlanes()). */
  planes() {
    this.check();
    const count = this.M._wasm_planes(this.w, this.api.scratch, 64);
    const v = this.api.readScratch(8 * count);
    return Array.from({ length: count }, (_, k) => {
      const p = v.slice(8 * k, 8 * k + 8), plane = { normal: p.slice(0, 3), offset: p[3], restitution: p[4] };
      // an oscillating plane's offset(t) = offset + amplitude sin(angularFrequency t + phase)
      return p[5] ? { ...plane, amplitude: p[5], angularFrequency: p[6], phase: p[7] } : plane;
    });
  }

  /** The statistics by name (csrc/setup/schema.c's table: each read at its place in edpd_stats);
   * a measurement without a value (NaN) and a counter that has none (UINT64_MAX) are null. */
  stats() {
    this.check();
    const M = this.M, at = this.api.scratch;
    M._wasm_stats_struct(this.w, at);
    const out = {};
    for (const f of this.api.schema.stats) {
      const p = at + f.offset;
      if (f.type === 'double') { const v = M.HEAPF64[p / 8]; out[f.js] = Number.isNaN(v) ? null : v; }
      else if (f.type === 'u32') out[f.js] = M.HEAPU32[p / 4];
      else {
        const lo = M.HEAPU32[p / 4], hi = M.HEAPU32[p / 4 + 1];
        out[f.js] = f.type === 'hash' ? hex32(hi) + hex32(lo) : lo === 0xffffffff && hi === 0xffffffff ? null : hi * 4294967296 + lo;
      }
    }
    return out;
  }

  /** 64-bit state hash as 16 hex digits, identical to the CLI's state_hash. */
  stateHash() {
    this.check();
    this.M._wasm_state_hash(this.w, this.api.scratch);
    const [hi, lo] = this.api.readScratch(2);
    return hex32(hi) + hex32(lo);
  }

  /** { status: 'running'|'halted'|'collapse', reason, event, time, particles: [a, b] } */
  status() {
    this.check();
    const reason = this.M.UTF8ToString(this.M._wasm_status(this.w, this.api.scratch));
    const [state, event, time, a, b] = this.api.readScratch(5);
    return { status: STATE[state], reason: reason || null, event, time, particles: [a, b] };
  }

  /** The first undefined dynamics the naive detector met (null if none: always for the stable
   * one), as the overlap function there, f(dt) = f[0] + f[1] dt + f[2] dt² / 2 (a pair's
   * |r_ij|² − σ², or a sphere's gap to a plane), with the textbook's answer (naive.dt: its
   * negative root, or NaN for no real root) and the stable rule's (Eq. 10) for the same f. */
  firstFailure() {
    this.check();
    this.M._wasm_first_failure(this.w, this.api.scratch);
    const [found, event, time, a, b, f0, f1, f2, naiveDt, stableDt, action, answer] = this.api.readScratch(12);
    if (!found) return null;
    return {
      event, time, particles: [a, b], f: [f0, f1, f2],
      naive: { dt: naiveDt, answer: Number.isNaN(naiveDt) ? 'no-real-root' : 'negative-root', action: NAIVE_ACTIONS[action] },
      stable: { dt: stableDt, answer: STABLE_ANSWERS[answer] },
    };
  }

  /** Impact separations (|r_ij| - sigma) in floating-point spacings: bins -64..64 plus below/above. */
  impactHistogram() {
    this.check();
    const bins = this.M._wasm_hist_bins();
    this.M._wasm_histogram(this.w, this.api.scratch);
    const v = this.api.readScratch(bins);
    return { first: -HIST_HALF, counts: v.slice(1, bins - 1), below: v[0], above: v[bins - 1] };
  }

  resetMeasurements() { this.check(); this.M._wasm_reset_measurements(this.w); }

  destroy() {
    if (!this.w) return;
    this.M._wasm_destroy(this.w);
    this.M._free(this.buf);
    this.w = 0;
    this.api.live.delete(this);
  }
}
