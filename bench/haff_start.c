/* How far a granular gas is from an equilibrium fluid when its restitution switches on, measured
 * by the one number that is exact in equilibrium: the energy an impact loses, in units of
 * (1 - e^2) kT (test_gas.c). Sphere impacts are elastic until t_eq (elastic_until), then e = 0.9;
 * the loss is averaged over the next 0.6 time units (about half an impact per particle).
 * t_eq = 0 is the FCC lattice start itself.
 *
 *   build-bench/haff_start [SEEDS=200]      (3-D, N = 1000, phi = 0.1; about half a minute) */
#include "edpd/edpd.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    int seeds = argc > 1 ? atoi(argv[1]) : 200;
    if (seeds < 2 || seeds > 100000) { fprintf(stderr, "haff_start: SEEDS must be in [2, 100000]\n"); return 2; }
    const double phi = 0.1, e = 0.9, window = 0.6, t_eqs[] = {0, 1, 2, 3, 4, 5, 6, 7, 10, 20, 40};
    const uint32_t n = 1000;
    printf("3-D, N = %u, phi = %g, e = %g, %d seeds: loss per impact over (t_eq, t_eq + %g] / (1 - e^2) kT (exact: 1)\n",
           n, phi, e, seeds, window);
    for (size_t k = 0; k < sizeof t_eqs / sizeof t_eqs[0]; k++) {
        double s1 = 0, s2 = 0, impacts = 0;
        for (int s = 0; s < seeds; s++) {
            edpd_config c = edpd_scenario_config(EDPD_SCENARIO_GRANULAR);
            c.n = n; c.packing_fraction = phi; c.restitution = e; c.seed = 1000 + (uint32_t)s;
            c.elastic_until = t_eqs[k];
            edpd_error err;
            edpd_world *w = edpd_create(&c, &err);
            if (!w) { fprintf(stderr, "haff_start: %s\n", err.message); return 1; }
            edpd_stats a, b;
            edpd_advance(w, t_eqs[k], UINT64_MAX, &err);
            edpd_get_stats(w, &a);
            edpd_advance(w, t_eqs[k] + window, UINT64_MAX, &err);
            edpd_get_stats(w, &b);
            double imp = (double)(b.collisions - a.collisions);
            double loss = -log(b.kinetic_energy / a.kinetic_energy) * 3 * (n - 1) / (2.0 * imp * (1 - e * e));
            s1 += loss; s2 += loss * loss; impacts += imp;
            edpd_destroy(w);
        }
        double m = s1 / seeds, se = sqrt((s2 / seeds - m * m) / (seeds - 1));
        printf("  t_eq = %4g: %.4f +- %.4f (%+5.1f %%, %+5.1f standard errors; %.2f impacts per particle)\n",
               t_eqs[k], m, se, 100 * (m - 1), (m - 1) / se, impacts / seeds / n);
    }
    return 0;
}
