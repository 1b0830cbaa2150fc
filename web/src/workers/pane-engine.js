// One pane's simulation, behind the worker: a gas (one engine world) or a set of independent
// bouncing balls (one world each, so one ball halting does not stop the others). Plain module
// (runs in a Worker and in Node tests); no DOM.

import { ballPosition } from '../model/ball-layout.js';

export class PaneEngine {
  /** @param api loaded edpd API (loadEdpd), @param spec engineConfig() of model/scenarios.js */
  constructor(api, spec) {
    this.api = api;
    this.spec = spec;
    this.sims = [];
    try {
      if (spec.kind === 'gas') {
        this.sims.push(api.createSimulation(spec.config));
      } else if (spec.kind === 'file') {
        // a state file's frame, as `edpd run --load FILE --frame K --detector D`
        this.sims.push(api.loadState(spec.text, { frame: spec.frame, detector: spec.detector, name: spec.name }));
      } else {
        for (let i = 0; i < spec.count; i++) {
          const plateOffset = spec.plateOffsets ? spec.plateOffsets[i] : api.plateOffset(spec.seed, i);
          this.sims.push(api.createSimulation({
            scenario: 'bouncing-ball', detector: spec.detector, n: 1, plateOffset,
            restitution: spec.restitution, gravity: spec.gravity,
          }));
        }
        this.plates = this.sims.map((s) => s.config.plateOffset);
        this.bounces = [];  // one ball: [time, height of the bounce's top above contact] per impact
      }
    } catch (e) {
      this.destroy();
      throw e;
    }
    this.n = this.isBalls ? this.sims.length : this.sims[0].n;
  }

  get isBalls() { return this.spec.kind === 'balls'; }

  /** What stays fixed in a gas or a state file's run and its frames do not carry, for the view
   * (sent once, with the first frame): the planes, each particle's own plate (a ball array's file:
   * drawn under the particle where it starts, `at`, `size` 1.5 diameters), the diameters (null
   * when all are 1, σ) and the largest of them. */
  shape() {
    if (this.isBalls) return null;
    const s = this.sims[0];
    const d = s.diameters();
    const own = s.ownPlanes(), r = own.length ? s.positions() : null;
    const plates = own.map(({ particle: i, normal: nv, offset }) => {
      const x = [r[3 * i], r[3 * i + 1], r[3 * i + 2]];
      const above = nv[0] * x[0] + nv[1] * x[1] + nv[2] * x[2] - offset;  // the particle's foot on its plate
      return { normal: Array.from(nv), offset, at: x.map((c, a) => c - above * nv[a]), size: 1.5 * d[i] };
    });
    return { planes: s.planes(), plates, diameters: d.every((x) => x === 1) ? null : d, largest: largest(d) };
  }

  /** Advance every world to time t within an event budget; returns 'time' when all arrived. */
  advanceTo(t, maxEvents) {
    if (this.isBalls && this.sims.length === 1) return this.advanceBall(t, maxEvents);
    let arrived = true;
    const per = Math.max(1, Math.floor(maxEvents / this.sims.length));
    for (const s of this.sims) {
      if (s.status().status !== 'running') continue;
      if (s.time() >= t) continue;
      const stop = s.advanceTo(t, { maxEvents: per });
      if (stop === 'budget') arrived = false;
    }
    return arrived ? 'time' : 'budget';
  }

