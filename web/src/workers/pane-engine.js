// One pane's simulation, behind the worker: one engine world, a gas, a state file or bouncing
// balls (each on its own plate; a ball that halts or comes to rest stops alone and the others
// run on, csrc/engine/loop.c). Plain module (runs in a Worker and in Node tests); no DOM.

import { ballPosition } from '../model/ball-layout.js';
import { observe } from '../observer.js';

export class PaneEngine {
  /** @param api loaded edpd API (loadEdpd), @param spec engineConfig() of model/scenarios.js */
  constructor(api, spec) {
    this.api = api;
    this.spec = spec;
    this.sim = null;
    try {
      if (spec.kind === 'gas') {
        this.sim = api.createSimulation(spec.config);
        // a scenario's observables (g(r), MSD, speeds): sampled at equal steps of its clock, within
        // 64 MB of samples (none for the largest gases)
        this.samples = spec.observe ? Math.min(spec.observe.samples, Math.floor(64e6 / (48 * this.sim.n))) : 0;
        if (this.samples >= 16) {
          this.observer = observe(this.sim, this.samples);
          this.t0 = this.sim.time() + (spec.observe.start ?? 0);  // the first sample's time
          this.taken = 0;
          this.observed = null;
        }
      } else if (spec.kind === 'file') {
        // a state file's frame, as `edpd run --load FILE --frame K --detector D`
        this.sim = api.loadState(spec.text, { frame: spec.frame, detector: spec.detector, name: spec.name });
      } else {
        // one ball on a given plate, or an array on the plates of `edpd sweep`'s samples of the seed
        this.sim = api.createSimulation({
          scenario: 'bouncing-ball', detector: spec.detector, n: spec.count, seed: spec.seed ?? 1,
          plateOffset: spec.plateOffsets ? spec.plateOffsets[0] : null, restitution: spec.restitution, gravity: spec.gravity,
        });
        const own = this.sim.ownPlanes();
        this.plates = own.map((pl) => pl.offset);  // every ball has one, in particle order
        this.bounces = [];  // one ball: [time, height of the bounce's top above contact] per impact
      }
    } catch (e) {
      this.destroy();
      throw e;
    }
    this.n = this.sim.n;
  }

  get isBalls() { return this.spec.kind === 'balls'; }

  /** What stays fixed in a gas or a state file's run and its frames do not carry, for the view
   * (sent once, with the first frame): the planes, each particle's own plate (a ball array's file:
   * drawn under the particle where it starts, `at`, `size` 1.5 diameters), the diameters (null
   * when all are 1, σ) and the largest of them. */
  shape() {
    if (this.isBalls) return null;
    const s = this.sim;
    const d = s.diameters();
    const own = s.ownPlanes(), r = own.length ? s.positions() : null;
    const plates = own.map(({ particle: i, normal: nv, offset }) => {
      const x = [r[3 * i], r[3 * i + 1], r[3 * i + 2]];
      const above = nv[0] * x[0] + nv[1] * x[1] + nv[2] * x[2] - offset;  // the particle's foot on its plate
      return { normal: Array.from(nv), offset, at: x.map((c, a) => c - above * nv[a]), size: 1.5 * d[i] };
    });
    return { planes: s.planes(), plates, diameters: d.every((x) => x === 1) ? null : d, largest: largest(d) };
  }

  /** Advance to time t within an event budget; returns 'time' when it arrived or stopped. */
  advanceTo(t, maxEvents) {
    if (this.isBalls && this.n === 1) return this.advanceBall(t, maxEvents);
    const s = this.sim;
    if (s.status().status !== 'running' || s.time() >= t) return 'time';
    if (this.observer) return this.advanceObserved(t, maxEvents);
    return s.advanceTo(t, { maxEvents }) === 'budget' ? 'budget' : 'time';
  }

  /** The run to t through each sample time before it (while the observer has room); the results
   * recomputed every 32 samples (they cost N per sample). */
  advanceObserved(t, maxEvents) {
    const s = this.sim, { sampleDt } = this.spec.observe, samples = this.samples;
    while (this.taken < samples && this.t0 + this.taken * sampleDt <= t) {
      if (s.advanceTo(this.t0 + this.taken * sampleDt, { maxEvents }) === 'budget') return 'budget';
      if (s.status().status !== 'running') return 'time';
      this.observer.sample();
      const k = ++this.taken;
      if (k >= 16 && (k % 32 === 0 || k === samples)) this.observed = { ...this.observer.results(), t: s.time() };
    }
    return s.advanceTo(t, { maxEvents }) === 'budget' ? 'budget' : 'time';
  }


