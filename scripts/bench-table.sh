#!/bin/bash
# A plate impact on an oscillating table against one on a still plate (docs/performance.md,
# "Vibrating table"): 10^6 impacts of one ball each, interleaved rounds, medians of the CLI's
# events per second — the still plate's ball elastic (e = 1, no rest), the table's at Gamma = 2.5,
# e = 0.5 (chaotic bouncing, no rides: every event an impact).
# Usage: scripts/bench-table.sh [ROUNDS]
set -euo pipefail
cd "$(dirname "$0")/.."
edpd=build/edpd
rounds=${1:-5}
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
rate() { node -e 'const r = JSON.parse(require("fs").readFileSync(0)); console.log(1e9 / r.events_per_second)'; }
: > /tmp/edpd-bench-still; : > /tmp/edpd-bench-table
for _ in $(seq "$rounds"); do
  $edpd run --scenario bouncing-ball --n 1 --plate-offset 0 --restitution 1 --events 1000000 --json | rate >> /tmp/edpd-bench-still
  $edpd run --scenario bouncing-ball --n 1 --plate-offset 0 --restitution 0.5 --plate-amplitude 0.0633257397764611 \
    --plate-frequency 6.283185307179586 --events 1000000 --json | rate >> /tmp/edpd-bench-table
done
still=$(median < /tmp/edpd-bench-still | xargs printf '%.1f'); table=$(median < /tmp/edpd-bench-table | xargs printf '%.1f')
echo "plate impacts, 10^6 of one ball ($rounds rounds, interleaved, medians)"
echo "   still plate: $still ns/impact; oscillating table (Gamma = 2.5): $table ns/impact; ratio $(awk -v a="$table" -v b="$still" 'BEGIN { printf "%.1f", a / b }')"
