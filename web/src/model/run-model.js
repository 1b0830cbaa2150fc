// The run: two panes (a naive detector and the stable one) fed the identical initial state and
// advanced in lock-step of simulation time, plus the plotted series. Talks to one worker per
// pane through an injected factory, so it runs in tests without a browser. No DOM: views
// subscribe to its events (subscribe(fn), fn(what, model)):
//   'state'   a new run (its state: scenario, parameters, link)
//   'frame'   a pane's new frame (its clock, particles, counters)
//   'verdict' a pane's verdict changed (model/verdict.js: fine, failed, finished, error)
//   'play'    playing, paused or stepped; 'jumped' a link's time reached or the jump stopped
//   'error'   a pane's worker failed

import { paneConfigs, cliCommand, scenarioOf } from './scenarios.js';
import { encodeState } from './url-state.js';
import { Series } from './series.js';
import { paneVerdict } from './verdict.js';
import { LatterHalfMean } from './latter-half.js';
import { fmt, roundUp } from './format.js';

export const MAX_EVENTS_PER_REQUEST = 100000; // keeps each worker call short: the page never freezes
const JUMP_EVENTS_PER_REQUEST = 2000000;

export class PaneModel {
  constructor(index, detector) {
    this.index = index;
    this.detector = detector;
    this.reset();
  }

  reset() {
    this.frame = null;
    this.shape = null;  // fixed for the run: planes and diameters (the pane engine's shape())
    this.error = null;
    this.busy = false;
    this.requestId = 0;
  }

  get time() { return this.frame ? this.frame.time : 0; }
  get status() { return this.frame ? this.frame.status.status : 'loading'; }
  get terminal() { return this.error !== null || this.status === 'halted' || this.status === 'collapse' || this.status === 'jammed'; }
  get stateHash() { return this.frame ? this.frame.stats.stateHash : null; }

  /** The pane's verdict (model/verdict.js): fine, failed or finished, in large words. */
  verdict() { return paneVerdict(this.frame, { error: this.error, detector: this.detector }); }

  /** One-line description for the status badge. */
  badge() {
    if (this.error) return { kind: 'error', text: `error: ${this.error}` };
    if (!this.frame) return { kind: 'loading', text: 'loading…' };
    const st = this.frame.status;
    const s = this.frame.stats;
    const overlaps = (s.overlappingPairs ?? 0) + (s.planeOverlaps ?? 0);
    const balls = this.frame.balls;
    if (balls && this.frame.n > 1) {
      const b = `${balls.halted} halted · ${balls.collapse} at rest · ${balls.fellThrough} fell through · ${balls.running} running`;
      // a finished array with failed balls shows as failed (like a halted ball), not as done
      const failed = balls.halted > 0 || balls.fellThrough > 0;
      return { kind: st.status === 'running' ? (failed ? 'warn' : 'ok') : failed ? 'halted' : 'done', text: b };
    }
    if (st.status === 'halted') return { kind: 'halted', text: `halted: ${st.reason}, at event ${st.event}, t = ${fmt(st.time, 10)}` };
    if (st.status === 'collapse') return { kind: 'collapse', text: `collapse at t = ${fmt(st.time, 10)} (event ${st.event})` };
    if (st.status === 'jammed') return { kind: 'done', text: `jammed at t = ${fmt(st.time, 10)} (event ${st.event}), φ = ${fmt(s.packingFractionNow, 6)}` };
    if (s.fellThrough > 0) return { kind: 'warn', text: `running · fell through the plate` };
    return { kind: overlaps ? 'warn' : 'ok', text: `running · overlapping pairs ${overlaps}` };
  }
}

export class RunModel {
  /**
   * @param createWorker () => Worker-like { postMessage, onmessage, onerror, terminate }
   */
  constructor({ createWorker }) {
    this.createWorker = createWorker;
    this.listeners = new Set();
    this.panes = [new PaneModel(0, 'naive'), new PaneModel(1, 'stable')];
    this.workers = [null, null];
    this.state = null;
    this.target = 0;
    this.playing = false;
    this.jumpTo = null; // time to reach before playing (links with t > 0)
    this.generation = 0;
    this.files = new Map();  // pending state-file requests: id -> { resolve, reject }
    this.fileId = 0;
  }

