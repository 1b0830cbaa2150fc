#include "space/event_queue.h"
#include "base/memory.h"
#include <math.h>
#include <stdlib.h>

#define EQ_FAR (INT64_C(1) << 62)   /* slot of +inf, NaN and keys beyond the calendar's range */
/* Target events per slot: the heap of the current slot holds about this many, so that the
 * next events are known an event ahead (engine/look_ahead.c plans their scans); a larger heap costs
 * sifts. The sizes rest on interleaved A/Bs at N = 13500 and 10^6 (docs/performance.md). */
#define EQ_PER_SLOT 16.0
#define EQ_PER_SLOT_LARGE 32.0
static inline int large_queue(uint32_t n) { return n >= (1u << 18); }

int ed_eq_init(event_queue *q, uint32_t n) {
    uint32_t nb = 16;
    /* The calendar spans 8N events (N/2 slots of 16), 2N from N = 2^18 (N/16 slots of 32):
     * 256 KB of slot heads at N = 10^6, which stay in L2. */
    uint32_t slots = large_queue(n) ? n / 16 : n / 2;
    while (nb < slots && nb < (1u << 24)) nb *= 2;
    q->n = n; q->nb = nb; q->mask = nb - 1; q->size = 0;
    q->heap = ed_big_alloc(sizeof(eq_node) * (n ? n : 1));
    q->e = ed_big_alloc(sizeof(eq_entry) * (n ? n : 1));
    q->head = malloc(sizeof(int32_t) * (nb + 1));
    q->warm = -1;
    if (!(q->heap && q->e && q->head)) return -1;
    for (uint32_t i = 0; i < n; i++) q->e[i].next = q->e[i].prev = -1;
    return 0;
}

void ed_eq_free(event_queue *q) {
    free(q->heap); free(q->e); free(q->head);
    q->heap = NULL; q->e = NULL; q->head = NULL;
}

/* floor(key / width), clamped: monotonic in key, so slots never reorder events. */
static inline int64_t slot_of(const event_queue *q, double key) {
    double s = key * q->inv_width;
    if (!(s < 4e18)) return EQ_FAR;  /* also NaN */
    if (s < -4e18) return -EQ_FAR;
    int64_t k = (int64_t)s;          /* truncation; floor for negative non-integers */
    return k - ((double)k > s);
}

/* ---- the current slot: an indexed 4-ary heap ordered by (key, id) ----------------------- */

static void sift_up(event_queue *q, uint32_t k) {
    eq_node x = q->heap[k];
    while (k > 0) {
        uint32_t parent = (k - 1) / 4;
        eq_node p = q->heap[parent];
        if (!eq_before(x, p)) break;
        q->heap[k] = p; q->e[p.id].pos = k; k = parent;
    }
    q->heap[k] = x; q->e[x.id].pos = k;
}

static void sift_down(event_queue *q, uint32_t k) {
    eq_node x = q->heap[k];
    uint32_t n = q->size;
    for (;;) {
        uint32_t c = 4 * k + 1;
        if (c >= n) break;
        uint32_t end = c + 4 < n ? c + 4 : n, m = c;
        for (uint32_t j = c + 1; j < end; j++) m += (uint32_t)eq_before(q->heap[j], q->heap[m]) * (j - m);  /* no branch */
        eq_node y = q->heap[m];
        if (!eq_before(y, x)) break;
        q->heap[k] = y; q->e[y.id].pos = k; k = m;
    }
    q->heap[k] = x; q->e[x.id].pos = k;
}

static void heap_push(event_queue *q, uint32_t i) {
    uint32_t k = q->size++;
    q->heap[k].key = q->e[i].key; q->heap[k].id = i;
    sift_up(q, k);
}

static void heap_remove(event_queue *q, uint32_t i) {
    uint32_t k = q->e[i].pos, last = --q->size;
    q->e[i].pos = EQ_LISTED;
    if (k == last) return;
    eq_node x = q->heap[last];
    q->heap[k] = x; q->e[x.id].pos = k;
    if (k > 0 && eq_before(x, q->heap[(k - 1) / 4])) sift_up(q, k);
    else sift_down(q, k);
}

/* ---- later slots: doubly linked lists ----------------------------------------------------- */

static void list_push(event_queue *q, uint32_t i, uint32_t b) {
    int32_t h = q->head[b];
    q->e[i].next = h; q->e[i].prev = -1;
    if (h >= 0) q->e[h].prev = (int32_t)i;
    q->head[b] = (int32_t)i;
    q->e[i].bucket = b;
    q->e[i].pos = EQ_LISTED;
    if (b < q->nb) q->in_buckets++;
}

static void list_remove(event_queue *q, uint32_t i) {
    int32_t nx = q->e[i].next, pv = q->e[i].prev;
    if (pv >= 0) q->e[pv].next = nx; else q->head[q->e[i].bucket] = nx;
    if (nx >= 0) q->e[nx].prev = pv;
    if (q->e[i].bucket < q->nb) q->in_buckets--;
}