  /** One ball, event by event, so that every bounce is recorded: the last ones are far shorter
   * than a frame, and the plot of their heights is what shows how the detectors end. */
  advanceBall(t, maxEvents) {
    const s = this.sim, g = this.spec.gravity;
    for (let k = 0; k < maxEvents; k++) {
      if (s.status().status !== 'running' || s.time() >= t) return 'time';
      const impacts = s.stats().planeImpacts;
      s.advanceTo(t, { maxEvents: 1 });
      if (s.stats().planeImpacts > impacts && this.bounces.length < MAX_BOUNCES) {
        const vz = s.velocities()[2];
        if (vz > 0) this.bounces.push([s.time(), (vz * vz) / (2 * g)]);
      }
    }
    return s.status().status !== 'running' || s.time() >= t ? 'time' : 'budget';
  }

  /** Everything a view needs, as transferable copies. */
  frame() {
    if (!this.isBalls) {
      const s = this.sim;
      const st = s.status();
      return {
        n: this.n,
        box: s.box(),
        dim: s.dim(),
        periodic: s.periodic(),
        time: s.time(),
        positions: s.positions(),  // double precision: the panes' distance starts at 1e-16
        flags: s.overlapFlags(),
        stats: s.stats(),
        status: st,
        histogram: s.impactHistogram(),
        failure: s.firstFailure(),  // the naive detector's first undefined dynamics, or null
        observables: this.observed ?? null,  // a scenario's g(r), MSD and speeds (stable pane), once there are any
      };
    }
    const n = this.n, s = this.sim;
    const p = s.positions(), state = s.particleStates(), impacts = s.plateImpacts(), overlap = s.overlapFlags();
    const positions = new Float32Array(3 * n);
    const flags = new Uint8Array(n);
    const gaps = new Float64Array(n);
    const counts = { running: 0, halted: 0, collapse: 0, fellThrough: 0 };
    const failedAt = { halted: [], fellThrough: [] };  // plate impacts before each failure, per ball
    for (let i = 0; i < n; i++) {
      const h = p[3 * i + 2] - this.plates[i];  // the centre's height above its plate
      positions.set(ballPosition(i, n, h), 3 * i);
      gaps[i] = h - 0.5;
      const fell = gaps[i] < -1;  // entirely below its plate (the engine's fell_through)
      counts[state[i]]++;
      if (state[i] === 'halted') failedAt.halted.push(impacts[i]);
      if (fell) { counts.fellThrough++; failedAt.fellThrough.push(impacts[i]); }
      // 2: this ball failed (halted or fell through), drawn like a gas's failure pair; 1: it overlaps its plate
      flags[i] = state[i] === 'halted' || fell ? 2 : overlap[i] ? 1 : 0;
    }
    const f = s.firstFailure();
    return {
      n,
      time: s.time(),
      positions,
      flags,
      gaps,
      bounces: this.bounces ? this.bounces.slice() : null,
      balls: counts,
      failedAt,
      stats: s.stats(),
      status: n === 1 ? s.status() : { ...s.status(), balls: counts },
      histogram: null,
      failure: f && { ...f, ball: f.particles[0] },
    };
  }

  /** The pane's particles now as extended XYZ text (csrc/io/xyz_write.c; the CLI's --dump writes the
   * same bytes). */
  xyz() { return this.sim.xyz(); }

  /** The engine's state hash (as the CLI prints it for the same run). */
  stateHash() { return this.sim.stateHash(); }

  destroy() {
    this.observer?.destroy();
    this.sim?.destroy();
    this.sim = null;
  }
}

const MAX_BOUNCES = 4000;
const largest = (diameters) => diameters.reduce((a, b) => Math.max(a, b), 0);

/** A state file's text checked by loading a frame (the last by default; every frame before it is
 * read and checked), without keeping it: { n, dim, time, frame, frames, speed } (frames: the count,
 * null unless the last frame was read; speed: a default for the run), or an Error naming the line. The app opens a file only after
 * this, so a bad file leaves the run on screen as it was. */
export function probeStateFile(api, text, frame = 'last', name = 'state') {
  const sim = api.loadState(text, { frame, name });
  try {
    // a speed at which a typical particle moves half the largest diameter per second of the run
    // (unit masses assumed; 1 if nothing moves): a file's units are its own, not σ and kT = 1
    const vrms = Math.sqrt((2 * sim.stats().kineticEnergy) / sim.n);
    const raw = vrms > 0 ? (0.5 * largest(sim.diameters())) / vrms : 1;
    const speed = Math.min(10000, Math.max(0.001, Number(raw.toPrecision(1))));
    const gravity = sim.gravity().some((g) => g !== 0);  // kT is then no conserved quantity (the blurb)
    return { n: sim.n, dim: sim.dim(), time: sim.time(), frame: sim.source.frame, frames: sim.source.frames, speed, gravity };
  } finally {
    sim.destroy();
  }
}
