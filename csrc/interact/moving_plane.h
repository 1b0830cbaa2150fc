/* A sphere against an oscillating plane: the first overlap function that is no polynomial (the
 * paper's Sect. 6, "must be implemented numerically for some systems"). Along the normal the
 * sphere flies as z(s) = z0 + u s + a s^2 / 2 and the plane sits at p(t) = offset + A sin(w t + phi),
 * so from the scan's time T the gap is
 *     g(s) = z(s) - sigma/2 - p(T + s),   g''(s) = a + A w^2 sin(w (T + s) + phi),
 * whose second derivative is bounded by M = |a| + A w^2. The stable rule of Eq. 10 carries over:
 * the event is at the smallest s >= 0 with g(s) <= 0 and g'(s) < 0 —
 *   overlapped and approaching (g(0) < 0, g'(0) < 0): an impact now;
 *   overlapped and receding: at the turning point g' = 0 if g is still negative there;
 *   otherwise at the first root of g.
 * Roots are found by conservative advancement: from s with g(s) > 0, g cannot reach 0 before
 * s + h, h = (g' + sqrt(g'^2 + 2 M g)) / M (the parabola g + g' h - M h^2 / 2 bounds g from
 * below), so each step lands at or before the first root and none is skipped, however fast the
 * plane overtakes the sphere between two steps. Near a root the steps shrink as Newton's do. */
#ifndef EDPD_INTERACT_MOVING_PLANE_H
#define EDPD_INTERACT_MOVING_PLANE_H
#include "interact/detector.h"

typedef struct moving_gap {
    double z0;     /* the sphere's height along the normal at T, less sigma/2 */
    double u, a;   /* its normal velocity and acceleration (gravity's component) at T */
    double offset, amplitude, omega, phase;  /* the plane (edpd_plane) */
    double T;      /* the scan's time */
    double s0;     /* the flight is known clear of the plane before T + s0 (a take-off's first moments) */
} moving_gap;

/* g(s) and g'(s). */
void ed_moving_gap_at(const moving_gap *m, double s, double *g, double *dg);
/* The stable detector's event on an oscillating plane (branch ROOT, STABILISING or TURNING; NONE
 * if the sphere can never meet the plane again). */
edpd_root ed_moving_plane_event(const moving_gap *m);

/* A sphere riding the plane (locked on it after chattering) with normal acceleration a < 0 (gravity)
 * leaves it when the plane's acceleration -A w^2 sin(w t + phi) falls below a: the first such time
 * >= t, where sin(w t + phi) rises through 1/Gamma, Gamma = A w^2 / |a|; +inf if Gamma <= 1. */
double ed_plane_takeoff_time(const edpd_plane *pl, double a, double t);
/* How long after a take-off at t the sphere is surely clear of the plane: the gap grows as
 * A w^3 cos(w t + phi) s^3 / 6 there (gap, speed and acceleration all 0 at the take-off), and this
 * is when it reaches 1e-10 of the height z, far above the positions' rounding. */
double ed_plane_takeoff_clear(const edpd_plane *pl, double t, double z);

#endif
