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
#include <math.h>

typedef enum edpd_branch {
    BRANCH_NONE = 0,        /* no event: dt = +inf */
    BRANCH_ROOT = 1,        /* impact at a root of the overlap function */
    BRANCH_STABILISING = 2, /* overlapping and approaching: impact now (dt = 0) */
    BRANCH_TURNING = 3,     /* overlapping, receding, will turn back inside the overlap:
                               impact at the turning point (Algorithm 2) */
    BRANCH_NEGATIVE = 4,    /* naive-rewind: a negative dt that will be executed */
    BRANCH_HALT_NO_ROOT = 5,/* naive-halt: no real root where an impact must happen */
    BRANCH_HALT_OVERLAP = 6,/* naive-halt: overlapped and approaching (negative root) */
    BRANCH_IGNORED = 7      /* naive-miss/-rewind: undefined dynamics taken as "no event" */
} edpd_branch;

typedef struct edpd_root { double dt; int branch; } edpd_root;

/* Pair with separation dr = r_i - r_j, relative velocity dv = v_i - v_j (uniform acceleration
 * cancels), contact distance sigma. Inline: this is the hot path of every prediction. */
static const edpd_root EDPD_NO_EVENT = {INFINITY, BRANCH_NONE};
static inline edpd_root edpd_root_at(double dt, int branch) { edpd_root r = {dt, branch}; return r; }

/* Algorithm 1. f(dt) = a dt^2 + 2 b dt + c with a = dv^2, b = dv.dr, c = dr^2 - sigma^2. */
static inline edpd_root detect_pair_stable(vec3 dr, vec3 dv, double sigma) {
    double b = v3_dot(dr, dv);
    if (b >= 0.0) return EDPD_NO_EVENT;                  /* f' >= 0 now, and f is convex: never */
    double c = v3_dot(dr, dr) - sigma * sigma;
    if (c <= 0.0) return edpd_root_at(0.0, BRANCH_STABILISING); /* overlapping and approaching */
    double a = v3_dot(dv, dv);
    double disc = b * b - a * c;
    if (disc <= 0.0) return EDPD_NO_EVENT;               /* miss or glancing (no sign change of f') */
    /* Earliest root without catastrophic cancellation: c / (-b + sqrt(disc)). */
    return edpd_root_at(c / (sqrt(disc) - b), BRANCH_ROOT);
}

/* What a naive pair detector does with an undefined answer. */
static inline edpd_root naive_undefined(edpd_detector d, int halt_branch) {
    return d == EDPD_DETECTOR_NAIVE_HALT ? edpd_root_at(0.0, halt_branch) : edpd_root_at(INFINITY, BRANCH_IGNORED);
}
static inline edpd_root naive_result(edpd_detector d, double dt) {
    if (dt >= 0.0) return edpd_root_at(dt, BRANCH_ROOT);
    if (d == EDPD_DETECTOR_NAIVE_REWIND) return edpd_root_at(dt, BRANCH_NEGATIVE);
    return naive_undefined(d, BRANCH_HALT_OVERLAP);
}

/* Eq. (12), the textbook's earlier root of a dt^2 + 2 b dt + c: NaN when there is no real root. */
static inline double textbook_pair_root(double a, double b, double c) {
    double disc = b * b - a * c;
    return disc < 0.0 ? NAN : (-b - sqrt(disc)) / a;
}

/* Textbook (Allen & Tildesley, Rapaport): approaching pairs only, ordinary quadratic formula. */
static inline edpd_root detect_pair_naive(edpd_detector d, vec3 dr, vec3 dv, double sigma) {
    double b = v3_dot(dr, dv);
    if (b >= 0.0) return EDPD_NO_EVENT;
    double a = v3_dot(dv, dv);
    double c = v3_dot(dr, dr) - sigma * sigma;
    double dt = textbook_pair_root(a, b, c);
    if (isnan(dt)) return EDPD_NO_EVENT;
    return naive_result(d, dt);
}

/* Sphere and plane: overlap function f(dt) = x + u dt + a dt^2 / 2 with x = n.r - offset - sigma/2,
 * u = n.v, a = n.g. */
edpd_root detect_plane_stable(double x, double u, double a);
edpd_root detect_plane_naive(edpd_detector d, double x, double u, double a);
/* Eq. (12) with g -> a, the textbook's root of x + u dt + a dt^2 / 2: NaN when there is none. */
double textbook_plane_root(double x, double u, double a);

static inline edpd_root detect_pair(edpd_detector d, vec3 dr, vec3 dv, double sigma) {
    return d == EDPD_DETECTOR_STABLE ? detect_pair_stable(dr, dv, sigma) : detect_pair_naive(d, dr, dv, sigma);
}
static inline edpd_root detect_plane(edpd_detector d, double x, double u, double a) {
    return d == EDPD_DETECTOR_STABLE ? detect_plane_stable(x, u, a) : detect_plane_naive(d, x, u, a);
}

#endif
