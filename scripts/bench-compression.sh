#!/bin/bash
# Compression benchmarks (docs/performance.md, "Compression"), interleaved rounds, medians:
#   1. a 50:50 mixture 1 : 1.4 against one size, time per collision (3-D, N = 13 500, phi = 0.5);
#   2. with GROW_DIR, Smallenburg's Grow (github.com/FSmallenburg/EDMD, Grow/, built with its own
#      Makefile after setting N 10000 and targetpackfrac 0.6 at the top of mdgrow.c) against the same
#      compression in edpd: from phi = 0.075 (Grow starts at half the final diameter) to 0.6 at growth
#      rate 0.1, Andersen kicks of N/100 particles every 0.001 (edpd: --thermostat-rate 10). edpd's
#      diameters start at 1, not Grow's 0.5, so its kT is 4: the same motion in other units;
#   3. a compression of N = 10^4 to jamming (edpd alone: Grow stops at its target).
# Usage: scripts/bench-compression.sh [GROW_DIR] [ROUNDS]
set -euo pipefail
cd "$(dirname "$0")/.."
edpd=build/edpd
grow=${1:-}
rounds=${2:-5}
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
field() { node -e 'const r = JSON.parse(require("fs").readFileSync(0)); console.log(eval(process.argv[1]))' "$1"; }
now() { date +%s.%N; }

echo "1. time per collision, 3-D, N = 13500, phi = 0.5, t = 4 ($rounds rounds, interleaved, medians)"
: > /tmp/edpd-bench-mono; : > /tmp/edpd-bench-mix
for _ in $(seq "$rounds"); do
  $edpd run --scenario elastic --n 13500 --packing-fraction 0.5 --time 4 --json --no-progress | field 'r.events / r.events_per_second / r.collisions * 1e6' >> /tmp/edpd-bench-mono
  $edpd run --scenario elastic --species "6750 1; 6750 1.4" --packing-fraction 0.5 --time 4 --json --no-progress | field 'r.events / r.events_per_second / r.collisions * 1e6' >> /tmp/edpd-bench-mix
done
mono=$(median < /tmp/edpd-bench-mono | xargs printf '%.4f'); mix=$(median < /tmp/edpd-bench-mix | xargs printf '%.4f')
echo "   one size: $mono us/collision; mixture 1 : 1.4: $mix us/collision; ratio $(awk -v a="$mix" -v b="$mono" 'BEGIN { printf "%.3f", a / b }')"

if [ -n "$grow" ]; then
  echo "2. phi = 0.075 -> 0.6, N = 10000, growth rate 0.1, Andersen kicks ($rounds rounds, interleaved, medians of wall seconds)"
  : > /tmp/edpd-bench-grow; : > /tmp/edpd-bench-edpd
  for _ in $(seq "$rounds"); do
    t0=$(now); (cd "$grow" && ./md > /tmp/edpd-bench-grow.out); t1=$(now)
    awk -v a="$t0" -v b="$t1" "BEGIN { print b - a }" >> /tmp/edpd-bench-grow
    t0=$(now)
    $edpd run --scenario elastic --n 10000 --packing-fraction 0.075 --temperature 4 --growth-rate 0.1 --thermostat-rate 10 \
      --bath-temperature 4 --rescale-interval 1e6 --until-packing-fraction 0.6 --json --no-progress > /tmp/edpd-bench-edpd.json
    t1=$(now)
    awk -v a="$t0" -v b="$t1" "BEGIN { print b - a }" >> /tmp/edpd-bench-edpd
  done
  g=$(median < /tmp/edpd-bench-grow | xargs printf '%.3f'); e=$(median < /tmp/edpd-bench-edpd | xargs printf '%.3f')
  echo "   Grow: $g s, $(grep -o 'Collisions: [0-9]*' /tmp/edpd-bench-grow.out | tail -1); edpd: $e s, $(field 'r.collisions + " collisions, phi " + r.packing_fraction_now.toFixed(4)' < /tmp/edpd-bench-edpd.json)"
  echo "   edpd / Grow wall time: $(awk -v a="$e" -v b="$g" 'BEGIN { printf "%.2f", a / b }')"
fi

echo "3. N = 10000 (3-D, 50:50 mixture 1 : 1.4) from phi = 0.3 to jamming, growth rate 0.01"
t0=$(now)
$edpd run --scenario jamming --n 10000 --json --no-progress > /tmp/edpd-bench-jam.json
t1=$(now)
echo "   $(awk -v a="$t0" -v b="$t1" "BEGIN { print b - a }" | xargs printf '%.1f') s: $(field '"phi_J " + r.packing_fraction_now.toFixed(4) + ", " + r.collisions + " collisions, " + r.contacts.mean_contacts.toFixed(3) + " contacts per non-rattler, " + r.contacts.rattlers + " rattlers"' < /tmp/edpd-bench-jam.json)"
