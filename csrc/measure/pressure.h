/* The pressure (compressibility factor Z) from the collision virial, and its standard error
 * from block averages of the measurement window (pressure.c; the blocks' record is z_blocks,
 * world.h). The event that changes velocities passes the blocks' edges before its own virial. */
#ifndef EDPD_MEASURE_PRESSURE_H
#define EDPD_MEASURE_PRESSURE_H
#include "world/world.h"

/* The integral of KE dt over the measurement window up to t (KE is constant since ke_time). */
static inline double ke_integral_at(const struct edpd_world *w, double t) { return w->ke_integral + w->ke * (t - w->ke_time); }

void ed_z_blocks_start(struct edpd_world *w);
void ed_z_blocks_cross(struct edpd_world *w);  /* the clock passed zb.end: record the edges passed */
double ed_z_blocks_error(const struct edpd_world *w);

#endif