  /** One ball, event by event, so that every bounce is recorded: the last ones are far shorter
   * than a frame, and the plot of their heights is what shows how the detectors end. */
  advanceBall(t, maxEvents) {
    const s = this.sims[0], g = this.spec.gravity;
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
      const s = this.sims[0];
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
      };
    }
    const n = this.n;
    const positions = new Float32Array(3 * n);
    const flags = new Uint8Array(n);
    const gaps = new Float64Array(n);
    const counts = { running: 0, halted: 0, collapse: 0, fellThrough: 0 };
    const failedAt = { halted: [], fellThrough: [] };  // plate impacts before each failure, per ball
    const total = { events: 0, planeImpacts: 0, stabilizingEvents: 0, negativeDtEvents: 0, planeOverlaps: 0, maxOverlap: 0, kineticEnergy: 0, fellThrough: 0 };
    const hashes = [];
    let firstFailure = null;
    let failure = null;  // the earliest first failure among the balls (each its own world)
    let time = Infinity;
    let latest = 0;
    for (let i = 0; i < n; i++) {
      const s = this.sims[i];
      const p = s.positions();
      const st = s.status();
      const stats = s.stats();
      hashes.push(stats.stateHash);
      positions.set(ballPosition(i, n, p[2] - this.plates[i]), 3 * i); // p[2] - plate: the centre's height above its plate
      gaps[i] = p[2] - this.plates[i] - 0.5;
      counts[st.status]++;
      if (st.status === 'halted') failedAt.halted.push(stats.planeImpacts);
      if (stats.fellThrough > 0) { counts.fellThrough++; failedAt.fellThrough.push(stats.planeImpacts); }
      // 2: this ball failed (halted or fell through), drawn like a gas's failure pair; 1: it overlaps its plate
      flags[i] = st.status === 'halted' || stats.fellThrough > 0 ? 2 : stats.planeOverlaps > 0 ? 1 : 0;
      for (const k of Object.keys(total)) total[k] = k === 'maxOverlap' ? Math.max(total[k], stats[k]) : total[k] + stats[k];
      if (stats.firstFailureEvent !== null) {
        const f = s.firstFailure();
        if (!failure || f.time < failure.time) failure = { ...f, ball: i };
      }
      if (st.status !== 'running' && (!firstFailure || st.event < firstFailure.event)) firstFailure = { ...st, particles: [i, -1], ball: i };
      // the pane's clock: the slowest ball still running (finished balls stop at their own time)
      if (st.status === 'running') time = Math.min(time, s.time());
      latest = Math.max(latest, s.time());
    }
    return {
      n,
      time: counts.running > 0 ? time : latest,
      positions,
      flags,
      gaps,
      bounces: this.bounces ? this.bounces.slice() : null,
      balls: counts,
      failedAt,
      stats: { ...total, time: counts.running > 0 ? time : latest, stateHash: combineHashes(hashes) },
      status: this.summaryStatus(counts, firstFailure),
      histogram: null,
      failure,
    };
  }

  summaryStatus(counts, failure) {
    if (this.sims.length === 1) return this.sims[0].status();
    if (counts.running > 0) return { status: 'running', reason: null, event: 0, time: 0, particles: [-1, -1], balls: counts };
    const all = counts.halted === this.sims.length ? 'halted' : 'collapse';
    return { ...(failure ?? {}), status: all, balls: counts };
  }

  /** The pane's particles now as extended XYZ text (csrc/snapshot.c; the CLI's --dump writes the
   * same bytes), or null for an array of balls, which are separate worlds. */
  xyz() {
    return this.sims.length === 1 ? this.sims[0].xyz() : null;
  }

  /** One hash for the pane: the engine's hash for a gas or one ball, a hash of the balls' hashes otherwise. */
  stateHash() {
    return combineHashes(this.sims.map((s) => s.stateHash()));
  }

  destroy() {
    for (const s of this.sims) s.destroy();
    this.sims = [];
  }
}

const MAX_BOUNCES = 4000;
const largest = (diameters) => diameters.reduce((a, b) => Math.max(a, b), 0);

function combineHashes(hashes) {
  if (hashes.length === 1) return hashes[0];
  let h = 0x811c9dc5;
  for (const x of hashes) {
    for (const c of x) { h ^= c.charCodeAt(0); h = Math.imul(h, 0x01000193) >>> 0; }
  }
  return h.toString(16).padStart(8, '0');
}

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