  subscribe(fn) { this.listeners.add(fn); return () => this.listeners.delete(fn); }
  emit(what) { for (const fn of this.listeners) fn(what, this); }

  /** 'verdict' when a pane's verdict has changed since the last look (a new frame or an error). */
  emitVerdicts() {
    const now = this.panes.map((p) => { const v = p.verdict(); return `${v.kind}|${v.headline}|${v.detail}`; });
    if (this.verdicts && now.every((v, k) => v === this.verdicts[k])) return;
    this.verdicts = now;
    this.emit('verdict');
  }

  /** (Re)start both panes from a state (URL schema). */
  load(state) {
    this.state = { ...state };
    this.generation++;
    this.dropFiles('the run was restarted');
    const specs = paneConfigs(this.state);
    this.panes.forEach((p, k) => { p.detector = specs[k].detector; p.reset(); });
    this.target = 0;  // a state file's clock starts at its Time: set from the first frame
    this.started = false;
    this.jumpTo = state.t > 0 ? state.t : null;
    this.pauseAt = null;  // a time to pause at, both panes there (a replay of a failure)
    this.playing = !state.paused && this.jumpTo === null;
    this.pausedAfterJump = !!state.paused;
    this.series = this.makeSeries();
    this.startKT = undefined;
    this.pressure = [new LatterHalfMean(), new LatterHalfMean()];  // Z over [t/2, t], per pane
    if (this.prober) { this.prober.terminate(); this.prober = null; }
    specs.forEach((spec, k) => this.startWorker(k, spec));
    this.verdicts = null;
    this.emit('state');
    this.emitVerdicts();
  }

  startWorker(k, spec) {
    if (this.workers[k]) this.workers[k].terminate();
    const w = this.createWorker();
    const gen = this.generation;
    const pane = this.panes[k];
    w.onmessage = (e) => { if (gen === this.generation) this.onWorkerMessage(pane, e.data); };
    w.onerror = (e) => {
      if (gen !== this.generation) return;
      if (e && typeof e.preventDefault === 'function') e.preventDefault();
      pane.error = `the simulation worker failed (${e?.message ?? 'unknown error'}); press Reset`;
      this.dropFiles(pane.error);
      pane.busy = false;
      this.emit('error');
      this.emitVerdicts();
    };
    this.workers[k] = w;
    pane.busy = true;
    pane.requestId++;
    w.postMessage({ type: 'init', id: pane.requestId, spec });
  }

  /** How far a jump has got: the earliest clock of the panes still running (a halted pane's
   * clock has stopped for good, so it would hold the figure back for the rest of the jump). */
  get jumpTime() {
    if (this.jumpTo === null) return null;
    const running = this.panes.filter((p) => !p.terminal);
    return Math.min(...(running.length ? running : this.panes).map((p) => p.time));
  }

  /** How far a link's time is reached, 0..1 (a pane that halted or collapsed counts as there), or
   * null when no jump is under way. */
  get jumpProgress() {
    if (this.jumpTo === null) return null;
    return Math.min(...this.panes.map((p) => (p.terminal ? 1 : Math.max(0, Math.min(1, p.time / this.jumpTo)))));
  }

  onWorkerMessage(pane, msg) {
    if (this.files.has(msg.id)) { this.settleFile(msg); return; }  // a state file, not a frame
    if (msg.id !== pane.requestId && msg.id !== -1) return; // a stale reply
    pane.busy = false;
    if (msg.type === 'error') {
      pane.error = msg.message;
      this.emit('error');
      this.emitVerdicts();
      return;
    }
    pane.frame = msg.frame;
    if (msg.frame.shape) pane.shape = msg.frame.shape;
    if (!this.started) {  // the run's clock starts where the state does (0, or a state file's Time)
      this.started = true;
      this.target = msg.frame.time;
      if (this.jumpTo !== null && this.jumpTo <= this.target) {  // a link's time the file starts after
        this.jumpTo = null;
        this.playing = !this.pausedAfterJump;
      }
    }
    this.record();
    if (this.jumpTo !== null && this.target === this.jumpTo && this.panes.every((p) => p.frame && !p.busy && (p.terminal || p.time >= this.jumpTo))) {
      this.jumpTo = null;
      this.playing = !this.pausedAfterJump;
      this.emit('jumped');
    } else if (this.jumpTo !== null && this.panes.every((p) => p.frame || p.error)) {
      this.jumpStep();
    }
    this.emit('frame');
    this.emitVerdicts();
  }

