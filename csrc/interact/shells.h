/* Stepped pair potentials (the paper's Sect. 6): a hard core with steps of energy outside it,
 * the square well the common case, as shells around a pair, and a pair's next event at the
 * edges of its shell. What a pair may do next depends on which shell it is in, and with
 * floating-point positions that cannot be read off the distance near a step: it is the pair's
 * logical state, kept from its history (space/bonds.h holds it, world/pair_states.h keeps it). */
#ifndef EDPD_INTERACT_SHELLS_H
#define EDPD_INTERACT_SHELLS_H
#include "edpd/edpd.h"
#include "interact/detector.h"
#include "base/vec.h"
#include <stdint.h>

/* The shells around a pair, in units of its sigma: shell k lies between radius[k - 1] (the core,
 * 1, for k = 0) and radius[k]; shell `count` is everything beyond the last step. */
typedef struct shells {
    uint32_t count;                      /* steps; 0: hard spheres */
    double radius[EDPD_MAX_STEPS];
    double energy[EDPD_MAX_STEPS + 1];   /* U in shell k; energy[count] = 0 */
    double reach;                        /* the last step's radius (1 without steps) */
    /* for a pair of contact distance sigma_one (every pair's, in a world of one diameter): each
     * shell's edges squared, inner and outer (+inf beyond the last step), as shell_inner and
     * shell_event form them, and the squared distance within which a pair may be bound */
    double sigma_one, edge2[EDPD_MAX_STEPS + 1][2], near2;
} shells;

void ed_shells_from_config(shells *s, const edpd_config *c, double sigma_one);

/* The shell a distance^2 r2 puts a pair of diameter sigma in (what textbook code reads). */
static inline uint32_t shell_of_distance(const shells *s, double r2, double sigma) {
    uint32_t k = 0;
    while (k < s->count && r2 >= s->radius[k] * s->radius[k] * sigma * sigma) k++;
    return k;
}

/* The radius of shell k's inner boundary for a pair of contact distance sigma: the core's for
 * shell 0, else step k - 1's. */
static inline double shell_inner(const shells *s, uint32_t shell, double sigma) {
    return shell == 0 ? sigma : s->radius[shell - 1] * sigma;
}

/* Shell k's edges squared for a pair of contact distance sigma, inner and outer, as shell_inner
 * and shell_event form them (the outer +inf beyond the last step). */
static inline void shell_edges2(const shells *s, uint32_t shell, double sigma, double out[2]) {
    double r_in = shell_inner(s, shell, sigma), r_out = shell < s->count ? s->radius[shell] * sigma : INFINITY;
    out[0] = r_in * r_in;
    out[1] = r_out * r_out;
}

/* The event of a pair in shell `shell` with separation dr and relative velocity dv: the earlier
 * of its inner boundary (the core in shell 0) and its outer one, each by the detector's rule on
 * its overlap function; *outer says which. */
static inline edpd_root shell_event(edpd_detector d, const shells *s, uint32_t shell, vec3 dr, vec3 dv, double sigma, int *outer) {
    double r_in = shell_inner(s, shell, sigma);
    edpd_root in = detect(d, pair_overlap(dr, dv, r_in));
    *outer = 0;
    if (shell < s->count) {
        edpd_root out = detect(d, outer_overlap(dr, dv, s->radius[shell] * sigma));
        if (out.dt < in.dt) { *outer = 1; return out; }
    }
    return in;
}

#endif
