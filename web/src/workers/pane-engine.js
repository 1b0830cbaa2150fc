// One pane's simulation, behind the worker: the engine of its scenario's kind (a gas or a state
// file: scenarios/gas-engine.js; bouncing balls: scenarios/balls-engine.js), and the check of a
// state file before a run starts from it. Plain module (runs in a Worker and in Node tests); no DOM.
import { engineOf } from '../scenarios/index.js';
import { largest } from '../scenarios/gas-engine.js';

/** The engine of a pane: @param api loaded edpd API (loadEdpd), @param spec engineConfig() of
 * model/scenarios.js. It answers shape(), advanceTo(t, maxEvents), frame(), xyz(), stateHash()
 * and destroy(). */
export function paneEngine(api, spec) {
  const Engine = engineOf(spec.kind);
  return new Engine(api, spec);
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
