// "Where the textbook detector failed": the overlap function at the naive pane's first failure
// (model/overlap-function.js) and its caption. Redrawn only when the failure changes — a new run,
// or this run's first failure — or the theme does (uPlot takes its colours when made).
import { OverlapPlot } from './plots.js';
import { overlapPlot } from '../model/overlap-function.js';

export class OverlapView {
  constructor({ section, plot, caption }) {
    Object.assign(this, { section, plotEl: plot, captionEl: caption });
    this.key = null;
    this.shown = null;
    this.plot = null;
  }

  /** failure: the naive pane's record (a frame's `failure`) or null; how: overlapPlot's options. */
  update(failure, how) {
    const key = failure ? `${JSON.stringify(how)} ${failure.ball ?? ''} ${failure.event} ${failure.time} ${failure.f.join(' ')}` : null;
    if (key === this.key) return;
    this.key = key;
    this.shown = failure && { failure, how };
    this.draw();
  }

  draw() {
    this.plot?.destroy();
    this.plot = null;
    this.plotEl.replaceChildren();
    this.section.hidden = !this.shown;
    if (!this.shown) { this.captionEl.textContent = ''; return; }
    const { failure, how } = this.shown;
    const p = overlapPlot(failure, how);
    this.plot = new OverlapPlot(this.plotEl, p, { naiveLabel: p.naiveLabel });  // after unhiding: uPlot sizes to the element
    this.captionEl.textContent = p.caption;
  }
}
