// A pane's verdict in one of three words that badges, particles, plots and legends all use:
// fine (running, nothing wrong beyond rounding), failed (the run met undefined dynamics: it
// halted, particles passed through each other or through a plate, or its clock ran backwards)
// and finished (a ball at rest, a collapse). A rounding-level overlap that the stable rule
// resolves is its design, not a failure; an overlap deeper than DEEP_OVERLAP is one in any pane.
// Plain module, no DOM.
import { fmt } from './format.js';

/** Overlaps deeper than this (in σ) are beyond rounding: particles passed through each other. */
export const DEEP_OVERLAP = 1e-9;

const REASONS = {
  'no-real-root': '√ of a negative number (Eq. 12)',
  'overlap-approaching': 'an overlapped pair approaching: Δt < 0',
};

const count = (x) => Math.round(x).toLocaleString('en');
const plural = (x, one, many = `${one}s`) => `${count(x)} ${x === 1 ? one : many}`;

/**
 * The verdict of a pane: { kind: 'loading'|'fine'|'failed'|'finished'|'error', headline, detail }.
 * headline is the large text on the picture (capitals for failed and finished), detail a short
 * second line. frame: the pane's frame (status, stats, balls for a ball array).
 */
export function paneVerdict(frame, { error = null, detector = 'stable' } = {}) {
  if (error) return { kind: 'error', headline: 'ERROR', detail: error };
  if (!frame) return { kind: 'loading', headline: 'loading…', detail: '' };
  const st = frame.status, s = frame.stats, balls = frame.balls;
  if (balls && frame.n > 1) return arrayVerdict(balls, frame.n);
  if ((s.captures ?? 0) + (s.releases ?? 0) + (s.stepBounces ?? 0) > 0 && st.status !== 'halted') return wellVerdict(frame);
  const deep = (s.maxOverlap ?? 0) > DEEP_OVERLAP;
  const pairs = (s.overlappingPairs ?? 0) + (s.planeOverlaps ?? 0);
  const impactNo = (s.planeImpacts ?? 0) + (s.collisions ?? 0);
  if (st.status === 'halted') {
    const at = frame.n === 1 ? `at impact ${count(impactNo)}` : `at t = ${fmt(st.time, 6)}`;
    return { kind: 'failed', headline: `HALTED ${at}`, detail: REASONS[st.reason] ?? st.reason ?? '' };
  }
  if ((s.fellThrough ?? 0) > 0) {
    return { kind: 'failed', headline: frame.n === 1 ? 'FELL THROUGH THE PLATE' : `FELL THROUGH: ${plural(s.fellThrough, 'particle')}`, detail: 'no real root taken for "no impact"' };
  }
  if ((s.negativeDtEvents ?? 0) > 0) {
    return { kind: 'failed', headline: `CLOCK RAN BACKWARDS ${plural(s.negativeDtEvents, 'time')}`,
      detail: deep ? `and ${plural(s.overlappingPairs ?? 0, 'pair')} overlap by up to ${fmt(s.maxOverlap, 2)} σ` : 'impacts executed at negative Δt' };
  }
  if (deep) {
    return { kind: 'failed', headline: `PASSED THROUGH: ${plural(pairs, 'pair')} overlap by up to ${fmt(s.maxOverlap, 2)} σ`,
      detail: (s.ignoredUndefined ?? 0) > 0 ? `${plural(s.ignoredUndefined, 'undefined answer')} ignored` : 'overlaps beyond rounding' };
  }
  if (st.status === 'jammed') {
    return { kind: 'finished', headline: `JAMMED at φ = ${fmt(s.packingFractionNow, 4)}`,
      detail: st.reason === 'stalled' ? `the clock stalled: gaps at rounding (Z = ${fmt(s.intervalPressureZ, 2)})` : `Z = ${fmt(s.intervalPressureZ, 2)} > 10¹²` };
  }
  if (st.status === 'collapse') {
    const stab = s.stabilizingEvents ?? 0;
    return frame.n === 1
      ? { kind: 'finished', headline: `AT REST at t = ${fmt(st.time, 9)}`, detail: stab ? `${plural(stab, 'stabilising impact')} at the end` : `after ${plural(s.planeImpacts ?? 0, 'bounce')}` }
      : { kind: 'finished', headline: `COLLAPSE at t = ${fmt(st.time, 6)}`, detail: 'impacts without end at one instant' };
  }
  const stab = s.stabilizingEvents ?? 0;
  return { kind: 'fine', headline: 'RUNNING — 0 overlaps', detail: detector === 'stable' || stab > 0 ? `${plural(stab, 'stabilising impact')}` : 'no undefined dynamics met' };
}

/** A square-well fluid: its energy is the test (a collapse is a failure too: a fluid cannot collapse). */
function wellVerdict({ status: st, stats: s, n }) {
  const drift = s.energyDrift ?? 0, kicks = s.thermostatKicks ?? 0;
  if (kicks === 0 && Math.abs(drift) > 1e-6 * Math.max(1, Math.abs(s.totalEnergy ?? 0))) {
    return { kind: 'failed', headline: `ENERGY ${drift > 0 ? 'CREATED: +' : 'LOST: −'}${fmt(Math.abs(drift), 4)} ε`,  // the story's digits
      detail: st.status === 'collapse' ? 'a pair recaptured at the well\'s edge again and again, at one instant' : 'the well read off the distance' };
  }
  if (st.status === 'collapse') return { kind: 'failed', headline: `STUCK at t = ${fmt(st.time, 6)}`, detail: 'events without end at one instant' };
  if ((s.maxOverlap ?? 0) > DEEP_OVERLAP) return { kind: 'failed', headline: `PASSED THROUGH: overlaps up to ${fmt(s.maxOverlap, 2)} σ`, detail: 'overlaps beyond rounding' };
  return { kind: 'fine', headline: kicks ? 'RUNNING — thermostat on' : 'RUNNING — energy conserved',
    detail: `${kicks ? '' : `drift ${fmt(Math.abs(drift) / n, 1)} ε per particle · `}${plural(s.captures ?? 0, 'capture')}, ${plural(s.stepBounces ?? 0, 'bounce')} off the edge` };
}

function arrayVerdict(b, n) {
  const failed = b.halted + b.fellThrough;
  const share = `${Math.round((100 * failed) / n)} %`;
  if (failed > 0) {
    const how = [b.halted ? `${count(b.halted)} halted` : '', b.fellThrough ? `${count(b.fellThrough)} fell through` : ''].filter(Boolean).join(', ');
    return { kind: 'failed', headline: `${share} OF THE BALLS FAILED`, detail: `${how}; ${count(b.collapse)} at rest` };
  }
  if (b.running === 0) return { kind: 'finished', headline: `ALL ${count(n)} BALLS AT REST`, detail: 'none halted or fell through' };
  return { kind: 'fine', headline: 'RUNNING — none failed', detail: `${count(b.collapse)} of ${count(n)} at rest` };
}

/** Whether particles flagged as overlapping are drawn in the failure colour: only in a failed
 * pane (a fine pane's overlaps are rounding that the stable rule resolves). */
export function showsOverlaps(verdict) { return verdict.kind === 'failed'; }
