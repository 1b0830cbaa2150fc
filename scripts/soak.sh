#!/usr/bin/env bash
# Soak: a dense inelastic granular gas (e = 0.5, TC model t_c = 1e-9) for many events with every
# detector; a checkpoint every 1/20 of the run shows whether overlaps grow, NaN appears or the run
# halts. Each run's result goes to build/soak/CASE-DETECTOR-EVENTS.json (SOAK_DIR to change it),
# with its wall time;
# `node scripts/soak-report.mjs` writes docs/soak.md from those files.
# Usage: scripts/soak.sh [events per detector, default 1e9]
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
dir="${SOAK_DIR:-build/soak}"
mkdir -p "$dir"
for d in ${SOAK_DETECTORS:-stable naive-halt naive-miss naive-rewind}; do
  echo "== $case $d: $events events"
  out="$dir/$case-$d-$events.json"
  start=$(node -e "console.log(Date.now())")
  build/edpd run --scenario granular --detector "$d" $geometry --restitution 0.5 --tc 1e-9 \
    --seed 1 --events "$events" --checkpoint-events $((events / 20 > 0 ? events / 20 : 1)) --json > "$out.part"
  node scripts/soak-report.mjs --record "$out.part" "$case" "$start" "$events" && mv "$out.part" "$out"
done
