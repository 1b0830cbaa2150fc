/* Priority queue of particles keyed by the time of each particle's next event (one event per
 * particle stored in the particle, as in DynamO and Lubachevsky's scheme). An indexed 4-ary
 * heap whose nodes carry their keys, so sifting compares neighbouring memory instead of chasing
 * particle indices: O(log N) update of any key. Ties break by particle index, so the order of
 * events never depends on the heap's history. */
#ifndef EDPD_EVENT_QUEUE_H
#define EDPD_EVENT_QUEUE_H
#include <stdint.h>

typedef struct eq_node { double key; uint32_t id; } eq_node;

typedef struct event_queue {
    eq_node *heap;   /* heap[k] = (key, particle) */
    uint32_t *pos;   /* pos[particle] = k */
    uint32_t size;
} event_queue;

int eq_init(event_queue *q, uint32_t n);  /* 0 on success */
void eq_free(event_queue *q);
/* Before eq_build: the key of particle i (nodes are filled in particle order). */
static inline void eq_set_initial(event_queue *q, uint32_t i, double key) { q->heap[i].key = key; q->heap[i].id = i; }
/* Heapify particles 0..n-1 with the keys set by eq_set_initial. */
void eq_build(event_queue *q, uint32_t n);
void eq_update(event_queue *q, uint32_t particle, double key);
static inline uint32_t eq_top(const event_queue *q) { return q->heap[0].id; }
static inline double eq_top_key(const event_queue *q) { return q->heap[0].key; }

#endif
