/* fig7_rounding: which floating-point details decide how many naive bouncing balls halt (the
 * paper's Fig. 7: about 50 % there, 24.9 % in edpd). A stand-alone re-implementation of the
 * naive experiment (Eqs. 11-12: ball at rest at r_plate + 1, sigma = 1, e = 0.5, halt when the
 * square root's argument is negative or the root is negative; a ball whose last 32 impacts span
 * less than 1e-10 time units has come to rest), run under variants of one detail at a time:
 *
 *   build/fig7_rounding [samples per row, default 100000]
 *   build/fig7_rounding --combinations [samples] [--json]   # every combination of the details
 *   build/fig7_rounding --check N   # the first row against edpd_ball_sweep on N offsets (ctest)
 *
 * The first row is edpd's own arithmetic (absolute clock, r + (v dt + g dt^2/2), reflection
 * v - (1 + e) v, gap (r - r_plate) - sigma/2, the sweep's offsets) and gives exactly the share
 * of `edpd sweep --detector naive-halt --samples N` (seed 1). */
#include "edpd/edpd.h"
#include "edpd/ball_sweep.h"
#include "base/rng.h"
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct variant {
    const char *name;
    int offsets;        /* 0: edpd's sweep offsets (53 random bits), 1: 48 random bits (drand48-like),
                           2: grid s / samples, 3: 32 random bits, 4: edpd's offsets rounded to float */
    int engine_update;  /* 1: absolute clock and edpd's grouping; 0: Eq. (11) left to right with dt */
    int gap_sum_first;  /* 1: r - (r_plate + sigma/2); 0: (r - r_plate) - sigma/2 */
    double g;
} variant;

/* 1 if the naive detector halts, 0 if the ball comes to rest; *impacts: impacts before that. */
static int drop(const variant *V, double plate, int *impacts) {
    const double e = 0.5, g = -V->g;
    double r = plate + 1.0, v = 0.0, t = 0.0, window_t = 0.0;
    int window_k = 0;
    for (int k = 0; k < 100000; k++) {
        double x = V->gap_sum_first ? r - (plate + 0.5) : (r - plate) - 0.5;
        double disc = v * v - 2.0 * g * x;
        *impacts = k;
        if (disc < 0.0) return 1;                 /* no real root */
        double dt = -(v + sqrt(disc)) / g;        /* Eq. (12) */
        if (dt < 0.0) return 1;                   /* overlapping and approaching */
        if (V->engine_update) {
            double tn = t + dt;
            dt = tn - t;
            t = tn;
            r = r + (v * dt + g * (0.5 * dt * dt));
            v = v + g * dt;
            if (v < 0.0) v = v - (1.0 + e) * v;
        } else {
            t += dt;
            r = r + dt * v + dt * dt / 2.0 * g;
            v = v + g * dt;
            if (v < 0.0) v = -e * v;
        }
        if (k - window_k >= 32) {
            if (fabs(t - window_t) <= 1e-10) return 0;
            window_k = k;
            window_t = t;
        }
    }
    return 0;
}

static long count_halts(const variant *V, long samples, double *impacts_sum) {
    long halted = 0;
    *impacts_sum = 0.0;
    edpd_rng rng;
    ed_rng_seed(&rng, 7);
    for (long s = 0; s < samples; s++) {
        double plate = V->offsets == 0 ? edpd_sweep_plate_offset(1, (uint64_t)s)
                     : V->offsets == 1 ? (double)(ed_rng_next(&rng) >> 16) * 0x1p-48
                     : V->offsets == 2 ? (double)s / (double)samples
                     : V->offsets == 3 ? (double)(ed_rng_next(&rng) >> 32) * 0x1p-32
                     : (double)(float)edpd_sweep_plate_offset(1, (uint64_t)s);
        int impacts;
        if (drop(V, plate, &impacts)) { halted++; *impacts_sum += impacts; }
    }
    return halted;
}

/* The stand-alone arithmetic against the engine, ball by ball in aggregate: same halts, same
 * impacts at halt. */
static int check(long samples) {
    static const variant edpd = {"edpd", 0, 1, 0, 1.0};
    double impacts;
    long halted = count_halts(&edpd, samples, &impacts);
    edpd_sweep_config sc = edpd_default_sweep_config();
    sc.detector = EDPD_DETECTOR_NAIVE_HALT;
    sc.count = (uint64_t)samples;
    edpd_sweep_result r = {0};
    edpd_error err;
    if (edpd_ball_sweep(&sc, &r, &err) != EDPD_OK) { fprintf(stderr, "fig7_rounding: %s\n", err.message); return 1; }
    int ok = (uint64_t)halted == r.halted && (uint64_t)impacts == r.events_at_halt_sum;
    printf("%ld offsets: stand-alone %ld halts (%.0f impacts), edpd_ball_sweep %llu halts (%llu impacts): %s\n",
           samples, halted, impacts, (unsigned long long)r.halted, (unsigned long long)r.events_at_halt_sum,
           ok ? "same" : "DIFFERENT");
    return ok ? 0 : 1;
}

