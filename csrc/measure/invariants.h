/* Invariants every world keeps between calls (invariants.c): the event counts add up, the
 * lists and cells are consistent, every state is finite, and under the stable detector no
 * overlap deepens in free flight (Sect. 4.1). For the fuzzer and the tests. */
#ifndef EDPD_MEASURE_INVARIANTS_H
#define EDPD_MEASURE_INVARIANTS_H
#include "world/world.h"

/* 1 if they hold, else 0 with a description in msg. */
int ed_world_check_invariants(const struct edpd_world *w, char *msg, size_t len);

#endif
