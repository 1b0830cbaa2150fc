// The vibrated table's bifurcation diagram: one ball per Gamma over a range (edpd_table_sweep), the
// table's phase at each impact after a transient, in shards run by the sweep's pool of workers
// (sweep-model.js). Points (Gamma, phase) accumulate as shards come in. No DOM.
import { SweepModel } from './sweep-model.js';

/** Where the period-1 orbit exists (Gamma_1) and doubles its period (Gamma_2), for restitution e
 * (Luck & Mehta 1993; tests/c/test_vibrated.c holds the engine to both). */
export function tableThresholds(e) {
  const g1 = (Math.PI * (1 - e)) / (1 + e);
  return { gamma1: g1, gamma2: Math.sqrt(g1 * g1 + ((2 * (1 + e * e)) / ((1 + e) * (1 + e))) ** 2) };
}

export class BifurcationModel extends SweepModel {
  /** samples values of Gamma over [gammaFrom, gammaTo], impacts each after transient periods. */
  start({ restitution = 0.5, gammaFrom = 1, gammaTo = 4, samples = 300, transient = 200, impacts = 32, detector = 'stable', shard = 10 } = {}) {
    this.cancel();
    if (!Number.isInteger(samples) || samples < 2 || samples > 100000) throw new Error(`samples: must be an integer in [2, 100000], got ${samples}`);
    if (!(gammaFrom >= 0.01 && gammaTo <= 100 && gammaFrom < gammaTo)) throw new Error(`Gamma: must be a range within [0.01, 100], got ${gammaFrom} to ${gammaTo}`);
    this.params = { restitution, gammaFrom, gammaTo, samples, transient, impacts, detector };
    this.points = { gamma: [], phase: [] };
    this.queue = [];
    for (let first = 0; first < samples; first += shard) {
      this.queue.push({ kind: 'table', detector, restitution, gammaFrom, gammaTo, samples, first, count: Math.min(shard, samples - first), transient, impacts });
    }
    this.total = samples;
    this.runQueue();
  }

  accept(job, r) {
    for (let k = 0; k < r.gammas.length; k++) {
      for (let m = 0; m < r.recorded[k]; m++) { this.points.gamma.push(r.gammas[k]); this.points.phase.push(r.phases[k * r.impacts + m]); }
    }
  }
}
