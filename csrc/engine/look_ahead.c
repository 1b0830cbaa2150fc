/* Memory requests for the event loop at large N: a block scan's two rounds of cache misses
 * requested ahead (block plans), and the scan of the next event planned while the current one
 * runs (the look-ahead). Only scheduling: which lines are asked for early, never what is
 * computed, so every trajectory is the same with or without it. */
#include "engine/look_ahead.h"

/* Round 1: the 3x3x3 block around base[] (only the base layer along `flat_axis`, or none if
 * -1), every cell's record requested. */
void ed_plan_cells(struct edpd_world *w, const int base[3], int flat_axis, block_plan *pl) {
    cell_grid *g = &w->cells;
    pl->count = ed_cells_block(g, base, flat_axis, pl->cells);
    if (!big_world(w)) return;
    if (line_requests(w)) {
        const int8_t *pos;
        int lines = ed_cells_block_lines(g, base, flat_axis, &pos);
        if (lines >= 0) {
            for (int k = 0; k < lines; k++) cells_request(g, pl->cells[pos[k]]);
            return;
        }
    }
    for (int c = 0; c < pl->count; c++) cells_request(g, pl->cells[c]);
}

/* Round 2: the inline members of every cell except `self` gathered (then ed_plan_request). */
void ed_plan_collect(const struct edpd_world *w, int32_t self, block_plan *pl) {
    pl->m = cells_gather(&w->cells, pl->cells, pl->count, self, pl->cand, &pl->overflow);
}

/* ... and each one's first line, which the pair tests read, requested. */
void ed_plan_request(struct edpd_world *w, const block_plan *pl) {
    if (big_world(w))
        for (uint32_t k = 0; k < pl->m; k++) particle_request(w, (uint32_t)pl->cand[k]);
}

void ed_plan_gather(struct edpd_world *w, int32_t self, block_plan *pl) {
    ed_plan_collect(w, self, pl);
    ed_plan_request(w, pl);
}

void ed_ahead_pair_plans(struct edpd_world *w, uint32_t i, uint32_t j, pair_plans *pp) {
    const particle *a = &w->p[i], *b = &w->p[j];
    const block_plan *pi = ed_ahead_for(w, i);
    int ci[3] = {a->cc[0], a->cc[1], a->cc[2]}, cj[3] = {b->cc[0], b->cc[1], b->cc[2]};
    if (!pi) ed_plan_cells(w, ci, -1, &pp->own_i);
    ed_plan_cells(w, cj, -1, &pp->j);
    /* both gathered before either's candidates are requested: in WebAssembly the requests
     * stall, and so both sets arrive in one wait */
    if (!pi) ed_plan_collect(w, (int32_t)i, &pp->own_i);
    ed_plan_collect(w, (int32_t)j, &pp->j);
    if (!pi) { ed_plan_request(w, &pp->own_i); pi = &pp->own_i; }
    ed_plan_request(w, &pp->j);
    pp->i = pi;
    if (big_world(w)) { eq_request_unlink(&w->queue, i); eq_request_unlink(&w->queue, j); }
}

void ed_ahead_between_pair(struct edpd_world *w, uint32_t i) {
    ed_ahead_gather(w);
    if (big_world(w)) ed_eq_request_insert(&w->queue, event_key(&w->p[i]));
}

/* Planning ahead (large N).
 * An event's scans wait on two rounds of cache misses, the cells' records and then the
 * candidates in them, and a prediction cannot start before its particle's event is known. But
 * at large N the next event is almost always the heap's second least now (the current event
 * re-queues its particles later): so the next event's records are requested when an event
 * begins (stage 1), its candidates gathered in the middle of a pair impact (ed_ahead_gather) or
 * when the event ends (stage 2), and the next event scans a block whose lines have arrived.
 * A wrong guess costs only prefetches; a plan is used only for the particle, event and cell it
 * was made for, with nothing changed in between. */

/* The block particle t's next event scans: the layer beyond its next cell for a crossing, else
 * the block around it (for an impact, a stale event's re-prediction or a plane's). Records
 * requested; 0 if the event scans nothing. */
static int plan_event(struct edpd_world *w, const particle *t, block_plan *pl) {
    int cc[3] = {t->cc[0], t->cc[1], t->cc[2]};
    if (w->n == 1) return 0;
    if (t->cross_t < t->ev_t) {
        int a = t->cross_axis, c = cells_step(&w->cells, a, cc[a], t->cross_dir);
        if (c < 0 || w->cells.n[a] == 1) return 0;
        cells_request_write(&w->cells, (uint32_t)t->cell);  /* it leaves this cell */
        int layer = cells_step(&w->cells, a, c, t->cross_dir);
        if (layer < 0) return 0;
        cc[a] = c;
        cells_request_write(&w->cells, cells_index(&w->cells, cc[0], cc[1], cc[2]));  /* and joins this */
        cc[a] = layer;
        ed_plan_cells(w, cc, a, pl);
    } else ed_plan_cells(w, cc, -1, pl);
    return 1;
}

