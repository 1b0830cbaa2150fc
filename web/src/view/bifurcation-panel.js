// The vibrated table's bifurcation diagram (model/bifurcation-model.js): shown with the table
// scenario, computed by the workers on request with progress and cancel, at the run's restitution;
// a click on the diagram opens the run at that Gamma.
import { BifurcationPlot } from './plots.js';
import { tableThresholds } from '../model/bifurcation-model.js';

const $ = (id) => document.getElementById(id);
const RANGE = [1, 4];  // Gamma

export class BifurcationPanel {
  /** @param model BifurcationModel; @param open(Gamma) the run at that Gamma (a link of its own) */
  constructor(model, open) {
    Object.assign(this, { model, open });
    this.plot = null;
    this.e = 0.5;
    $('bif-run').onclick = () => {
      try {
        model.start({ restitution: this.e, gammaFrom: RANGE[0], gammaTo: RANGE[1], samples: Number($('bif-samples').value) });
      } catch (err) {
        $('bif-status').textContent = err.message;
      }
    };
    $('bif-cancel').onclick = () => model.cancel();
    model.subscribe((what) => this.show(what));
  }

  /** A new run: the panel shows with the table scenario, for its restitution. */
  setup(show, e) {
    $('bifurcation').hidden = !show;
    if (!show) return;
    if (e !== this.e) { this.model.cancel(); this.e = e; this.drop(); $('bif-status').textContent = ''; }
    const { gamma1, gamma2 } = tableThresholds(e);
    $('bif-note').textContent = `ε = ${e}: the period-1 orbit exists from Γ₁ = ${gamma1.toFixed(4)} and doubles its period at Γ₂ = ${gamma2.toFixed(4)} (Luck & Mehta 1993). ` +
      'Each Γ is a ball released at rest, its impacts recorded after 200 periods; a click on the diagram opens that Γ.';
  }

  drop() {
    if (this.plot) { this.plot.destroy(); this.plot = null; }
    $('plot-bif').replaceChildren();
    $('plot-bif').hidden = true;
  }

  show(what) {
    const m = this.model, running = m.running;
    $('bif-run').disabled = running;
    $('bif-cancel').disabled = !running;
    $('bif-progress').hidden = !running;
    $('bif-progress').value = m.progress;
    if (what === 'error') { $('bif-status').textContent = `failed: ${m.error}`; return; }
    if (what === 'cancel') { $('bif-status').textContent = `cancelled at ${(100 * m.progress).toFixed(1)} %`; return; }
    if (what === 'start') this.drop();
    $('bif-status').textContent = running ? `${(100 * m.progress).toFixed(1)} % of ${m.total} values of Γ on ${m.workers.length} workers`
      : `done: ${m.total} values of Γ in ${m.seconds.toFixed(1)} s`;
    if (what !== 'progress' && what !== 'done') return;
    if (!this.plot) {
      $('plot-bif').hidden = false;
      this.plot = new BifurcationPlot($('plot-bif'), { ...tableThresholds(this.e), range: RANGE, onPick: (g) => this.open(Math.round(g * 1000) / 1000) });
    }
    this.plot.setData(m.points);
  }

  /** The diagram again in the current theme's colours. */
  redrawPlot() {
    if (!this.plot) return;
    this.plot.destroy();
    $('plot-bif').replaceChildren();
    this.plot = new BifurcationPlot($('plot-bif'), { ...tableThresholds(this.e), range: RANGE, onPick: (g) => this.open(Math.round(g * 1000) / 1000) });
    this.plot.setData(this.model.points);
  }
}
