/* The pressure (compressibility factor Z) from the collision virial, and its standard error
 * from block averages of the measurement window (pressure.c; the blocks' record is z_blocks,
 * world.h). The event that changes velocities passes the blocks' edges before its own virial. */
#ifndef EDPD_MEASURE_PRESSURE_H
#define EDPD_MEASURE_PRESSURE_H
#include "world/world.h"

/* The integral of KE dt over the measurement window up to t (KE is constant since ke_time). */
static inline double ke_integral_at(const struct edpd_world *w, double t) { return w->ke_integral + w->ke * (t - w->ke_time); }
/* ... and of the potential energy U dt (U is constant since pe_time). */
static inline double pe_integral_at(const struct edpd_world *w, double t) { return w->pe_integral + w->pe * (t - w->pe_time); }

void ed_z_blocks_start(struct edpd_world *w);
void ed_z_blocks_cross(struct edpd_world *w);  /* the clock passed zb.end: record the edges passed */
double ed_z_blocks_error(const struct edpd_world *w);
/* The standard error of KE's (kinetic) or U's time average over the window, from its blocks'
 * means; NaN below 16 blocks. */
double ed_blocks_mean_error(const struct edpd_world *w, int kinetic);

#endif
