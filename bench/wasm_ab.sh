#!/bin/bash
# A/B timing of two engine revisions in WebAssembly (Node), as bench/ab.sh does natively: builds
# each revision's core and step API with the project's Emscripten flags against the working
# tree's JS wrapper, then alternates the two, ROUNDS times 3 runs each (elastic gas, 4 N events
# of warm-up; WELL > 1: the square-well fluid of that width at kT = 1.5, as bench.mjs starts it),
# and prints the median and minimum µs per event of each. The state hashes of the
# two builds' runs are compared too (exit 1 if they differ): a change meant to be speed-only
# must leave them equal.
#
#   bench/wasm_ab.sh REV_A REV_B N NUMBER_DENSITY [ROUNDS=3] [EVENTS=2000000] [DIM=3] [WELL=0]
#   e.g. bench/wasm_ab.sh HEAD~1 HEAD 1000000 0.5
#        bench/wasm_ab.sh HEAD~1 HEAD 10000 0.5 3 2000000 2 1.5
# EDPD_EMCC_A / EDPD_EMCC_B: extra emcc flags for one side (a flag A/B: the same revision twice),
#   e.g. EDPD_EMCC_B=-msimd128 bench/wasm_ab.sh HEAD HEAD 13500 0.9
# EDPD_AB_PAIRED=1: both builds in one Node process, each with its own world, timed in
#   alternating chunks of EVENTS (ROUNDS pairs, the order swapped every round); prints each pair's
#   ratio b/a and their median: a slow phase of the host then hits both sides of a pair, which
#   separate processes minutes apart do not share. EDPD_SEED_A / EDPD_SEED_B give the worlds' seeds (default 1): a runtime switch
#   keyed on the seed is an A/B of one build.
#   e.g. EDPD_AB_PAIRED=1 bench/wasm_ab.sh HEAD~1 HEAD 1000000 0.5 12 500000
set -euo pipefail
source "$(dirname "$0")/pin_cpu.sh"
source "$(dirname "$0")/revision_sources.sh"
cd "$(dirname "$0")/.."
[ $# -ge 4 ] || { echo "usage: bench/wasm_ab.sh REV_A REV_B N NUMBER_DENSITY [ROUNDS] [EVENTS] [DIM] [WELL]" >&2; exit 2; }
a=$1 b=$2 n=$3 rho=$4 rounds=${5:-3} events=${6:-2000000} dim=${7:-3} well=${8:-0}
export NODE_PATH=/usr/share/nodejs   # Debian's Emscripten 3.1.6: its optimiser needs Debian's acorn
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
flags=$(sed -n '/target_link_options(edpd_wasm PRIVATE/,/)$/p' CMakeLists.txt | grep -o -- '-s[A-Z0-9_]*=[^ "]*\|-O3' | grep -v EXPORTED_FUNCTIONS | tr '\n' ' ')
for side in a b; do
  rev=${!side}
  mkdir -p "$work/$side/web/src" "$work/$side/web/wasm"
  git archive "$rev" csrc | tar -x -C "$work/$side" || { echo "wasm_ab.sh: no revision '$rev'" >&2; exit 2; }
  cp web/src/*.js "$work/$side/web/src/"
  [ -d web/src/generated ] && cp -r web/src/generated "$work/$side/web/src/"
  extra_var=EDPD_EMCC_${side^^}
  # the module's sources as CMakeLists.txt lists them: the core, and the state reader where the
  # revision has it
  revision_core "$work/$side"  # the revision's own files (bench/revision_sources.sh)
  srcs=("${core_srcs[@]}")
  if [ -d "$work/$side/csrc/wasm" ]; then srcs+=(csrc/wasm/wasm_api.c); exports=csrc/wasm/wasm_exports.txt
  else srcs+=(csrc/wasm_api.c); exports=csrc/wasm_exports.txt; fi
  [ -f "$work/$side/csrc/cli/xyz_read.c" ] && srcs+=(csrc/cli/xyz_read.c)  # before the reader moved into the core
  compgen -G "$work/$side/csrc/experiments/*.c" >/dev/null && srcs+=(csrc/experiments/*.c)
  compgen -G "$work/$side/csrc/observe/*.c" >/dev/null && srcs+=(csrc/observe/*.c)
  (cd "$work/$side" && emcc -O3 -flto -msimd128 -ffp-contract=off -fno-math-errno ${!extra_var:-} $core_includes \
     "${srcs[@]}" $flags \
     "-sEXPORTED_FUNCTIONS=@$exports" -o web/wasm/edpd.mjs)
done
# the world both sides time: as scripts/bench.mjs (simConfig, startCase) starts its cases
cat > "$work/start.mjs" <<'JS'
export function start(edpd, n, rho, dim, well, seed = 1) {
  const cfg = { scenario: 'elastic', dim, n, seed, packingFraction: rho * (dim === 3 ? Math.PI / 6 : Math.PI / 4),
    ...(well > 0 ? { potential: 'square-well', wellWidth: well, temperature: 3, thermostatRate: 2, bathTemperature: 1.5,
      thermostatUntil: 5 } : {}) };
  const sim = edpd.createSimulation(cfg);
  if (well > 0) sim.advanceTo(5, { maxEvents: 1e9 });
  else sim.runEvents(4 * n);
  return sim;
}
JS
if [ -n "${EDPD_AB_PAIRED:-}" ]; then
  cat > "$work/pair.mjs" <<'JS'
import { readFileSync } from 'node:fs';
import { start } from './start.mjs';
const [work, n, rho, events, rounds, dim, well] = process.argv.slice(2);
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1e6; };
const sims = [];
for (const side of ['a', 'b']) {
  const { loadEdpd } = await import(`${work}/${side}/web/src/edpd.js`);
  const edpd = await loadEdpd({ wasmBinary: readFileSync(`${work}/${side}/web/wasm/edpd.wasm`) });
  const seed = +(process.env[`EDPD_SEED_${side.toUpperCase()}`] || 1);
  sims.push(start(edpd, +n, +rho, +dim, +well, seed));
}
const ta = [], tb = [], ratio = [];
for (let r = 0; r < +rounds; r++) {
  const t = [];
  for (const s of (r % 2 ? [1, 0] : [0, 1])) {
    const e0 = sims[s].stats().events, t0 = cpu();
    sims[s].runEvents(+events);
    t[s] = 1e6 * (cpu() - t0) / (sims[s].stats().events - e0);
  }
  ta.push(t[0]); tb.push(t[1]); ratio.push(t[1] / t[0]);
  console.log(`pair ${r}: a ${t[0].toFixed(3)}  b ${t[1].toFixed(3)} us/event  b/a ${(t[1] / t[0]).toFixed(4)}`);
}
const med = (x) => [...x].sort((p, q) => p - q)[(x.length - 1) >> 1];
console.log(`median: a ${med(ta).toFixed(3)}  b ${med(tb).toFixed(3)} us/event  b/a ${med(ratio).toFixed(4)} (${rounds} pairs)`);
const h = sims.map((s) => s.stats().stateHash);
console.log(`state hashes: ${h[0] === h[1] ? 'equal' : 'DIFFER'}`);
process.exit(h[0] === h[1] || process.env.EDPD_SEED_A !== process.env.EDPD_SEED_B ? 0 : 1);
JS
  node "$work/pair.mjs" "$work" "$n" "$rho" "$events" "$rounds" "$dim" "$well"
  exit
fi
cat > "$work/run.mjs" <<'JS'
import { readFileSync } from 'node:fs';
import { start } from './start.mjs';
const [web, n, rho, events, dim, well] = process.argv.slice(2);
const { loadEdpd } = await import(web + '/src/edpd.js');
const edpd = await loadEdpd({ wasmBinary: readFileSync(web + '/wasm/edpd.wasm') });
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1e6; };
const sim = start(edpd, +n, +rho, +dim, +well);
for (let r = 0; r < 3; r++) {
  const s0 = sim.stats(), t0 = cpu();
  sim.runEvents(+events);
  const dt = cpu() - t0, s1 = sim.stats();
  console.log((1e6 * dt / (s1.events - s0.events)).toFixed(4), s1.stateHash);
}
sim.destroy();
JS
for r in $(seq "$rounds"); do
  for side in a b; do
    node "$work/run.mjs" "$work/$side/web" "$n" "$rho" "$events" "$dim" "$well" > "$work/out"
    awk -v s="$side" '{print s, $1}' "$work/out" >> "$work/times"
    awk -v s="$side" -v r="$r" '{print s, r, NR, $2}' "$work/out" >> "$work/hashes"
  done
done
bench/ab_report.sh "$work/times" "$a" "$b"
ha=$(grep "^a " "$work/hashes" | cut -d' ' -f2- | sort | md5sum)
hb=$(grep "^b " "$work/hashes" | cut -d' ' -f2- | sort | md5sum)
if [ "$ha" = "$hb" ]; then echo "state hashes: equal"; else echo "state hashes: DIFFER"; exit 1; fi