  /** Called once per animation frame with the wall time elapsed. */
  tick(wallSeconds) {
    if (!this.state) return;
    const ready = this.panes.every((p) => p.frame || p.error);
    if (!ready) return;
    if (this.jumpTo !== null) {
      this.jumpStep();
      return;
    }
    if (this.playing && !this.panes.every((p) => p.terminal)) {
      // lock-step: the shared target only moves on when both panes have caught up
      const behind = this.panes.some((p) => !p.terminal && p.time < this.target);
      if (!behind) this.target += this.state.speed * Math.min(wallSeconds, 0.1);
      if (this.pauseAt !== null && this.target >= this.pauseAt) {  // both panes stop at the same time
        this.target = this.pauseAt;
        this.pauseAt = null;
        this.playing = false;
        this.request(this.target, MAX_EVENTS_PER_REQUEST);
        this.emit('play');
        return;
      }
    }
    this.request(this.target, MAX_EVENTS_PER_REQUEST);
  }

  /** Jump in ~100 stages so the plots get points on the way (stops never change a trajectory);
   *  driven by the workers' replies, not by the frame rate. */
  jumpStep() {
    const behind = this.panes.some((p) => !p.terminal && p.time < this.target);
    if (!behind) this.target = Math.min(this.jumpTo, this.target + this.jumpTo / 100);
    this.request(this.target, JUMP_EVENTS_PER_REQUEST);
  }

  request(t, maxEvents) {
    this.panes.forEach((p, k) => {
      if (p.busy || p.terminal || !p.frame || p.time >= t) return;
      p.busy = true;
      p.requestId++;
      this.workers[k].postMessage({ type: 'advance', id: p.requestId, t, maxEvents });
    });
  }

  play() { this.playing = true; this.emit('play'); }
  /** Pause on a round time (the next multiple of a frame's worth of simulation time), so that a
   * copied link says t=1.21 rather than t=1.2000000000000002; the panes run on to it. */
  pause() {
    this.playing = false;
    if (this.started) {
      this.target = roundUp(this.target, this.state.speed / 60);
      this.request(this.target, MAX_EVENTS_PER_REQUEST);
    }
    this.emit('play');
  }
  /** Play / pause; during a jump to a link's time (which may be far off: t = 1e9 is a valid
   * link) it stops the jump at its current stage, paused, so the wait can always be ended. */
  toggle() {
    if (this.jumpTo !== null) this.stopJump();
    else if (this.playing) this.pause();
    else this.play();
  }
  stopJump() {
    this.jumpTo = null;
    this.playing = false;
    this.emit('jumped');
  }
  /** One frame of simulation time (speed / 60); keeps both panes on the same clock. */
  step() {
    this.playing = false;
    if (this.panes.some((p) => !p.terminal && p.time < this.target)) return; // still catching up
    this.target = roundUp(this.target + this.state.speed / 60, this.state.speed / 60);
    this.request(this.target, MAX_EVENTS_PER_REQUEST);
    this.emit('play');
  }
  reset() { this.load({ ...this.state, t: 0, paused: false }); }

  /** A state file's text checked in a pane's worker (probeStateFile: a frame loaded, the last by
   * default, every frame before it read and checked) -> { n, dim, time, frame, frames }; rejects
   * with the reader's message. The run on screen goes on meanwhile, and stays if the file is refused. */
  probeFile(text, { frame = 'last', name = 'state' } = {}) {
    const id = `file-${++this.fileId}`;
    return new Promise((resolve, reject) => {
      this.files.set(id, { resolve, reject });
      this.probeWorker().postMessage({ type: 'probe', id, text, frame, name });
    });
  }

  /** The stable pane's worker, or before the first run (a link to a state file) one of its own. */
  probeWorker() {
    if (this.workers[1]) return this.workers[1];
    if (!this.prober) {
      this.prober = this.createWorker();
      this.prober.onmessage = (e) => { if (this.files.has(e.data.id)) this.settleFile(e.data); };
      this.prober.onerror = (e) => { e?.preventDefault?.(); this.dropFiles(`the simulation worker failed (${e?.message ?? 'unknown error'})`); };
    }
    return this.prober;
  }
  /** Change one run parameter: both panes restart from a fresh identical state. */
  set(key, value) { this.load({ ...this.state, [key]: value, t: 0, paused: false }); }

