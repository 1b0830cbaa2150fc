/* Event detection on an overlap function (the paper's Sect. 4).
 *
 * Every interaction is described by its overlap function around the current time,
 *     f(dt) = f0 + f1 dt + f2 dt^2 / 2,
 * negative where the interaction's state is invalid (two spheres overlapping, a sphere through a
 * plane). A pair or a plane only builds its f (pair_overlap, plane_overlap; outer_overlap for the
 * outer boundary of a shell, which a potential step needs); then
 *   stable_event — the paper's rule (Eq. 10): the event happens at the smallest dt >= 0 with
 *                  f(dt) <= 0 and f'(dt) < 0. Algorithm 1 (pairs) and Algorithm 2 (planes
 *                  under acceleration) are this one function;
 *   naive_event  — the textbook's rule: the root of Eq. 12, and what each naive variant does
 *                  when that answer is undefined (no real root, or a root in the past). */
#ifndef EDPD_DETECTOR_H
#define EDPD_DETECTOR_H
#include "edpd/edpd.h"
#include "base/vec.h"
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
typedef struct overlap_fn { double f0, f1, f2; } overlap_fn;

static const edpd_root EDPD_NO_EVENT = {INFINITY, BRANCH_NONE};
static inline edpd_root edpd_root_at(double dt, int branch) { edpd_root r = {dt, branch}; return r; }

/* ---- building f ------------------------------------------------------------------------ */

/* Two spheres at separation dr = r_i - r_j with relative velocity dv (a uniform acceleration
 * cancels): f = |dr + dv dt|^2 - sigma^2 (Eqs. 8, 9). */
static inline overlap_fn pair_overlap(vec3 dr, vec3 dv, double sigma) {
    overlap_fn f = {v3_dot(dr, dr) - sigma * sigma, 2.0 * v3_dot(dr, dv), 2.0 * v3_dot(dv, dv)};
    return f;
}

/* ... whose contact distance grows at sigma_dot (a compression): f = |dr + dv dt|^2 - (sigma +
 * sigma_dot dt)^2, still a quadratic in dt, so the rules below apply to it unchanged. */
static inline overlap_fn growing_pair_overlap(vec3 dr, vec3 dv, double sigma, double sigma_dot) {
    overlap_fn f = {v3_dot(dr, dr) - sigma * sigma, 2.0 * (v3_dot(dr, dv) - sigma * sigma_dot), 2.0 * (v3_dot(dv, dv) - sigma_dot * sigma_dot)};
    return f;
}

/* The outer boundary of a shell of radius R: f = R^2 - |dr + dv dt|^2, invalid outside. */
static inline overlap_fn outer_overlap(vec3 dr, vec3 dv, double R) {
    overlap_fn f = {R * R - v3_dot(dr, dr), -2.0 * v3_dot(dr, dv), -2.0 * v3_dot(dv, dv)};
    return f;
}

/* A sphere and a plane: its gap to contact x = n.r - offset - sigma/2, approach speed u = n.v and
 * normal acceleration a = n.g (Eq. 11). */
static inline overlap_fn plane_overlap(double x, double u, double a) {
    overlap_fn f = {x, u, a};
    return f;
}

/* ---- the stable rule (Eq. 10) ------------------------------------------------------------ */

static inline edpd_root stable_event(overlap_fn f) {
    double disc = f.f1 * f.f1 - 2.0 * f.f2 * f.f0;
    if (f.f1 < 0.0) {                                       /* approaching now */
        if (f.f0 <= 0.0) return edpd_root_at(0.0, BRANCH_STABILISING);  /* and already invalid */
        if (disc <= 0.0) return EDPD_NO_EVENT;              /* turns back first, or grazes (f' = 0) */
        /* the earlier root, without cancellation */
        return edpd_root_at(2.0 * f.f0 / (sqrt(disc) - f.f1), BRANCH_ROOT);
    }
    if (f.f2 >= 0.0) return EDPD_NO_EVENT;                 /* receding, and never turning back */
    /* receding now, turning back at dt* = f1 / -f2, where f(dt*) = disc / (-2 f2) */
    if (disc <= 0.0) return edpd_root_at(f.f1 / -f.f2, BRANCH_TURNING);  /* still invalid there */
    return edpd_root_at((f.f1 + sqrt(disc)) / -f.f2, BRANCH_ROOT);
}

/* ---- the textbook rule (Eq. 12) ---------------------------------------------------------- */

/* The textbook's root of f: (-f1 - sqrt(f1^2 - 2 f2 f0)) / f2, the first contact of two spheres
 * and the landing of a falling sphere; NaN when there is no real root. */
static inline double textbook_root(overlap_fn f) {
    if (f.f2 == 0.0) return -f.f0 / f.f1;
    double disc = f.f1 * f.f1 - 2.0 * f.f2 * f.f0;
    return disc < 0.0 ? NAN : (-f.f1 - sqrt(disc)) / f.f2;
}

/* What a naive variant does with an undefined answer, and with a root. */
static inline edpd_root naive_undefined(edpd_detector d, int halt_branch) {
    return d == EDPD_DETECTOR_NAIVE_HALT ? edpd_root_at(0.0, halt_branch) : edpd_root_at(INFINITY, BRANCH_IGNORED);
}
static inline edpd_root naive_result(edpd_detector d, double dt) {
    if (dt >= 0.0) return edpd_root_at(dt, BRANCH_ROOT);
    if (d == EDPD_DETECTOR_NAIVE_REWIND) return edpd_root_at(dt, BRANCH_NEGATIVE);
    return naive_undefined(d, BRANCH_HALT_OVERLAP);
}

/* Textbook code (Allen & Tildesley, Rapaport): only an interaction that approaches, or is pulled
 * toward contact, is solved; no real root is a miss, unless f is pulled toward contact
 * (f2 < 0), where an impact must happen: then the dynamics is undefined. */
static inline edpd_root naive_event(edpd_detector d, overlap_fn f) {
    if (f.f1 >= 0.0 && f.f2 >= 0.0) return EDPD_NO_EVENT;
    double dt = textbook_root(f);
    if (isnan(dt)) return f.f2 < 0.0 ? naive_undefined(d, BRANCH_HALT_NO_ROOT) : EDPD_NO_EVENT;
    return naive_result(d, dt);
}

static inline edpd_root detect(edpd_detector d, overlap_fn f) {
    return d == EDPD_DETECTOR_STABLE ? stable_event(f) : naive_event(d, f);
}

#endif
