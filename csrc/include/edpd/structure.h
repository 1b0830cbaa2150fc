/* Structure from sampled states (structure.c, for --observe gr,speeds): the radial distribution
 * function g(r) with its contact value, the speed distribution against Maxwell-Boltzmann, and the
 * global bond order Q6 of a 3-D state (a compression's summary). */
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

/* Steinhardt's global bond-order parameter Q6 (Steinhardt, Nelson & Ronchetti, Phys. Rev. B 28, 784
 * (1983)) of n 3-D positions: the bonds are the pairs closer than cutoff (minimum image on periodic
 * axes); Q6 = sqrt(4 pi / 13 sum_m |<Y6m>|^2), the mean over all bonds. 0.575 for a perfect FCC
 * crystal, 0.485 for HCP, ~0 for a liquid or a glass (of order bonds^-1/2); NaN without a bond (or
 * when out of memory). */
EDPD_API double edpd_bond_order_q6(const double *pos, uint32_t n, const double box[3], const int periodic[3], double cutoff);

#endif
