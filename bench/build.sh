#!/bin/bash
# Builds the measuring instruments of bench/ into build-bench/ (CMake option EDPD_INSTRUMENTS;
# the default build leaves them out). Prints nothing on success.
#   bench/build.sh [TARGET ...]     (default: all of them)
set -euo pipefail
cd "$(dirname "$0")/.."
[ -f build-bench/CMakeCache.txt ] || cmake -S . -B build-bench -DCMAKE_BUILD_TYPE=Release -DEDPD_INSTRUMENTS=ON >/dev/null
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(memlat bench_one pane_distance z_error haff_start well_ratio)
cmake --build build-bench -j "$(nproc 2>/dev/null || echo 2)" --target "${targets[@]}" >/dev/null
