/* world_pair: two identical worlds in one process (elastic gas from the FCC lattice, the same
 * seed, 4 N events of warm-up each), timed in alternating chunks with the order swapped every
 * pair; prints each pair's ratio b/a (user CPU time per event) and their median. Both worlds
 * run the same code on the same trajectory, so any b/a other than 1 is where their memory
 * landed: at N = 10^6 on this VM it has read 0.70 to 1.00 (BENCHMARKS.md, the 25th, 17:2x),
 * which is why two worlds (or two processes) are no native A/B there.
 *
 *   world_pair N NUMBER_DENSITY PAIRS EVENTS                                           */
#include "edpd.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static int by_value(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv) {
    if (argc != 5) { fprintf(stderr, "usage: world_pair N NUMBER_DENSITY PAIRS EVENTS\n"); return 2; }
    edpd_config c = edpd_scenario_config(EDPD_SCENARIO_ELASTIC);
    c.n = (uint32_t)strtoul(argv[1], NULL, 10);
    c.packing_fraction = atof(argv[2]) * 3.14159265358979323846 / 6.0;
    int pairs = atoi(argv[3]);
    uint64_t events = strtoull(argv[4], NULL, 10);
    if (pairs < 1 || pairs > 1000 || events < 1) { fprintf(stderr, "world_pair: PAIRS must be in [1, 1000] and EVENTS >= 1\n"); return 2; }
    edpd_world *w[2];
    edpd_error err;
    for (int s = 0; s < 2; s++) {
        w[s] = edpd_create(&c, &err);
        if (!w[s]) { fprintf(stderr, "world_pair: %s: %s\n", err.field, err.message); return 1; }
        edpd_advance(w[s], INFINITY, 4ull * c.n, &err);
    }
    double *ratio = malloc(sizeof(double) * (size_t)pairs);
    if (!ratio) return 1;
    for (int r = 0; r < pairs; r++) {
        double t[2];
        for (int k = 0; k < 2; k++) {
            int s = r % 2 ? 1 - k : k;
            edpd_stats s0, s1;
            edpd_get_stats(w[s], &s0);
            clock_t t0 = clock();
            edpd_advance(w[s], INFINITY, events, &err);
            double dt = (double)(clock() - t0) / CLOCKS_PER_SEC;
            edpd_get_stats(w[s], &s1);
            t[s] = 1e6 * dt / (double)(s1.events - s0.events);
        }
        ratio[r] = t[1] / t[0];
        printf("pair %d: a %.3f  b %.3f us/event  b/a %.4f\n", r, t[0], t[1], ratio[r]);
    }
    edpd_stats h[2];
    for (int s = 0; s < 2; s++) edpd_get_stats(w[s], &h[s]);
    qsort(ratio, (size_t)pairs, sizeof(double), by_value);
    printf("median b/a %.4f (%d pairs), state hashes %s\n", ratio[(pairs - 1) / 2], pairs,
           h[0].state_hash == h[1].state_hash ? "equal" : "DIFFER");
    free(ratio);
    for (int s = 0; s < 2; s++) edpd_destroy(w[s]);
    return h[0].state_hash == h[1].state_hash ? 0 : 1;
}
