// Where to look in a gas pane: the pair at which a naive detector halted, or its clock stopped, or
// else an overlapping pair (naive-miss lets particles pass through each other, naive-rewind leaves overlaps behind).
// In a gas of thousands the two magenta or orange particles are hard to find by eye; the view
// zooms to this point. Plain module, no DOM.

import { minimumImage, periodicEdges } from './periodic.js';

/** The minimum image of b seen from a (periodic box). */
function imageNear(a, b, box, dim) {
  const out = [b[0], b[1], b[2]];
  for (let k = 0; k < dim; k++) out[k] = a[k] + minimumImage(b[k] - a[k], box[k]);
  return out;
}

const at = (pos, i) => [pos[3 * i], pos[3 * i + 1], pos[3 * i + 2]];

/**
 * The pair a pane's failure is about, which the picture marks in the failure colour: where the
 * detector halted, where a failed run's clock stopped (a square well's recaptures at one instant),
 * or, for a failed run that went on (naive-miss, naive-rewind), the pair of its first undefined
 * dynamics. [i, j] (j < 0: a plane), or null. failed: the pane's verdict is failed.
 */
export function failedPair(frame, failed) {
  const st = frame?.status;
  if (st?.particles && (st.status === 'halted' || (failed && st.status === 'collapse'))) return st.particles;
  return failed && frame?.failure?.particles ? frame.failure.particles : null;
}

/**
 * A gas frame's failure site: { point: [x, y, z], particles: [i, j], what } or null when there is
 * nothing to show (no halt, no overlap). point is the pair's midpoint by the minimum image, so a
 * pair across the periodic boundary is shown where the two touch.
 */
export function failureSite(frame, failed = false) {
  if (!frame || !frame.box || !frame.positions) return null;
  const { positions: pos, dim, n } = frame;
  const box = periodicEdges(frame);
  const pairAt = (i, j, what) => {
    const a = at(pos, i), b = imageNear(a, at(pos, j), box, dim);
    return { point: a.map((x, k) => (x + b[k]) / 2), particles: [i, j], what };
  };
  const st = frame.status;
  if (st && st.status === 'halted' && st.particles && st.particles[0] >= 0) {
    const [i, j] = st.particles;
    return j >= 0 ? pairAt(i, j, `the pair at which the detector halted (${st.reason})`)
      : { point: at(pos, i), particles: [i, -1], what: `the particle at which the detector halted (${st.reason})` };
  }
  // where the clock stopped: the pair of the last impacts at one instant (a square well's
  // recaptures by naive-miss, an inelastic collapse)
  if (st && st.status === 'collapse' && st.particles && st.particles[0] >= 0 && st.particles[1] >= 0) {
    return pairAt(st.particles[0], st.particles[1], 'the pair at which the clock stopped (events without end at one instant)');
  }
  // an overlapping pair: the first flagged particle and the flagged one nearest to it; else the
  // pair the picture marks (a rewound run that left no overlap)
  const flagged = [];
  for (let i = 0; i < n; i++) if (frame.flags[i]) flagged.push(i);
  if (flagged.length < 2) {
    const pair = failedPair(frame, failed);
    if (!pair || pair[0] < 0) return null;
    return pair[1] >= 0 ? pairAt(pair[0], pair[1], 'the pair of its first undefined dynamics')
      : { point: at(pos, pair[0]), particles: [pair[0], -1], what: 'the particle of its first undefined dynamics' };
  }
  const i = flagged[0];
  const a = at(pos, i);
  let best = -1, bestD = Infinity;
  for (const j of flagged.slice(1)) {
    const b = imageNear(a, at(pos, j), box, dim);
    const d = Math.hypot(b[0] - a[0], b[1] - a[1], b[2] - a[2]);
    if (d < bestD) { bestD = d; best = j; }
  }
  return pairAt(i, best, `an overlapping pair (${flagged.length} particles overlap)`);
}
