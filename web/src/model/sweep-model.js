// The paper's 10^6-sample plate sweep, split into shards run by a pool of workers (one per
// core), with progress and cancel. Shards combine exactly: each sample's plate offset depends
// only on (seed, sample index). No DOM.

export const SWEEP_DETECTORS = ['stable', 'naive-halt', 'naive-miss', 'naive-rewind'];

export function emptyResult() {
  return { samples: 0, halted: 0, fellThrough: 0, collapsed: 0, exhausted: 0, eventsAtHaltSum: 0, finalTimeSum: 0, histogram: new Array(256).fill(0) };
}

export function addResult(acc, r) {
  for (const k of ['samples', 'halted', 'fellThrough', 'collapsed', 'exhausted', 'eventsAtHaltSum', 'finalTimeSum']) acc[k] += r[k];
  r.histogram.forEach((v, i) => { acc.histogram[i] += v; });
  return acc;
}

/** The figures the CLI's sweep --json reports. */
export function summarize(r) {
  const s = r.samples;
  return {
    samples: s,
    haltedFraction: s ? r.halted / s : null,
    meanEventsAtHalt: r.halted ? r.eventsAtHaltSum / r.halted : null,
    fellThroughFraction: s ? r.fellThrough / s : null,
    collapseFraction: s ? r.collapsed / s : null,
    meanFinalTime: s > r.halted ? r.finalTimeSum / (s - r.halted) : null,
  };
}

export class SweepModel {
  constructor({ createWorker, cores = 2 }) {
    this.createWorker = createWorker;
    this.cores = Math.max(1, cores);
    this.listeners = new Set();
    this.running = false;
    this.results = null;
    this.error = null;
  }

  subscribe(fn) { this.listeners.add(fn); return () => this.listeners.delete(fn); }
  emit(what) { for (const fn of this.listeners) fn(what, this); }

  get progress() { return this.total ? this.done / this.total : 0; }

  start({ samples = 1000000, seed = 1, restitution = 0.5, gravity = 1, detectors = SWEEP_DETECTORS, shard = 5000 } = {}) {
    this.cancel();
    if (!Number.isInteger(samples) || samples < 1 || samples > 1e7) throw new Error(`samples: must be an integer in [1, 10000000], got ${samples}`);
    this.params = { samples, seed, restitution, gravity, detectors };
    this.results = Object.fromEntries(detectors.map((d) => [d, emptyResult()]));
    this.queue = [];
    for (const detector of detectors) {
      for (let first = 0; first < samples; first += shard) {
        this.queue.push({ detector, first, count: Math.min(shard, samples - first), seed, restitution, gravity });
      }
    }
    this.total = samples * detectors.length;
    this.runQueue();
  }

  /** A job's result added to the sweep's (the pool below calls it). */
  accept(job, result) { addResult(this.results[job.detector], result); }

  /** this.queue's jobs ({ count, ... }) over a pool of workers, one per core, until this.total
   * samples are done. */
  runQueue() {
    this.done = 0;
    this.error = null;
    this.running = true;
    this.started = Date.now();
    this.workers = [];
    this.inflight = new Map();
    let id = 0;
    const feed = (w) => {
      const job = this.queue.shift();
      if (!job) return;
      const jid = ++id;
      this.inflight.set(jid, job);
      w.postMessage({ id: jid, ...job });
    };
    for (let k = 0; k < Math.min(this.cores, this.queue.length); k++) {
      const w = this.createWorker();
      w.onmessage = (e) => {
        if (!this.running) return;
        const m = e.data;
        const job = this.inflight.get(m.id);
        if (m.type === 'error' || !job) { this.fail(m.message ?? 'sweep worker error'); return; }
        this.inflight.delete(m.id);
        this.accept(job, m.result);
        this.done += job.count;
        if (this.done >= this.total) this.finish();
        else { feed(w); this.emit('progress'); }
      };
      w.onerror = (e) => { if (e?.preventDefault) e.preventDefault(); this.fail(e?.message ?? 'sweep worker failed'); };
      this.workers.push(w);
      feed(w);
    }
    this.emit('start');
  }

  fail(message) {
    this.error = message;
    this.stopWorkers();
    this.emit('error');
  }

  finish() {
    this.seconds = (Date.now() - this.started) / 1000;
    this.stopWorkers();
    this.emit('done');
  }

  cancel() {
    if (!this.running) return;
    this.stopWorkers();
    this.emit('cancel');
  }

  stopWorkers() {
    this.running = false;
    for (const w of this.workers ?? []) w.terminate();
    this.workers = [];
  }
}
