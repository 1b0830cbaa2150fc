/* Deterministic sine and cosine (det_trig.h): x reduced by k pi/2 in three parts (Cody & Waite),
 * each product k * part exact for |k| < 2^20, then Taylor series on [-pi/4, pi/4], where the
 * first term left out is below 10^-19. */
#include "base/det_trig.h"
#include <math.h>

/* pi/2 = PIO2_1 + PIO2_2 + PIO2_3, the first two with 33 significant bits */
static const double PIO2_1 = 1.5707963267341256, PIO2_2 = 6.077100506303966e-11, PIO2_3 = 2.0222662487959506e-21;
static const double TWO_OVER_PI = 0.6366197723675814;

static double sin_kernel(double r) {  /* sin r, |r| <= pi/4: r - r^3/3! + ... - r^19/19! */
    double r2 = r * r, term = r, sum = r;
    for (int n = 2; n <= 18; n += 2) {
        term *= -r2 / (double)(n * (n + 1));
        sum += term;
    }
    return sum;
}

static double cos_kernel(double r) {  /* cos r, |r| <= pi/4: 1 - r^2/2! + ... + r^20/20! */
    double r2 = r * r, term = 1.0, sum = 1.0;
    for (int n = 1; n <= 19; n += 2) {
        term *= -r2 / (double)(n * (n + 1));
        sum += term;
    }
    return sum;
}

void ed_det_sincos(double x, double *s, double *c) {
    double k = nearbyint(x * TWO_OVER_PI);  /* round to nearest, ties to even: the same everywhere */
    double r = ((x - k * PIO2_1) - k * PIO2_2) - k * PIO2_3;
    double sr = sin_kernel(r), cr = cos_kernel(r);
    long q = (long)fmod(k, 4.0);
    if (q < 0) q += 4;
    switch (q) {
    case 0: *s = sr; *c = cr; break;
    case 1: *s = cr; *c = -sr; break;
    case 2: *s = -sr; *c = -cr; break;
    default: *s = -cr; *c = sr; break;
    }
}
