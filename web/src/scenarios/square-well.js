// The square-well fluid (the paper's Sect. 6): a hard core with a well of depth ε out to λσ.
// Whether a pair is in the well is its logical state, kept from its history; textbook code reads
// it off the distance, and near the well's edge rounding decides. Energies in ε, so T is kT/ε.
import { fmt } from '../model/format.js';
import { gasFlags } from './gas.js';
import { count } from './stories.js';

const NEVER = 1e100;  // the core's "no quench" (beyond the clock)

export default {
  id: 'square-well',
  title: 'Square-well fluid',
  view: 'gas',
  story: wellStory,
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

/** What each detector made of the well's edge. */
export function wellStory(detector, { status: st, stats: s }) {
  const drift = s.energyDrift ?? 0, kicks = s.thermostatKicks ?? 0;
  const events = `${count(s.captures ?? 0, 'capture')}, ${count(s.releases ?? 0, 'release')}, ${count(s.stepBounces ?? 0, 'bounce')} off the edge`;
  if (detector !== 'stable' && (st.status === 'collapse' || (kicks === 0 && Math.abs(drift) > 1e-6 * Math.max(1, Math.abs(s.totalEnergy ?? 0))))) {
    return `${detector} reads the well off the distance: a pair just captured sat a rounding error outside λσ, so the textbook formula captured it again at once` +
      `${st.status === 'collapse' ? `, and again, at t = ${fmt(st.time, 10)}: events without end at one instant stopped the run` : ''}. ` +
      `${kicks === 0 ? `Energy created from nothing: ${fmt(drift, 4)} ε${st.status === 'collapse' ? ', one ε per recapture, without bound until the run was stopped' : ''}. ` : ''}(${events}.)`;
  }
  const stab = (s.inwardStabilizingEvents ?? 0) + (s.outwardStabilizingEvents ?? 0);
  if (detector === 'stable' && (s.captures ?? 0) > 0) {
    return `stable keeps each pair's state in the well from its history: ${events}` +
      `${stab ? `, ${count(stab, 'stabilising event')} at the edge (a pair past it by rounding, turned at once: Eq. 10)` : ''}. ` +
      (kicks === 0 ? `The energy is conserved to rounding: drift ${fmt(drift, 2)} ε.` : `The thermostat has given ${count(kicks, 'particle')} a new velocity.`);
  }
  return null;
}
