#!/usr/bin/env bash
# Fuzz the core with libFuzzer (clang, ASan + UBSan): scripts/fuzz.sh [seconds, default 600].
# New coverage goes to build-fuzz/corpus; a crashing input is written to tests/fuzz/crashes/ —
# fix the bug, then move the input into tests/fuzz/corpus/ so ctest replays it for ever.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-600}"
if [ ! -f build-fuzz/CMakeCache.txt ]; then
  CC=clang cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo -DEDPD_FUZZ=ON >/dev/null
fi
cmake --build build-fuzz -j "$(nproc)" --target fuzz_world 2>&1 | grep -E "error|warning" || true
mkdir -p build-fuzz/corpus tests/fuzz/crashes
echo "[fuzz] libFuzzer for ${seconds} s (seed corpus: tests/fuzz/corpus)"
build-fuzz/fuzz_world -max_total_time="$seconds" -timeout=20 -rss_limit_mb=2048 -max_len=256 \
  -artifact_prefix=tests/fuzz/crashes/ -print_final_stats=1 build-fuzz/corpus tests/fuzz/corpus 2>&1 | \
  grep -E "^#[0-9]+ +(DONE|INITED)|stat::number_of_executed_units|ERROR|invariant|SUMMARY" || true
if compgen -G "tests/fuzz/crashes/*" >/dev/null; then
  echo "[fuzz] FAILED: crashing inputs in tests/fuzz/crashes/" >&2
  exit 1
fi
echo "[fuzz] no crash, no invariant violation"
