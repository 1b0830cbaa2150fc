/* Deterministic sine and cosine (det_trig.h): x reduced by k pi/2 in three parts (Cody & Waite),
 * each product k * part exact for |k| < 2^20, then Taylor series on [-pi/4, pi/4] by Horner's
 * rule (multiplications only: a division costs ten of them), where the first term left out is
 * below 10^-19. */
#include "base/det_trig.h"
#include <math.h>

/* pi/2 = PIO2_1 + PIO2_2 + PIO2_3, the first two with 33 significant bits */
static const double PIO2_1 = 1.5707963267341256, PIO2_2 = 6.077100506303966e-11, PIO2_3 = 2.0222662487959506e-21;
static const double TWO_OVER_PI = 0.6366197723675814;

/* Taylor coefficients (-1)^k / (2k+1)! and (-1)^k / (2k)!, each the double nearest */
static const double S[10] = {1.0, -0.16666666666666666, 0.008333333333333333, -0.0001984126984126984, 2.7557319223985893e-06,
                             -2.505210838544172e-08, 1.6059043836821613e-10, -7.647163731819816e-13, 2.8114572543455206e-15, -8.22063524662433e-18};
static const double C[11] = {1.0, -0.5, 0.041666666666666664, -0.001388888888888889, 2.48015873015873e-05, -2.755731922398589e-07,
                             2.08767569878681e-09, -1.1470745597729725e-11, 4.779477332387385e-14, -1.5619206968586225e-16, 4.110317623312165e-19};

static double sin_kernel(double r) {  /* sin r, |r| <= pi/4: r - r^3/3! + ... - r^19/19!, by Horner */
    double r2 = r * r, p = S[9];
    for (int k = 8; k >= 0; k--) p = p * r2 + S[k];
    return r * p;
}

static double cos_kernel(double r) {  /* cos r, |r| <= pi/4: 1 - r^2/2! + ... + r^20/20! */
    double r2 = r * r, p = C[10];
    for (int k = 9; k >= 0; k--) p = p * r2 + C[k];
    return p;
}

void ed_det_sincos(double x, double *s, double *c) {
    double k = nearbyint(x * TWO_OVER_PI);  /* round to nearest, ties to even: the same everywhere */
    double r = ((x - k * PIO2_1) - k * PIO2_2) - k * PIO2_3;
    double sr = sin_kernel(r), cr = cos_kernel(r);
    switch ((long long)k & 3) {  /* k mod 4, also for negative k (two's complement) */
    case 0: *s = sr; *c = cr; break;
    case 1: *s = cr; *c = -sr; break;
    case 2: *s = -sr; *c = -cr; break;
    default: *s = -cr; *c = sr; break;
    }
}
