/* Structure from sampled states (structure.c, for --observe gr,speeds): the radial distribution
 * function g(r) with its contact value, and the speed distribution against Maxwell-Boltzmann. */
#ifndef EDPD_CLI_STRUCTURE_H
#define EDPD_CLI_STRUCTURE_H
#include <stdint.h>
#include "edpd.h"

#define EDPD_GR_BINS 250        /* bins of 0.02 sigma: from sigma to 6 sigma (or L/2) */
#define EDPD_SPEED_BINS 40      /* 0 to 5 sqrt(kT/m) */

typedef struct edpd_pair_distribution {
    uint32_t bins;
    double dr, r[EDPD_GR_BINS], g[EDPD_GR_BINS];
    double contact, contact_error;   /* g(sigma+): a quadratic in ln g through the first bins; error over 8 blocks of samples */
} edpd_pair_distribution;

typedef struct edpd_speed_distribution {
    double v[EDPD_SPEED_BINS], observed[EDPD_SPEED_BINS], expected[EDPD_SPEED_BINS];  /* bin centre, counts */
    double chi2;
    uint32_t dof;                    /* bins with 5 or more expected counts, less 1 */
} edpd_speed_distribution;

/* g(r) over `count` samples of n positions (3 n doubles each, at pos + 3 n k; unwrapped or not:
 * the minimum image by rounding), sigma the diameter, box and periodic axes as the world's. */
EDPD_API void edpd_pair_distribution_of(const double *pos, uint32_t count, uint32_t n, int dim, const double box[3], const int periodic[3],
                          double sigma, edpd_pair_distribution *out);
/* The speeds of `count` samples of n velocities against Maxwell-Boltzmann at kT/m = kt (its chi^2). */
EDPD_API void edpd_speed_distribution_of(const double *vel, uint32_t count, uint32_t n, int dim, double kt, edpd_speed_distribution *out);

#endif
