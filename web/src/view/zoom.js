// Zoom to the failure: in a gas of thousands the naive pane's failed pair is two dots, so the
// shared camera moves to it and the stable pane shows the same spot without the overlap; again,
// the whole box. Like for like: a stable pane that has run on past the failure is first brought
// back to the failure's time (the run again from its start, paused there). The button shows while
// there is a failure to zoom to (or a zoom to undo).
import { failureSite } from '../model/failure-site.js';
import { scenarioOf } from '../model/scenarios.js';
import { sceneOf } from '../scenarios/scenes.js';
import { NoGLView } from './no-gl-view.js';
import { every } from './every.js';
import { failureTime } from './replay.js';

export class ZoomControl {
  /** @param model RunModel; @param view SplitView or NoGLView; @param button the Zoom button;
   *  @param warn (notice) => void */
  constructor(model, view, button, warn) {
    Object.assign(this, { model, view, button, warn });
    this.pauseAt = null;  // (t) => void: both panes paused at t, then zoomed (ReplayControl.pauseAtFailure)
    button.onclick = () => this.toggle();
    const redraw = every(100, () => this.draw());
    model.subscribe(redraw);
  }

  /** Whether this run's view can zoom to a failure (a gas's; every ball is in view already). */
  zoomable() { return sceneOf(scenarioOf(this.model.state.scenario).view).zoomable; }

  toggle() {
    const { view, model } = this;
    if (view.zoomed) { view.fitAll(); this.draw(); return; }
    if (view instanceof NoGLView) return;
    const naive = model.panes[0];
    const site = this.zoomable() ? failureSite(naive.frame, naive.verdict().kind === 'failed') : null;
    if (!site) {
      this.warn({ field: 'zoom', message: !this.zoomable() ? 'z zooms to a failure in the gases; every ball is in view already'
        : 'nothing to zoom to: the naive pane has not failed, its clock has not stopped, and it has no overlapping pair' });
      return;
    }
    const tf = failureTime(naive.frame), stable = model.panes[1];
    if (tf !== null && this.pauseAt && stable.frame && stable.time > tf + 1e-9 * Math.max(1, tf)) { this.pauseAt(tf); return; }
    // 8 diameters away (a state file's particles may be of any size): the pair fills the view
    const d = model.panes[0].shape?.largest ?? 1;
    view.focus(site.point, 8 * d, d);
    this.button.title = `${site.what}: particles ${site.particles.filter((i) => i >= 0).join(' and ')}`;
    this.draw();
  }

  draw() {
    if (!this.model.state) return;
    const naive = this.model.panes[0];
    const failed = this.zoomable() && failureSite(naive.frame, naive.verdict().kind === 'failed') !== null;
    this.button.hidden = this.view instanceof NoGLView || (!failed && !this.view.zoomed);
    this.button.textContent = this.view.zoomed ? 'Whole box (z)' : 'Zoom to the failure (z)';
  }
}
