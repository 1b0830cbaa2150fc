/* ab_paired: two engine revisions in one process (bench/ab.sh with EDPD_AB_PAIRED=1). Each
 * revision's core and bench_one.c's bench_world / bench_run are linked with their symbols
 * prefixed a_ and b_; each side gets its world of the same case, and the two are timed in
 * alternating runs (the order swapped every round). A slow phase of the host then hits both
 * runs of a pair, which separate processes minutes apart do not share: the pairs' ratios b/a
 * are the measure, and their median.
 *
 *   ab_paired N NUMBER_DENSITY ROUNDS EVENTS DIM WELL                                   */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct edpd_world edpd_world;
edpd_world *a_bench_world(uint32_t n, double rho, int dim, double well);
edpd_world *b_bench_world(uint32_t n, double rho, int dim, double well);
double a_bench_run(edpd_world *w, uint64_t events, double *collisions_per_s);
double b_bench_run(edpd_world *w, uint64_t events, double *collisions_per_s);

static int by_value(const void *p, const void *q) { double x = *(const double *)p, y = *(const double *)q; return (x > y) - (x < y); }
static double quantile(double *x, int n, double q) { qsort(x, (size_t)n, sizeof *x, by_value); return x[(int)(q * (n - 1) + 0.5)]; }

int main(int argc, char **argv) {
    if (argc != 7) { fprintf(stderr, "usage: ab_paired N NUMBER_DENSITY ROUNDS EVENTS DIM WELL\n"); return 2; }
    uint32_t n = (uint32_t)strtoul(argv[1], NULL, 10);
    double rho = atof(argv[2]), well = atof(argv[6]);
    int rounds = atoi(argv[3]), dim = atoi(argv[5]);
    uint64_t events = strtoull(argv[4], NULL, 10);
    if (rounds < 1 || rounds > 1000) { fprintf(stderr, "ab_paired: ROUNDS must be in [1, 1000]\n"); return 2; }
    edpd_world *wa = a_bench_world(n, rho, dim, well), *wb = b_bench_world(n, rho, dim, well);
    if (!wa || !wb) return 1;
    double *ratio = malloc(sizeof(double) * (size_t)rounds), *ta = malloc(sizeof(double) * (size_t)rounds),
           *tb = malloc(sizeof(double) * (size_t)rounds), cps;
    if (!ratio || !ta || !tb) return 1;
    for (int r = 0; r < rounds; r++) {
        if (r & 1) { tb[r] = b_bench_run(wb, events, &cps); ta[r] = a_bench_run(wa, events, &cps); }
        else { ta[r] = a_bench_run(wa, events, &cps); tb[r] = b_bench_run(wb, events, &cps); }
        ratio[r] = tb[r] / ta[r];
        printf("pair %d: a %.4f b %.4f us/event, b/a %.4f\n", r + 1, ta[r], tb[r], ratio[r]);
    }
    printf("a median %.3f us/event, b median %.3f; b/a median %.4f (quartiles %.4f .. %.4f, %d pairs of %llu events)\n",
           quantile(ta, rounds, 0.5), quantile(tb, rounds, 0.5), quantile(ratio, rounds, 0.5), quantile(ratio, rounds, 0.25),
           quantile(ratio, rounds, 0.75), rounds, (unsigned long long)events);
    return 0;
}
