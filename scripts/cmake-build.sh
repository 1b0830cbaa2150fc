# Sourced by setup.sh, test.sh and fuzz.sh: `cmake_build DIR [ARGS...]` builds with
# `cmake --build` and judges the build by its own exit status. A failed build stops the script
# with its errors, even where an earlier build left binaries behind: those would be
# stale, and a test run or a served page would use them without a word. A good build's compiler
# warnings are shown.
cmake_build() {
  local dir=$1 log
  shift
  log=$(mktemp)
  if ! cmake --build "$dir" -j "$(nproc 2>/dev/null || echo 2)" "$@" >"$log" 2>&1; then
    # the compiler's errors first (with -j they may lie far from the end), then the end of the log
    grep -E -A3 "error:|undefined reference" "$log" | head -n 40 >&2 || true
    echo "..." >&2
    tail -n 20 "$log" >&2
    rm -f "$log"
    echo "edpd: the build in $dir/ failed (its errors are above); nothing built before is used" >&2
    exit 1
  fi
  grep -E "warning" "$log" || true
  rm -f "$log"
}
