// How far apart the two panes' particles are (no DOM). Both panes start from the same state;
// the naive and stable detectors compute a collision time by different formulas (Eq. 12 and
// Algorithm 1's cancellation-free form), which can round one ulp apart, and hard-sphere
// dynamics is chaotic: such a difference grows about e-fold with every collision or two per
// particle, to the size of a particle within a few dozen. Shown so that a student sees why two
// correct runs differ, and that the comparison that matters is of statistics (kT, Z), not paths.

import { minimumImage, periodicEdges } from './periodic.js';

/** Root mean square over particles of |r_naive − r_stable| (minimum image on periodic axes),
 * from two gas frames at the same time; null if either is missing or they are at different
 * times (a halted pane stays where it stopped). */
export function paneDistance(fa, fb) {
  if (!fa || !fb || fa.time !== fb.time) return null;
  const pa = fa.positions, pb = fb.positions, edges = periodicEdges(fa);
  const n = Math.min(pa.length, pb.length) / 3;
  if (!n) return null;
  let sum = 0;
  for (let i = 0; i < 3 * n; i++) {
    const d = minimumImage(pa[i] - pb[i], edges[i % 3]);
    sum += d * d;
  }
  return Math.sqrt(sum / n);
}
