// What happened in each pane, in a sentence a student can follow: why a naive detector stopped or
// went wrong, and what the stable one did instead (the paper's Sects. 3-5). Built from a pane's
// frame (status and counters); the view shows it under the counters and as the badge's tooltip.
// Plain module, no DOM.
import { ballCollapseTime } from './theory.js';
import { fmt } from './format.js';
import { scenarioOf } from '../scenarios/index.js';

const count = (x, one) => `${x.toLocaleString('en')} ${x === 1 ? one : `${one}s`}`;

/** One sentence for pane (detector, frame) of a run with state, or null while nothing notable happened. */
export function paneStory(state, detector, frame) {
  if (!frame) return null;
  const st = frame.status, s = frame.stats;
  const story = scenarioOf(state.scenario).story;
  const kind = typeof story === 'function' ? story(state, frame) : story;  // 'ball', 'array', 'gas' or 'well'
  const ball = kind === 'ball';
  if (kind === 'array') return null;  // the verdict and the plot tell it ball by ball
  if (kind === 'well') return wellStory(detector, frame);
  if (st.status === 'halted' && st.reason === 'no-real-root') {
    return `${detector} stopped: after a bounce the ball overlaps the plate by a rounding error (about 1e-16 σ). ` +
      'Once the bounces are too low to clear that overlap, the square root in Eq. (12) is of a negative number: ' +
      'the textbook detector has no impact time, and the run cannot go on.';
  }
  if (st.status === 'halted' && st.reason === 'overlap-approaching') {
    return `${detector} stopped at t = ${fmt(st.time, 10)}: particles ${st.particles[0]} and ${st.particles[1]} overlap (by rounding, left by an earlier impact) and approach each other. ` +
      'The textbook formula gives their impact a negative Δt, a time in the past (a three-body event, the paper\'s Fig. 4), so the run must stop.';
  }
  if (st.status === 'halted') return `${detector} stopped at t = ${fmt(st.time, 10)}: ${st.reason}.`;  // a reason without its sentence yet
  if (st.status === 'collapse') {
    if (ball) {
      const exact = state.e > 0 && state.e < 1 ? ` (exact: ${fmt(ballCollapseTime(state.e, state.g), 6)})` : '';
      return `${detector}: the ball came to rest at t = ${fmt(st.time, 10)}${exact}, after ever shorter bounces, ` +
        `${s.stabilizingEvents ? `${count(s.stabilizingEvents, 'stabilising impact')} among them (overlapping the plate by rounding, the ball was bounced at once or at its turning point: Eq. 10, Algorithm 2). ` : ''}` +
        'Infinitely many impacts in finite time end the run here, as they end the exact motion.';
    }
    return `${detector}: inelastic collapse at t = ${fmt(st.time, 10)}: impacts without end at one instant (Sect. 5), which the exact dynamics has too. ` +
      'The TC model (t_c > 0) prevents it by making impacts elastic in quick succession.';
  }
  if (detector === 'naive-miss' && (s.maxOverlap ?? 0) > 1e-9) {
    return `naive-miss treats an impact it cannot compute (a negative Δt) as none: ${count(s.overlappingPairs ?? 0, 'pair')} now ${(s.overlappingPairs ?? 0) === 1 ? 'overlaps' : 'overlap'} by up to ${fmt(s.maxOverlap, 3)} σ — ` +
      'particles pass through each other.';
  }
  if (detector === 'naive-miss' && s.fellThrough > 0) return 'naive-miss found no real root for the next bounce and took it for no impact: the ball fell through the plate.';
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

/** The square-well fluid: what each detector made of the well's edge. */
function wellStory(detector, { status: st, stats: s }) {
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
