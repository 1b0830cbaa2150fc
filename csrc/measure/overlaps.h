/* Overlapping pairs and planes at the current clock, from the positions alone (overlaps.c). */
#ifndef EDPD_MEASURE_OVERLAPS_H
#define EDPD_MEASURE_OVERLAPS_H
#include "world/world.h"

int ed_overlap_grid_init(struct edpd_world *w);  /* 0, or -1 out of memory */
void ed_overlap_grid_free(overlap_grid *g);     /* and the grid itself (NULL: nothing) */
/* Pair overlaps, plane overlaps, fall-throughs, the deepest overlap and each particle's flag
 * (any pointer NULL: not wanted), scanned once per state. */
void ed_overlaps_now(const struct edpd_world *w, uint32_t *pairs, uint32_t *planes, uint32_t *fell, double *deepest, uint8_t *flags);

#endif
