/* Memory requests for the event loop (look_ahead.c): block plans, the requests an impact makes
 * for the scans it will run, and at large N the look-ahead. Scheduling only: no trajectory
 * depends on it. */
#ifndef EDPD_ENGINE_LOOK_AHEAD_H
#define EDPD_ENGINE_LOOK_AHEAD_H
#include "world/world.h"
#include "base/memory.h"

/* Requests ahead (memory.h) and the look-ahead pay only once the particles (and in WebAssembly,
 * where a request is a load that waits, the lists too) outgrow a core's L2; below that they
 * cost more than they save. The thresholds rest on interleaved A/Bs (docs/performance.md). */
static inline int big_world(const struct edpd_world *w) {
    size_t bytes = (size_t)w->n * sizeof(particle);
    if (w->nl.on) bytes += (size_t)w->n * (w->nl.cap * sizeof(int32_t) + sizeof(uint32_t) + sizeof(nl_centre));
    if (!MEM_REQUEST_STALLS) return bytes > ((size_t)3 << 19);
    return bytes > ((size_t)3 << 20);
}

/* Planning a scan one event ahead (plan_ahead) pays only where most lines come from DRAM, and
 * never in WebAssembly, whose requests stall the event they are made in (docs/performance.md). */
static inline int far_world(const struct edpd_world *w) {
    return !MEM_REQUEST_STALLS && big_world(w) && (size_t)w->n * sizeof(particle) > ((size_t)32 << 20);
}

/* A block's records: natively a prefetch per cell; in WebAssembly, once the records pass 4 MB,
 * one request per cache line (27 -> 8 for a full block), since each request there waits. */
static inline int line_requests(const struct edpd_world *w) {
    return MEM_REQUEST_STALLS && (size_t)w->cells.count * (size_t)w->cells.rec * sizeof(int32_t) > ((size_t)4 << 20);
}

/* A block scan's rounds: round 1, the 3x3x3 block around base[] (only the base layer along
 * flat_axis, or all of it for -1), every cell's record requested; round 2, the inline members of
 * every cell but `self` gathered (ed_plan_collect) and their first lines requested (ed_plan_request);
 * ed_plan_gather is both. */
void ed_plan_cells(struct edpd_world *w, const int base[3], int flat_axis, block_plan *pl);
void ed_plan_collect(const struct edpd_world *w, int32_t self, block_plan *pl);
void ed_plan_request(struct edpd_world *w, const block_plan *pl);
void ed_plan_gather(struct edpd_world *w, int32_t self, block_plan *pl);
/* Particle i's list centre, which its exit time reads after the scan of its list. */
static inline void plan_request_exit(const struct edpd_world *w, uint32_t i) { mem_hint(&w->nl.centre[i]); }

/* Every listed particle's first line requested, before a scan of the list. */
static inline void plan_request_list(struct edpd_world *w, const int32_t *list, uint32_t m) {
    for (uint32_t k = 0; k < m; k++) particle_request(w, (uint32_t)list[k]);
}

/* An impact of i and j, both of which scan next: with neighbour lists, j's listed particles
 * requested while i's are scanned (in WebAssembly, where a request waits, i's too, so that both
 * sets arrive in one wait); with cells, both blocks planned (i's from the look-ahead if it has
 * one) and gathered before either's candidates are requested, and the queue's lines for both;
 * between the two scans, the look-ahead's gathering and the queue's lines for i's new key. */
typedef struct pair_plans { block_plan own_i, j; const block_plan *i; } pair_plans;
static inline void ahead_pair_lists(struct edpd_world *w, uint32_t i, uint32_t j) {
    const int32_t *li = w->nl.idx + (size_t)i * w->nl.cap, *lj = w->nl.idx + (size_t)j * w->nl.cap;
    /* natively the scan of i's list requests it at once anyway */
    if (MEM_REQUEST_STALLS) plan_request_list(w, li, w->nl.count[i]);
    plan_request_list(w, lj, w->nl.count[j]);
}
void ed_ahead_pair_plans(struct edpd_world *w, uint32_t i, uint32_t j, pair_plans *pp);
void ed_ahead_between_pair(struct edpd_world *w, uint32_t i);

/* The look-ahead (large N): ed_ahead_event_begin when an event begins, look_ahead when it ends,
 * ed_ahead_gather in the middle of a pair impact; ed_ahead_for gives a scan planned for particle i's
 * current event (NULL: none); ed_ahead_reset forgets every plan (the caller may have changed the world). */
void ed_ahead_event_begin(struct edpd_world *w, uint32_t i);
void ed_look_ahead(struct edpd_world *w);
void ed_ahead_gather(struct edpd_world *w);
const block_plan *ed_ahead_for(const struct edpd_world *w, uint32_t i);
void ed_ahead_reset(struct edpd_world *w);

#endif
