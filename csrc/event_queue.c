#include "event_queue.h"
#include <stdlib.h>

int eq_init(event_queue *q, uint32_t n) {
    q->heap = aligned_alloc(64, (sizeof(eq_node) * n + 63) / 64 * 64);
    q->pos = malloc(sizeof(uint32_t) * n);
    q->size = 0;
    return (q->heap && q->pos) ? 0 : -1;
}

void eq_free(event_queue *q) {
    free(q->heap); free(q->pos);
    q->heap = NULL; q->pos = NULL;
}

static inline int before(eq_node a, eq_node b) {
    return a.key < b.key || (a.key == b.key && a.id < b.id);
}

/* A 4-ary heap: half the depth of a binary one, and the four children of a node share one
 * 64-byte cache line (16-byte nodes), which matters once the heap outgrows the caches. The
 * order (key, id) is total, so the event popped never depends on the arity. */
static void sift_up(event_queue *q, uint32_t k) {
    eq_node x = q->heap[k];
    while (k > 0) {
        uint32_t parent = (k - 1) / 4;
        eq_node p = q->heap[parent];
        if (!before(x, p)) break;
        q->heap[k] = p; q->pos[p.id] = k; k = parent;
    }
    q->heap[k] = x; q->pos[x.id] = k;
}

static void sift_down(event_queue *q, uint32_t k) {
    eq_node x = q->heap[k];
    uint32_t n = q->size;
    for (;;) {
        uint32_t c = 4 * k + 1;
        if (c >= n) break;
        uint32_t end = c + 4 < n ? c + 4 : n, m = c;
        for (uint32_t j = c + 1; j < end; j++) if (before(q->heap[j], q->heap[m])) m = j;
        eq_node y = q->heap[m];
        if (!before(y, x)) break;
        q->heap[k] = y; q->pos[y.id] = k; k = m;
    }
    q->heap[k] = x; q->pos[x.id] = k;
}

void eq_build(event_queue *q, uint32_t n) {
    q->size = n;
    for (uint32_t i = 0; i < n; i++) q->pos[i] = i;
    for (uint32_t k = n / 4 + 1; k-- > 0;) sift_down(q, k);
}

void eq_update(event_queue *q, uint32_t particle, double key) {
    uint32_t k = q->pos[particle];
    double old = q->heap[k].key;
    q->heap[k].key = key;
    if (key < old) sift_up(q, k);
    else sift_down(q, k);
}
