/* ab_paired: two engine revisions in one process (bench/ab.sh with EDPD_AB_PAIRED=1). Each
 * revision's core and bench_one.c's bench_world / bench_run are linked with their symbols
 * prefixed a_ and b_; each side gets two worlds of the same case (made in both orders), and the
 * sides are timed in alternating runs (the order swapped every round, the set every other). A slow phase of the host then hits both
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
    /* Two worlds per side, made in both orders: the world made second runs measurably slower
     * (an A/A of one revision read b/a = 1.05 on the square well), so rounds alternate between
     * the set made a-first and the set made b-first, and that bias cancels in the median. */
    edpd_world *wa[2], *wb[2];
    wa[0] = a_bench_world(n, rho, dim, well); wb[0] = b_bench_world(n, rho, dim, well);
    wb[1] = b_bench_world(n, rho, dim, well); wa[1] = a_bench_world(n, rho, dim, well);
    if (!wa[0] || !wb[0] || !wa[1] || !wb[1]) return 1;
    double *ratio = malloc(sizeof(double) * (size_t)rounds), *ta = malloc(sizeof(double) * (size_t)rounds),
           *tb = malloc(sizeof(double) * (size_t)rounds), cps;
    if (!ratio || !ta || !tb) return 1;
    for (int r = 0; r < rounds; r++) {
        int set = (r >> 1) & 1;
        if (r & 1) { tb[r] = b_bench_run(wb[set], events, &cps); ta[r] = a_bench_run(wa[set], events, &cps); }
        else { ta[r] = a_bench_run(wa[set], events, &cps); tb[r] = b_bench_run(wb[set], events, &cps); }
        ratio[r] = tb[r] / ta[r];
        printf("pair %d: a %.4f b %.4f us/event, b/a %.4f\n", r + 1, ta[r], tb[r], ratio[r]);
    }
    printf("a median %.3f us/event, b median %.3f; b/a median %.4f (quartiles %.4f .. %.4f, %d pairs of %llu events)\n",
           quantile(ta, rounds, 0.5), quantile(tb, rounds, 0.5), quantile(ratio, rounds, 0.5), quantile(ratio, rounds, 0.25),
           quantile(ratio, rounds, 0.75), rounds, (unsigned long long)events);
    return 0;
}
