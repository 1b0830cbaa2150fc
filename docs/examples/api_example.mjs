// The JavaScript/WebAssembly API in one page (docs/api.md): the C example's runs in the module
// the app uses. `node docs/examples/api_example.mjs` after `npm run setup`; Jest runs it too.
import { readFileSync, realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { loadEdpd } from '../../web/src/edpd.js';

const edpd = await loadEdpd({ wasmBinary: readFileSync(new URL('../../web/wasm/edpd.wasm', import.meta.url)) });
export const lines = [];
try {
  edpd.createSimulation({ scenario: 'granular', packingFraction: 0.95 });
} catch (err) {
  lines.push(`refused: ${err.message}`);  // names the field and its range
}
for (const detector of ['stable', 'naive-halt']) {
  const sim = edpd.createSimulation({ scenario: 'granular', detector, dim: 2, n: 2000, packingFraction: 0.6, restitution: 0.5, tc: 1e-9 });
  sim.advanceTo(20, { maxEvents: 1e7 });
  const s = sim.stats(), st = sim.status();
  lines.push(`${detector.padEnd(12)} ${st.status.padEnd(9)} t = ${s.time.toFixed(6)}  events ${s.events}  overlapping pairs ${s.overlappingPairs}` +
    `  stabilising ${s.stabilizingEvents}  hash ${sim.stateHash()}`);
  const f = sim.firstFailure();  // null for the stable detector
  if (f) lines.push(`             first failure at t = ${f.time.toFixed(9)}: the textbook answer ${f.naive.answer}, the stable rule's ${f.stable.answer}`);
  sim.destroy();
}
// printed when run as a program (a symlinked path too), not when a test imports it
if (process.argv[1] && import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href) console.log(lines.join('\n'));
