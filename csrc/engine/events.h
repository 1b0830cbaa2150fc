/* What an event does (impact.c): bookkeeping events and impacts, with their new predictions. */
#ifndef EDPD_IMPACT_H
#define EDPD_IMPACT_H
#include "world/world.h"

/* Particle i enters the next cell (cell lists), or leaves its neighbour shell (lists: -1 if the
 * lists could not grow). */
void do_crossing(struct edpd_world *w, uint32_t i);
int do_rebuild(struct edpd_world *w, uint32_t i);
/* Particle i hits particle j, or plane k (Eq. 5; an approaching pair only, so an executed impact
 * never deepens an overlap). */
void do_pair_impact(struct edpd_world *w, uint32_t i, uint32_t j);
void do_plane_impact(struct edpd_world *w, uint32_t i, uint32_t k);
/* The Andersen thermostat's next kick drawn (+inf without one), and the kick itself. */
void schedule_kick(struct edpd_world *w);
void do_kick(struct edpd_world *w);
/* The kinetic energy changes by dke now (its time integral kept for Z). */
void account_energy(struct edpd_world *w, double dke);

#endif
