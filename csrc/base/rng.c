#include "base/rng.h"
#include <math.h>

static uint64_t splitmix64(uint64_t *x) {
    uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

void ed_rng_seed(edpd_rng *r, uint64_t seed) {
    uint64_t x = seed;
    for (int k = 0; k < 4; k++) r->s[k] = splitmix64(&x);
}

static inline uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

uint64_t ed_rng_next(edpd_rng *r) {
    uint64_t *s = r->s;
    uint64_t result = rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0]; s[3] ^= s[1]; s[1] ^= s[2]; s[0] ^= s[3];
    s[2] ^= t; s[3] = rotl(s[3], 45);
    return result;
}

double ed_rng_uniform(edpd_rng *r) { return (double)(ed_rng_next(r) >> 11) * 0x1.0p-53; }

double ed_rng_uniform_at(uint32_t seed, uint64_t index) {
    edpd_rng r;
    ed_rng_seed(&r, ((uint64_t)seed << 40) ^ index);
    return ed_rng_uniform(&r);
}

double ed_det_log(double x) {
    /* x = m 2^e with m in [sqrt(1/2), sqrt(2)); ln m = 2 atanh(z), z = (m-1)/(m+1), |z| < 0.172. */
    int e;
    double m = frexp(x, &e); /* exact: a bit-level operation in every libc */
    if (m < 0.70710678118654752440) { m *= 2.0; e -= 1; }
    double z = (m - 1.0) / (m + 1.0), z2 = z * z, term = z, sum = 0.0;
    for (int k = 1; k < 40; k += 2) { sum += term / (double)k; term *= z2; }
    return 2.0 * sum + (double)e * 0.69314718055994530942;
}

double ed_rng_normal(edpd_rng *r) {
    for (;;) {
        double u = 2.0 * ed_rng_uniform(r) - 1.0, v = 2.0 * ed_rng_uniform(r) - 1.0;
        double s = u * u + v * v;
        if (s > 0.0 && s < 1.0) return u * sqrt(-2.0 * ed_det_log(s) / s);
    }
}

double ed_det_cbrt(double x) {
    int e;
    frexp(x, &e);                      /* exact; the start is within a factor 2 of the root */
    double y = ldexp(1.0, e / 3);
    for (int k = 0; k < 200; k++) {
        double next = y - (y * y * y - x) / (3.0 * y * y);
        if (next == y) break;
        y = next;
    }
    return y;
}
