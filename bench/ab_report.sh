#!/bin/bash
# The summary of an A/B timing (bench/ab.sh, bench/wasm_ab.sh): TIMES holds lines
# "a|b µs [collisions/s]"; prints the median and minimum µs per event of each side, and the
# median collisions/s where given (the figure to compare when a change alters the number of
# crossing events per collision, e.g. the cell size).
#
#   bench/ab_report.sh TIMES REV_A REV_B
set -euo pipefail
times=$1
for side in a b; do
  rev=$2; [ "$side" = b ] && rev=$3
  cps=$(grep "^$side " "$times" | awk 'NF >= 3 {print $3}' | sort -n |
    awk '{x[NR] = $1} END {if (NR) printf "  median %.4f M collisions/s", x[int((NR + 1) / 2)] / 1e6}')
  grep "^$side " "$times" | awk '{print $2}' | sort -n |
    awk -v r="$rev" -v c="$cps" '{x[NR] = $1} END {printf "%-12s median %.3f  min %.3f us/event (%d runs)%s\n", r, x[int((NR + 1) / 2)], x[1], NR, c}'
done
