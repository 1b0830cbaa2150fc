// A shaken bed's profile over height: its packing fraction and granular temperature in slices of
// the box, time-averaged over samples at equal steps of the clock, the older ones fading (weight
// e^(-age/memory)) so that the profile follows a bed that changes. The granular temperature of a
// slice is its grains' kinetic energy about the slice's own mean velocity, per degree of freedom
// (a bed the floor throws moves as a whole: that flight is no temperature). The intruder, a
// grain of another size, is left out. No DOM.

export class BedProfile {
  /** { dim, box: [x, y, z], slice: height of a slice [σ], memory: the fading time, skip: a
   * particle left out (the intruder) or -1 }; the vertical is y in 2-D, z in 3-D. */
  constructor({ dim, box, slice = 0.5, memory = 50, skip = -1 }) {
    this.dim = dim;
    this.up = dim === 3 ? 2 : 1;
    this.slice = slice;
    this.memory = memory;
    this.skip = skip;
    const height = box[this.up];
    this.bins = Math.max(1, Math.ceil(height / slice));
    // a slice's volume (area in 2-D) and one grain's (σ = 1)
    this.sliceVolume = slice * (dim === 3 ? box[0] * box[1] : box[0]);
    this.grain = dim === 3 ? Math.PI / 6 : Math.PI / 4;
    this.count = new Float64Array(this.bins);    // weighted grains per slice
    this.thermal = new Float64Array(this.bins);  // weighted kinetic energy about the slice's mean velocity
    this.dof = new Float64Array(this.bins);      // ... and its weighted degrees of freedom
    this.weight = 0;                             // weighted samples
    this.last = null;                            // the last sample's time
  }

  /** One sample at time t: positions and velocities (3 n each, unit masses). */
  add(t, positions, velocities) {
    const fade = this.last === null ? 1 : Math.exp(-(t - this.last) / this.memory);
    this.last = t;
    for (let b = 0; b < this.bins; b++) { this.count[b] *= fade; this.thermal[b] *= fade; this.dof[b] *= fade; }
    this.weight = this.weight * fade + 1;
    const n = positions.length / 3, up = this.up;
    const count = new Float64Array(this.bins), sum2 = new Float64Array(this.bins), mean = new Float64Array(3 * this.bins);
    for (let i = 0; i < n; i++) {
      if (i === this.skip) continue;
      const b = Math.min(this.bins - 1, Math.max(0, Math.floor(positions[3 * i + up] / this.slice)));
      count[b] += 1;
      for (let a = 0; a < 3; a++) {
        const v = velocities[3 * i + a];
        sum2[b] += v * v;
        mean[3 * b + a] += v;
      }
    }
    for (let b = 0; b < this.bins; b++) {
      if (!count[b]) continue;
      const m2 = mean[3 * b] ** 2 + mean[3 * b + 1] ** 2 + mean[3 * b + 2] ** 2;
      this.count[b] += count[b];
      this.thermal[b] += sum2[b] - m2 / count[b];  // about the slice's mean: sum v^2 - |sum v|^2 / n
      this.dof[b] += this.dim * (count[b] - 1);    // the mean took dim of them
    }
  }

  /** { height, fraction, temperature }: each slice's centre [σ], packing fraction, and granular
   * temperature [m g σ] (null where fewer than 20 degrees of freedom were seen); null before any sample. */
  result() {
    if (!this.weight) return null;
    const height = [], fraction = [], temperature = [];
    for (let b = 0; b < this.bins; b++) {
      height.push((b + 0.5) * this.slice);
      fraction.push((this.count[b] / this.weight) * this.grain / this.sliceVolume);
      temperature.push(this.dof[b] >= 20 ? this.thermal[b] / this.dof[b] : null);
    }
    return { height, fraction, temperature };
  }
}
