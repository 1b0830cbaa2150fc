// The elastic gas: the pressure against the fluid's equation of state, and two correct runs
// that part ways by chaos.
import { FLUID_LIMIT, fluidPressure } from '../model/theory.js';
import { fmt } from '../model/format.js';
import { DISTANCE, gasFlags, gasUnits, paneDistance } from './gas.js';
import { gasStory } from './stories.js';

export default {
  id: 'elastic',
  title: 'Elastic gas',
  view: 'gas',
  story: gasStory,
  blurb: 'Elastic hard spheres for comparison: energy is conserved and the pressure follows the fluid\'s equation of state (dashed: Liu 2020, a refinement of Carnahan–Starling in 3-D and Henderson in 2-D) ' +
    'up to the fluid\'s limit — freezing at φ = 0.494 in 3-D, the hexatic phase from φ = 0.70 in 2-D; beyond it no fluid curve is drawn. ' +
    'The panes start identical, yet their particles part ways (lowest plot): the two detectors compute some collision times one rounding apart, ' +
    'and hard-sphere dynamics is chaotic, so the difference grows from 10⁻¹⁶ to a particle\'s size within a few dozen collisions per particle. ' +
    'Both runs are right; what they share is their statistics (kT, Z).',
  params: ['naive', 'dim', 'n', 'phi', 'seed', 'speed'],
  defaults: { naive: 'halt', dim: 3, n: 2000, phi: 0.3, seed: 1, speed: 1 },
  dimDefaults: { 2: { phi: 0.5 }, 3: { phi: 0.3 } },
  units: gasUnits,
  // Z shown as the mean over the latter half of the run, t/2 to t (model/latter-half.js)
  latterHalfPressure: true,

  // the stable pane's g(r), MSD and speeds: sampled every 0.05 (half a mean free time at phi = 0.3)
  // from t = 5, when the lattice start has melted, 400 samples
  engineConfig: (state, detector) => ({ kind: 'gas', detector, config: { scenario: 'elastic', detector, dim: state.dim, n: state.n, packingFraction: state.phi, seed: state.seed },
    ...(detector === 'stable' ? { observe: { start: 5, sampleDt: 0.05, samples: 400 } } : {}) }),
  observables: true,
  cliFlags: (state, detector, spec) => gasFlags(spec.config),

  columns: () => ['time', 'naive Z (mean over t/2..t)', 'stable Z (mean over t/2..t)', 'equation of state Z', DISTANCE],
  record(model, [fa, fb], t) {
    const s = model.state;
    // the pressure over the latter half of the run: the lattice start leaves the window
    model.panes.forEach((p, k) => model.pressure[k].push(p.time, p.frame.stats.pressureZ));
    model.series.main.push([t, model.pressureZ(0), model.pressureZ(1), fluidPressure(s.phi, s.dim), paneDistance(fa, fb)]);
  },
  plots: (s, labels) => ({ main: { kind: 'series', title: 'Pressure (mean over t/2 … t)', x: 'time t [σ√(m/kT₀)]', y: 'Z = PV/NkT', labels, settledY: true,
    theoryLabel: s.phi <= FLUID_LIMIT[s.dim] ? `fluid EoS (Liu 2020): Z = ${fmt(fluidPressure(s.phi, s.dim), 5)}` : `no fluid EoS above φ = ${FLUID_LIMIT[s.dim]}` },
  hist: true, distance: { column: DISTANCE } }),
};
