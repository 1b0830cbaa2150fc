/* The pairs' logical states (world/pair_states.h) against what their distances say: the
 * potential energy counted from the distances and the pairs that disagree (edpd_get_stats), and
 * the exceptions a state file must carry, whose shell its positions do not tell. */
#ifndef EDPD_MEASURE_LOGICAL_STATES_H
#define EDPD_MEASURE_LOGICAL_STATES_H
#include "world/world.h"

/* The pairs whose logical shell differs from what their distance at positions pos says (pos: the
 * positions a state file holds): up to cap (i < j, shell) triples into out; returns how many there are. */
uint32_t ed_logical_states_exceptions(const struct edpd_world *w, const double *pos, uint32_t *out, uint32_t cap);
/* The potential energy counted from the distances now, and the pairs whose logical shell differs
 * from their distance's beyond rounding, and within it. */
void ed_logical_states_compare(const struct edpd_world *w, double *pe, uint32_t *disagreeing, uint32_t *rounding);

#endif
