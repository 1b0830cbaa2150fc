// The Paper's plate sweep panel: runs the Fig. 7 sweep (model/sweep-model.js) with a progress
// bar and a cancel button, and ends in the table and the events-at-halt histogram.
import { summarize } from '../model/sweep-model.js';
import { fmt } from '../model/format.js';
import { SweepPlot } from './plots.js';

const $ = (id) => document.getElementById(id);
const pct = (x) => (x === null ? '–' : `${(100 * x).toFixed(2)} %`);

export class SweepPanel {
  constructor(sweep) {
    this.sweep = sweep;
    this.plot = null;
    $('sweep-run').onclick = () => {
      try {
        sweep.start({ samples: Number($('sweep-samples').value), restitution: 0.5, seed: 1 });
      } catch (err) {
        $('sweep-status').textContent = err.message;
      }
    };
    $('sweep-cancel').onclick = () => sweep.cancel();
    sweep.subscribe((what) => this.show(what));
  }

  show(what) {
    const sweep = this.sweep, running = sweep.running;
    $('sweep-run').disabled = running;
    $('sweep-cancel').disabled = !running;
    $('sweep-progress').hidden = !running && what !== 'done';
    $('sweep-progress').value = sweep.progress;
    if (what === 'error') $('sweep-status').textContent = `failed: ${sweep.error}`;
    else if (what === 'cancel') $('sweep-status').textContent = `cancelled at ${(100 * sweep.progress).toFixed(1)} %`;
    else if (running) $('sweep-status').textContent = `${(100 * sweep.progress).toFixed(1)} % of ${sweep.total.toLocaleString('en')} samples on ${sweep.workers.length} workers`;
    if (what !== 'done') return;
    $('sweep-status').textContent = `done: ${sweep.total.toLocaleString('en')} samples in ${sweep.seconds.toFixed(1)} s`;
    $('sweep-table').tBodies[0].replaceChildren(...Object.entries(sweep.results).map(([det, r]) => {
      const s = summarize(r);
      const tr = document.createElement('tr');
      for (const v of [det, pct(s.haltedFraction), fmt(s.meanEventsAtHalt, 4), pct(s.fellThroughFraction), pct(s.collapseFraction), fmt(s.meanFinalTime, 8)]) {
        const td = document.createElement('td'); td.textContent = v; tr.append(td);
      }
      return tr;
    }));
    $('sweep-table').hidden = false;
    $('plot-sweep').hidden = false;
    if (!this.plot) this.plot = new SweepPlot($('plot-sweep'));
    this.plot.setData(sweep.results['naive-halt']);
  }

  /** The histogram again in the current theme's colours (uPlot takes them when made). */
  redrawPlot() {
    if (!this.plot) return;
    this.plot.destroy();
    $('plot-sweep').replaceChildren();
    this.plot = new SweepPlot($('plot-sweep'));
    if (this.sweep.results['naive-halt']) this.plot.setData(this.sweep.results['naive-halt']);
  }
}
