// State files in the app: opened from the computer (Open file, o, a drop on the page) or named by a
// link (state=PATH, a path on this site). Each is read, checked in a worker (RunModel.probeFile:
// every frame read, one loaded) and only then run, so a file that is refused leaves the run on
// screen as it was. A file from the computer has no link: its history entry keeps the address of
// the run before it and a key to the run, held in this page's memory and in the browser's storage
// (FileStore: the last 4 files), so that Back leaves it, Forward returns to it, and a reload shows
// it again.
// Wiring, no DOM of its own: the caller gives the model, its start() and a way to warn.
import { defaultState, fileState, shellWord } from './model/scenarios.js';
import { MAX_N } from './model/url-state.js';
import { newStoreId } from './model/file-store.js';
import { MAX_FILE_BYTES, mib, readCapped, withinFolder } from './model/fetch-state.js';

const KEPT_FILE_RUNS = 4;

export class StateFiles {
  /**
   * @param model RunModel
   * @param start (state, { push, address }) -> void: runs a state (main.js)
   * @param warn (field, message) -> void; clearWarnings () -> void
   * @param busy (reading: boolean) -> void: the Open button's label while a file is read
   * @param store FileStore, or null: where runs outlive the page
   */
  constructor({ model, start, warn, clearWarnings, busy = () => {}, store = null }) {
    Object.assign(this, { model, start, warn, clearWarnings, busy, store });
    this.runs = new Map();
    this.ticket = 0;  // a file is read and checked asynchronously: only the latest request may start
  }

  /** Any run started meanwhile (another file, a scenario, Back) wins over a file still being read:
   * main.js calls this whenever it starts a run. */
  supersede() { this.ticket++; }

  /** A request's own start(), which does nothing once a later run has started (its current()
   * says whether none has). */
  starter() {
    const ticket = ++this.ticket;
    const run = (state, options) => {
      if (ticket !== this.ticket) return false;
      this.start(state, options);
      return true;
    };
    run.current = () => ticket === this.ticket;
    return run;
  }

  /** A File from the computer (input or drop). */
  async openLocal(f) {
    const refuse = (message) => this.warn('state file', message);
    const cli = `build/edpd run --load ${shellWord(f.name)} has no such limit`;
    if (this.model.state?.embed) { refuse('an embedded run cannot open a file; open edpd in full (the link at the bottom) and open it there'); return; }
    if (f.size > MAX_FILE_BYTES) { refuse(`${f.name} is ${mib(f.size)}; the app opens files up to ${mib(MAX_FILE_BYTES)} (${cli})`); return; }
    const start = this.starter();
    this.busy(true);
    try {
      const text = await f.text();
      const info = await this.model.probeFile(text, { name: f.name });
      if (info.n > MAX_N) { refuse(`${f.name} has ${info.n.toLocaleString('en')} particles; the app runs at most ${MAX_N.toLocaleString('en')} per pane (${cli})`); return; }
      const state = fileState(f.name, text, info, { naive: this.model.state?.naive ?? 'halt', speed: info.speed });
      state.file.storeId = newStoreId();  // its text is kept once for all its runs (FileStore)
      if (start(state, { push: true })) this.clearWarnings();
    } catch (err) {
      if (start.current()) refuse(err.message);  // not 'the run was restarted' after the user moved on
    } finally {
      this.busy(false);
    }
  }

  /** A link's state file: fetched from this site, checked, run from the link's frame (else the
   * last). If it cannot be, a warning names the path or frame and why, and the default ball runs
   * while the address keeps the link (to mend or retry). */
  async openLinked(link, { push = false } = {}) {
    const name = link.state.split('/').pop();
    const start = this.starter();
    const fail = (field, message) => {
      if (start({ ...defaultState(), embed: link.embed }, { address: false })) this.warn(field, `${message}; the ball runs instead`);
    };
    let text;
    try {
      // isSitePath keeps the path below the page's folder; this checks what it resolved to
      const url = new URL(link.state, location.href);
      if (url.origin !== location.origin) { fail('state', `${link.state}: not a path on this site`); return; }
      const res = await fetch(url);
      if (!res.ok) { fail('state', `${link.state}: not found on this site (HTTP ${res.status})`); return; }
      if (!withinFolder(res.url || url.href, location.href)) { fail('state', `${link.state}: redirected outside the page's folder`); return; }
      try {
        text = await readCapped(res, MAX_FILE_BYTES);
      } catch (err) {
        fail('state', `${link.state}: ${err.message}`);
        return;
      }
    } catch (err) {
      fail('state', `${link.state}: could not be fetched (${err.message})`);
      return;
    }
    let last, info;
    try {
      last = await this.model.probeFile(text, { name });
    } catch (err) {
      fail('state', err.message);
      return;
    }
    if (last.n > MAX_N) { fail('state', `${name} has ${last.n.toLocaleString('en')} particles; the app runs at most ${MAX_N.toLocaleString('en')} per pane`); return; }
    try {
      info = link.frame === undefined ? last : await this.model.probeFile(text, { name, frame: link.frame });
    } catch (err) {
      fail('frame', err.message);
      return;
    }
    start(fileState(name, text, { ...info, frames: last.frames },
      { naive: link.naive, speed: link.speed, embed: link.embed, state: link.state, t: link.t, paused: link.paused }), { push });
  }

  /** A parameter of the file's run: the naive variant restarts from the same frame; another frame
   * of a trajectory is checked (its clock read) first. Each is a new history entry, as for the
   * other scenarios' parameters: Back returns to the frame before. */
  async change(key, value) {
    const { state } = this.model, file = state.file;
    if (key !== 'frame') { this.start({ ...state, [key]: value }, { push: true }); return; }
    const start = this.starter();
    try {
      const info = await this.model.probeFile(file.text, { frame: value, name: file.name });
      start({ ...state, file: { ...file, ...info, frames: file.frames } }, { push: true });
    } catch (err) {
      this.warn('frame', err.message);
    }
  }

  /** The history entry of a run from the computer's file (no link): a new one (push, or the entry
   * shown is another run's), else the entry shown keeps the run (a reset, another speed). */
  remember(push) {
    let id = history.state?.fileRun;
    if (push || id === undefined) {
      id = newStoreId();  // unique across page loads: the entry outlives this page
      // no link (a link cannot carry the file): the address loses the hash of the run before,
      // which the entry keeps for when this browser no longer has the file
      const before = history.state?.before ?? location.hash;
      history.pushState({ fileRun: id, before }, '', location.pathname + location.search);
    }
    this.keep(id, this.model.state);
    this.store?.putRun(id, this.model.state);  // resolves false if the browser keeps nothing
  }

  keep(id, state) {
    this.runs.delete(id);
    this.runs.set(id, state);
    if (this.runs.size > KEPT_FILE_RUNS) this.runs.delete(this.runs.keys().next().value);
  }

  /** The file's run of a history entry (Back, Forward) held in this page, or undefined. */
  kept(historyState) { return this.runs.get(historyState?.fileRun); }

  /** ... or kept by the browser (a reload; Back into a page loaded before), or undefined. */
  async restore(historyState) {
    const id = historyState?.fileRun;
    if (id === undefined) return undefined;
    const run = this.kept(historyState) ?? await this.store?.getRun(id);
    if (run) this.keep(id, run);
    return run;
  }
}
