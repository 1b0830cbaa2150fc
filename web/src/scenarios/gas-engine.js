// A gas's pane behind the worker (workers/pane-engine.js): one engine world, built from a gas
// config (granular, elastic, square well) or loaded from a state file, its frames the particles'
// positions, overlaps, statistics and histogram, and a scenario's observables sampled on the way.
// Plain module (runs in a Worker and in Node tests); no DOM.
import { observe } from '../observer.js';
import { BedProfile } from '../model/bed-profile.js';
import { PaneWorld } from './pane-world.js';

export const largest = (diameters) => diameters.reduce((a, b) => Math.max(a, b), 0);

export class GasEngine extends PaneWorld {
  /** @param api loaded edpd API (loadEdpd), @param spec a gas's engineConfig() ({ kind: 'gas',
   * config, observe }) */
  constructor(api, spec) {
    super(api, spec);
    try {
      this.sim = this.open(api, spec);
      // a scenario's observables (g(r), MSD, speeds): sampled at equal steps of its clock, within
      // 64 MB of samples (none for the largest gases)
      this.samples = spec.observe ? Math.min(spec.observe.samples, Math.floor(64e6 / (48 * this.sim.n))) : 0;
      if (this.samples >= 16) {
        this.observer = observe(this.sim, this.samples);
        this.t0 = this.sim.time() + (spec.observe.start ?? 0);  // the first sample's time
        this.taken = 0;
        this.observed = null;
      }
      // a shaken bed's profile over height (model/bed-profile.js), sampled every profile.sampleDt
      if (spec.profile) {
        const { sampleDt, ...rest } = spec.profile;
        this.profile = new BedProfile({ dim: this.sim.dim(), box: this.sim.box(), ...rest });
        this.profileDt = sampleDt;
        this.profileNext = this.sim.time();
      }
    } catch (e) {
      this.destroy();
      throw e;
    }
    this.n = this.sim.n;
  }

  open(api, spec) { return api.createSimulation(spec.config); }

  /** What stays fixed in a gas or a state file's run and its frames do not carry, for the view
   * (sent once, with the first frame): the planes, each particle's own plate (a ball array's file:
   * drawn under the particle where it starts, `at`, `size` 1.5 diameters), the diameters (null
   * when all are 1, σ) and the largest of them. */
  shape() {
    const s = this.sim;
    const d = s.diameters();
    const own = s.ownPlanes(), r = own.length ? s.positions() : null;
    const plates = own.map(({ particle: i, normal: nv, offset }) => {
      const x = [r[3 * i], r[3 * i + 1], r[3 * i + 2]];
      const above = nv[0] * x[0] + nv[1] * x[1] + nv[2] * x[2] - offset;  // the particle's foot on its plate
      return { normal: Array.from(nv), offset, at: x.map((c, a) => c - above * nv[a]), size: 1.5 * d[i] };
    });
    const species = this.speciesIndex(d);
    return { planes: s.planes(), plates, diameters: d.every((x) => x === 1) ? null : d, largest: largest(d), ...(species ? { species } : {}) };
  }

  /** A built experiment's species of each particle (spec.species: [[count, diameter, mass], ...];
   * an intruder, matching none, is one past the last), for its colours; null without species. */
  speciesIndex(d) {
    const sp = this.spec.species;
    if (!sp) return null;
    const m = this.sim.masses(), out = new Uint8Array(d.length);
    for (let i = 0; i < d.length; i++) {
      const k = sp.findIndex(([, ds, ms]) => ds === d[i] && ms === m[i]);
      out[i] = k < 0 ? sp.length : k;
    }
    return out;
  }

  /** Advance to time t within an event budget; returns 'time' when it arrived or stopped. */
  advanceTo(t, maxEvents) {
    const s = this.sim;
    if (s.status().status !== 'running' || s.time() >= t) return 'time';
    if (this.observer) return this.advanceObserved(t, maxEvents);
    if (this.profile) return this.advanceProfiled(t, maxEvents);
    return s.advanceTo(t, { maxEvents }) === 'budget' ? 'budget' : 'time';
  }

  /** The run to t through each of the profile's sample times before it. */
  advanceProfiled(t, maxEvents) {
    const s = this.sim;
    while (this.profileNext <= t) {
      if (s.advanceTo(this.profileNext, { maxEvents }) === 'budget') return 'budget';
      if (s.status().status !== 'running') return 'time';
      this.profile.add(s.time(), s.positions(), s.velocities());
      this.profileNext += this.profileDt;
    }
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

  /** The jammed packing's contacts (once: the state no longer changes). */
  jammedContacts() {
    this.contacts ??= this.sim.contacts(1e-9);
    return this.contacts;
  }

  /** Everything a view needs, as transferable copies. */
  frame() {
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
      // a compression's diameters grow: each frame carries them; its contact network once jammed
      ...(this.spec.growing ? { diameters: s.diameters(), contacts: st.status === 'jammed' ? this.jammedContacts() : null } : {}),
      observables: this.observed ?? null,  // a scenario's g(r), MSD and speeds (stable pane), once there are any
      ...(this.profile ? { profile: this.profile.result() } : {}),  // a shaken bed's, over height
    };
  }
}

/** A state file's run: the gas of its frame ({ kind: 'file', text, frame, detector, name }), as
 * `edpd run --load FILE --frame K --detector D` runs it. */
export class FileEngine extends GasEngine {
  open(api, spec) { return api.loadState(spec.text, { frame: spec.frame, detector: spec.detector, name: spec.name }); }
}