/* Into the heap (slot <= cur), the slot's list (within nb slots) or the overflow. */
static void insert(event_queue *q, uint32_t i) {
    int64_t s = slot_of(q, q->e[i].key);
    if (s <= q->cur) heap_push(q, i);
    else if (s - q->cur < (int64_t)q->nb) list_push(q, i, (uint32_t)(s & q->mask));
    else list_push(q, i, q->nb);
}

void ed_eq_request_insert(const event_queue *q, double key) {
    int64_t s = slot_of(q, key);
    if (s > q->cur && s - q->cur < (int64_t)q->nb) mem_request_write(&q->head[s & q->mask]);
}

/* Overflow events that now fall within the calendar move to their slots (or the heap). */
static void spread_overflow(event_queue *q) {
    for (int32_t i = q->head[q->nb], nx; i >= 0; i = nx) {
        nx = q->e[i].next;
        int64_t s = slot_of(q, q->e[i].key);
        if (s - q->cur < (int64_t)q->nb) { list_remove(q, (uint32_t)i); insert(q, (uint32_t)i); }
    }
}

/* The heap ran empty: advance to the next slot holding events. */
static void refill(event_queue *q) {
    while (q->size == 0 && q->n > 0) {
        if (q->in_buckets == 0) {
            /* only the overflow is left: jump to its earliest slot */
            int64_t m = EQ_FAR;
            for (int32_t i = q->head[q->nb]; i >= 0; i = q->e[i].next) {
                int64_t s = slot_of(q, q->e[i].key);
                if (s < m) m = s;
            }
            q->cur = m;
            spread_overflow(q);
            continue;
        }
        q->cur++;
        /* once per turn of the calendar (the overflow's events are >= nb slots ahead of the
         * last spread, so none is skipped) */
        if ((q->cur & q->mask) == 0) spread_overflow(q);
        uint32_t b = (uint32_t)(q->cur & q->mask);
        for (int32_t i = q->head[b], nx; i >= 0; i = nx) {  /* the whole list moves: no unlinking */
            nx = q->e[i].next;
            q->in_buckets--;
            heap_push(q, (uint32_t)i);
        }
        q->head[b] = -1;
        /* at large N each record of a slot list is a cache miss, one after the other: start
         * on the next slot's first now */
        int32_t h = q->head[(b + 1) & q->mask];
        if (h >= 0) mem_hint(&q->e[h]);
        q->warm = h;
    }
}

/* Slot width from the keys: about EQ_PER_SLOT(_LARGE) pops per slot, then every event re-queued. */
static void retune(event_queue *q) {
    double lo = INFINITY, sum = 0.0;
    uint32_t finite = 0;
    for (uint32_t i = 0; i < q->n; i++) if (q->e[i].key < lo) lo = q->e[i].key;
    for (uint32_t i = 0; i < q->n; i++)
        if (isfinite(q->e[i].key)) { sum += q->e[i].key - lo; finite++; }
    /* look-ahead tau = mean(key - min); pops come about finite / tau per unit time */
    double per_slot = large_queue(q->n) ? EQ_PER_SLOT_LARGE : EQ_PER_SLOT;
    double width = finite > 0 ? per_slot * (sum / finite) / finite : 0.0;
    if (!(width > 0.0) || !isfinite(width)) width = 1.0;
    q->inv_width = 1.0 / width;
    if (!(q->inv_width > 0.0) || !isfinite(q->inv_width)) q->inv_width = 1.0;
    q->size = 0;
    q->in_buckets = 0;
    q->warm = -1;
    for (uint32_t b = 0; b <= q->nb; b++) q->head[b] = -1;
    q->cur = isfinite(lo) ? slot_of(q, lo) : EQ_FAR;
    for (uint32_t i = 0; i < q->n; i++) insert(q, i);
    refill(q);
    q->updates = 0;
}

void ed_eq_build(event_queue *q, uint32_t n) {
    q->n = n;
    retune(q);
}

void ed_eq_update(event_queue *q, uint32_t particle, double key) {
    if (q->n == 1) { q->heap[0].key = q->e[0].key = key; return; }  /* a lone ball of a sweep */
    uint32_t k = q->e[particle].pos;
    if (k != EQ_LISTED && slot_of(q, key) <= q->cur) {  /* stays in the heap: sift in place */
        double old = q->heap[k].key;
        q->e[particle].key = q->heap[k].key = key;
        if (key < old) sift_up(q, k); else sift_down(q, k);
    } else {
        if (k == EQ_LISTED) list_remove(q, particle);
        else heap_remove(q, particle);
        q->e[particle].key = key;
        insert(q, particle);
    }
    if (q->size == 0) refill(q);
    /* the event rate drifts (a granular gas cools): re-tune every 16 updates per particle */
    if (++q->updates >= 16ull * q->n + 4096) retune(q);
}
