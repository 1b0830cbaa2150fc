/* Compression (compression.c): the growth's start and its timed event, the velocity rescale. */
#ifndef EDPD_ENGINE_COMPRESSION_H
#define EDPD_ENGINE_COMPRESSION_H
#include "world/world.h"

/* The growth's clocks from the config, at creation (before the first predictions). */
void ed_compression_start(struct edpd_world *w);
/* The cells' least width at time t: the largest diameter then, with room to grow (the diameter
 * itself without growth). */
double ed_compression_reach(const struct edpd_world *w, double t);
/* The first regrid scheduled, once creation has made the cells. */
void ed_compression_cells_made(struct edpd_world *w);
/* The compression's timed event at w->rescale_t (or now, once the kinetic energy passed
 * ke_limit): a velocity rescale if one is due, the cells regrown if the spheres outgrew them,
 * every particle predicted anew. 1 if the rescale's interval pressure passed jam_pressure, 0 if
 * not, -1 out of memory for the regrown cells. */
int ed_event_rescale(struct edpd_world *w);

#endif