  /** The link of the current run: the lock-step time, paused there; null for a run from a state
   * file of the user's computer, which a link cannot carry (one on this site has its path). */
  shareHash() {
    if (this.state.file && !this.state.state) return null;
    return encodeState({ ...this.state, t: this.target, paused: true });
  }

  /** Pane k's particles now as extended XYZ text (the file `build/edpd run … --dump FILE` writes
   * for commandLine(k)). Its own request ids ('file-1', …), so that
   * frames in flight stay current; the worker answers after them, at the clock they reach. */
  stateFile(k) {
    const id = `file-${++this.fileId}`;
    return new Promise((resolve, reject) => {
      this.files.set(id, { resolve, reject });
      this.workers[k].postMessage({ type: 'xyz', id });
    });
  }

  /** Pending state files end with an error when their worker goes (restart, crash, close). */
  dropFiles(why) {
    for (const { reject } of this.files.values()) reject(new Error(why));
    this.files.clear();
  }

  settleFile(msg) {
    const { resolve, reject } = this.files.get(msg.id);
    this.files.delete(msg.id);
    if (msg.type === 'xyz') resolve(msg.text);
    else if (msg.type === 'probe') resolve(msg.info);
    else reject(new Error(msg.message ?? 'the simulation worker failed'));
  }

  crashPane(k) { this.panes[k].requestId++; this.workers[k].postMessage({ type: 'crash', id: this.panes[k].requestId }); }

  destroy() {
    this.generation++;
    this.dropFiles('the run was closed');
    if (this.prober) { this.prober.terminate(); this.prober = null; }
    this.workers.forEach((w) => w && w.terminate());
    this.workers = [null, null];
  }

  // ---- plotted data -------------------------------------------------------------------

  /** The plotted series: the scenario's columns (the gases' end in the distance between the panes). */
  makeSeries() {
    return { main: new Series(scenarioOf(this.state.scenario).columns(this.state)) };
  }

  record() {
    const [a, b] = this.panes;
    if (!a.frame || !b.frame) return;
    const t = Math.max(a.time, b.time);
    // the panes answer one after the other: wait for a running pane that is still behind, or its
    // previous frame would be plotted at the new time (a halted pane stays where it stopped)
    if (this.panes.some((p) => !p.terminal && p.time < t)) return;
    scenarioOf(this.state.scenario).record(this, [a.frame, b.frame], t);
  }

  /** Pane k's Z = PV/NkT as shown: in the elastic gas the mean over [t/2, t] (LatterHalfMean),
   * otherwise the engine's mean since t = 0; null where the engine has none. */
  pressureZ(k) {
    const p = this.panes[k];
    if (scenarioOf(this.state.scenario).latterHalfPressure && this.pressure[k].value !== null) return this.pressure[k].value;
    return p.frame ? p.frame.stats.pressureZ ?? null : null;
  }

  /** The standard error of pane k's Z in the elastic gas (LatterHalfMean.error), else null. */
  pressureError(k) {
    return scenarioOf(this.state.scenario).latterHalfPressure ? this.pressure[k].error : null;
  }

  /** The native command that reproduces pane k as it is now. A pane
   * that stopped (halted, at rest) is run to the lock-step time: the CLI stops where it did. */
  commandLine(k) {
    const p = this.panes[k];
    return cliCommand(this.state, p.detector, p.terminal ? this.target : p.time);
  }

  /** Everything plotted and the run definition, for export. */
  exportJSON() {
    const { file, ...state } = this.state;  // a state file's run: what was read of it, not its text
    const { text, storeId, ...read } = file ?? {};  // storeId: this browser's key, not the file's
    return {
      link: this.shareHash(),
      state: file ? { ...state, file: read } : state,
      panes: this.panes.map((p, k) => ({ detector: p.detector, time: p.time, status: p.frame?.status ?? null, stats: p.frame?.stats ?? null, error: p.error, command: this.commandLine(k),
        pressureZ: { shown: this.pressureZ(k), standardError: this.pressureError(k) } })),
      series: this.series.main.toJSON(),
      histograms: this.panes.map((p) => p.frame?.histogram ?? null),
    };
  }

  title() { return scenarioOf(this.state.scenario).title; }
}
