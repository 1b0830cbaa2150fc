/* How fast the app's two panes part ways: the same elastic gas run with the naive-halt and the
 * stable detector, which compute some collision times one rounding apart (Eq. 12 against
 * Algorithm 1's c / (sqrt(D) - b)). Chaos multiplies that difference with every collision; this
 * prints, per seed, the collisions per particle at which the RMS distance of the two runs'
 * particles (minimum image) first passes 1e-12, 1e-8, 1e-4 and 0.1 sigma, and the growth rate
 * d ln(distance) / d(collisions per particle) between 1e-12 and 1e-4.
 *
 *   build-bench/pane_distance [DIM=3] [PHI=0.3] [N=2000] [SEEDS=5]     (the app's elastic gas: 3 0.3 2000) */
#include "edpd/edpd.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static double rms_distance(const double *a, const double *b, uint32_t n, int dim, const double box[3]) {
    double s = 0;
    for (uint32_t i = 0; i < n; i++)
        for (int k = 0; k < dim; k++) {
            double d = a[3 * i + k] - b[3 * i + k];
            d -= box[k] * nearbyint(d / box[k]);  /* minimum image */
            s += d * d;
        }
    return sqrt(s / n);
}

static double sample_sd(double sum, double sq, int k) {
    double m = sum / k;
    return sqrt((sq - k * m * m) / (k - 1));
}

int main(int argc, char **argv) {
    int dim = argc > 1 ? atoi(argv[1]) : 3, seeds = argc > 4 ? atoi(argv[4]) : 5;
    double phi = argc > 2 ? atof(argv[2]) : 0.3;
    long n = argc > 3 ? atol(argv[3]) : 2000;
    if ((dim != 2 && dim != 3) || !(phi > 0 && phi < 0.8) || n < 16 || n > 1000000 || seeds < 1 || seeds > 1000) {
        fprintf(stderr, "usage: pane_distance [DIM 2|3] [PHI in (0, 0.8)] [N in [16, 10^6]] [SEEDS in [1, 1000]]\n");
        return 2;
    }
    const double marks[] = {1e-12, 1e-8, 1e-4, 0.1};
    printf("%d-D elastic gas, phi = %g, N = %ld: collisions per particle until the naive-halt and the stable run are\n"
           "  %-6s %10s %10s %10s %10s   growth of ln(distance) per collision per particle\n", dim, phi, n, "seed", "1e-12", "1e-8", "1e-4", "0.1 sigma");
    double *ra = malloc(sizeof(double) * 3 * (size_t)n), *rb = malloc(sizeof(double) * 3 * (size_t)n);
    double rate_sum = 0, rate_sq = 0, last_sum = 0, last_sq = 0;
    int rates = 0, lasts = 0;
    for (int s = 0; s < seeds; s++) {
        edpd_world *w[2];
        for (int k = 0; k < 2; k++) {
            edpd_config c = edpd_scenario_config(EDPD_SCENARIO_ELASTIC);
            c.dim = dim; c.n = (uint32_t)n; c.packing_fraction = phi; c.seed = 1 + (uint32_t)s;
            c.detector = k ? EDPD_DETECTOR_STABLE : EDPD_DETECTOR_NAIVE_HALT;
            edpd_error err;
            if (!(w[k] = edpd_create(&c, &err))) { fprintf(stderr, "pane_distance: %s\n", err.message); return 1; }
        }
        double box[3], at[4], dt = 0.005;
        int next = 0;
        edpd_get_box(w[1], box);
        for (double t = dt; next < 4 && t < 1e4; t += dt) {
            edpd_error err;
            for (int k = 0; k < 2; k++) edpd_advance(w[k], t, UINT64_MAX, &err);
            if (edpd_get_status(w[0]).state != EDPD_STATE_RUNNING) { printf("  seed %d: the naive run stopped at t = %g\n", s + 1, t); break; }
            edpd_get_positions(w[0], ra);
            edpd_get_positions(w[1], rb);
            double d = rms_distance(ra, rb, (uint32_t)n, dim, box);
            edpd_stats st;
            edpd_get_stats(w[1], &st);
            while (next < 4 && d > marks[next]) at[next++] = 2.0 * (double)st.collisions / (double)n;
        }
        printf("  %-6d", s + 1);
        for (int k = 0; k < 4; k++) if (k < next) printf(" %10.1f", at[k]); else printf(" %10s", "-");
        if (next >= 3) {
            double rate = log(1e-4 / 1e-12) / (at[2] - at[0]);
            printf("   %.3f", rate);
            rate_sum += rate; rate_sq += rate * rate; rates++;
        }
        if (next == 4) { last_sum += at[3]; last_sq += at[3] * at[3]; lasts++; }
        printf("\n");
        for (int k = 0; k < 2; k++) edpd_destroy(w[k]);
    }
    /* mean and the spread over seeds (sample standard deviation) */
    if (lasts) printf("mean: 0.1 sigma after %.1f collisions per particle", last_sum / lasts);
    if (lasts > 1) printf(" (spread over seeds %.1f)", sample_sd(last_sum, last_sq, lasts));
    if (rates > 1) printf("; growth %.3f (spread %.3f) per collision per particle", rate_sum / rates, sample_sd(rate_sum, rate_sq, rates));
    printf("\n");
    free(ra); free(rb);
    return 0;
}
