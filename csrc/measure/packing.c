/* The packing fraction (packing.h), and the clock at which a compression reaches one: every
 * diameter grows by the same factor, so phi(t) = phi(t0) grow_factor(t)^dim. */
#include "measure/packing.h"
#include "base/rng.h"
#include <math.h>

static const double PI = 3.14159265358979323846;

/* phi at the stored diameters (grow_t0's). */
static double packing_at_start(const struct edpd_world *w) {
    double volume = 0.0, box = 1.0;
    for (uint32_t i = 0; i < w->n; i++) {
        double s = w->p[i].sigma;
        volume += w->dim == 3 ? s * s * s : s * s;
    }
    for (int a = 0; a < w->dim; a++) box *= w->box[a];
    return (w->dim == 3 ? PI / 6.0 : PI / 4.0) * volume / box;
}

double ed_packing_fraction(const struct edpd_world *w, double t) {
    double g = grow_factor(w, t);
    return packing_at_start(w) * (w->dim == 3 ? g * g * g : g * g);
}

double edpd_time_at_packing_fraction(const edpd_world *w, double phi) {
    if (!w || w->growth == 0.0) return NAN;
    double phi0 = packing_at_start(w);
    if (!(phi >= phi0)) return NAN;
    double ratio = phi / phi0, g = w->dim == 3 ? ed_det_cbrt(ratio) : sqrt(ratio);  /* the same bits everywhere */
    return w->grow_t0 + (g - 1.0) / w->growth;
}
