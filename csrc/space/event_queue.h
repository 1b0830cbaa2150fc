/* Priority queue of particles keyed by the time of each particle's next event (one event per
 * particle stored in the particle, as in DynamO and Lubachevsky's scheme), as a calendar queue:
 * time is cut into slots of a tuned width; the events of the current slot sit in a small
 * indexed 4-ary heap, those of the next nb slots in per-slot lists, later ones in an overflow
 * list that is sorted into the slots once per turn of the calendar. An update is O(1) on
 * average and touches a few cache lines instead of a path through a heap of N nodes.
 * The order is total, (key, particle index), so the event popped never depends on the queue's
 * history or tuning: trajectories are identical to those of a plain heap. */
#ifndef EDPD_EVENT_QUEUE_H
#define EDPD_EVENT_QUEUE_H
#include <stdint.h>
#include "base/memory.h"

#define EQ_LISTED UINT32_MAX

typedef struct eq_node { double key; uint32_t id; } eq_node;
/* Everything the queue keeps per particle in one 32-byte record: one cache line per touch. */
typedef struct eq_entry {
    double key;
    int32_t next, prev;  /* slot list links */
    uint32_t pos;        /* heap index, or EQ_LISTED */
    uint32_t bucket;     /* list of a listed particle: slot & mask, or nb for the overflow */
    uint64_t pad_;
} eq_entry;

typedef struct event_queue {
    eq_node *heap;      /* events with slot <= cur: heap[k] = (key, particle) */
    uint32_t size;
    uint32_t n;
    eq_entry *e;
    int32_t *head;      /* nb + 1 list heads */
    uint32_t nb, mask;
    int64_t cur;        /* current slot */
    double inv_width;   /* slots per unit time */
    uint32_t in_buckets;
    uint64_t updates;   /* since the last tuning */
    int32_t warm;       /* eq_warm's place in the next slot's list, -1 if none */
} event_queue;

int ed_eq_init(event_queue *q, uint32_t n);  /* 0 on success */
void ed_eq_free(event_queue *q);
/* Before ed_eq_build: the key of particle i. */
static inline void eq_set_initial(event_queue *q, uint32_t i, double key) { q->e[i].key = key; }
/* Queue particles 0..n-1 with the keys set by eq_set_initial. */
void ed_eq_build(event_queue *q, uint32_t n);
void ed_eq_update(event_queue *q, uint32_t particle, double key);
/* Requests (memory.h) for large N, where every record is a cache miss: particle i's record, and
 * (once that has arrived) the records an update of i will touch to unlink it. */
static inline void eq_request(const event_queue *q, uint32_t i) { mem_request(&q->e[i]); }
static inline void eq_request_unlink(const event_queue *q, uint32_t i) {
    const eq_entry *e = &q->e[i];
    if (e->pos != EQ_LISTED) return;
    if (e->next >= 0) mem_request_write(&q->e[e->next]);
    if (e->prev >= 0) mem_request_write(&q->e[e->prev]);
}
/* One more record of the next slot's list, once per event: a refill then finds the list's
 * records loaded instead of missing on each in turn. Only requests: the walk may follow links
 * that changed meanwhile (every index it follows is still a particle's, so that in WebAssembly,
 * where a request is a load, it stays within memory). */
static inline void eq_warm(event_queue *q) {
    int32_t k = q->warm;
    if (k < 0) return;
    int32_t nx = q->e[k].next;
    if (nx >= 0 && (uint32_t)nx < q->n) mem_request(&q->e[nx]); else nx = -1;
    q->warm = nx;
}
/* ... and the slot list a key will join. */
void ed_eq_request_insert(const event_queue *q, double key);
/* The queue's order: (key, particle index). Bitwise, not ||: in a heap the answer is a coin toss,
 * and the short circuit was a second mispredicted branch per comparison. */
static inline int eq_before(eq_node a, eq_node b) {
    return (a.key < b.key) | ((a.key == b.key) & (a.id < b.id));
}
/* The likeliest next top once the top and particle `skip` (the top's partner, whose copy of
 * the same impact is re-queued with it) are re-queued, later almost always at large N: the
 * least of the top's children other than `skip`, or of skip's children; n if none. */
static inline uint32_t eq_second(const event_queue *q, uint32_t skip) {
    uint32_t m = 0, end = q->size < 5 ? q->size : 5;
    for (uint32_t k = 1; k < end; k++) {
        if (q->heap[k].id == skip) {
            uint32_t c0 = 4 * k + 1, c1 = c0 + 4 < q->size ? c0 + 4 : q->size;
            for (uint32_t c = c0; c < c1; c++) if (m == 0 || eq_before(q->heap[c], q->heap[m])) m = c;
        } else if (m == 0 || eq_before(q->heap[k], q->heap[m])) m = k;
    }
    return m ? q->heap[m].id : q->n;
}
/* The k-th node of the current slot's heap (k < 9: the runners-up to the top), or n if none. */
static inline uint32_t eq_peek(const event_queue *q, uint32_t k) { return k < q->size ? q->heap[k].id : q->n; }
static inline uint32_t eq_top(const event_queue *q) { return q->heap[0].id; }
static inline double eq_top_key(const event_queue *q) { return q->heap[0].key; }

#endif
