// The square-well fluid (the paper's Sect. 6): a hard core with a well of depth ε out to λσ.
// Whether a pair is in the well is its logical state, kept from its history; textbook code reads
// it off the distance, and near the well's edge rounding decides. Energies in ε, so T is kT/ε.
import { fmt } from '../model/format.js';
import { gasFlags } from './gas.js';

const NEVER = 1e100;  // the core's "no quench" (beyond the clock)

export default {
  id: 'square-well',
  title: 'Square-well fluid',
  view: 'gas',
  story: 'well',
  blurb: (s) => `Particles with a hard core and an attractive well of depth ε out to λ = ${fmt(s.lambda, 3)} diameters. ` +
    'A pair entering the well gains ε of kinetic energy along the line of centres and pays it back to leave; too slow, it bounces off the well\'s edge and stays. ' +
    'Whether a pair is in the well is its logical state, kept by the stable detector from the pair\'s history. ' +
    'Textbook code reads it off the distance: a pair that rounding leaves a hair outside the edge after its capture is captured again at the same instant, ' +
    'and energy appears from nothing (top plot: the energy drift per particle). ' +
    (s.thermo > 0
      ? `A thermostat holds kT at ${fmt(s.T, 3)}${s.quench > 0 ? `, then quenches it to ${fmt(s.Tq, 3)} at t = ${fmt(s.quench, 4)}: below the critical temperature the fluid separates into liquid droplets and vapour` : ''}.`
      : 'Without a thermostat the total energy is conserved: the stable run\'s drift stays at rounding.'),
  params: ['naive', 'dim', 'n', 'phi', 'T', 'lambda', 'thermo', 'quench', 'Tq', 'seed', 'speed'],
  defaults: { naive: 'miss', dim: 2, n: 1500, phi: 0.25, T: 1.0, lambda: 1.5, thermo: 0, quench: 0, Tq: 0.35, seed: 1, speed: 2 },
  dimDefaults: { 2: { phi: 0.25 }, 3: { phi: 0.15 } },
  units: () => ({ length: 'σ', time: 'σ√(m/ε)' }),
  // the quench of docs/teaching.md: well below the critical temperature (kT_c ≈ 0.5 ε in 2-D), so
  // droplets form within seconds; and back to the energy-conserving run
  experiments: (s) => (s.thermo > 0
    ? [{ label: 'Thermostat off: energy conserved', change: { thermo: 0, quench: 0 } }]
    : [{ label: 'Quench to kT = 0.3 ε: droplets form', change: { thermo: 1, quench: 5, T: 1, Tq: 0.3, speed: 4 } }]),

  engineConfig: (s, detector) => ({ kind: 'gas', detector, config: {
    scenario: 'elastic', detector, dim: s.dim, n: s.n, packingFraction: s.phi, seed: s.seed, temperature: s.T,
    potential: 'square-well', wellWidth: s.lambda,
    ...(s.thermo > 0 ? { thermostatRate: s.thermo, bathTemperature: s.T, ...(s.quench > 0 ? { quenchAt: s.quench, quenchTo: s.Tq } : {}) } : {}),
  } }),
  cliFlags: (state, detector, spec) => gasFlags(spec.config),

  columns: () => ['time', 'naive energy drift per particle [ε]', 'stable energy drift per particle [ε]', 'exact: 0',
    'naive kT [ε]', 'stable kT [ε]', 'bath kT [ε]', 'naive U/N [ε]', 'stable U/N [ε]'],
  record(model, [fa, fb], t) {
    const s = model.state, per = (f, x) => x / f.n;
    const thermostat = s.thermo > 0;
    const bath = thermostat ? (s.quench > 0 && t >= s.quench ? s.Tq : s.T) : null;
    // with a thermostat the energy is not conserved by design: no drift
    const drift = (f) => (thermostat ? null : per(f, f.stats.energyDrift));
    model.series.main.push([t, drift(fa), drift(fb), thermostat ? null : 0, fa.stats.temperature, fb.stats.temperature, bath,
      per(fa, fa.stats.potentialEnergy), per(fb, fb.stats.potentialEnergy)]);
  },
  // without a thermostat the energy drift (it must stay at 0) first, then the temperature (it
  // rises as pairs bind: U turns into kinetic energy); with one the temperature (it follows the bath)
  plots: (s, labels) => {
    const temperature = { kind: 'series', title: 'Temperature', x: 'time t [σ√(m/ε)]', y: 'kT [ε]', labels };
    return {
      main: s.thermo > 0
        ? { ...temperature, theoryLabel: 'bath', columns: [0, 4, 5, 6] }
        : { kind: 'series', title: 'Energy drift since the start', x: 'time t [σ√(m/ε)]', y: 'ΔE / N [ε]', labels, theoryLabel: 'exact: 0', columns: [0, 1, 2, 3] },
      third: s.thermo > 0 ? null : { ...temperature, theoryLabel: null, columns: [0, 4, 5, null] },
      second: { title: 'Potential energy per particle', x: 'time t [σ√(m/ε)]', y: 'U / N [ε]', labels, theoryLabel: null, columns: [0, 7, 8, null] },
    };
  },
};
