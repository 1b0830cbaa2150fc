/* bench_one: one benchmark case, timed in several runs in one process (for A/B comparisons of
 * engine builds, bench/ab.sh). Elastic gas from the FCC lattice, 4 N events of warm-up as in
 * edpd bench, then RUNS runs of EVENTS events each; one line per run, user CPU time.
 *
 *   bench_one N NUMBER_DENSITY RUNS EVENTS [DIM]                                  */
#include "edpd.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

int main(int argc, char **argv) {
    if (argc < 5 || argc > 6) { fprintf(stderr, "usage: bench_one N NUMBER_DENSITY RUNS EVENTS [DIM]\n"); return 2; }
    const double pi = 3.14159265358979323846;
    edpd_config c = edpd_scenario_config(EDPD_SCENARIO_ELASTIC);
    c.n = (uint32_t)strtoul(argv[1], NULL, 10);
    c.dim = argc == 6 ? atoi(argv[5]) : 3;
    double rho = atof(argv[2]);
    int runs = atoi(argv[3]);
    uint64_t events = strtoull(argv[4], NULL, 10);
    c.packing_fraction = rho * (c.dim == 3 ? pi / 6.0 : pi / 4.0);
    edpd_error err;
    edpd_world *w = edpd_create(&c, &err);
    if (!w) { fprintf(stderr, "bench_one: %s: %s\n", err.field, err.message); return 1; }
    edpd_advance(w, INFINITY, 4ull * c.n, &err);
    for (int r = 0; r < runs; r++) {
        edpd_stats s0, s1;
        edpd_get_stats(w, &s0);
        clock_t t0 = clock();
        edpd_advance(w, INFINITY, events, &err);
        double dt = (double)(clock() - t0) / CLOCKS_PER_SEC;
        edpd_get_stats(w, &s1);
        printf("us_per_event %.4f collisions_per_s %.0f\n", 1e6 * dt / (double)(s1.events - s0.events),
               (double)(s1.collisions - s0.collisions) / dt);
    }
    edpd_destroy(w);
    return 0;
}
