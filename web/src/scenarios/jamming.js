// Compression to jamming (Lubachevsky–Stillinger): a 50:50 mixture of diameters 1 and 1.4 (it does
// not crystallise) grows from φ = 0.3 at rate γ until the pressure diverges. Near jamming the gaps
// between neighbours shrink to rounding, exactly where the textbook detector meets pairs that
// overlap by a rounding error and approach: it halts (or lets them pass, or runs its clock back);
// the stable one collides them at once and compresses on to the jammed packing.
import { fmt } from '../model/format.js';
import { freeVolumePressure, mixturePressure } from '../model/theory.js';
import { gasFlags, gasUnits } from './gas.js';
import { gasStory } from './stories.js';

/** O'Hern, Silbert, Liu & Nagel, Phys. Rev. E 68, 011306 (2003): this mixture jams near these
 * (the stable run's own φ_J replaces them once it jams). */
export const PHI_J = { 2: 0.842, 3: 0.648 };
const START = 0.3;

export const speciesOf = (n) => [[Math.floor(n / 2), 1, 1], [n - Math.floor(n / 2), 1.4, 1]];

export default {
  id: 'jamming',
  title: 'Compress to jamming',
  view: 'gas',
  story: jamStory,
  blurb: (s) => `${s.dim === 3 ? 'Spheres' : 'Disks'} of two sizes (1 and 1.4 diameters, half of each, so they cannot crystallise) grow as σ(1 + γt), γ = ${fmt(s.gamma, 3)}, from φ = ${START}; ` +
    'after each impact a pair leaves faster than its contact distance grows, and the heat this makes is taken out by rescaling the speeds (the Lubachevsky–Stillinger algorithm of the packing codes). ' +
    'Near jamming the gaps between neighbours shrink to rounding and the pressure diverges (plot: Z against φ, log scale). ' +
    'There the textbook detector meets pairs that overlap by a rounding error and approach; the stable one collides them at once and compresses on until the pressure passes 10¹²: the jammed packing, ' +
    `its contacts drawn once it jams${s.dim === 3 ? ' (inside the spheres: turn the view)' : ''}, and the rattlers, held by nothing, in grey.`,
  params: ['naive', 'dim', 'n', 'gamma', 'seed', 'speed'],
  defaults: { naive: 'halt', dim: 2, n: 200, gamma: 0.01, seed: 1, speed: 8 },
  dimDefaults: { 2: { n: 200 }, 3: { n: 250 } },
  units: gasUnits,

  engineConfig: (s, detector) => ({ kind: 'gas', detector, growing: true, config: {
    scenario: 'elastic', detector, dim: s.dim, species: speciesOf(s.n), packingFraction: START, seed: s.seed, growthRate: s.gamma } }),
  cliFlags: (state, detector, spec) => gasFlags(spec.config),

  columns: () => ['packing fraction φ', 'naive Z', 'stable Z', 'free-volume law d/(1 − φ/φ_J)', 'mixture equation of state'],
  record(model, [fa, fb], t) {
    const s = model.state, phi = fb.stats.packingFractionNow;
    const z = (f) => (f.time >= t - 1e-9 && Number.isFinite(f.stats.intervalPressureZ) ? f.stats.intervalPressureZ : null);
    const phiJ = fb.status.status === 'jammed' ? phi * (1 + 1e-12) : PHI_J[s.dim];
    const x = model.series.main.columns[0];
    if (x.length && phi <= x[x.length - 1]) return;  // φ grows with the clock: one row per φ
    model.series.main.push([phi, z(fa), z(fb), freeVolumePressure(phi, s.dim, phiJ), mixturePressure(phi, s.dim, speciesOf(s.n))]);
  },
  plots: (s, labels) => ({
    main: { kind: 'series', title: 'Pressure as the packing grows', x: 'packing fraction φ', y: 'Z = PV/NkT', labels, logY: true,
      theoryLabel: `free volume: d/(1 − φ/φ_J), φ_J ≈ ${PHI_J[s.dim]}`, columns: [0, 1, 2, 3] },
    second: { title: 'Fluid branch', x: 'packing fraction φ', y: 'Z = PV/NkT', labels, theoryLabel: 'mixture EoS (BMCSL / SYH)', columns: [0, 1, 2, 4] },
    hist: true,
  }),
};

/** What each detector did as the packing jammed. */
export function jamStory(detector, frame) {
  const { status: st, stats: s } = frame;
  if (st.status === 'jammed') {
    const c = frame.contacts;
    return `${detector} compressed the packing until it jammed at φ_J = ${fmt(s.packingFractionNow, 4)} (t = ${fmt(st.time, 6)}), its pressure Z = ${fmt(s.intervalPressureZ, 2)}` +
      (c ? `: ${c.contacts.toLocaleString('en')} contacts hold ${(frame.n - c.rattlers).toLocaleString('en')} particles, ${fmt(c.meanContacts, 4)} each — isostatic is ${2 * frame.dim}; ${c.rattlers} rattlers are held by nothing` : '') +
      `. ${s.stabilizingEvents ? `${s.stabilizingEvents.toLocaleString('en')} stabilising events on the way (pairs overlapping by rounding and approaching, collided at once: Eq. 10).` : ''}`;
  }
  return gasStory(detector, frame);
}
