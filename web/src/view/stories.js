// What happened, in words: a sentence per pane under the counters (and as its badge's tooltip),
// the caption under an embed's panes, and the naive pane's first failure as its overlap function
// (overlap-view.js). A view of the run model; the sentences are the scenarios' (model/what-happened.js).
import { paneStory } from '../model/what-happened.js';
import { scenarioOf } from '../model/scenarios.js';
import { every } from './every.js';
import { setText } from './set-text.js';

export class Stories {
  /** @param model RunModel; @param $ the page's element by id; @param overlapView OverlapView */
  constructor(model, $, overlapView) {
    this.model = model;
    this.$ = $;
    this.overlapView = overlapView;
    this.text = '';
    const redraw = every(100, () => this.draw());
    model.subscribe((what) => { if (what !== 'play') redraw(); });
  }

  draw() {
    const { model, $ } = this;
    if (!model.state) return;
    const naive = model.panes[0], failure = naive.error ? null : naive.frame?.failure ?? null, sc = scenarioOf(model.state.scenario);
    const units = sc.units(model.state);
    this.overlapView.update(failure, { detector: naive.detector, lengthUnit: units.length, timeUnit: units.time, subject: sc.subject?.(failure) ?? null });
    const stories = model.panes.map((p) => (p.error ? null : paneStory(model.state, p.detector, p.frame)));
    stories.forEach((t, k) => { $(`badge-${k}`).title = t ?? ''; });
    // an embed has no side panel: a caption under the panes speaks for both
    const caption = this.caption();
    setText($('embed-story'), caption);
    $('embed-story').hidden = !model.state.embed || !caption;
    const text = stories.filter(Boolean).join('\n');
    if (text === this.text) return;  // rewritten only when a sentence changes (screen readers, selection)
    this.text = text;
    $('stories').replaceChildren(...stories.filter(Boolean).map((t) => {
      const li = document.createElement('li');
      li.textContent = t;
      return li;
    }));
    $('what-happened').hidden = text === '';
  }

  /** The embed's caption: each pane's verdict in a few words, once something has happened. */
  caption() {
    const model = this.model;
    const v = model.panes.map((p) => p.verdict());
    if (v.every((x) => x.kind === 'fine' || x.kind === 'loading')) return '';
    const say = (k) => `${model.panes[k].detector} (${k === 0 ? 'left' : 'right'}) ${v[k].headline.replace(/\b[A-Z]{2,}\b/g, (w) => w.toLowerCase())}`;
    return `Same start, two detectors: ${say(0)}; ${say(1)}.`;
  }
}