/* Every combination of offsets, g, the gap's form and the update (5 x 2 x 2 x 2), as a table or
 * JSON; those within 45-55 % halted after 25-35 impacts on average are marked as the paper's. */
static int combinations(long samples, int json) {
    static const char *offsets[] = {"53 random bits (edpd)", "48 random bits (drand48)", "grid s / samples", "32 random bits", "float (24 bits)"};
    static const double gs[] = {1.0, 9.81};
    if (json) printf("{\"samples\": %ld, \"rows\": [\n", samples);
    else printf("%-26s %5s %-14s %-13s %8s %8s\n", "offsets", "g", "gap", "update", "halted", "impacts");
    int first = 1, like = 0;
    for (int o = 0; o < 5; o++) for (int gi = 0; gi < 2; gi++) for (int gap = 0; gap < 2; gap++) for (int u = 1; u >= 0; u--) {
        variant V = {"", o, u, gap, gs[gi]};
        double impacts_sum;
        long halted = count_halts(&V, samples, &impacts_sum);
        double share = (double)halted / (double)samples, mean = halted ? impacts_sum / (double)halted : 0.0;
        int paper = share >= 0.45 && share <= 0.55 && mean >= 25.0 && mean <= 35.0;
        like += paper;
        const char *gapname = gap ? "r - (p + s/2)" : "(r - p) - s/2", *upd = u ? "edpd's clock" : "Eq. 11 by dt";
        if (json) printf("%s {\"offsets\": \"%s\", \"g\": %g, \"gap\": \"%s\", \"update\": \"%s\", \"halted\": %ld, \"share\": %.6f, \"mean_impacts\": %.2f, \"like_paper\": %s}",
                         first ? "" : ",\n", offsets[o], gs[gi], gapname, upd, halted, share, mean, paper ? "true" : "false");
        else printf("%-26s %5g %-14s %-13s %7.2f%% %8.1f%s\n", offsets[o], gs[gi], gapname, upd, 100.0 * share, mean, paper ? "  <- ~50 % after ~30" : "");
        first = 0;
    }
    if (json) printf("\n], \"like_paper\": %d}\n", like);
    else printf("%d of 40 combinations halt 45-55 %% of the balls after 25-35 impacts on average\n", like);
    return 0;
}

int main(int argc, char **argv) {
    if (argc >= 2 && strcmp(argv[1], "--combinations") == 0) {
        long n = 1000000;
        int json = 0;
        for (int k = 2; k < argc; k++) {
            if (strcmp(argv[k], "--json") == 0) json = 1;
            else if ((n = strtol(argv[k], NULL, 10)) < 2 || n > 100000000) {
                fprintf(stderr, "fig7_rounding: --combinations [samples in 2 .. 1e8] [--json]\n");
                return 2;
            }
        }
        return combinations(n, json);
    }
    if (argc == 3 && strcmp(argv[1], "--check") == 0) {
        long n = strtol(argv[2], NULL, 10);
        if (n < 1 || n > 10000000) { fprintf(stderr, "fig7_rounding: --check N takes N in [1, 1e7]\n"); return 2; }
        return check(n);
    }
    long samples = argc > 1 ? strtol(argv[1], NULL, 10) : 100000;
    if (argc > 2 || samples < 2 || samples > 100000000) {
        fprintf(stderr, "usage: fig7_rounding [samples per row, 2 .. 1e8] | --check N\n");
        return 2;
    }
    static const variant rows[] = {
        {"edpd: clock, r + (v dt + g dt^2/2), (r - p) - s/2", 0, 1, 0, 1.0},
        {"edpd, but gap r - (p + s/2)", 0, 1, 1, 1.0},
        {"Eq. (11) step by dt, (r - p) - s/2", 0, 0, 0, 1.0},
        {"Eq. (11) step by dt, r - (p + s/2)", 0, 0, 1, 1.0},
        {"edpd, g = 9.81", 0, 1, 0, 9.81},
        {"edpd, g = 9.81, gap r - (p + s/2)", 0, 1, 1, 9.81},
        {"Eq. (11), g = 9.81, (r - p) - s/2", 0, 0, 0, 9.81},
        {"Eq. (11), g = 9.81, r - (p + s/2)", 0, 0, 1, 9.81},
        {"edpd, offsets with 48 random bits (drand48)", 1, 1, 0, 1.0},
        {"edpd, offsets on a grid s / samples", 2, 1, 0, 1.0},
    };
    printf("%-50s %8s %14s\n", "variant (p = r_plate, s = sigma = 1)", "halted", "mean impacts");
    for (size_t k = 0; k < sizeof rows / sizeof rows[0]; k++) {
        const variant *V = &rows[k];
        double impacts_sum;
        long halted = count_halts(V, samples, &impacts_sum);
        printf("%-50s %7.2f %% %14.1f\n", V->name, 100.0 * halted / samples, halted ? impacts_sum / halted : 0.0);
    }
    return 0;
}
