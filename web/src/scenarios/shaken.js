// A shaken box: a bed of inelastic disks (spheres in 3-D) in a walled box on a floor that
// oscillates as A + A sin(ωt), A = σ/2, g = 1, so Γ = Aω²/g sets ω; one large intruder starts at
// the bottom and rises to the top (the Brazil-nut effect). The naive detector freezes the floor's
// motion over each flight and the accelerating floor catches a grain inside it within the first
// cycle; the stable one finds each impact on the moving floor by steps that cannot pass it. The TC
// model keeps the bed's rest on the floor from an inelastic collapse. Plots: the intruder's height
// and the bed's against time; the bed's packing fraction and granular temperature over height.
import { fmt } from '../model/format.js';
import { gasFlags } from './gas.js';
import { count } from './stories.js';

const AMPLITUDE = 0.5, TC = 1e-4;

/** The floor's angular frequency for Γ = Aω²/g at A = σ/2, g = 1. */
export const omegaOf = (Gamma) => Math.sqrt(Gamma / AMPLITUDE);

/** A frame's heights: the intruder's (the last particle) and the bed's mean, up the box. */
export function heights(frame, intruder) {
  const r = frame.positions, up = frame.dim === 3 ? 2 : 1, n = frame.n, bed = intruder ? n - 1 : n;
  let sum = 0;
  for (let i = 0; i < bed; i++) sum += r[3 * i + up];
  return { intruder: intruder ? r[3 * (n - 1) + up] : null, bed: bed ? sum / bed : null };
}

export default {
  id: 'shaken',
  title: 'Shaken box (Brazil nut)',
  view: 'gas',
  story: shakenStory,
  blurb: (s) => `${s.n} inelastic ${s.dim === 3 ? 'spheres' : 'disks'} (ε = ${s.e}) in a box whose floor oscillates with amplitude σ/2 at Γ = Aω²/g = ${s.shake}` +
    (s.intruder ? `, and one intruder ${s.intruder} diameters across, as dense as the bed, at the bottom. Shaken, it rises to the top: the Brazil-nut effect (main plot). ` : '. ') +
    'The gap to a moving floor is no polynomial. The naive detector takes the floor as moving at its velocity of the moment over each flight; the floor accelerates and catches grains inside it, where the textbook formula has no answer: ' +
    'naive-miss takes that for no impact and the grains fall through the floor; naive-halt stops at its first undefined impact (in the default bed, within two cycles). ' +
    'The stable one finds each impact by steps that cannot pass it and applies the restitution to the velocity relative to the floor. ' +
    `The TC model (t_c = ${TC}) keeps the bed's rest on the floor from an inelastic collapse. The lower plots: the bed's packing fraction and granular temperature over height, averaged over the last ~50 time units.`,
  params: ['naive', 'dim', 'n', 'e', 'shake', 'intruder', 'seed', 'speed'],
  defaults: { naive: 'miss', dim: 2, n: 300, e: 0.8, shake: 3, intruder: 4, seed: 1, speed: 10 },
  dimDefaults: { 2: { n: 300 }, 3: { n: 500 } },
  nMax: 1000,  // a bed 17 disks deep; with a 6-σ intruder some 40 000 events per time unit
  units: () => ({ length: 'σ', time: '√(σ/g)' }),
  experiments: (s) => [
    s.naive === 'miss' ? { label: 'The textbook detector that halts instead', change: { naive: 'halt' } } : { label: 'Grains through the floor (naive-miss)', change: { naive: 'miss' } },
    ...(s.intruder ? [{ label: 'Jump to t = 500: the intruder on top', change: { t: 500 } }] : []),
  ],

  engineConfig: (s, detector) => ({
    kind: 'gas', detector,
    config: { scenario: 'shaken-box', detector, dim: s.dim, n: s.n, restitution: s.e, gravity: 1, plateAmplitude: AMPLITUDE, plateFrequency: omegaOf(s.shake),
      intruderDiameter: s.intruder, tc: TC, seed: s.seed },
    profile: { sampleDt: 0.1, slice: 0.5, memory: 50, skip: s.intruder ? s.n - 1 : -1 },
  }),
  cliFlags: (state, detector, spec) => gasFlags(spec.config),

  columns: () => ['time', 'naive intruder', 'stable intruder', 'stable bed (mean height)'],
  record(model, [fa, fb], t) {
    const s = model.state, [a, b] = model.panes;
    const ha = heights(fa, s.intruder), hb = heights(fb, s.intruder);
    // a pane that halted draws nothing after its halt, an intruder that fell through the floor nothing below it
    const shown = (pane, h) => {
      const y = s.intruder ? h.intruder : h.bed;
      return pane.time >= t && y >= 0 ? y : null;
    };
    model.series.main.push([t, shown(a, ha), shown(b, hb), hb.bed]);
  },
  plots: (s, labels) => ({
    main: { kind: 'series', title: s.intruder ? 'The intruder rises: its height and the bed\'s' : 'The bed\'s mean height', x: 'time t [√(σ/g)]', y: 'height [σ]', labels,
      theoryLabel: 'the bed\'s mean height (stable)' },
    // the stable pane's alone: the naive one halts within the first cycles, its profile the start's
    third: { title: 'Packing fraction over height', x: 'height [σ]', y: s.dim === 3 ? 'volume fraction' : 'area fraction', labels: ['stable pane'], single: true, pane: 1,
      data: (frames) => profileColumns(frames, 'fraction') },
    second: { title: 'Granular temperature over height', x: 'height [σ]', y: 'T [m g σ]', labels: ['stable pane'], single: true, pane: 1,
      data: (frames) => profileColumns(frames, 'temperature') },
  }),
};

/** The stable pane's profile of one quantity as plot columns [height, values] (empty before its
 * first sample). */
export function profileColumns(frames, key) {
  const p = frames[1]?.profile ?? null;
  return p ? [p.height, p[key]] : [[], []];
}

/** What each detector did on the shaken floor. */
export function shakenStory(detector, { status: st, stats: s }) {
  if (st.status === 'halted') {
    const who = st.particles[1] < 0 ? `grain ${st.particles[0]} and the floor` : `grains ${st.particles[0]} and ${st.particles[1]}`;
    return `${detector} stopped at t = ${fmt(st.time, 10)} (${who}): its quadratic takes the floor as moving at its velocity of the moment over a flight, ` +
      'but the floor accelerates; it caught up with a grain, which now sits inside it and approaches, and the textbook formula has no impact time: the run cannot go on.';
  }
  if (st.status === 'collapse') {
    return `${detector}: inelastic collapse at t = ${fmt(st.time, 10)}: grains resting on the floor met it without end at one instant. The TC model (t_c > 0) prevents it.`;
  }
  if (detector !== 'stable' && s.fellThrough > 0) {
    return `${detector} took impacts it could not compute for none: ${count(s.fellThrough, 'grain')} fell through the floor.`;
  }
  if (detector === 'stable') {
    return `stable: each impact on the moving floor found by steps that cannot pass it; the floor has put in ${fmt(s.planeWork, 4)} (m g σ) and the grains' impacts took out ${fmt(s.impactLoss, 4)}` +
      ` (${count(s.collisions, 'collision')}, ${count(s.planeImpacts, 'wall impact')}).`;
  }
  return null;
}
