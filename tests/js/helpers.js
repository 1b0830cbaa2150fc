// Shared by the Jest suites: load the same .wasm the browser loads, run the native CLI.
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { loadEdpd } from '../../web/src/edpd.js';

export const root = fileURLToPath(new URL('../../', import.meta.url));

export function loadForNode() {
  const wasmBinary = readFileSync(new URL('../../web/wasm/edpd.wasm', import.meta.url));
  return loadEdpd({ wasmBinary });
}

export function cli(args) {
  const out = execFileSync(`${root}build/edpd`, args, { encoding: 'utf8' });
  return JSON.parse(out);
}
