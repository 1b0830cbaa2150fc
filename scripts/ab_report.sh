#!/bin/bash
# The summary of an A/B timing (scripts/ab.sh, scripts/wasm_ab.sh): TIMES holds lines "a|b µs";
# prints the median and minimum µs per event of each side.
#
#   scripts/ab_report.sh TIMES REV_A REV_B
set -euo pipefail
times=$1
for side in a b; do
  rev=$2; [ "$side" = b ] && rev=$3
  grep "^$side " "$times" | awk '{print $2}' | sort -n |
    awk -v r="$rev" '{x[NR] = $1} END {printf "%-12s median %.3f  min %.3f us/event (%d runs)\n", r, x[int((NR + 1) / 2)], x[1], NR}'
done
