# Sourced by the timing scripts (first thing, before any cd): re-runs the script with every process
# it starts on one CPU: a shared VM's vCPUs can differ in speed by a quarter for minutes, and an
# unpinned pair of runs then compares two CPUs instead of two builds.
# EDPD_CPU picks the CPU (default: the last one; CPU 0 takes most interrupts).
if [ -z "${EDPD_PINNED:-}" ] && command -v taskset >/dev/null 2>&1; then
  export EDPD_PINNED=1 EDPD_CPU="${EDPD_CPU:-$(( $(nproc) - 1 ))}"
  exec taskset -c "$EDPD_CPU" "$0" "$@"
fi
