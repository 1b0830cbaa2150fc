// What happened in a pane of a gas or a ball, in a sentence a student can follow: why a naive
// detector stopped or went wrong, and what the stable one did instead (the paper's Sects. 3-5).
// The scenarios' `story` (model/what-happened.js asks them). Plain module, no DOM.
import { ballCollapseTime } from '../model/theory.js';
import { fmt } from '../model/format.js';

export const count = (x, one) => `${x.toLocaleString('en')} ${x === 1 ? one : `${one}s`}`;

/** A halt the detector met, for a reason without its own sentence yet. */
const halted = (detector, st) => `${detector} stopped at t = ${fmt(st.time, 10)}: ${st.reason}.`;

/** What the naive-rewind and the stable detectors did, in a gas or with a ball. */
function detectorStory(detector, s) {
  if (detector === 'naive-rewind' && s.negativeDtEvents > 0) {
    return `naive-rewind executed ${count(s.negativeDtEvents, 'impact')} at negative Δt (pairs that already overlapped and approached): ` +
      `the clock ran backwards${(s.maxOverlap ?? 0) > 1e-9 ? `, and overlaps followed (deepest now ${fmt(s.maxOverlap, 3)} σ)` : ''}.`;
  }
  if (detector === 'stable' && s.stabilizingEvents > 0) {
    return `stable: ${count(s.stabilizingEvents, 'stabilising event')} so far — overlapping pairs that approached were collided at once (Eq. 10), ` +
      `so no overlap grew beyond rounding (${s.maxOverlap ? `deepest now ${fmt(s.maxOverlap, 3)} σ` : 'none now'}).`;
  }
  return null;
}

/** One ball on its plate (the paper's Fig. 7). */
export function ballStory(detector, { status: st, stats: s }, state) {
  if (st.status === 'halted' && st.reason === 'no-real-root') {
    return `${detector} stopped: after a bounce the ball overlaps the plate by a rounding error (about 1e-16 σ). ` +
      'Once the bounces are too low to clear that overlap, the square root in Eq. (12) is of a negative number: ' +
      'the textbook detector has no impact time, and the run cannot go on.';
  }
  if (st.status === 'halted') return halted(detector, st);
  if (st.status === 'collapse') {
    const exact = state.e > 0 && state.e < 1 ? ` (exact: ${fmt(ballCollapseTime(state.e, state.g), 6)})` : '';
    return `${detector}: the ball came to rest at t = ${fmt(st.time, 10)}${exact}, after ever shorter bounces, ` +
      `${s.stabilizingEvents ? `${count(s.stabilizingEvents, 'stabilising impact')} among them (overlapping the plate by rounding, the ball was bounced at once or at its turning point: Eq. 10, Algorithm 2). ` : ''}` +
      'Infinitely many impacts in finite time end the run here, as they end the exact motion.';
  }
  if (detector === 'naive-miss' && s.fellThrough > 0) return 'naive-miss found no real root for the next bounce and took it for no impact: the ball fell through the plate.';
  return detectorStory(detector, s);
}

/** One ball on a vibrating table: the naive detector's quadratic freezes the table's motion. */
export function tableStory(detector, { status: st, stats: s }) {
  if (st.status === 'halted') {
    return `${detector} stopped at t = ${fmt(st.time, 10)}: its quadratic takes the table as moving at its velocity of the moment, ` +
      'but the table accelerates; it caught up with the ball, which now sits inside it, and the textbook formula has no root ' +
      `(${st.reason}): the run cannot go on.`;
  }
  if (detector !== 'stable' && s.fellThrough > 0) {
    return `${detector} took an impact it could not compute (its quadratic froze the table's motion, and the accelerating table caught the ball inside it) for none: the ball fell through the table.`;
  }
  if (detector === 'stable') {
    const rides = s.plateLocks ? ` It chattered to a stop on the table ${count(s.plateLocks, 'time')} and rode it, taking off ${count(s.plateTakeoffs, 'time')} where the table fell away faster than gravity (sin(ωt + φ) = 1/Γ).` : '';
    return `stable: the gap to the table is no polynomial; its first root is found by steps that cannot pass it (the gap is bounded below by a parabola), ` +
      `and each impact acts on the velocity relative to the table.${rides}`;
  }
  return detectorStory(detector, s);
}

/** A gas of hard spheres or disks. */
export function gasStory(detector, { status: st, stats: s }) {
  if (st.status === 'halted' && st.reason === 'overlap-approaching') {
    return `${detector} stopped at t = ${fmt(st.time, 10)}: particles ${st.particles[0]} and ${st.particles[1]} overlap (by rounding, left by an earlier impact) and approach each other. ` +
      'The textbook formula gives their impact a negative Δt, a time in the past (a three-body event, the paper\'s Fig. 4), so the run must stop.';
  }
  if (st.status === 'halted') return halted(detector, st);
  if (st.status === 'collapse') {
    return `${detector}: inelastic collapse at t = ${fmt(st.time, 10)}: impacts without end at one instant (Sect. 5), which the exact dynamics has too. ` +
      'The TC model (t_c > 0) prevents it by making impacts elastic in quick succession.';
  }
  if (detector === 'naive-miss' && (s.maxOverlap ?? 0) > 1e-9) {
    return `naive-miss treats an impact it cannot compute (a negative Δt) as none: ${count(s.overlappingPairs ?? 0, 'pair')} now ${(s.overlappingPairs ?? 0) === 1 ? 'overlaps' : 'overlap'} by up to ${fmt(s.maxOverlap, 3)} σ — ` +
      'particles pass through each other.';
  }
  return detectorStory(detector, s);
}
