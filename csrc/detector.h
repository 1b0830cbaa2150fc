/* Event detectors: when does a sphere next hit a sphere or a plane?
 *
 * The stable detector is the paper's rule (Sect. 4.1, Eq. 10): an event happens after the
 * smallest dt >= 0 with f(t+dt) <= 0 and f'(t+dt) < 0, f being the overlap function.
 *   detect_pair_stable  — Algorithm 1 (sphere-sphere, Eq. 8/9)
 *   detect_plane_stable — Algorithm 2 (sphere-plane under uniform acceleration, Eq. 11)
 * The naive detectors solve the same quadratics with the textbook formula (Eq. 12) and differ
 * only in what they do when the answer is undefined (no real root, or a negative root). */
#ifndef EDPD_DETECTOR_H
#define EDPD_DETECTOR_H
#include "edpd.h"
#include "vec.h"

typedef enum edpd_branch {
    BRANCH_NONE = 0,        /* no event: dt = +inf */
    BRANCH_ROOT = 1,        /* impact at a root of the overlap function */
    BRANCH_STABILISING = 2, /* overlapping and approaching: impact now (dt = 0) */
    BRANCH_TURNING = 3,     /* overlapping, receding, will turn back inside the overlap:
                               impact at the turning point (Algorithm 2) */
    BRANCH_NEGATIVE = 4,    /* naive-rewind: a negative dt that will be executed */
    BRANCH_HALT_NO_ROOT = 5,/* naive-halt: no real root where an impact must happen */
    BRANCH_HALT_OVERLAP = 6 /* naive-halt: overlapped and approaching (negative root) */
} edpd_branch;

typedef struct edpd_root { double dt; int branch; } edpd_root;

/* Pair with separation dr = r_i - r_j, relative velocity dv = v_i - v_j (uniform acceleration
 * cancels), contact distance sigma. */
edpd_root detect_pair_stable(vec3 dr, vec3 dv, double sigma);
edpd_root detect_pair_naive(edpd_detector d, vec3 dr, vec3 dv, double sigma);
/* Sphere and plane: overlap function f(dt) = x + u dt + a dt^2 / 2 with x = n.r - offset - sigma/2,
 * u = n.v, a = n.g. */
edpd_root detect_plane_stable(double x, double u, double a);
edpd_root detect_plane_naive(edpd_detector d, double x, double u, double a);

static inline edpd_root detect_pair(edpd_detector d, vec3 dr, vec3 dv, double sigma) {
    return d == EDPD_DETECTOR_STABLE ? detect_pair_stable(dr, dv, sigma) : detect_pair_naive(d, dr, dv, sigma);
}
static inline edpd_root detect_plane(edpd_detector d, double x, double u, double a) {
    return d == EDPD_DETECTOR_STABLE ? detect_plane_stable(x, u, a) : detect_plane_naive(d, x, u, a);
}

#endif
