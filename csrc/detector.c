#include "detector.h"
#include <math.h>

static const edpd_root NO_EVENT = {INFINITY, BRANCH_NONE};

static edpd_root root(double dt, int branch) { edpd_root r = {dt, branch}; return r; }

/* Algorithm 1. f(dt) = a dt^2 + 2 b dt + c with a = dv^2, b = dv.dr, c = dr^2 - sigma^2. */
edpd_root detect_pair_stable(vec3 dr, vec3 dv, double sigma) {
    double b = v3_dot(dr, dv);
    if (b >= 0.0) return NO_EVENT;                  /* f' >= 0 now, and f is convex: never */
    double c = v3_dot(dr, dr) - sigma * sigma;
    if (c <= 0.0) return root(0.0, BRANCH_STABILISING); /* overlapping and approaching */
    double a = v3_dot(dv, dv);
    double disc = b * b - a * c;
    if (disc <= 0.0) return NO_EVENT;               /* miss or glancing (no sign change of f') */
    /* Earliest root without catastrophic cancellation: c / (-b + sqrt(disc)). */
    return root(c / (sqrt(disc) - b), BRANCH_ROOT);
}

/* Algorithm 2, for any sign of the normal acceleration a. */
edpd_root detect_plane_stable(double x, double u, double a) {
    if (u < 0.0) {                                  /* approaching the plane now */
        if (x <= 0.0) return root(0.0, BRANCH_STABILISING);
        double disc = u * u - 2.0 * a * x;
        if (disc < 0.0) return NO_EVENT;            /* pushed away before reaching it (a > 0) */
        return root(2.0 * x / (sqrt(disc) - u), BRANCH_ROOT);
    }
    if (a >= 0.0) return NO_EVENT;                  /* receding and never turning back */
    /* Receding now, turns back at dt* = u / -a where f(dt*) = disc / (-2 a). */
    double disc = u * u - 2.0 * a * x;
    if (disc <= 0.0) return root(u / -a, BRANCH_TURNING); /* the turning point is inside the overlap */
    return root((u + sqrt(disc)) / -a, BRANCH_ROOT);
}

/* What a naive variant does with an undefined answer. */
static edpd_root naive_undefined(edpd_detector d, int halt_branch) {
    return d == EDPD_DETECTOR_NAIVE_HALT ? root(0.0, halt_branch) : NO_EVENT;
}
static edpd_root naive_result(edpd_detector d, double dt) {
    if (dt >= 0.0) return root(dt, BRANCH_ROOT);
    if (d == EDPD_DETECTOR_NAIVE_REWIND) return root(dt, BRANCH_NEGATIVE);
    return naive_undefined(d, BRANCH_HALT_OVERLAP);
}

/* Textbook (Allen & Tildesley, Rapaport): approaching pairs only, ordinary quadratic formula. */
edpd_root detect_pair_naive(edpd_detector d, vec3 dr, vec3 dv, double sigma) {
    double b = v3_dot(dr, dv);
    if (b >= 0.0) return NO_EVENT;
    double a = v3_dot(dv, dv);
    double c = v3_dot(dr, dr) - sigma * sigma;
    double disc = b * b - a * c;
    if (disc < 0.0) return NO_EVENT;
    return naive_result(d, (-b - sqrt(disc)) / a);
}

/* Eq. (12) with g -> a: dt = -(u + sqrt(u^2 - 2 a x)) / a. */
edpd_root detect_plane_naive(edpd_detector d, double x, double u, double a) {
    if (a == 0.0) return u < 0.0 ? naive_result(d, -x / u) : NO_EVENT;
    if (a > 0.0 && u >= 0.0) return NO_EVENT;
    double disc = u * u - 2.0 * a * x;
    if (disc < 0.0)  /* pulled toward the plane, yet no root: the dynamics is undefined */
        return a < 0.0 ? naive_undefined(d, BRANCH_HALT_NO_ROOT) : NO_EVENT;
    return naive_result(d, -(u + sqrt(disc)) / a);
}
