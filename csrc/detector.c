#include "detector.h"
#include <math.h>

/* Plane detectors; the pair detectors are inline in detector.h (the hot path). */
#define NO_EVENT EDPD_NO_EVENT
#define root edpd_root_at

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

/* Eq. (12) with g -> a: dt = -(u + sqrt(u^2 - 2 a x)) / a. */
double textbook_plane_root(double x, double u, double a) {
    if (a == 0.0) return -x / u;
    double disc = u * u - 2.0 * a * x;
    return disc < 0.0 ? NAN : -(u + sqrt(disc)) / a;
}

edpd_root detect_plane_naive(edpd_detector d, double x, double u, double a) {
    if (a == 0.0) return u < 0.0 ? naive_result(d, textbook_plane_root(x, u, a)) : NO_EVENT;
    if (a > 0.0 && u >= 0.0) return NO_EVENT;
    double dt = textbook_plane_root(x, u, a);
    if (isnan(dt))  /* pulled toward the plane, yet no root: the dynamics is undefined */
        return a < 0.0 ? naive_undefined(d, BRANCH_HALT_NO_ROOT) : NO_EVENT;
    return naive_result(d, dt);
}
