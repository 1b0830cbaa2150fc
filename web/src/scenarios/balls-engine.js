// Bouncing balls' pane behind the worker (workers/pane-engine.js): each ball on its own plate
// (a ball that halts or comes to rest stops alone and the others run on, csrc/engine/loop.c); one
// ball is run event by event, so that every bounce is recorded. Plain module; no DOM.
import { ballPosition } from '../model/ball-layout.js';
import { PaneWorld } from './pane-world.js';

const MAX_BOUNCES = 4000;

export class BallsEngine extends PaneWorld {
  /** @param api loaded edpd API (loadEdpd), @param spec a ball's or a ball array's engineConfig()
   * ({ kind: 'balls', detector, count, plateOffsets, seed, restitution, gravity, and for one ball on a
   * vibrating table shake: { amplitude, frequency, phase } }) */
  constructor(api, spec) {
    super(api, spec);
    try {
      // one ball on a given plate, or an array on the plates of `edpd sweep`'s samples of the seed
      this.sim = api.createSimulation({
        scenario: 'bouncing-ball', detector: spec.detector, n: spec.count, seed: spec.seed ?? 1,
        plateOffset: spec.plateOffsets ? spec.plateOffsets[0] : null, restitution: spec.restitution, gravity: spec.gravity,
        ...(spec.shake ? { plateAmplitude: spec.shake.amplitude, plateFrequency: spec.shake.frequency, platePhase: spec.shake.phase } : {}),
      });
      const own = this.sim.ownPlanes();
      this.plates = own.map((pl) => pl.offset);  // every ball has one, in particle order
      this.bounces = [];  // one ball: [time, height of the bounce's top above contact] per impact
    } catch (e) {
      this.destroy();
      throw e;
    }
    this.n = this.sim.n;
  }

  /** Nothing fixed beyond what the frames carry (the plates are drawn from the balls' gaps). */
  shape() { return null; }

  /** Advance to time t within an event budget; returns 'time' when it arrived or stopped. */
  advanceTo(t, maxEvents) {
    if (this.n === 1 && !this.spec.shake) return this.advanceBall(t, maxEvents);
    const s = this.sim;
    if (s.status().status !== 'running' || s.time() >= t) return 'time';
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
    const n = this.n, s = this.sim;
    const p = s.positions(), state = s.particleStates(), impacts = s.plateImpacts(), overlap = s.overlapFlags();
    const positions = new Float32Array(3 * n);
    const flags = new Uint8Array(n);
    const gaps = new Float64Array(n);
    const counts = { running: 0, halted: 0, collapse: 0, fellThrough: 0, locked: 0 };
    // a vibrating table: the plate's displacement from its rest, drawn by moving it (for the eye:
    // Math.sin, not the core's own)
    const sh = this.spec.shake, shift = sh ? sh.amplitude * Math.sin(sh.frequency * s.time() + sh.phase) : 0;
    const failedAt = { halted: [], fellThrough: [] };  // plate impacts before each failure, per ball
    for (let i = 0; i < n; i++) {
      const h = p[3 * i + 2] - this.plates[i];  // the centre's height above its plate
      positions.set(ballPosition(i, n, h), 3 * i);
      gaps[i] = h - 0.5 - shift;
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
      plateShift: sh ? shift : null,
      height: n === 1 ? p[2] - this.plates[0] : null,
      balls: counts,
      failedAt,
      stats: s.stats(),
      status: n === 1 ? s.status() : { ...s.status(), balls: counts },
      histogram: null,
      failure: f && { ...f, ball: f.particles[0] },
    };
  }
}
