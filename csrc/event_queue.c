#include "event_queue.h"
#include <stdlib.h>

int eq_init(event_queue *q, uint32_t n) {
    q->heap = malloc(sizeof(eq_node) * n);
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

static void sift_up(event_queue *q, uint32_t k) {
    eq_node x = q->heap[k];
    while (k > 0) {
        uint32_t parent = (k - 1) / 2;
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
        uint32_t c = 2 * k + 1;
        if (c >= n) break;
        if (c + 1 < n && before(q->heap[c + 1], q->heap[c])) c++;
        eq_node y = q->heap[c];
        if (!before(y, x)) break;
        q->heap[k] = y; q->pos[y.id] = k; k = c;
    }
    q->heap[k] = x; q->pos[x.id] = k;
}

void eq_build(event_queue *q, uint32_t n) {
    q->size = n;
    for (uint32_t i = 0; i < n; i++) q->pos[i] = i;
    for (uint32_t k = n / 2; k-- > 0;) sift_down(q, k);
}

void eq_update(event_queue *q, uint32_t particle, double key) {
    uint32_t k = q->pos[particle];
    double old = q->heap[k].key;
    q->heap[k].key = key;
    if (key < old) sift_up(q, k);
    else sift_down(q, k);
}
