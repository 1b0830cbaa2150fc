/* The pairs' logical states of a stepped potential (interact/shells.h), kept in the bond lists
 * (space/bonds.h) in step with the world's potential energy of the logical states. */
#ifndef EDPD_WORLD_PAIR_STATES_H
#define EDPD_WORLD_PAIR_STATES_H
#include "world/world.h"

/* At creation: every pair's shell read once from the distances, then the config's bonds, and
 * the potential energy. 0, or -1 out of memory. */
int ed_pair_states_start(struct edpd_world *w, const edpd_config *cfg);
/* Pair i-j's logical shell becomes `to` (a step crossed; a naive detector's reading adopted), the
 * potential energy following; out of memory, w->bonds_failed is set (the run stops). */
void ed_pair_state_set(struct edpd_world *w, uint32_t i, uint32_t j, uint32_t to);
/* The changes a naive detector's scan of particle i reported (engine/scan.h, scan_adopt): the
 * pairs move to the shells their distances gave, their potential energy changing without an
 * event (the energy the textbook rule creates or destroys). */
void ed_pair_states_adopt(struct edpd_world *w, uint32_t i);
/* Room for the reports of one scan of n particles (image_ties: each candidate's other images too). */
int ed_adoptions_init(adoptions *a, uint32_t n, int image_ties);
void ed_adoptions_free(adoptions *a);

#endif
