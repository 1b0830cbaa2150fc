/* frame_cost: what the app's worker pays per frame for the diagnostics: after one more event,
 * edpd_get_stats and edpd_get_overlap_flags (the overlap scan, energy, state hash), as the pane
 * engine reads them. Granular gas from the lattice, 2 N events first; the mean of 5 frames.
 *
 *   frame_cost [N=100000] [DIM=3] [PHI=0.3]                                         */
#include "edpd.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

int main(int argc, char **argv) {
    edpd_config c = edpd_scenario_config(EDPD_SCENARIO_GRANULAR);
    c.n = argc > 1 ? (uint32_t)strtoul(argv[1], NULL, 10) : 100000;
    c.dim = argc > 2 ? atoi(argv[2]) : 3;
    c.packing_fraction = argc > 3 ? atof(argv[3]) : 0.3;
    edpd_error err;
    edpd_world *w = edpd_create(&c, &err);
    if (!w) { fprintf(stderr, "frame_cost: %s\n", err.message); return 2; }
    edpd_advance(w, INFINITY, 2ull * c.n, &err);
    uint8_t *flags = malloc(c.n);
    edpd_stats s;
    double total = 0.0;
    for (int k = 0; k < 5; k++) {
        edpd_advance(w, INFINITY, 1, &err);
        double t0 = now();
        edpd_get_stats(w, &s);
        edpd_get_overlap_flags(w, flags);
        total += now() - t0;
    }
    printf("N = %u, %d-D, phi = %g: stats + overlap flags %.1f ms per frame\n", c.n, c.dim, c.packing_fraction, total / 5 * 1e3);
    free(flags);
    edpd_destroy(w);
    return 0;
}
