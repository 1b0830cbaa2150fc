// The mean of a quantity over the latter half of a run so far, [t/2, t], from its running mean
// since t = 0 (no DOM). A gas started from a lattice needs a while to become a fluid: the engine's
// pressure, averaged from t = 0, keeps that start for a long time (φ = 0.45 in 3-D: 1.5 % below
// the equation of state at t = 12, closing as 1/t), while the mean over [t/2, t] drops the start
// as the run goes on. The engine's Z is a time mean (1 + W / (2 ∫KE dt), KE constant in an
// elastic gas), so the window's mean follows exactly from two running means:
//   Z̄[t₁, t] = (Z̄(t) · t − Z̄(t₁) · t₁) / (t − t₁).
const BLOCKS = 8;

export class LatterHalfMean {
  constructor(capacity = 2048) {
    this.capacity = capacity;
    this.times = [];
    this.integrals = [];  // running mean × elapsed time
  }

  /** Record the running mean `mean` (since t = 0) at time `t`; times must not decrease. */
  push(t, mean) {
    if (!Number.isFinite(t) || !Number.isFinite(mean) || t <= 0) return;
    const n = this.times.length;
    if (n && t <= this.times[n - 1]) return;
    this.times.push(t);
    this.integrals.push(mean * t);
    // windows only move forward: a sample before the last one at or before t/2 is never needed again
    let drop = 0;
    while (drop + 1 < this.times.length && this.times[drop + 1] <= t / 2) drop++;
    if (drop) { this.times.splice(0, drop); this.integrals.splice(0, drop); }
    if (this.times.length > this.capacity) {
      // thin to about capacity/2 samples evenly spaced in time (the window's start and the latest
      // kept), so that later windows still find a start within (t − t₁)/(capacity/2) of t/2
      const t0 = this.times[0], gap = (t - t0) / (this.capacity / 2);
      const keep = [0];
      for (let i = 1; i < this.times.length - 1; i++) if (this.times[i] >= this.times[keep[keep.length - 1]] + gap) keep.push(i);
      keep.push(this.times.length - 1);
      this.times = keep.map((i) => this.times[i]);
      this.integrals = keep.map((i) => this.integrals[i]);
    }
  }

  /** The standard error of value: the window cut into BLOCKS blocks at recorded times, the
   * sample deviation of the block means over √BLOCKS. The pressure forgets within a few mean
   * free times, so blocks this long are nearly independent (checked against the spread over
   * seeds in tests/js/model.test.js); null until every block spans at least two records. */
  get error() {
    const n = this.times.length;
    if (n < 2) return null;
    const t1 = this.times[0], t = this.times[n - 1];
    if (!(t1 <= t / 2)) return null;
    const ends = [0];
    for (let j = 1, i = 0; j < BLOCKS; j++) {
      const edge = t1 + ((t - t1) * j) / BLOCKS;
      while (i + 1 < n && this.times[i + 1] <= edge * (1 + 1e-12)) i++;
      ends.push(i);
    }
    ends.push(n - 1);
    const means = [];
    for (let j = 0; j < BLOCKS; j++) {
      const a = ends[j], b = ends[j + 1];
      if (b <= a) return null;
      means.push((this.integrals[b] - this.integrals[a]) / (this.times[b] - this.times[a]));
    }
    const mean = means.reduce((x, y) => x + y) / BLOCKS;
    const variance = means.reduce((x, y) => x + (y - mean) ** 2, 0) / (BLOCKS - 1);
    return Math.sqrt(variance / BLOCKS);
  }

  /** The mean over [t₁, t], t the last recorded time and t₁ the last recorded time ≤ t/2 (0 if
   * there is none yet: then the running mean); null before anything was recorded. */
  get value() {
    const n = this.times.length;
    if (!n) return null;
    const t = this.times[n - 1], total = this.integrals[n - 1];
    if (!(this.times[0] <= t / 2)) return total / t;  // no start recorded yet: the running mean
    return (total - this.integrals[0]) / (t - this.times[0]);  // push keeps the window's start first
  }
}
