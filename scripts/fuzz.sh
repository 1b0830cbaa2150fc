#!/usr/bin/env bash
# Fuzz the core with libFuzzer (clang, ASan + UBSan): scripts/fuzz.sh [seconds, default 600].
# Three harnesses share the time (1/2, 1/4, 1/4): fuzz_world (the built-in scenarios),
# fuzz_custom (worlds given by the caller: positions, planes, diameters, masses) and fuzz_xyz
# (state files for run --load).
# New coverage goes to build-fuzz/corpus*; a crashing input is written to tests/fuzz/crashes/ —
# fix the bug, then move the input into tests/fuzz/corpus/ (or corpus-custom/) so ctest replays
# it for ever.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-600}"
case "$seconds" in ''|*[!0-9]*) echo "fuzz.sh: seconds must be a whole number, got '$seconds'" >&2; exit 2;; esac
if [ ! -f build-fuzz/CMakeCache.txt ]; then
  CC=clang cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo -DEDPD_FUZZ=ON >/dev/null
fi
source scripts/cmake-build.sh
cmake_build build-fuzz --target fuzz_world fuzz_custom fuzz_xyz
mkdir -p build-fuzz/corpus build-fuzz/corpus-custom build-fuzz/corpus-xyz tests/fuzz/crashes

run() {  # target, seconds, seed corpus, max input length, working corpus
  [ -x "build-fuzz/$1" ] || { echo "[fuzz] build-fuzz/$1 was not built (clang with libFuzzer needed)" >&2; exit 1; }
  echo "[fuzz] $1 for $2 s (seed corpus: $3)"
  "build-fuzz/$1" -max_total_time="$2" -timeout=20 -rss_limit_mb=2048 -max_len="$4" \
    -artifact_prefix=tests/fuzz/crashes/ -print_final_stats=1 "build-fuzz/$5" "$3" 2>&1 | \
    grep -E "^#[0-9]+ +(DONE|INITED)|stat::number_of_executed_units|ERROR|invariant|SUMMARY" || true
}
world=$(( seconds / 2 )); custom=$(( seconds / 4 )); xyz=$(( seconds - world - custom ))
[ "$world" -gt 0 ] && run fuzz_world "$world" tests/fuzz/corpus 256 corpus
[ "$custom" -gt 0 ] && run fuzz_custom "$custom" tests/fuzz/corpus-custom 1024 corpus-custom
[ "$xyz" -gt 0 ] && run fuzz_xyz "$xyz" tests/fuzz/corpus-xyz 2048 corpus-xyz
if compgen -G "tests/fuzz/crashes/*" >/dev/null; then
  echo "[fuzz] FAILED: crashing inputs in tests/fuzz/crashes/" >&2
  exit 1
fi
echo "[fuzz] no crash, no invariant violation"
