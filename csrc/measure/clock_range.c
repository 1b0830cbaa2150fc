/* The clock's exact range for a world's motion (edpd_exact_clock). A clock rounds to 2^-52 of
 * its value; the dynamics stay exact while that rounding is at most 1e-9 of the shortest time in
 * the state: the time its fastest particle takes to cross its smallest diameter, or to fall one
 * under gravity. Past it impacts land off their roots, a little (stabilising events where there
 * should be none, an elastic gas at kT = 1 from 3e6 on) and then entirely (at 1e100 the clock
 * cannot move). A cooling gas's motion slows as its clock grows, so its range grows with it. */
#include "world/world.h"
#include <math.h>

/* The rounding allowed, as a share of the state's shortest time: calibrated on dense elastic
 * gases (phi 0.4 and 0.45), which ran without a stabilising event from a clock of 1e6, the end of
 * the range this gives them, and with one per 3e6 events from 3e6. */
#define RESOLVED 1e-9

double edpd_exact_clock(const edpd_world *w) {
    double v2max = 0.0, smin = INFINITY;
    for (uint32_t i = 0; i < w->n; i++) {
        const particle *q = &w->p[i];
        if (q->sigma < smin) smin = q->sigma;
        if (q->state) continue;  /* frozen: it does not move */
        vec3 r, v;
        particle_at(w, q, w->time, &r, &v);
        double v2 = v3_dot(v, v);
        if (v2 > v2max) v2max = v2;
    }
    double tau = v2max > 0.0 ? smin / sqrt(v2max) : INFINITY;
    if (w->has_gravity) {
        double tf = sqrt(smin / sqrt(v3_dot(w->g, w->g)));
        if (tf < tau) tau = tf;
    }
    double range = RESOLVED * tau * 0x1p52;
    return range < EDPD_MAX_TIME ? range : EDPD_MAX_TIME;
}
