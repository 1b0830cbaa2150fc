/* well_ratio: the square well's time per event against the hard spheres' at the same density and
 * N, measured so that the host's drifting speed cancels out: both worlds live in one process and
 * are timed in alternating chunks (the order swapped every round), and each round gives one ratio.
 * The worlds are edpd bench's cases: the square-well fluid (lambda = 1.5) brought to kT = 1.5 as
 * well_start does (from kT 3, thermostat at 1.5, rate 2, until t = 5, then NVE), the hard spheres
 * left from the lattice by 4 N events; n sigma^d = 0.5, the stable detector, every diagnostic on.
 *
 *   well_ratio [DIM=3] [N=13500 in 3-D, 10000 in 2-D] [ROUNDS=20] [CHUNK=300000]            */
#include "edpd/edpd.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static edpd_world *fluid(int dim, uint32_t n, int well) {
    const double pi = 3.14159265358979323846;
    edpd_config c = edpd_scenario_config(EDPD_SCENARIO_ELASTIC);
    c.n = n; c.dim = dim;
    c.packing_fraction = 0.5 * (dim == 3 ? pi / 6.0 : pi / 4.0);
    if (well) {
        c.potential = EDPD_POTENTIAL_SQUARE_WELL; c.well_width = 1.5;
        c.temperature = 3.0; c.thermostat_rate = 2.0; c.bath_temperature = 1.5; c.thermostat_until = 5.0;
    }
    edpd_error err;
    edpd_world *w = edpd_create(&c, &err);
    if (!w) { fprintf(stderr, "well_ratio: %s: %s\n", err.field, err.message); exit(1); }
    if (well) edpd_advance(w, 5.0, UINT64_MAX, &err);
    else edpd_advance(w, INFINITY, 4ull * n, &err);
    return w;
}

static int by_value(const void *a, const void *b) { double x = *(const double *)a, y = *(const double *)b; return (x > y) - (x < y); }
static double quantile(double *x, int n, double q) { qsort(x, (size_t)n, sizeof *x, by_value); return x[(int)(q * (n - 1) + 0.5)]; }

int main(int argc, char **argv) {
    int dim = argc > 1 ? atoi(argv[1]) : 3;
    uint32_t n = argc > 2 ? (uint32_t)strtoul(argv[2], NULL, 10) : (dim == 3 ? 13500u : 10000u);
    int rounds = argc > 3 ? atoi(argv[3]) : 20;
    uint64_t chunk = argc > 4 ? strtoull(argv[4], NULL, 10) : 300000;
    if ((dim != 2 && dim != 3) || n < 2 || rounds < 1 || rounds > 1000 || chunk < 1) {
        fprintf(stderr, "usage: well_ratio [DIM 2|3] [N >= 2] [ROUNDS 1..1000] [CHUNK >= 1]\n");
        return 2;
    }
    edpd_world *w[2] = {fluid(dim, n, 0), fluid(dim, n, 1)};
    double *t[2] = {malloc(sizeof(double) * rounds), malloc(sizeof(double) * rounds)}, *ratio = malloc(sizeof(double) * rounds);
    edpd_error err;
    for (int r = 0; r < rounds; r++) {
        for (int s = 0; s < 2; s++) {
            int side = s ^ (r & 1);
            edpd_stats a, b;
            edpd_get_stats(w[side], &a);
            clock_t c0 = clock();
            edpd_advance(w[side], INFINITY, chunk, &err);
            double cpu = (double)(clock() - c0) / CLOCKS_PER_SEC;
            edpd_get_stats(w[side], &b);
            t[side][r] = 1e6 * cpu / (double)(b.events - a.events);
        }
        ratio[r] = t[1][r] / t[0][r];
    }
    edpd_stats s;
    edpd_get_stats(w[1], &s);
    printf("%d-D, N = %u, n sigma^%d = 0.5: hard spheres %.3f us/event, square well %.3f us/event (kT %.3f); "
           "square well / hard spheres %.3f (quartiles %.3f .. %.3f, %d rounds of %llu events each)\n",
           dim, n, dim, quantile(t[0], rounds, 0.5), quantile(t[1], rounds, 0.5), s.temperature, quantile(ratio, rounds, 0.5),
           quantile(ratio, rounds, 0.25), quantile(ratio, rounds, 0.75), rounds, (unsigned long long)chunk);
    edpd_destroy(w[0]); edpd_destroy(w[1]);
    free(t[0]); free(t[1]); free(ratio);
    return 0;
}
