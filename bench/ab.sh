#!/bin/bash
# A/B timing of two engine revisions on one case, interleaved so that the host's drift hits both:
# builds each revision's core with the project's flags against the same harness
# (bench/bench_one.c of the working tree), then alternates the two, ROUNDS times 3 runs each,
# and prints the median and minimum µs per event of each, and its median collisions/s. WELL > 1:
# the square-well fluid of that width at kT = 1.5 instead (as edpd bench's square-well cases).
#
#   bench/ab.sh REV_A REV_B N NUMBER_DENSITY [ROUNDS=3] [EVENTS=2000000] [DIM=3] [WELL=0]
#   e.g. bench/ab.sh 9fc62b5 HEAD 1000000 0.5
#        bench/ab.sh HEAD~1 HEAD 13500 0.5 5 4000000 3 1.5
# EDPD_AB_PAIRED=1: both revisions in one process (bench/ab_paired.c, each core's symbols
#   prefixed), each with its own world, timed in alternating runs of EVENTS, ROUNDS pairs; prints
#   each pair's ratio b/a and their median. Separate processes minutes apart see the host in
#   different phases: their medians can differ by 5 % for the same machine code.
#   e.g. EDPD_AB_PAIRED=1 bench/ab.sh HEAD~1 HEAD 13500 0.5 16 300000
set -euo pipefail
source "$(dirname "$0")/pin_cpu.sh"
source "$(dirname "$0")/revision_sources.sh"
cd "$(dirname "$0")/.."
[ $# -ge 4 ] || { echo "usage: bench/ab.sh REV_A REV_B N NUMBER_DENSITY [ROUNDS] [EVENTS] [DIM] [WELL]" >&2; exit 2; }
a=$1 b=$2 n=$3 rho=$4 rounds=${5:-3} events=${6:-2000000} dim=${7:-3} well=${8:-0}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for side in a b; do
  rev=${!side}
  mkdir -p "$work/$side"
  git archive "$rev" csrc | tar -x -C "$work/$side" || { echo "ab.sh: no revision '$rev'" >&2; exit 2; }
  revision_core "$work/$side"  # the revision's own core (bench/revision_sources.sh)
  mkdir -p "$work/$side/obj"
  # as the project builds them (link-time optimisation, CMakeLists.txt), but for the paired
  # process, whose symbol renaming needs plain objects
  lto=-flto; [ "${EDPD_AB_PAIRED:-0}" = 1 ] && lto=
  for src in "${core_srcs[@]}"; do
    gcc -O3 $lto -ffp-contract=off -fno-math-errno $core_includes -c "$work/$side/$src" -o "$work/$side/obj/$(echo "$src" | tr / _ | sed 's/\.c$/.o/')"
  done
  if [ "${EDPD_AB_PAIRED:-0}" = 1 ]; then
    gcc -O3 -DBENCH_ONE_SIDE $core_includes -c bench/bench_one.c -o "$work/$side/obj/bench_one.o"
    ld -r "$work/$side"/obj/*.o -o "$work/$side.all.o"
    nm --defined-only -g "$work/$side.all.o" | awk -v p="${side}_" '{print $3, p $3}' > "$work/$side.syms"
    objcopy --redefine-syms="$work/$side.syms" "$work/$side.all.o" "$work/$side.o"
  else
    gcc -O3 $lto -ffp-contract=off -fno-math-errno $core_includes bench/bench_one.c "$work/$side"/obj/*.o -lm -o "$work/$side/bench_one"
  fi
done
if [ "${EDPD_AB_PAIRED:-0}" = 1 ]; then
  gcc -O3 bench/ab_paired.c "$work/a.o" "$work/b.o" -lm -o "$work/ab_paired"
  echo "a = $a, b = $b"
  "$work/ab_paired" "$n" "$rho" "$rounds" "$events" "$dim" "$well"
  exit
fi
for r in $(seq "$rounds"); do
  for side in a b; do
    "$work/$side/bench_one" "$n" "$rho" 3 "$events" "$dim" "$well" | awk -v s="$side" '{print s, $2, $4}' >> "$work/times"
  done
done
bench/ab_report.sh "$work/times" "$a" "$b"
