// Share and export: the run's link, the embed code for a course page, and each pane's native
// command (its state hash is the pane's); a run from a file of the user's computer has no link,
// and the panel says what to share instead. A view of the run model.
import { embedSnippet } from '../model/url-state.js';
import { every } from './every.js';
import { setField, setText } from './set-text.js';

export class SharePanel {
  /** @param model RunModel; @param $ the page's element by id; @param shareUrl () => the run's link */
  constructor(model, $, shareUrl) {
    this.model = model;
    this.$ = $;
    this.shareUrl = shareUrl;
    const redraw = every(100, () => this.draw());
    model.subscribe(redraw);
  }

  draw() {
    const { model, $ } = this;
    if (!model.state) return;
    const file = model.state.state ? null : model.state.file;  // a file from the computer: no link
    setText($('cli-where'), model.state.file ? `, with ${model.state.file.name} copied there` : '');
    setText($('share-url-label'), file ? 'Link to this run: none (a link cannot carry a file)' : 'Link to this run');
    setField($('share-url'), file ? `Share ${file.name} and the command below` : this.shareUrl());
    setField($('embed-code'), file ? 'A run from a state file cannot be embedded: embed a scenario\'s run' : embedSnippet(location.href.split('#')[0], model.state));
    model.panes.forEach((p, k) => {
      setField($(`cli-${k}`), model.commandLine(k));
      setText($(`export-xyz-${k}`), `${p.detector} particles (XYZ)`);
    });
  }
}
