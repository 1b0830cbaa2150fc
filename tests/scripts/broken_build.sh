#!/usr/bin/env bash
# A failed build must fail the set-up, even in a working tree where an earlier build left its
# binaries: a scratch copy of the project builds the CLI, then one source file is broken and
# `npm run setup` (scripts/setup.sh) must exit non-zero, naming the failed build and the
# compiler's error, and must not reach the steps that use the binaries.
#   tests/scripts/broken_build.sh PROJECT_ROOT
set -euo pipefail
root=$(cd "$1" && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
fail() { echo "broken_build: FAIL: $*" >&2; exit 1; }

# the project's sources (not its builds), and its installed packages
tar -C "$root" --exclude='./build*' --exclude='./node_modules' --exclude='./dist' --exclude='./.git' -cf - . | tar -C "$scratch" -xf -
ln -s "$root/node_modules" "$scratch/node_modules"
cd "$scratch"
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j "$(nproc 2>/dev/null || echo 2)" --target edpd >/dev/null
[ -x build/edpd ] || fail "the scratch copy's first build made no build/edpd"

victim=csrc/base/rng.c
[ -f "$victim" ] || fail "$victim is not in the project (the test names a file that moved)"
echo '#error broken on purpose by tests/scripts/broken_build.sh' >> "$victim"
set +e
out=$(bash scripts/setup.sh 2>&1)
code=$?
set -e
[ "$code" -ne 0 ] || fail "scripts/setup.sh exited 0 with a broken $victim (stale build/edpd used)"
grep -q "the build in build/ failed" <<<"$out" || fail "no word of the failed build in: $out"
grep -q "broken on purpose" <<<"$out" || fail "the compiler's error is not shown: $out"
grep -q "building WebAssembly" <<<"$out" && fail "the set-up went on to the WebAssembly build after the native one failed"
[ -x build/edpd ] || fail "build/edpd vanished: the test no longer shows a stale binary being refused"
echo "broken_build: scripts/setup.sh exits $code on a broken $victim, with a stale build/edpd present"
