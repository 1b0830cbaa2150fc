// The view when the browser cannot give a WebGL context (WebGL switched off by policy or flag, a
// blocklisted driver, a very old browser): SplitView's interface without drawing, and a note
// saying so in each pane. The simulations, counters, plots and exports other than the picture
// go on as usual, so a student on such a machine still sees the naive run fail.
export class NoGLView {
  constructor(container, reason) {
    this.container = container;
    this.dirty = false;
    this.reason = reason;
    this.notes = [0, 1].map((k) => {
      const note = document.createElement('p');
      note.className = `no-gl ${k ? 'right' : 'left'}`;
      note.textContent = 'No picture: this browser did not give the page a WebGL context (WebGL is off or not supported). ' +
        'The simulation runs all the same: its state is in the counters and plots.';
      container.appendChild(note);
      return note;
    });
    this.lastSetup = null;
  }

  setup(s) { this.lastSetup = s; }
  update() {}
  render() { this.dirty = false; }
  rebuild() {}
  resize() {}
  focus() {}
  applyTheme() {}
  fitAll() {}
  /** No picture to export. */
  toPNG() { return null; }
}
