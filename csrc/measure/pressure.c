/* The pressure's standard error from block averages (pressure.h): the measurement window cut
 * into blocks, the collision virial and the kinetic and potential energies' integrals kept at each
 * edge; the energies' time averages' errors from the same blocks. */
#include "measure/pressure.h"
#include <math.h>

/* The first blocks are short (tau doubles as the run goes on); 2^-10 time units is far below a
 * mean free time at any density a fluid has. */
#define Z_TAU0 (1.0 / 1024.0)

/* Edge k lies at t0 + k tau; the next one to pass is edge `count`. */
static double next_edge(const z_blocks *b) { return b->t0 + b->count * b->tau; }

void ed_z_blocks_start(struct edpd_world *w) {
    z_blocks *b = &w->zb;
    b->t0 = w->time;
    b->tau = Z_TAU0;
    b->count = 1;
    b->virial[0] = w->virial;
    b->ke_int[0] = ke_integral_at(w, w->time);
    b->pe_int[0] = pe_integral_at(w, w->time);
    b->end = next_edge(b);
}

/* Called from the impact code when the clock is at or past zb.end, before the impact's own
 * virial is added: the cumulative sums now are their values at every edge passed since the last
 * impact (the virial changes only at impacts; the KE integral grows linearly in between). */
void ed_z_blocks_cross(struct edpd_world *w) {
    z_blocks *b = &w->zb;
    while (w->time >= b->end) {
        if (b->count == Z_BLOCKS_MAX + 1) {  /* full: merge pairs, blocks twice as long */
            for (int k = 1; 2 * k <= Z_BLOCKS_MAX; k++) { b->virial[k] = b->virial[2 * k]; b->ke_int[k] = b->ke_int[2 * k]; b->pe_int[k] = b->pe_int[2 * k]; }
            b->count = Z_BLOCKS_MAX / 2 + 1;
            b->tau *= 2.0;
        } else {
            b->virial[b->count] = w->virial;
            b->ke_int[b->count] = ke_integral_at(w, b->end);
            b->pe_int[b->count] = pe_integral_at(w, b->end);
            b->count++;
        }
        b->end = next_edge(b);  /* from t0, without drift */
        if (!isfinite(b->end)) break;
    }
}

/* Standard error of Z over the complete blocks: each block's Z_b = 1 + W_b / (2 K_b), weighted
 * by its KE integral K_b (the whole window's Z is the K-weighted mean of the blocks'), the
 * ratio estimator's variance sum (K_b / K)^2 (Z_b - Z)^2 * B / (B - 1). NaN below 16 blocks. */
double ed_z_blocks_error(const struct edpd_world *w) {
    const z_blocks *b = &w->zb;
    int blocks = b->count - 1;
    if (blocks < Z_BLOCKS_MAX / 2) return NAN;
    double wsum = b->virial[blocks] - b->virial[0], ksum = b->ke_int[blocks] - b->ke_int[0];
    if (!(ksum > 0.0)) return NAN;
    double zmean = 1.0 + wsum / (2.0 * ksum), var = 0.0;
    for (int k = 0; k < blocks; k++) {
        double kb = b->ke_int[k + 1] - b->ke_int[k], wb = b->virial[k + 1] - b->virial[k];
        if (!(kb > 0.0)) return NAN;
        double zb = 1.0 + wb / (2.0 * kb), f = kb / ksum;
        var += f * f * (zb - zmean) * (zb - zmean);
    }
    return sqrt(var * blocks / (blocks - 1));
}

double ed_blocks_mean_error(const struct edpd_world *w, int kinetic) {
    const z_blocks *b = &w->zb;
    const double *in = kinetic ? b->ke_int : b->pe_int;
    int blocks = b->count - 1;
    if (blocks < Z_BLOCKS_MAX / 2) return NAN;
    double mean = (in[blocks] - in[0]) / (blocks * b->tau), var = 0.0;  /* blocks of equal length tau */
    for (int k = 0; k < blocks; k++) {
        double m = (in[k + 1] - in[k]) / b->tau;
        var += (m - mean) * (m - mean);
    }
    return sqrt(var / ((double)blocks * (blocks - 1)));
}
