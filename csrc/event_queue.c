#include "event_queue.h"
#include <stdlib.h>

int eq_init(event_queue *q, uint32_t n) {
    q->heap = malloc(sizeof(uint32_t) * n);
    q->pos = malloc(sizeof(uint32_t) * n);
    q->key = malloc(sizeof(double) * n);
    q->size = 0;
    return (q->heap && q->pos && q->key) ? 0 : -1;
}

void eq_free(event_queue *q) {
    free(q->heap); free(q->pos); free(q->key);
    q->heap = q->pos = NULL; q->key = NULL;
}

static inline int before(const event_queue *q, uint32_t a, uint32_t b) {
    double ka = q->key[a], kb = q->key[b];
    return ka < kb || (ka == kb && a < b);
}

static void sift_up(event_queue *q, uint32_t k) {
    uint32_t p = q->heap[k];
    while (k > 0) {
        uint32_t parent = (k - 1) / 2, pp = q->heap[parent];
        if (!before(q, p, pp)) break;
        q->heap[k] = pp; q->pos[pp] = k; k = parent;
    }
    q->heap[k] = p; q->pos[p] = k;
}

static void sift_down(event_queue *q, uint32_t k) {
    uint32_t p = q->heap[k], n = q->size;
    for (;;) {
        uint32_t c = 2 * k + 1;
        if (c >= n) break;
        if (c + 1 < n && before(q, q->heap[c + 1], q->heap[c])) c++;
        uint32_t pc = q->heap[c];
        if (!before(q, pc, p)) break;
        q->heap[k] = pc; q->pos[pc] = k; k = c;
    }
    q->heap[k] = p; q->pos[p] = k;
}

void eq_build(event_queue *q, uint32_t n) {
    q->size = n;
    for (uint32_t i = 0; i < n; i++) { q->heap[i] = i; q->pos[i] = i; }
    for (uint32_t k = n / 2; k-- > 0;) sift_down(q, k);
}

void eq_update(event_queue *q, uint32_t particle, double key) {
    double old = q->key[particle];
    q->key[particle] = key;
    if (key < old) sift_up(q, q->pos[particle]);
    else sift_down(q, q->pos[particle]);
}
