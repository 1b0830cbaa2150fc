// The freely cooling granular gas: Haff's law, and the three-body events that break the naive
// detectors in dense 2-D gases.
import { haffTemperature } from '../model/theory.js';
import { DISTANCE, gasFlags, gasUnits, paneDistance } from './gas.js';
import { gasStory } from './stories.js';

export default {
  id: 'granular',
  title: 'Granular gas',
  view: 'gas',
  story: gasStory,
  blurb: 'A freely cooling inelastic gas: Haff\'s law (dashed) holds while it stays homogeneous; once clusters form it cools more slowly. ' +
    'Three-body events create overlapped, approaching pairs: ' +
    'naive detectors halt, let particles pass through each other or run the clock backwards; the stable one applies stabilising impacts. ' +
    'The TC model (t_c) stops genuine inelastic collapse. ' +
    'Dense 2-D gases cluster within seconds; a 3-D gas at moderate density rarely brings three particles together so closely, and its naive panes may run fine. ' +
    'An elastic start (elastic until t) first makes the lattice an equilibrium fluid, from which Haff\'s law starts exactly. ' +
    'The lowest plot: how far apart the panes\' particles are (rounding, amplified by chaos).',
  params: ['naive', 'dim', 'n', 'phi', 'e', 'tc', 'eq', 'seed', 'speed'],
  defaults: { naive: 'halt', dim: 2, n: 2000, phi: 0.6, e: 0.5, tc: 1e-9, eq: 0, seed: 1, speed: 4 },
  dimDefaults: { 2: { phi: 0.6 }, 3: { phi: 0.3 } },
  units: gasUnits,

  engineConfig: (state, detector) => ({ kind: 'gas', detector, config: { scenario: 'granular', detector, dim: state.dim, n: state.n, packingFraction: state.phi, restitution: state.e, tc: state.tc,
    ...(state.eq > 0 ? { elasticUntil: state.eq } : {}), seed: state.seed } }),
  cliFlags: (state, detector, spec) => gasFlags(spec.config),

  columns: () => ['time', 'naive kT', 'stable kT', 'Haff kT', DISTANCE],
  record(model, [fa, fb], t) {
    const s = model.state, [a, b] = model.panes;
    // the gas starts at kT = 1 exactly and keeps it through an elastic start (eq)
    const T = t <= s.eq ? 1 : haffTemperature(t, { t1: s.eq, e: s.e, phi: s.phi, dim: s.dim, T1: 1 });
    // a pane that halted has no temperature after its halt: its line ends there
    model.series.main.push([t, a.time >= t ? fa.stats.temperature : null, b.time >= t ? fb.stats.temperature : null, T, paneDistance(fa, fb)]);
  },
  plots: (state, labels) => ({ main: { kind: 'series', title: 'Temperature: Haff\'s law until clusters form', x: 'time t [σ√(m/kT₀)]', y: 'kT [kT₀]', labels, logY: true,
    theoryLabel: 'Haff (Enskog), a homogeneous gas' },
    hist: true, distance: { column: DISTANCE } }),
};
