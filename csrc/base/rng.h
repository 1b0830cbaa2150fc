/* The project's own seeded RNG (splitmix64 seeding xoshiro256**). Deterministic on every
 * platform; the normal deviates use a log written with + - * / only, so that glibc and
 * Emscripten's libc cannot differ. */
#ifndef EDPD_RNG_H
#define EDPD_RNG_H
#include <stdint.h>

typedef struct edpd_rng { uint64_t s[4]; } edpd_rng;

void ed_rng_seed(edpd_rng *r, uint64_t seed);
uint64_t ed_rng_next(edpd_rng *r);
/* Uniform in [0, 1) with 53 random bits. */
double ed_rng_uniform(edpd_rng *r);
/* Draw `index` of a family of uniform draws keyed by seed, each independent of the others, so
 * that any subset (a shard of a sweep, one ball of an array) is drawn alone. */
double ed_rng_uniform_at(uint32_t seed, uint64_t index);
/* Standard normal (Marsaglia polar method). */
double ed_rng_normal(edpd_rng *r);
/* Natural log for x > 0 from + - * / only (exact to ~1 ulp). */
double ed_det_log(double x);
/* Cube root by Newton's method with + - * / only (libm's cbrt may round differently). */
double ed_det_cbrt(double x);

#endif
