#!/bin/bash
# The N-scaling ratio, measured so that the host's drifting speed cancels out: N = 10^6
# and N = 13500 (elastic, n sigma^3 = 0.5, cells, stable detector, every diagnostic on) timed in
# alternation, ROUNDS times 3 runs each (bench/bench_one.c: 4 N events of warm-up, then EVENTS
# events per run, user CPU time). Prints each round's ratio of median collisions/s and the
# ratio of the medians over all runs (docs/performance.md says what the ratio depends on).
#
#   bench/scaling_ratio.sh [ROUNDS=5] [EVENTS=2000000]
set -euo pipefail
source "$(dirname "$0")/pin_cpu.sh"
cd "$(dirname "$0")/.."
rounds=${1:-5} events=${2:-2000000}
[[ $rounds =~ ^[1-9][0-9]*$ && $events =~ ^[1-9][0-9]*$ ]] || { echo "usage: bench/scaling_ratio.sh [ROUNDS >= 1] [EVENTS >= 1]" >&2; exit 2; }
bench/build.sh bench_one memlat
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
median() { sort -n | awk '{x[NR] = $1} END {print x[int((NR + 1) / 2)]}'; }
# N = 10^6 waits on DRAM, N = 13500 does not: the ratio moves with this VM's memory latency
echo "before: $(build-bench/memlat --quick)"
for r in $(seq "$rounds"); do
  build-bench/bench_one 13500 0.5 3 "$events" | awk '{print $4}' > "$work/small.$r"
  build-bench/bench_one 1000000 0.5 3 "$events" | awk '{print $4}' > "$work/large.$r"
  s=$(median < "$work/small.$r") l=$(median < "$work/large.$r")
  awk -v r="$r" -v s="$s" -v l="$l" 'BEGIN {printf "round %d: N = 13500 %.3f M, N = 10^6 %.3f M collisions/s: %.1f %%\n", r, s / 1e6, l / 1e6, 100 * l / s}'
done
s=$(cat "$work"/small.* | median) l=$(cat "$work"/large.* | median)
awk -v s="$s" -v l="$l" -v n="$((3 * rounds))" 'BEGIN {printf "medians of %d runs each: N = 13500 %.3f M, N = 10^6 %.3f M collisions/s: N = 10^6 at %.1f %% \n", n, s / 1e6, l / 1e6, 100 * l / s}'
echo "after:  $(build-bench/memlat --quick)"
