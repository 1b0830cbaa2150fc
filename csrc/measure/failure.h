/* The first failure's record (edpd_get_first_failure): the overlap function where a naive
 * detector first met undefined dynamics. Called only on its rare branches, never by the stable
 * detector: the event loop's hot path is untouched. */
#ifndef EDPD_FAILURE_H
#define EDPD_FAILURE_H
#include "world/world.h"
#include "interact/detector.h"

/* A naive detector answered `naive` (a branch >= BRANCH_NEGATIVE) for particle i and partner k
 * at time T. An ignored answer is the failure at once; a halt or a negative dt only when its
 * event is executed (ed_failure_executed), since a later prediction may replace it. */
void ed_failure_seen_pair(struct edpd_world *w, uint32_t i, uint32_t k, double T, overlap_fn f, edpd_root naive);
void ed_failure_seen_plane(struct edpd_world *w, uint32_t i, uint32_t k, double T, double x, double u, double a, edpd_root naive);
/* The event of particle i with partner (-1 - plane for a plane) at time te, a halt or a negative
 * dt, is executed: the first failure, if there was none. */
void ed_failure_executed(struct edpd_world *w, uint32_t i, int32_t partner, double te);
#endif
