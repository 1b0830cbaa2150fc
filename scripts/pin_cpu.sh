# Sourced by the timing scripts (first thing, before any cd): re-runs the script with every process
# it starts on one CPU. This VM's two vCPUs at times differ in speed (2026-11-22, 22:5x UTC, N = 13500:
# `taskset -c 0` 0.72 M collisions/s, `taskset -c 1` 0.97 M; a few minutes later 0.94 / 0.97), and an
# unpinned child lands on either: unpinned --quick benches then read WebAssembly at ~50 % of native
# whenever native ran at full speed and ~110 % when it did not. Pinned, both sides of a pair share a CPU.
# EDPD_CPU picks the CPU (default: the last one; CPU 0 takes most interrupts).
if [ -z "${EDPD_PINNED:-}" ] && command -v taskset >/dev/null 2>&1; then
  export EDPD_PINNED=1 EDPD_CPU="${EDPD_CPU:-$(( $(nproc) - 1 ))}"
  exec taskset -c "$EDPD_CPU" "$0" "$@"
fi
