// The run's clock over the panes (the lock-step time, or a link's time being reached, with its
// progress bar), each pane's own clock, and the Play button's word: a view of the run model.
import { fmt } from '../model/format.js';
import { every } from './every.js';
import { setText } from './set-text.js';

export class Clock {
  /** @param model RunModel; @param els { clock, paneTimes, progress, plays: the Play buttons (the toolbar's, an embed's) } */
  constructor(model, els) {
    this.model = model;
    this.els = els;
    const redraw = every(100, () => this.draw());
    model.subscribe((what) => { if (what === 'play' || what === 'jumped' || what === 'state') this.draw(); else redraw(); });
  }

  draw() {
    const { model, els } = this;
    if (!model.state) return;
    const [a, b] = model.panes;
    const jumping = model.jumpTo !== null;
    setText(els.clock, jumping ? `jumping to t = ${fmt(model.jumpTo, 8)}: ${fmt(model.jumpTime, 6)}…`
      : `t = ${fmt(model.target, 8)}${model.playing ? '' : ' (paused)'}`);
    setText(els.paneTimes, jumping ? '' : `naive ${fmt(a.time, 10)} · stable ${fmt(b.time, 10)}`);
    const progress = model.jumpProgress;  // a link's time is reached in steps
    els.progress.hidden = progress === null;
    if (progress !== null) els.progress.value = progress;
    for (const play of els.plays) setText(play, jumping ? 'Stop' : model.playing ? 'Pause' : 'Play');
  }
}
