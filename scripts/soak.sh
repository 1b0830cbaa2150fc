#!/usr/bin/env bash
# Soak: a dense inelastic granular gas (3-D, N = 13500, phi = 0.4, e = 0.5, TC model t_c = 1e-9)
# for many events with every detector; a checkpoint every 1/20 of the run shows whether overlaps
# grow, NaN appears or the run halts. Usage: scripts/soak.sh [events per detector, default 1e9]
# (SOAK_DETECTORS="stable naive-miss" picks detectors).
set -euo pipefail
cd "$(dirname "$0")/.."
events="${1:-1000000000}"
[ -x build/edpd ] || bash scripts/setup.sh
for d in ${SOAK_DETECTORS:-stable naive-halt naive-miss naive-rewind}; do
  echo "== $d: $events events"
  start=$(date +%s)
  build/edpd run --scenario granular --detector "$d" --n 13500 --packing-fraction 0.4 --restitution 0.5 --tc 1e-9 \
    --seed 1 --events "$events" --checkpoint-events $((events / 20 > 0 ? events / 20 : 1)) --json > "build/soak-$d.json"
  node -e '
const r = JSON.parse(require("fs").readFileSync(process.argv[1]));
const rows = r.checkpoints.rows;
const deepest = Math.max(...rows.map((x) => x[4] ?? 0));
const finite = rows.every((x) => x.every((v) => v === null || Number.isFinite(v)));
console.log(`events ${r.events}, t = ${r.time}, kT = ${r.temperature}, halted: ${r.halted ? r.halt_reason + " at event " + r.status_event : "no"}, collapse: ${r.collapse}`);
console.log(`overlapping pairs now ${r.overlapping_pairs}, deepest overlap over the checkpoints ${deepest} sigma (now ${r.max_overlap}), finite state: ${finite}`);
console.log(`stabilising ${r.stabilizing_events}, negative-dt ${r.negative_dt_events}, three-body ${r.three_body_events}, ignored undefined ${r.ignored_undefined}, first failure at event ${r.first_failure_event}`);
console.log("checkpoints (events, deepest overlap):", rows.map((x) => `${x[0]}:${x[4] === null ? "-" : x[4].toExponential(1)}`).join(" "));
' "build/soak-$d.json"
  echo "   $(( $(date +%s) - start )) s"
done
