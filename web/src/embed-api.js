// The embedding API: a course page that embeds the app (an <iframe> with embed=1) drives it and
// listens to it by postMessage. The page states the origins allowed to do so in the link
// (origin=https://course.example.edu, several separated by commas); messages from any other
// origin, or from any window but the embedding page, and messages that are not commands of this
// protocol, are ignored with a console warning, never acted on. Events go to the allowed origins
// only (a browser delivers a message to the parent only if its origin is the one named).
//
// Commands (to the app), each { edpd: 1, type, ... }:
//   load { link }     a run from a link's hash ('#v=1&scenario=…'), checked as a link is
//   play, pause, step, reset
//   speed { value }   simulated time per second, in [0.001, 10000]
//   ticks { every }   a tick event every `every` units of simulated time (0: none)
// Events (from the app), each { edpd: 1, type, ... }:
//   ready { version }                      the API listens
//   started { link, scenario }             a run began (at load, reset, or a load command)
//   verdict { pane, detector, kind, headline, detail }   a pane's verdict changed
//   halted { pane, detector, time, reason }  a pane's run stopped on undefined dynamics
//   finished { pane, detector, time, status }  a pane's run ended as its physics ends (at rest, collapse, jammed)
//   tick { time }                          the run's clock passed a multiple of `every`
//   error { message }                      a command was refused (its fields named)
import { parseHash, encodeState } from './model/url-state.js';

export const EMBED_PROTOCOL = 1;
const COMMANDS = ['load', 'play', 'pause', 'step', 'reset', 'speed', 'ticks'];

/** A command checked: { command } or { error } naming the field and what it may be. */
export function parseCommand(data) {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return { error: 'a message must be an object { edpd: 1, type, ... }' };
  if (data.edpd !== EMBED_PROTOCOL) return { error: `edpd: must be ${EMBED_PROTOCOL}, the protocol's version` };
  if (!COMMANDS.includes(data.type)) return { error: `type: must be one of ${COMMANDS.join(', ')}` };
  if (data.type === 'load') {
    if (typeof data.link !== 'string' || !data.link.startsWith('#') || data.link.length > 1024) return { error: 'link: must be a link\'s hash, "#v=1&scenario=…", at most 1024 characters' };
    return { command: { type: 'load', link: data.link } };
  }
  if (data.type === 'speed') {
    if (typeof data.value !== 'number' || !(data.value >= 0.001 && data.value <= 10000)) return { error: 'value: must be a number in [0.001, 10000] (simulated time per second)' };
    return { command: { type: 'speed', value: data.value } };
  }
  if (data.type === 'ticks') {
    if (typeof data.every !== 'number' || !(data.every >= 0 && data.every <= 1e9)) return { error: 'every: must be a number in [0, 1e9] (simulated time between ticks; 0: none)' };
    return { command: { type: 'ticks', every: data.every } };
  }
  return { command: { type: data.type } };
}

/** The allowed origins of a link's `origin` value ('' or undefined: none). */
export function allowedOrigins(value) {
  return value ? value.split(',').filter(Boolean) : [];
}

export class EmbedApi {
  /** @param model RunModel; @param origins the allowed origins; @param actions { load(state, warnings),
   *  play(), pause(), step(), reset(), speed(v) }; @param win the app's window (its parent the page) */
  constructor(model, origins, actions, win = window) {
    Object.assign(this, { model, origins, actions, win });
    this.every = 0;
    this.nextTick = Infinity;
    this.verdicts = [null, null];
    this.ended = [false, false];
    if (!origins.length) return;
    win.addEventListener('message', (e) => this.receive(e));
    model.subscribe((what) => this.observe(what));
    this.send({ type: 'ready', version: EMBED_PROTOCOL });
  }

  send(event) {
    if (this.win.parent === this.win) return;  // not embedded
    for (const origin of this.origins) this.win.parent.postMessage({ edpd: EMBED_PROTOCOL, ...event }, origin);
  }

  receive(e) {
    if (e.source !== this.win.parent || this.win.parent === this.win) return;  // the app's own workers and windows
    if (!this.origins.includes(e.origin)) {
      console.warn(`edpd: a message from ${e.origin} ignored: the link allows ${this.origins.join(', ')} (origin=...)`);
      return;
    }
    const { command, error } = parseCommand(e.data);
    if (error) {
      console.warn(`edpd: a message ignored: ${error}`);
      this.send({ type: 'error', message: error });
      return;
    }
    const a = this.actions;
    switch (command.type) {
      case 'load': {
        const { state, warnings } = parseHash(command.link);
        a.load(state, warnings);
        break;
      }
      case 'speed': a.speed(command.value); break;
      case 'ticks':
        this.every = command.every;
        this.nextTick = this.every > 0 ? (Math.floor(this.model.target / this.every) + 1) * this.every : Infinity;
        break;
      default: a[command.type]();
    }
  }

  /** The model's events as the page's: a run's start, each pane's verdict and end, the ticks. */
  observe(what) {
    const m = this.model;
    if (what === 'state') {
      this.verdicts = [null, null];
      this.ended = [false, false];
      this.nextTick = this.every > 0 ? this.every : Infinity;
      this.send({ type: 'started', link: encodeState({ ...m.state, t: 0, paused: false }), scenario: m.state.scenario });
      return;
    }
    m.panes.forEach((p, k) => {
      if (!p.frame && !p.error) return;
      const v = p.verdict(), key = `${v.kind}|${v.headline}|${v.detail}`;
      if (key !== this.verdicts[k]) {
        this.verdicts[k] = key;
        this.send({ type: 'verdict', pane: k, detector: p.detector, kind: v.kind, headline: v.headline, detail: v.detail });
      }
      if (p.terminal && !this.ended[k]) {
        this.ended[k] = true;
        const time = p.frame?.status.time ?? p.time;
        if (p.status === 'halted' || p.error) this.send({ type: 'halted', pane: k, detector: p.detector, time, reason: p.error ?? p.frame?.status.reason ?? null });
        else this.send({ type: 'finished', pane: k, detector: p.detector, time, status: p.status });
      }
    });
    if (m.target >= this.nextTick) {  // the latest multiple passed (a jump far ahead sends one, not millions)
      const k = Math.floor(m.target / this.every);
      this.send({ type: 'tick', time: k * this.every });
      this.nextTick = (k + 1) * this.every;
    }
  }
}
