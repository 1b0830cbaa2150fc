// A replay of the moment of failure: the last seconds of play before the naive pane failed, again
// from the start's state, four times slower, both panes in lock-step and paused together at the
// failure's time, zoomed to it where the picture is a gas. A class sees the event that went wrong,
// and the stable pane at the same instant beside it.
import { paneVerdict } from '../model/verdict.js';
import { every } from './every.js';

const SLOWER = 4;  // the replay's speed: a quarter of the run's
const SECONDS = 1;  // of play at the run's speed before the failure, replayed in SLOWER seconds

/** When the naive pane failed: its halt or its clock's stop, else its first undefined dynamics. */
export function failureTime(frame) {
  if (!frame || paneVerdict(frame).kind !== 'failed') return null;
  const st = frame.status;
  if (st && (st.status === 'halted' || st.status === 'collapse') && Number.isFinite(st.time)) return st.time;
  return Number.isFinite(frame.failure?.time) ? frame.failure.time : null;
}

export class ReplayControl {
  /** @param model RunModel; @param button; @param restart(state) a new run of the page's;
   *  @param zoom ZoomControl (its toggle zooms to the failure) */
  constructor(model, button, restart, zoom) {
    Object.assign(this, { model, button, restart, zoom });
    button.onclick = () => this.replay();
    zoom.pauseAt = (tf) => this.pauseAtFailure(tf);
    const redraw = every(200, () => this.draw());
    model.subscribe(redraw);
    this.waiting = null;  // the failure time a replay pauses at
    // paused at the failure's time (a jump there ended), once the naive pane's frame is there too
    // and the view is this run's: zoom to it
    model.subscribe((what) => {
      if ((what !== 'frame' && what !== 'view') || this.waiting === null || model.playing || model.pauseAt !== null || model.jumpTo !== null) return;
      if (this.zoom.view.generation !== model.generation) return;
      const naive = model.panes[0];
      if (!(naive.terminal || naive.time >= this.waiting)) return;
      this.waiting = null;
      if (this.zoom.zoomable() && !this.zoom.view.zoomed) this.zoom.toggle();
    });
  }

  replay() {
    const { model } = this;
    const tf = failureTime(model.panes[0].frame);
    if (tf === null) return;
    const speed = model.state.speed;
    // a time before a state file's own start runs from that start (the model's jump skips it)
    this.restart({ ...model.state, t: Math.max(0, tf - SECONDS * speed), paused: false, speed: speed / SLOWER });
    model.pauseAt = tf;
    this.waiting = tf;
  }

  /** Both panes at the failure's time tf, paused, then zoomed: the run again from its start. */
  pauseAtFailure(tf) {
    this.restart({ ...this.model.state, t: tf, paused: true });
    this.waiting = tf;
  }

  draw() {
    const tf = this.model.state ? failureTime(this.model.panes[0].frame) : null;
    this.button.hidden = tf === null;
  }
}
