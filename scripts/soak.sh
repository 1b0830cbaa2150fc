#!/usr/bin/env bash
# Soak: a dense inelastic granular gas (e = 0.5, TC model t_c = 1e-9) for many events with every
# detector; a checkpoint every 1/20 of the run shows whether overlaps grow, NaN appears or the run
# halts. Usage: scripts/soak.sh [events per detector, default 1e9]
#   SOAK_CASE=3d (default): 3-D, N = 13500, phi = 0.4
#   SOAK_CASE=2d: 2-D, N = 2000, phi = 0.6 (clusters within a few hundred collisions per particle)
#   SOAK_DETECTORS="stable naive-miss" picks detectors.
set -euo pipefail
cd "$(dirname "$0")/.."
events="${1:-1000000000}"
[ -x build/edpd ] || bash scripts/setup.sh
case="${SOAK_CASE:-3d}"
case "$case" in
  3d) geometry="--dim 3 --n 13500 --packing-fraction 0.4" ;;
  2d) geometry="--dim 2 --n 2000 --packing-fraction 0.6" ;;
  *) echo "soak: SOAK_CASE must be 3d or 2d" >&2; exit 2 ;;
esac
for d in ${SOAK_DETECTORS:-stable naive-halt naive-miss naive-rewind}; do
  echo "== $case $d: $events events"
  start=$(date +%s)
  build/edpd run --scenario granular --detector "$d" $geometry --restitution 0.5 --tc 1e-9 \
    --seed 1 --events "$events" --checkpoint-events $((events / 20 > 0 ? events / 20 : 1)) --json > "build/soak-$case-$d.json"
  node -e '
const r = JSON.parse(require("fs").readFileSync(process.argv[1]));
const rows = r.checkpoints.rows;
const deepest = Math.max(...rows.map((x) => x[4] ?? 0));
const finite = rows.every((x) => x.every((v) => v === null || Number.isFinite(v)));
console.log(`events ${r.events}, t = ${r.time}, kT = ${r.temperature}, halted: ${r.halted ? r.halt_reason + " at event " + r.status_event : "no"}, collapse: ${r.collapse}`);
console.log(`overlapping pairs now ${r.overlapping_pairs}, deepest overlap over the checkpoints ${deepest} sigma (now ${r.max_overlap}), finite state: ${finite}`);
console.log(`stabilising ${r.stabilizing_events}, negative-dt ${r.negative_dt_events}, three-body ${r.three_body_events}, ignored undefined ${r.ignored_undefined}, first failure at event ${r.first_failure_event}`);
console.log("checkpoints (events, deepest overlap):", rows.map((x) => `${x[0]}:${x[4] === null ? "-" : x[4].toExponential(1)}`).join(" "));
' "build/soak-$case-$d.json"
  echo "   $(( $(date +%s) - start )) s"
done
