/* The candidate pipeline (scan.h): a source's candidates, a crowded cell's overflow and a small
 * box's other images, through the world's one kernel. */
#include "engine/scan.h"
#include "engine/look_ahead.h"
#include "world/pair_states.h"

static inline void scan_setup(const struct edpd_world *w, const predict_ctx *x, scan_consts *s) {
    s->p = w->p; s->ri = x->r; s->vi = x->v; s->g = w->g;
    s->T = x->T; s->sigma_i = w->p[x->i].sigma;
    for (int a = 0; a < 3; a++) { s->L[a] = w->box[a]; s->periodic[a] = w->periodic[a]; }
    for (int a = 0; a < 3; a++) {
        s->half[a] = w->periodic[a] ? 0.5 * w->box[a] : INFINITY;
        s->wrap_L[a] = w->periodic[a] ? w->box[a] : 0.0;
    }
#ifdef __SSE2__
    s->ri_xy = (v2d){x->r.x, x->r.y}; s->vi_xy = (v2d){x->v.x, x->v.y}; s->g_xy = (v2d){w->g.x, w->g.y};
    s->L_xy = (v2d){s->wrap_L[0], s->wrap_L[1]}; s->half_xy = (v2d){s->half[0], s->half[1]};
#endif
    s->gravity = w->has_gravity;
    s->det = w->cfg.detector;
    s->stable = w->cfg.detector == EDPD_DETECTOR_STABLE;
    s->self = (int32_t)x->i;
    s->ties = w->image_ties;
}

scan_kernel ed_scan_kernel_for(const struct edpd_world *w) {
    if (w->growth != 0.0) return KERNEL_GROWTH;  /* hard spheres only (validated) */
    if (w->pot.count == 0) return KERNEL_HARD;
    /* the two lanes' pair state has no gravity term and no other images */
    if (w->cfg.detector == EDPD_DETECTOR_STABLE && !w->has_gravity && !w->image_ties) return KERNEL_TWO_LANE;
    return KERNEL_STEPS;
}

static inline void scan_begin(scan_run *r, struct edpd_world *w, scan_kernel kernel, predict_ctx *x) {
    r->w = w; r->x = x; r->kernel = kernel;
    r->overlaps = 0;
    r->keeps_second = kernel == KERNEL_TWO_LANE;
    scan_setup(w, x, &r->s);
    r->growth.on = kernel == KERNEL_GROWTH;
    if (r->growth.on) { r->growth.grow = grow_factor(w, x->T); r->growth.rate = grow_rate(w, x->T); }
    if (kernel == KERNEL_HARD) hard_begin(r);
    else if (kernel == KERNEL_STEPS || kernel == KERNEL_TWO_LANE) bonds_spread(&w->bonds, x->i);  /* the bond map: each candidate's shell in one load */
}

/* With 4 cells on a periodic axis (a box under 5 diameters, or few particles in a coarse grid),
 * particles of neighbouring cells can be up to 2 cell widths = L/2 apart on it. At exactly L/2
 * (both on cell faces, as a lattice start puts them) the two images of the pair are equally
 * near, and the minimum image may be the receding one while the pair approaches in the other:
 * the impact would be missed (found by the fuzzer). Within rounding of L/2, the other images go
 * to the kernel as well; the earliest event wins. With 5 or more cells the pair is at most
 * 2L/5 apart and the minimum image is the only one it can meet in before a cell crossing. */
static void scan_images(scan_run *r, int32_t k) {
    pair_cand c;
    pair_state(&r->s, &r->s.p[k], &c, r->s.gravity);
    if (r->growth.on) pair_grow(&r->growth, &c);
    c.k = k;
    r->overlaps += c.c < 0.0;
    int tie = image_ties(&r->s, c.dr);
    for (int combo = 0; combo < 8; combo++) {
        if ((combo & tie) != combo) continue;
        pair_cand e = combo ? other_image(&r->s, &r->growth, &c, combo) : c;
        if (r->kernel == KERNEL_HARD) ed_hard_image(r, &e);
        else if (r->kernel == KERNEL_GROWTH) ed_grow_image(r, &e);
        else ed_steps_image(r, &e);
    }
    r->keeps_second = 0;
}

static inline void scan_feed(scan_run *r, const int32_t *cand, uint32_t m) {
    if (r->s.ties) {
        for (uint32_t k = 0; k < m; k++) scan_images(r, cand[k]);
        return;
    }
    switch (r->kernel) {
    case KERNEL_HARD: ed_hard_indices(r, cand, m); break;
    case KERNEL_STEPS: ed_steps_indices(r, cand, m); r->keeps_second = 0; break;
    case KERNEL_TWO_LANE: ed_two_lane_indices(r, cand, m); break;
    case KERNEL_GROWTH: ed_grow_indices(r, cand, m); r->keeps_second = 0; break;
    }
}

/* A crowded cell's particles beyond its record (rare below close packing), in the same kernel
 * as the others, a chunk at a time. */
static void scan_overflow(scan_run *r, const block_plan *pl) {
    int32_t chunk[BATCH];
    uint32_t m = 0;
    for (int c = 0; c < pl->count; c++)
        for (int32_t k = cells_overflow(&r->w->cells, pl->cells[c]); k >= 0; k = r->w->cells.next[k]) {
            if (k == r->s.self) continue;
            chunk[m++] = k;
            if (m == BATCH) { scan_feed(r, chunk, m); m = 0; }
        }
    if (m) scan_feed(r, chunk, m);
}

/* The end of a scan: the batch's last tests, a naive detector's changes of pairs' shells made
 * (scan_adopt), the overlaps counted if asked for. */
static inline void scan_end(scan_run *r) {
    struct edpd_world *w = r->w;
    predict_ctx *x = r->x;
    if (r->kernel == KERNEL_HARD) ed_hard_end(r);
    else if (r->kernel == KERNEL_GROWTH) x->second = -INFINITY;  /* a hard world has no w->second */
    else {
        if (!r->keeps_second) x->second = -INFINITY;  /* unknown: a stale event is scanned anew at once */
        if (w->adopt.count) ed_pair_states_adopt(w, x->i);
        bonds_unspread(&w->bonds, w->pot.count, x->i);
    }
    if (x->count_overlaps) x->overlaps += r->overlaps;
}

void ed_scan_with(struct edpd_world *w, scan_kernel kernel, const int32_t *cand, uint32_t m, const block_plan *overflow, predict_ctx *x) {
    scan_run r;
    scan_begin(&r, w, kernel, x);
    scan_feed(&r, cand, m);
    if (overflow && overflow->overflow) scan_overflow(&r, overflow);
    scan_end(&r);
}

void ed_scan_block(struct edpd_world *w, const block_plan *pl, predict_ctx *x) {
    ed_scan_with(w, w->kernel, pl->cand, pl->m, pl, x);
}

void ed_scan_list(struct edpd_world *w, const int32_t *list, uint32_t m, predict_ctx *x) {
    plan_request_list(w, list, m);  /* the list is known up front: every load starts before the first test */
    ed_scan_with(w, w->kernel, list, m, NULL, x);
}
