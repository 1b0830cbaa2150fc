// Each pane's badge (its verdict in large words, model/verdict.js, and a line of detail), its
// label over the pane and the counters' column head: a view of the run model's panes.
import { every } from './every.js';
import { setText } from './set-text.js';

export class PaneBadges {
  /** @param model RunModel; @param $ the page's element by id */
  constructor(model, $) {
    this.model = model;
    this.$ = $;
    const redraw = every(100, () => this.draw());
    model.subscribe((what) => { if (what !== 'play') redraw(); });
  }

  draw() {
    const { model, $ } = this;
    if (!model.state) return;
    model.panes.forEach((p, k) => {
      const v = p.verdict();
      const el = $(`badge-${k}`);
      if (el.dataset.kind !== v.kind) el.dataset.kind = v.kind;
      setText(el.querySelector('.headline'), v.headline);
      setText(el.querySelector('.detail'), v.detail);
      el.dataset.status = p.error ? 'error' : p.status;
      setText($(`label-${k}`), k === 0 ? `${p.detector}` : 'stable');
    });
    setText($('counter-head-0'), model.panes[0].detector);
  }
}
