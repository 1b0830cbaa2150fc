// What every pane's engine is (gas-engine.js, balls-engine.js extend it): one engine world of
// the WebAssembly API, its state as a file and its hash, and its end. Plain module; no DOM.
export class PaneWorld {
  /** @param api loaded edpd API (loadEdpd), @param spec the pane's engineConfig() */
  constructor(api, spec) {
    this.api = api;
    this.spec = spec;
    this.sim = null;
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
