/* Compression (compression.c): the growth's start and its timed event, the velocity rescale. */
#ifndef EDPD_ENGINE_COMPRESSION_H
#define EDPD_ENGINE_COMPRESSION_H
#include "world/world.h"

/* The growth's clocks from the config, at creation (before the first predictions). */
void ed_compression_start(struct edpd_world *w);
/* The cells' least width for a world created at time t: the largest diameter two rescale
 * intervals on (the diameter itself without growth). */
double ed_compression_reach(const struct edpd_world *w, double t);
/* The rescale at w->rescale_t (or now, once the kinetic energy passed ke_limit): 1 if the interval's
 * reduced pressure passed jam_pressure, 0 if not, -1 out of memory for the regrown cells. */
int ed_event_rescale(struct edpd_world *w);

#endif
