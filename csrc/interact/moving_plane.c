/* The stable detector on an oscillating plane (moving_plane.h). */
#include "interact/moving_plane.h"
#include "base/det_trig.h"
#include "base/rng.h"
#include <float.h>

/* Steps of conservative advancement before an answer is taken as it stands: a sphere that
 * creeps along a plane it nearly touches takes many, and a caller must never hang. */
#define MAX_STEPS 100000

void ed_moving_gap_at(const moving_gap *m, double s, double *g, double *dg) {
    double sn, cs;
    ed_det_sincos(m->omega * (m->T + s) + m->phase, &sn, &cs);
    *g = m->z0 + m->u * s + 0.5 * m->a * s * s - (m->offset + m->amplitude * sn);
    *dg = m->u + m->a * s - m->amplitude * m->omega * cs;
}

/* No root ever: the sphere's flight stays above the plane's highest point (no pull toward it). */
static int never_meets(const moving_gap *m) {
    double top = m->offset + m->amplitude;
    if (m->a < 0.0) return 0;
    double low = m->u >= 0.0 ? m->z0 : m->a > 0.0 ? m->z0 - m->u * m->u / (2.0 * m->a) : -INFINITY;
    return low > top;
}

/* Above the plane's highest point the sphere cannot meet it: from s, a flight whose lowest point
 * along the normal is above offset + A is jumped to where it falls through that height (a little
 * before, against rounding), the root of its quadratic; the steps start in the band the plane
 * sweeps. */
static double skip_to_band(const moving_gap *m, double s) {
    double top = m->offset + m->amplitude, z = m->z0 + m->u * s + 0.5 * m->a * s * s, v = m->u + m->a * s;
    if (!(z > top) || !(m->a < 0.0)) return s;
    /* z + v h + a h^2 / 2 = top: the later root, h = (v + sqrt(v^2 + 2 |a| (z - top))) / |a| */
    double h = (v + sqrt(v * v - 2.0 * m->a * (z - top))) / -m->a;
    return h > 0.0 ? s + h * (1.0 - 1e-9) : s;
}

/* The rounding of the clock at T + s: steps below it are no steps. */
static double tick(const moving_gap *m, double s) {
    double t = fabs(m->T + s);
    return 4.0 * DBL_EPSILON * (t > 1.0 ? t : 1.0);
}

edpd_root ed_moving_plane_event(const moving_gap *m) {
    double M = fabs(m->a) + m->amplitude * m->omega * m->omega, s = m->s0 > 0.0 ? m->s0 : 0.0, g, dg;
    ed_moving_gap_at(m, s, &g, &dg);
    if (g < 0.0 && s == 0.0) {
        if (dg < 0.0) return edpd_root_at(0.0, BRANCH_STABILISING);
        /* receding from inside: g' cannot fall to 0 before dg / M; at its zero, if g is still
         * negative, the sphere turns back inside the overlap */
        for (int k = 0; k < MAX_STEPS && g < 0.0; k++) {
            double h = dg / M;
            if (h <= tick(m, s)) return edpd_root_at(s, BRANCH_TURNING);
            s += h;
            ed_moving_gap_at(m, s, &g, &dg);
            if (dg <= 0.0 && g < 0.0) return edpd_root_at(s, BRANCH_TURNING);
        }
        if (g < 0.0) return edpd_root_at(s, BRANCH_TURNING);
    }
    if (never_meets(m)) return EDPD_NO_EVENT;
    s = skip_to_band(m, s);
    ed_moving_gap_at(m, s, &g, &dg);
    for (int k = 0; k < MAX_STEPS; k++) {
        /* a sphere that leaves the plane from contact (g = 0 after an impact) steps away from it */
        if (g < 0.0 || (g == 0.0 && !(dg > 0.0))) return edpd_root_at(s, BRANCH_ROOT);
        double h = (dg + sqrt(dg * dg + 2.0 * M * g)) / M;
        if (h <= tick(m, s)) return edpd_root_at(s + h, BRANCH_ROOT);  /* at the root, to rounding */
        s = skip_to_band(m, s + h);  /* a flight that rose above the band falls back to it at once */
        ed_moving_gap_at(m, s, &g, &dg);
    }
    return edpd_root_at(s, BRANCH_ROOT);  /* a near touch crept along: an event here is harmless */
}

double ed_plane_takeoff_time(const edpd_plane *pl, double a, double t) {
    double gamma = pl->amplitude * pl->angular_frequency * pl->angular_frequency / -a;
    if (!(a < 0.0) || !(gamma > 1.0)) return INFINITY;
    /* theta* in (0, pi/2) with sin theta* = 1/Gamma, by bisection (the same bits everywhere) */
    double lo = 0.0, hi = 1.5707963267948966, sn, cs;
    for (int k = 0; k < 64; k++) {
        double mid = 0.5 * (lo + hi);
        ed_det_sincos(mid, &sn, &cs);
        if (sn * gamma < 1.0) lo = mid; else hi = mid;
    }
    double theta = pl->angular_frequency * t + pl->phase, two_pi = 6.283185307179586;
    ed_det_sincos(theta, &sn, &cs);
    if (sn * gamma >= 1.0) return t;  /* the plate already falls away faster than gravity */
    double k = ceil((theta - hi) / two_pi), next = hi + two_pi * k;
    return (next - pl->phase) / pl->angular_frequency;
}

double ed_plane_takeoff_clear(const edpd_plane *pl, double t, double z) {
    double sn, cs, w = pl->angular_frequency;
    ed_det_sincos(w * t + pl->phase, &sn, &cs);
    double jerk = pl->amplitude * w * w * w * (cs > 1e-3 ? cs : 1e-3), room = 1e-10 * (fabs(z) > 1.0 ? fabs(z) : 1.0);
    return ed_det_cbrt(6.0 * room / jerk);
}