static void ahead_begin(struct edpd_world *w, ahead_plan *a, uint32_t k) {
    const particle *t = &w->p[k];
    a->who = k; a->ev_t = t->ev_t; a->cross_t = t->cross_t; a->cell = t->cell;
    a->state = plan_event(w, t, &a->pl) ? AHEAD_RECORDS : AHEAD_NONE;
    int32_t j = pair_partner(t);
    if (j >= 0) { particle_request(w, (uint32_t)j); mem_request(&w->p[j].ev_t); }  /* its cell is read at stage 2 */
}

/* Stage 1, when an event begins: the likely next event's records and partner. */
static void plan_ahead(struct edpd_world *w, const particle *q) {
    if (w->nl.on || !far_world(w)) return;
    int32_t j = pair_partner(q);
    uint32_t g = eq_second(&w->queue, j >= 0 ? (uint32_t)j : w->n);
    ahead_plan *a = &w->ahead[w->ahead_cur ^ 1];
    a->state = AHEAD_NONE;
    if (g < w->n) ahead_begin(w, a, g);
}

/* Stage 2, when an event ends: if stage 1 guessed right, the candidates of the next event's
 * block and its partner's records; else its records now, as stage 1 would have. */
void ed_look_ahead(struct edpd_world *w) {
    if (!MEM_REQUEST_STALLS) eq_warm(&w->queue);
    w->ahead[w->ahead_cur].state = AHEAD_NONE;
    w->ahead_cur ^= 1;
    uint32_t k = eq_top(&w->queue);
    const particle *t = &w->p[k];
    int32_t j = pair_partner(t);
    if (j >= 0) particle_request(w, (uint32_t)j);
    if (w->nl.on) {
        /* the lists the next event reads first: once the lists outgrow L2, the first load of a
         * list is most of its scan's time */
        mem_request(w->nl.idx + (size_t)k * w->nl.cap);
        mem_request(&w->nl.count[k]);
        if (j >= 0) { mem_request(w->nl.idx + (size_t)j * w->nl.cap); mem_request(&w->nl.count[j]); }
        if (w->pot.count) {  /* and the bonds the stepped scans spread (bonds_spread) */
            const bond_lists *b = &w->bonds;
            mem_request(b->partner + (size_t)k * b->cap); mem_request(b->shell + (size_t)k * b->cap); mem_request(&b->count[k]);
            if (j >= 0) { mem_request(b->partner + (size_t)j * b->cap); mem_request(b->shell + (size_t)j * b->cap); mem_request(&b->count[j]); }
        }
        return;
    }
    ahead_plan *a = &w->ahead[w->ahead_cur];
    if (!far_world(w)) {  /* the next event's records only */
        block_plan pl;
        plan_event(w, t, &pl);
        return;
    }
    if (!((a->state == AHEAD_RECORDS || a->state == AHEAD_GATHERED) && a->who == k && a->ev_t == t->ev_t && a->cross_t == t->cross_t && a->cell == t->cell)) {
        ahead_begin(w, a, k);
        a->state = AHEAD_NONE;   /* records requested; gathered at the event, as without a plan */
        return;
    }
    if (a->state == AHEAD_RECORDS) ed_plan_gather(w, (int32_t)k, &a->pl);
    a->state = AHEAD_READY;
    if (j >= 0) {
        int cj[3] = {w->p[j].cc[0], w->p[j].cc[1], w->p[j].cc[2]};
        block_plan pj;
        ed_plan_cells(w, cj, -1, &pj);
    }
}

/* The plan made one event ahead for particle i's current event (see plan_ahead), or NULL. */
const block_plan *ed_ahead_for(const struct edpd_world *w, uint32_t i) {
    const ahead_plan *a = &w->ahead[w->ahead_cur];
    return a->state == AHEAD_READY && a->who == i ? &a->pl : NULL;
}

/* Stage 2 early, in the middle of an event whose cell moves are done: the candidates of the
 * next event's block, gathered once its records (requested when the event began) have had the
 * event's first half to arrive. look_ahead still checks that the guess was right. */
void ed_ahead_gather(struct edpd_world *w) {
    ahead_plan *a = &w->ahead[w->ahead_cur ^ 1];
    if (a->state != AHEAD_RECORDS) return;
    ed_plan_gather(w, (int32_t)a->who, &a->pl);
    a->state = AHEAD_GATHERED;
}


/* When an event begins (large N): the queue's lines for the particles it re-queues, the next
 * events' particles (8 of them: the heap's first two levels, 16 per slot) and stage 1 of the
 * look-ahead. */
void ed_ahead_event_begin(struct edpd_world *w, uint32_t i) {
    const particle *q = &w->p[i];
    eq_request(&w->queue, i);
    for (uint32_t k = 1; k < 9; k++) {
        uint32_t r = eq_peek(&w->queue, k);
        if (r < w->n) { particle_request(w, r); mem_request(&w->p[r].ev_t); }  /* both lines */
    }
    if (pair_partner(q) >= 0) eq_request(&w->queue, (uint32_t)q->partner);
    /* in WebAssembly the queue's walk ahead waits here, with this batch, rather than at the
     * event's end on its own */
    if (MEM_REQUEST_STALLS) eq_warm(&w->queue);
    plan_ahead(w, q);
}

void ed_ahead_reset(struct edpd_world *w) { w->ahead[0].state = w->ahead[1].state = AHEAD_NONE; }
