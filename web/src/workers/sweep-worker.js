// One core's share of a sweep: the paper's plate sweep, { id, detector, first, count, seed,
// restitution } -> { id, result } (EdpdApi.sweep; shards combine exactly: offsets depend on (seed,
// sample)), or the vibrated table's over Gamma, { id, kind: 'table', ... } (EdpdApi.tableSweep).
import { loadEdpd } from '../edpd.js';
import wasmUrl from '../../wasm/edpd.wasm?url';

const queue = [];
let api = null;
self.onmessage = (e) => { queue.push(e.data); if (api) drain(); };
loadEdpd({ locateFile: () => wasmUrl }).then((a) => { api = a; drain(); }, (err) => {
  self.postMessage({ type: 'error', id: -1, message: `WebAssembly failed to load: ${err?.message ?? err}` });
});

function drain() {
  while (queue.length) {
    const m = queue.shift();
    try {
      const result = m.kind === 'table'
        ? api.tableSweep({ detector: m.detector, restitution: m.restitution, gammaFrom: m.gammaFrom, gammaTo: m.gammaTo, samples: m.samples,
          first: m.first, count: m.count, transient: m.transient, impacts: m.impacts })
        : api.sweep({ detector: m.detector, first: m.first, count: m.count, seed: m.seed, restitution: m.restitution, gravity: m.gravity });
      self.postMessage({ type: 'result', id: m.id, result });
    } catch (err) {
      self.postMessage({ type: 'error', id: m.id, message: err?.message ?? String(err) });
    }
  }
}
