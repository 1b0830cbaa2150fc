#!/usr/bin/env bash
# npm test: set up (scripts/setup.sh), then every test: C (ctest), C under ASan+UBSan, a bounded
# libFuzzer run, the quick reproduction of the paper (npm run reproduce -- --quick), every example
# of README.md and docs/ run as written (scripts/doc-check.mjs), the Python package (pytest, natively
# and against the sanitised library),
# the production-dependency audit, Jest (WASM step API, URL codec, models), and the browser
# end-to-end tests against dist/.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
jobs=$(nproc 2>/dev/null || echo 2)
say() { printf '\033[1m[test]\033[0m %s\n' "$*"; }

say "C tests (ctest)"
ctest --test-dir build --output-on-failure -j "$jobs"

say "C tests under AddressSanitizer + UndefinedBehaviorSanitizer (build-asan/)"
if [ ! -f build-asan/CMakeCache.txt ]; then
  CC=gcc cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DEDPD_SANITIZE=ON >/dev/null
fi
source scripts/cmake-build.sh
cmake_build build-asan
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1 \
  ctest --test-dir build-asan --output-on-failure -j "$jobs"

say "bounded libFuzzer run (${EDPD_FUZZ_SECONDS:-60} s; scripts/fuzz.sh for longer)"
bash scripts/fuzz.sh "${EDPD_FUZZ_SECONDS:-60}"

say "reproduction of the paper, quick mode (asserts the contrasts and the equations of state)"
node scripts/reproduce.mjs --quick

say "the Python package (pytest, tests/python/): against the native library, then the sanitised one"
PYTHONPATH=python /usr/bin/python3 -m pytest -q -p no:cacheprovider tests/python
LD_PRELOAD="$(gcc -print-file-name=libasan.so) $(gcc -print-file-name=libubsan.so)" ASAN_OPTIONS=detect_leaks=0:abort_on_error=1 \
  UBSAN_OPTIONS=print_stacktrace=1 EDPD_LIBRARY="$PWD/build-asan/libedpd.so" PYTHONPATH=python \
  /usr/bin/python3 -m pytest -q -p no:cacheprovider tests/python

say "the docs' examples, run as written, print what the docs say (scripts/doc-check.mjs)"
node scripts/doc-check.mjs

say "building the static site (dist/) for the browser tests"
npx vite build --logLevel warn

say "audit of the production dependencies (npm audit --omit=dev; says NOT AUDITED if the registry refuses it)"
node scripts/audit.mjs

say "JavaScript and browser tests (Jest: WASM API, URL codec, models, Chromium end-to-end)"
NODE_OPTIONS=--experimental-vm-modules npx jest --ci
