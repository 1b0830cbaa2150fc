/* Is one run's pressure_z_error honest? The root mean square of SEEDS runs' errors against the
 * standard deviation of their Z (ratio 1 when honest; the deviation's estimate is good to
 * 1/sqrt(2 (SEEDS - 1))). Each run: the elastic gas's lattice start, then an elastic run to
 * t = T_EQ, the measurements restarted (as --equilibrate T_EQ), then T_RUN more.
 *
 *   build-bench/z_error DIM PHI T_RUN [SEEDS=40] [N=500] [T_EQ=5]
 *   build-bench/z_error 3 0.3 0.5      blocks of a fifth of a mean free time: ratio about 1.3
 *   build-bench/z_error 2 0.6 50 48 4096 5    the lattice start not yet forgotten: about 0.8
 *   build-bench/z_error 2 0.6 50 48 4096 50   forgotten: about 1.0 (docs/cli.md) */
#include "edpd/edpd.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    if (argc < 4) { fprintf(stderr, "usage: z_error DIM PHI T_RUN [SEEDS=40] [N=500] [T_EQ=5]\n"); return 2; }
    int dim = atoi(argv[1]), seeds = argc > 4 ? atoi(argv[4]) : 40;
    double phi = atof(argv[2]), t_run = atof(argv[3]);
    long n = argc > 5 ? atol(argv[5]) : 500;
    double t_eq = argc > 6 ? atof(argv[6]) : 5.0;
    if (seeds < 3 || seeds > 100000 || n < 2 || n > 4194304 || !(t_run > 0 && t_run < 1e6) || !(t_eq >= 0 && t_eq < 1e6)) {
        fprintf(stderr, "z_error: SEEDS must be in [3, 100000], N in [2, 4194304], T_RUN in (0, 1e6), T_EQ in [0, 1e6)\n");
        return 2;
    }
    double sz = 0, szz = 0, see = 0, mft = 0;
    for (int s = 0; s < seeds; s++) {
        edpd_config c = edpd_scenario_config(EDPD_SCENARIO_ELASTIC);
        c.dim = dim; c.n = (uint32_t)n; c.packing_fraction = phi; c.seed = 500 + (uint32_t)s;
        edpd_error err;
        edpd_world *w = edpd_create(&c, &err);
        if (!w) { fprintf(stderr, "z_error: %s\n", err.message); return 2; }
        edpd_advance(w, t_eq, UINT64_MAX, &err);
        edpd_reset_measurements(w);
        edpd_advance(w, t_eq + t_run, UINT64_MAX, &err);
        edpd_stats st;
        edpd_get_stats(w, &st);
        sz += st.pressure_z; szz += st.pressure_z * st.pressure_z;
        see += st.pressure_z_error * st.pressure_z_error;
        mft += st.mean_free_time / seeds;
        edpd_destroy(w);
    }
    double m = sz / seeds, sd = sqrt((szz - seeds * m * m) / (seeds - 1)), rms = sqrt(see / seeds);
    printf("%d-D, phi = %g, N = %ld, %d seeds, t = %g .. %g: Z = %.4f, spread over seeds %.4f, "
           "rms pressure_z_error %.4f, ratio %.2f +- %.2f (blocks of %.2f to %.2f mean free times)\n",
           dim, phi, n, seeds, t_eq, t_eq + t_run, m, sd, rms, rms / sd, rms / sd / sqrt(2.0 * (seeds - 1)),
           t_run / 32 / mft, t_run / 16 / mft);
    return 0;
}
