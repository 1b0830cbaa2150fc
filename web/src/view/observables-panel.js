// The stable pane's observables (a scenario with `observables`: the elastic gas): g(r), the
// mean-squared displacement and the speed distribution against Maxwell-Boltzmann, as plots with
// units, a line of numbers (D from the MSD and from Green-Kubo, g(σ⁺), χ²) and a CSV export.
// The worker computes them (workers/pane-engine.js over csrc/include/edpd/observer.h).
import { SeriesPlot } from './plots.js';
import { fmt } from '../model/format.js';
import { observablesCsv } from '../model/observables-csv.js';

export class ObservablesPanel {
  /** els: { details, note, gr, msd, speeds, button }; download(name, type, text) */
  constructor(els, download) {
    this.els = els;
    this.download = download;
    this.plots = null;
    this.data = null;
    els.button.onclick = () => { if (this.data) this.download('observables.csv', 'text/csv', observablesCsv(this.data)); };
  }

  /** A new run: shown (and its plots made) when the scenario has observables. */
  setup(show, units) {
    if (this.plots) for (const p of Object.values(this.plots)) p.destroy();
    for (const k of ['gr', 'msd', 'speeds']) this.els[k].replaceChildren();
    this.plots = null;
    this.data = null;
    this.els.details.hidden = !show;
    this.els.button.disabled = true;
    this.els.note.textContent = show ? 'sampling the stable pane from t = 5, once the lattice start has melted (16 samples before the first figures)…' : '';
    if (!show) return;
    this.plots = {
      gr: new SeriesPlot(this.els.gr, { title: 'Radial distribution g(r)', x: `distance r [${units.length}]`, y: 'g(r)', labels: ['stable pane'], pane: 1, theoryLabel: 'ideal gas: 1', single: true }),
      msd: new SeriesPlot(this.els.msd, { title: 'Mean-squared displacement', x: `lag time [${units.time}]`, y: `MSD [${units.length}²]`, labels: ['stable pane'], pane: 1, theoryLabel: '2 d D t (D from the slope)', single: true }),
      speeds: new SeriesPlot(this.els.speeds, { title: 'Speeds against Maxwell–Boltzmann', x: 'speed |v| [√(kT/m)]', y: 'particles per bin', labels: ['stable pane'], pane: 1, theoryLabel: 'Maxwell–Boltzmann', single: true }),
    };
  }

  /** The frame's observables (or null while there are none yet). */
  update(obs, dim) {
    if (!this.plots || !obs || obs === this.data) return;
    this.data = obs;
    this.els.button.disabled = false;
    const none = (xs) => xs.map(() => null);
    const gr = obs.gr, msd = obs.msd, sp = obs.speeds;
    this.plots.gr.setData([gr.map((x) => x[0]), gr.map((x) => x[1]), none(gr), gr.map(() => 1)]);
    this.plots.msd.setData([msd.map((x) => x[0]), msd.map((x) => x[1]), none(msd), msd.map((x) => 2 * dim * obs.diffusionMsd * x[0])]);
    this.plots.speeds.setData([sp.map((x) => x[0]), sp.map((x) => x[1]), none(sp), sp.map((x) => x[2])]);
    this.els.note.textContent = `${obs.samples} samples every ${fmt(obs.sampleDt, 3)} to t = ${fmt(obs.t, 4)}: ` +
      `D = ${fmt(obs.diffusionMsd, 3)} ± ${fmt(obs.diffusionMsdError, 1)} (MSD), ${fmt(obs.diffusionGreenKubo, 3)} ± ${fmt(obs.diffusionGreenKuboError, 1)} (Green–Kubo); ` +
      `g(σ⁺) = ${fmt(obs.contactGr, 4)} ± ${fmt(obs.contactGrError, 1)}; speeds χ² = ${fmt(obs.speedsChi2, 3)} for ${obs.speedsDof} degrees of freedom.`;
  }
}
