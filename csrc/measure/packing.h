/* The packing fraction of a world at time t (packing.c): its particles' volume (area in 2-D)
 * over the box's, with a compression's diameters as they are then. */
#ifndef EDPD_MEASURE_PACKING_H
#define EDPD_MEASURE_PACKING_H
#include "world/world.h"

double ed_packing_fraction(const struct edpd_world *w, double t);

#endif
