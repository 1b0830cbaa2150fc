// The stable pane's observables (a scenario with `observables`: the elastic gas): g(r), the
// mean-squared displacement and the speed distribution against Maxwell-Boltzmann, as plots with
// units, a line of numbers (D from the MSD and from Green-Kubo, g(σ⁺), χ²) and a CSV export.
// The worker computes them (workers/pane-engine.js over csrc/include/edpd/observer.h).
import { SeriesPlot } from './plots.js';
import { fmt } from '../model/format.js';
import { observablesCsv } from '../model/observables-csv.js';
import { enskogDiffusion, correctedDiffusion } from '../model/theory.js';
import { percusYevickGr } from '../model/percus-yevick.js';

// Percus-Yevick's g(r) is drawn up to these packing fractions (3-D: its closed form is fitted to
// the fluid below 0.5; 2-D: the iteration converges to 0.65)
const PY_LIMIT = { 2: 0.65, 3: 0.5 };

export class ObservablesPanel {
  /** els: { details, note, gr, msd, speeds, button }; download(name, type, text) */
  constructor(els, download) {
    this.els = els;
    this.download = download;
    this.plots = null;
    this.data = null;
    els.button.onclick = () => { if (this.data) this.download('observables.csv', 'text/csv', observablesCsv(this.data)); };
  }

  /** A new run: shown (and its plots made) when the scenario has observables; dim and phi pick
   * the references. */
  setup(show, units, dim = 3, phi = 0) {
    if (this.plots) for (const p of Object.values(this.plots)) p.destroy();
    for (const k of ['gr', 'msd', 'speeds']) this.els[k].replaceChildren();
    this.plots = null;
    this.data = null;
    this.els.details.hidden = !show;
    this.els.button.disabled = true;
    this.els.note.textContent = show ? 'sampling the stable pane from t = 5, once the lattice start has melted (16 samples before the first figures)…' : '';
    if (!show) return;
    this.plots = {
      gr: new SeriesPlot(this.els.gr, { title: 'Radial distribution g(r)', x: `distance r [${units.length}]`, y: 'g(r)', labels: ['stable pane'], pane: 1,
        theoryLabel: phi <= PY_LIMIT[dim] ? 'Percus–Yevick (integral equation)' : `ideal gas: 1 (no Percus–Yevick above φ = ${PY_LIMIT[dim]})`, single: true }),
      msd: new SeriesPlot(this.els.msd, { title: 'Mean-squared displacement', x: `lag time [${units.time}]`, y: `MSD [${units.length}²]`, labels: ['stable pane'], pane: 1,
        theoryLabel: dim === 3 ? '2d D t, D: Enskog with its MD correction (Speedy 1987)' : '2d D_E t (Enskog; in 2-D D grows with ln t)', single: true }),
      speeds: new SeriesPlot(this.els.speeds, { title: 'Speeds against Maxwell–Boltzmann', x: 'speed |v| [√(kT/m)]', y: 'particles per bin', labels: ['stable pane'], pane: 1, theoryLabel: 'Maxwell–Boltzmann', single: true }),
    };
  }

  /** The frame's observables (or null while there are none yet); the gas's dim, packing fraction
   * phi and kT (in kT0) for Enskog's D. */
  update(obs, { dim, phi, kT = 1 }) {
    if (!this.plots || !obs || obs === this.data) return;
    this.data = obs;
    this.els.button.disabled = false;
    const none = (xs) => xs.map(() => null);
    const gr = obs.gr, msd = obs.msd, sp = obs.speeds;
    const rs = gr.map((x) => x[0]);
    this.plots.gr.setData([rs, gr.map((x) => x[1]), none(gr), phi <= PY_LIMIT[dim] ? percusYevickGr(phi, rs, dim) : gr.map(() => 1)]);
    const dE = enskogDiffusion(phi, dim, kT), dRef = dim === 3 ? correctedDiffusion(phi, kT) : dE;
    this.plots.msd.setData([msd.map((x) => x[0]), msd.map((x) => x[1]), none(msd), msd.map((x) => 2 * dim * dRef * x[0])]);
    this.plots.speeds.setData([sp.map((x) => x[0]), sp.map((x) => x[1]), none(sp), sp.map((x) => x[2])]);
    this.els.note.textContent = `${obs.samples} samples every ${fmt(obs.sampleDt, 3)} to t = ${fmt(obs.t, 4)}: ` +
      `D = ${fmt(obs.diffusionMsd, 3)} ± ${fmt(obs.diffusionMsdError, 1)} (MSD), ${fmt(obs.diffusionGreenKubo, 3)} ± ${fmt(obs.diffusionGreenKuboError, 1)} (Green–Kubo), Enskog's ${fmt(dE, 3)}` +
      (dim === 3 ? `, with the correction molecular dynamics found (Speedy 1987) ${fmt(dRef, 3)}; ` : ' (in 2-D the long-time tail makes D grow with ln t: no corrected law); ') +
      `g(σ⁺) = ${fmt(obs.contactGr, 4)} ± ${fmt(obs.contactGrError, 1)}; speeds χ² = ${fmt(obs.speedsChi2, 3)} for ${obs.speedsDof} degrees of freedom.`;
  }
}
