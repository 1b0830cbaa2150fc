/* Priority queue of particles keyed by the time of each particle's next event (one event per
 * particle stored in the particle, as in DynamO and Lubachevsky's scheme). An indexed binary
 * heap: O(log N) update of any key. Ties break by particle index, so the order of events never
 * depends on the heap's history. */
#ifndef EDPD_EVENT_QUEUE_H
#define EDPD_EVENT_QUEUE_H
#include <stdint.h>

typedef struct event_queue {
    uint32_t *heap;  /* heap[k] = particle */
    uint32_t *pos;   /* pos[particle] = k */
    double *key;     /* key[particle] = event time */
    uint32_t size;
} event_queue;

int eq_init(event_queue *q, uint32_t n);  /* 0 on success */
void eq_free(event_queue *q);
/* Insert every particle 0..n-1 with the keys already in q->key. */
void eq_build(event_queue *q, uint32_t n);
void eq_update(event_queue *q, uint32_t particle, double key);
static inline uint32_t eq_top(const event_queue *q) { return q->heap[0]; }

#endif
