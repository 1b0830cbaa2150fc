/* cache_probe: cache misses per event of the elastic gas at nσ³ = 0.5 under valgrind's cache
 * simulation, counting only the measured events (not set-up or warm-up):
 *
 *   valgrind --tool=callgrind --instr-atstart=no --cache-sim=yes --D1=49152,12,64 \
 *            --LL=2097152,16,64 build/cache_probe 1000000 300000
 *   callgrind_annotate --show=Ir,DLmr,DLmw callgrind.out.<pid>
 *
 * Divide the DLmr + DLmw totals by the events (second argument): last-level misses per event
 * with a last level as large as this machine's per-core L2. */
#include "edpd.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <valgrind/callgrind.h>

int main(int argc, char **argv) {
    if (argc != 3) { fprintf(stderr, "usage: cache_probe N EVENTS\n"); return 2; }
    edpd_config c = edpd_scenario_config(EDPD_SCENARIO_ELASTIC);
    c.n = (uint32_t)strtoul(argv[1], NULL, 10);
    c.packing_fraction = 0.5 * 3.14159265358979323846 / 6.0;
    edpd_error err;
    edpd_world *w = edpd_create(&c, &err);
    if (!w) { fprintf(stderr, "cache_probe: %s: %s\n", err.field, err.message); return 1; }
    edpd_advance(w, INFINITY, 4ull * c.n, &err);  /* leave the lattice, as edpd bench does */
    CALLGRIND_START_INSTRUMENTATION;
    edpd_advance(w, INFINITY, strtoull(argv[2], NULL, 10), &err);
    CALLGRIND_STOP_INSTRUMENTATION;
    edpd_stats s;
    edpd_get_stats(w, &s);
    printf("events %llu collisions %llu\n", (unsigned long long)s.events, (unsigned long long)s.collisions);
    edpd_destroy(w);
    return 0;
}
