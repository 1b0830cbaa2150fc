/* bench_one: one benchmark case, timed in several runs in one process (for A/B comparisons of
 * engine builds, bench/ab.sh). Elastic gas from the FCC lattice, 4 N events of warm-up as in
 * edpd bench, then RUNS runs of EVENTS events each; one line per run, user CPU time. With WELL
 * (lambda > 1), a square-well fluid brought to kT = 1.5 as edpd bench's well_start does (from kT 3
 * with the thermostat at 1.5, rate 2, 5 time units), then timed in NVE from that state.
 *
 *   bench_one N NUMBER_DENSITY RUNS EVENTS [DIM] [WELL]
 * Built with -DBENCH_ONE_SIDE: bench_world and bench_run alone, for bench/ab_paired.c.     */
#include "edpd/edpd.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#ifdef EDPD_MAX_STEPS  /* revisions with stepped potentials; older ones time hard spheres only */
/* The thermostatted fluid's state as a custom world without the thermostat (the public API
 * only: an old revision's core links against this harness). */
static edpd_world *well_fluid(edpd_config c, edpd_error *err) {
    c.temperature = 3.0; c.thermostat_rate = 2.0; c.bath_temperature = 1.5;
    edpd_world *w = edpd_create(&c, err);
    if (!w) return NULL;
    edpd_advance(w, 5.0, UINT64_MAX, err);
    double *rv = malloc(sizeof(double) * 6 * c.n);
    if (!rv) { snprintf(err->message, sizeof err->message, "out of memory"); edpd_destroy(w); return NULL; }
    edpd_config nve = c;
    nve.scenario = EDPD_SCENARIO_CUSTOM;
    nve.thermostat_rate = 0.0;
    edpd_get_state(w, rv, rv + 3 * (size_t)c.n);
    edpd_get_box(w, nve.box);
    edpd_get_periodic(w, nve.periodic);
    nve.positions = rv; nve.velocities = rv + 3 * (size_t)c.n;
    nve.start_time = edpd_time(w);
    edpd_world *fluid = edpd_create(&nve, err);
    free(rv);
    edpd_destroy(w);
    return fluid;
}
#endif

/* The case's world, warmed up: the elastic gas 4 N events past the lattice, or the square-well
 * fluid; NULL (a message on stderr) if this revision cannot make it. */
edpd_world *bench_world(uint32_t n, double rho, int dim, double well) {
    const double pi = 3.14159265358979323846;
    edpd_config c = edpd_scenario_config(EDPD_SCENARIO_ELASTIC);
    c.n = n; c.dim = dim;
    c.packing_fraction = rho * (c.dim == 3 ? pi / 6.0 : pi / 4.0);
    edpd_error err = {0};
#ifdef EDPD_MAX_STEPS
    if (well > 0.0) { c.potential = EDPD_POTENTIAL_SQUARE_WELL; c.well_width = well; }
    edpd_world *w = well > 0.0 ? well_fluid(c, &err) : edpd_create(&c, &err);
#else
    if (well > 0.0) { fprintf(stderr, "bench_one: this revision has no square well\n"); return NULL; }
    edpd_world *w = edpd_create(&c, &err);
#endif
    if (!w) { fprintf(stderr, "bench_one: %s: %s\n", err.field, err.message); return NULL; }
    if (well == 0.0) edpd_advance(w, INFINITY, 4ull * c.n, &err);
    return w;
}

/* One run of `events` events: user CPU microseconds per event, and collisions per second. */
double bench_run(edpd_world *w, uint64_t events, double *collisions_per_s) {
    edpd_error err = {0};
    edpd_stats s0, s1;
    edpd_get_stats(w, &s0);
    clock_t t0 = clock();
    edpd_advance(w, INFINITY, events, &err);
    double dt = (double)(clock() - t0) / CLOCKS_PER_SEC;
    edpd_get_stats(w, &s1);
    *collisions_per_s = (double)(s1.collisions - s0.collisions) / dt;
    return 1e6 * dt / (double)(s1.events - s0.events);
}

#ifndef BENCH_ONE_SIDE  /* bench/ab.sh's paired mode links bench_world and bench_run of two revisions */
int main(int argc, char **argv) {
    if (argc < 5 || argc > 7) { fprintf(stderr, "usage: bench_one N NUMBER_DENSITY RUNS EVENTS [DIM] [WELL]\n"); return 2; }
    int runs = atoi(argv[3]);
    uint64_t events = strtoull(argv[4], NULL, 10);
    edpd_world *w = bench_world((uint32_t)strtoul(argv[1], NULL, 10), atof(argv[2]), argc >= 6 ? atoi(argv[5]) : 3,
                                argc == 7 ? atof(argv[6]) : 0.0);
    if (!w) return 1;
    for (int r = 0; r < runs; r++) {
        double cps, us = bench_run(w, events, &cps);
        printf("us_per_event %.4f collisions_per_s %.0f\n", us, cps);
    }
    edpd_destroy(w);
    return 0;
}
#endif
