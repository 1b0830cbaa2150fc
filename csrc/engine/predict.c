/* Prediction (the paper's Sect. 2): a particle's next event, its earliest impact with a
 * candidate partner or a plane, its next cell crossing or neighbour-shell exit. The pair tests
 * run over batches of candidates in two passes (below); every interaction's event comes from
 * the overlap-function detector (detector.h). */
#include "engine/predict.h"
#include "engine/scan.h"
#include "interact/detector.h"
#include "measure/failure.h"
#include "engine/look_ahead.h"
#include <math.h>
#include <string.h>

/* A scan that adds newly visible candidates to particle i's pending impact (a cell crossing's
 * new layer, a list rebuild's newcomers): i's trajectory is unchanged, so that impact stays valid. */
static inline predict_ctx ctx_continue(const struct edpd_world *w, uint32_t i, const particle *q, double T) {
    predict_ctx x = {i, q->r, q->v, T, q->ev_t, q->partner, q->predicted, q->branch, 0, 0, 0, q->step_outer, q->step_from,
                     w->second ? w->second[i] : -INFINITY};
    return x;
}

/* A partner found by this scan is valid as of now; one kept from before (ctx_continue) as of
 * when it was found. Nothing of the partner is read (see particle.predicted). */
static inline void ctx_store(const struct edpd_world *w, const predict_ctx *x, particle *q) {
    q->ev_t = x->best; q->partner = x->partner; q->branch = (int8_t)x->branch;
    q->predicted = x->fresh ? impacts(w) : x->predicted;
    q->step_outer = (int8_t)x->outer; q->step_from = (uint8_t)x->from;
    if (w->second) w->second[x->i] = x->second;
}

void scan_setup(const struct edpd_world *w, const predict_ctx *x, scan_consts *s) {
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

/* The pair tests run in two passes over batches of candidates. Pass 1, without data-dependent
 * branches, forms each pair's relative state at the current time and keeps only approaching
 * pairs: about half, in random order, so a branch there would be mispredicted half the time.
 * Pass 2 runs the detector on those, in the
 * original order, so the events found are exactly those of a one-pass scan. */
typedef struct pair_batch { pair_cand c[BATCH]; uint32_t n, overlaps; } pair_batch;

/* Pass 2: the detector on every approaching pair of the batch. With the stable detector, the
 * pair of the least lower bound c / (-2b) of its root goes first: its root usually sets a best
 * that the cheap rejection then holds every other pair to, before their square roots. The
 * choice is still that of a scan in list order: a root equal to the best wins if its pair comes
 * earlier in the batch (`at`: the best's place in it, BATCH if found before the batch). */
static void batch_detect(struct edpd_world *w, const scan_consts *s, pair_batch *bt, predict_ctx *x) {
    double best = x->best;
    uint32_t first = 0, at = BATCH;
    if (s->stable)  /* least c_j / (-b_j), compared as c_j (-b_f) < c_f (-b_j): -b > 0 here */
        for (uint32_t j = 1; j < bt->n; j++)
            if (bt->c[j].c * -bt->c[first].b < bt->c[first].c * -bt->c[j].b) first = j;
    for (uint32_t step = 0; step < bt->n; step++) {
        uint32_t j = step == 0 ? first : step <= first ? step - 1 : step;
        const pair_cand *c = &bt->c[j];
        if (s->stable) {
            /* Cheap rejection before the square root: the root c / (sqrt(disc) - b) is at least
             * c / (-2b). The margin keeps the choice bit-identical to the full computation. */
            double cc = c->c;
            if (cc > 0.0 && cc * (1.0 - 1e-9) >= -2.0 * c->b * (best - s->T)) continue;
        }
        edpd_root root = detect(s->det, pair_overlap(c->dr, c->dv, c->sigma));
        if (root.branch == BRANCH_NONE) continue;
        if (root.branch >= BRANCH_NEGATIVE) {  /* a naive detector's undefined answer (rare) */
            failure_seen_pair(w, x->i, (uint32_t)c->k, s->T, c->dr, c->dv, c->sigma, root);
            if (root.branch == BRANCH_IGNORED) { note_ignored(w); continue; }
        }
        double te = s->T + root.dt;
        if (te < best || (te == best && j < at)) {
            best = te; at = j; x->partner = c->k; x->fresh = 1; x->branch = root.branch;
        }
    }
    x->best = best;
    bt->n = 0;
}

/* Pass 1 for candidate k, inlined into every scan: Emscripten's LLVM otherwise keeps it a call
 * per candidate that reloads the scan's constants from linear memory (25 % of WebAssembly's time
 * at n sigma^3 = 0.9; gcc inlines it anyway). */
static void other_images(struct edpd_world *w, const scan_consts *s, pair_batch *bt, predict_ctx *x, const pair_cand *base);

static inline __attribute__((always_inline)) void batch_add(struct edpd_world *w, const scan_consts *s, pair_batch *bt, predict_ctx *x, int32_t k) {
    pair_cand *c = &bt->c[bt->n];
    pair_state(s, &s->p[k], c, s->gravity);
    c->k = k;
    bt->overlaps += c->c < 0.0;
    if (s->ties) {
        pair_cand base = *c;
        bt->n += c->b < 0.0;
        if (bt->n == BATCH) batch_detect(w, s, bt, x);
        other_images(w, s, bt, x, &base);
        return;
    }
    bt->n += c->b < 0.0;  /* receding: no event for any detector */
    if (bt->n == BATCH) batch_detect(w, s, bt, x);
}

/* Pass 1 over candidates cand[0..m): runs of at most the batch's free room go through a loop with
 * no call in it (pass 2 runs between runs), over a copy of the scan's constants and the batch
 * counters in locals: with a call inside the loop, or the constants read through sp, the compiler
 * cannot keep them in registers across the stores to the batch.
 * Worlds with image ties (tiny boxes) take the general path. */
static inline __attribute__((always_inline)) void pass1_run(const scan_consts *sp, pair_batch *bt, const int32_t *cand,
                                                            uint32_t m, int gravity) {
    const scan_consts s = *sp;
    uint32_t n = bt->n, overlaps = bt->overlaps;
    for (uint32_t k = 0; k < m; k++) {
        pair_cand *c = &bt->c[n];
        pair_state(&s, &s.p[cand[k]], c, gravity);
        c->k = cand[k];
        overlaps += c->c < 0.0;
        n += c->b < 0.0;
    }
    bt->n = n; bt->overlaps = overlaps;
}

static void scan_candidates(struct edpd_world *w, const scan_consts *s, pair_batch *bt, predict_ctx *x,
                            const int32_t *cand, uint32_t m) {
    if (s->ties) {
        for (uint32_t k = 0; k < m; k++) batch_add(w, s, bt, x, cand[k]);
        return;
    }
    while (m > 0) {
        uint32_t run = BATCH - bt->n < m ? BATCH - bt->n : m;
        if (s->gravity) pass1_run(s, bt, cand, run, 1);
        else pass1_run(s, bt, cand, run, 0);
        if (bt->n == BATCH) batch_detect(w, s, bt, x);
        cand += run; m -= run;
    }
}

/* With 4 cells on a periodic axis (a box under 5 diameters, or few particles in a coarse grid),
 * particles of neighbouring cells can be up to 2 cell widths = L/2 apart on it. At exactly L/2
 * (both on cell faces, as a lattice start puts them) the two images of the pair are equally
 * near, and the minimum image may be the receding one while the pair approaches in the other:
 * the impact would be missed (found by the fuzzer). Within rounding of L/2, the other images go
 * to the detectors as well; the earliest root wins. With 5 or more cells the pair is at most
 * 2L/5 apart and the minimum image is the only one it can meet in before a cell crossing. */
static void other_images(struct edpd_world *w, const scan_consts *s, pair_batch *bt, predict_ctx *x, const pair_cand *base) {
    int tie = image_ties(s, base->dr);
    for (int combo = 1; combo < 8; combo++) {
        if ((combo & tie) != combo) continue;
        pair_cand c = other_image(s, base, combo);
        if (!(c.b < 0.0)) continue;
        bt->c[bt->n++] = c;
        if (bt->n == BATCH) batch_detect(w, s, bt, x);
    }
}

static void batch_finish(struct edpd_world *w, const scan_consts *s, pair_batch *bt, predict_ctx *x) {
    batch_detect(w, s, bt, x);
    if (x->count_overlaps) x->overlaps += bt->overlaps;
}

/* The pair tests of particle x->i against a gathered block. */
static void plan_scan(struct edpd_world *w, const block_plan *pl, predict_ctx *x) {
    scan_consts s;
    scan_setup(w, x, &s);
    if (w->pot.count) { step_scan(w, &s, x, pl->cand, pl->m, pl); return; }
    pair_batch bt;
    bt.n = bt.overlaps = 0;
    scan_candidates(w, &s, &bt, x, pl->cand, pl->m);
    if (pl->overflow)   /* a crowded cell's particles beyond its record (rare below close packing) */
        for (int c = 0; c < pl->count; c++)
            for (int32_t k = cells_overflow(&w->cells, pl->cells[c]); k >= 0; k = w->cells.next[k])
                if (k != s.self) batch_add(w, &s, &bt, x, k);
    batch_finish(w, &s, &bt, x);
}

/* Particle x->i against the block of cells around base[] (see plan_cells): the block a new
 * prediction scans, or the new layer of a crossing. */
static void predict_block(struct edpd_world *w, const int base[3], int flat_axis, predict_ctx *x) {
    block_plan pl;
    plan_cells(w, base, flat_axis, &pl);
    plan_gather(w, (int32_t)x->i, &pl);
    plan_scan(w, &pl, x);
}

/* Particle x->i against m listed particles (its neighbour list, or the newcomers to it). */
static void predict_list(struct edpd_world *w, predict_ctx *x, const int32_t *list, uint32_t m) {
    scan_consts s;
    scan_setup(w, x, &s);
    /* the list is known up front: start every particle's load before the first pair test */
    for (uint32_t k = 0; k < m; k++) particle_request(w, (uint32_t)list[k]);
    if (w->pot.count) { step_scan(w, &s, x, list, m, NULL); return; }
    pair_batch bt;
    bt.n = bt.overlaps = 0;
    scan_candidates(w, &s, &bt, x, list, m);
    batch_finish(w, &s, &bt, x);
}

static void predict_plane(struct edpd_world *w, predict_ctx *x, uint32_t k) {
    const edpd_plane *pl = &w->planes[k];
    vec3 n = v3(pl->normal[0], pl->normal[1], pl->normal[2]);
    double gap = plane_gap(pl, x->r, w->p[x->i].sigma);
    double u = v3_dot(n, x->v), a = v3_dot(n, w->g);
    edpd_root root = detect(w->cfg.detector, plane_overlap(gap, u, a));
    x->second = -INFINITY;  /* not kept with planes */
    if (root.branch == BRANCH_NONE) return;
    if (root.branch >= BRANCH_NEGATIVE) {  /* a naive detector's undefined answer (rare) */
        failure_seen_plane(w, x->i, k, x->T, gap, u, a, root);
        if (root.branch == BRANCH_IGNORED) { note_ignored(w); return; }
    }
    double te = x->T + root.dt;
    if (te < x->best) { x->best = te; x->partner = -1 - (int32_t)k; x->predicted = 0; x->fresh = 0; x->branch = root.branch; }
}

/* Time of the next cell crossing of particle q (at time q->t). Axes with more than one cell
 * have no acceleration (validated), so the flight is linear there. Without branches on the
 * velocity's signs or on which axis comes first (coin tosses the branch predictor cannot
 * learn): the face ahead is chosen by arithmetic, and the earliest time
 * on the bits of the doubles, as integers: for non-negative doubles their order is the numbers'
 * order, and integer selects stay conditional moves (V8 compiles a double's select or min to
 * branches, and gcc turns a double's select back into one). The arithmetic is that of a branchy
 * version, so the times are the same bit for bit (a time of -0 becomes +0: the same sum). */
void predict_crossing(struct edpd_world *w, particle *q, uint32_t i) {
    const cell_grid *g = &w->cells;
    const int64_t inf_bits = INT64_C(0x7ff0000000000000);  /* +inf */
    int64_t best = inf_bits;
    int axis = 0, dir = 0;
    for (int a = 0; a < 3; a++) {
        double v = v3_get(q->v, a), r = v3_get(q->r, a);
        int cc = q->cc[a], up = v > 0.0, n = g->n[a];
        double dt = ((cc + up) * g->width[a] - r) / v;   /* to the face ahead: (cc + 1) w or cc w */
        /* none at rest, on an axis of one cell, at an open axis's edge (bitwise: || would branch
         * on the sign), or for a NaN */
        int none = (n == 1) | (!(v > 0.0) & !(v < 0.0)) | (!g->periodic[a] & (cc == up * (n - 1))) | (dt != dt);
        int64_t bits;
        memcpy(&bits, &dt, sizeof bits);
        bits = bits < 0 ? 0 : bits;            /* dt <= 0: a particle on its face, now */
        bits |= -(int64_t)none & inf_bits;     /* +inf, or a NaN above it: never the earliest */
        int better = bits < best;
        best = better ? bits : best;
        axis += better * (a - axis);
        dir += better * (2 * up - 1 - dir);
    }
    double dt;
    memcpy(&dt, &best, sizeof dt);
    q->cross_t = q->t + dt;
    q->cross_axis = (int8_t)axis;
    q->cross_dir = (int8_t)dir;
}

/* Time at which particle q leaves its neighbour shell (linear flight: no gravity here). */
void predict_exit(struct edpd_world *w, particle *q, uint32_t i) {
    q->cross_t = q->t + nl_exit_dt(v3_sub(q->r, w->nl.centre[i].c), q->v, w->nl.exit_radius);
}

/* Full prediction for particle i, which must be up to date at w->time, with a planned block
 * (or NULL). Returns the number of particles it overlaps if count_overlaps is set. */
uint32_t predict_planned(struct edpd_world *w, uint32_t i, int count_overlaps, int queue, const block_plan *plan) {
    particle *q = &w->p[i];
    predict_ctx x = {i, q->r, q->v, w->time, INFINITY, PARTNER_NONE, 0, BRANCH_NONE, count_overlaps, 0, 0, 0, 0, INFINITY};
    if (w->n == 1) {
        /* a lone particle (each world of a bouncing-ball sweep) has no pair events */
    } else if (w->nl.on) {
        mem_hint(&w->nl.centre[i]);  /* for the exit time, after the scan */
        predict_list(w, &x, w->nl.idx + (size_t)i * w->nl.cap, w->nl.count[i]);
    } else {
        if (!plan) plan = ahead_for(w, i);
        if (plan) plan_scan(w, plan, &x);
        else {
            int cc[3] = {q->cc[0], q->cc[1], q->cc[2]};
            predict_block(w, cc, -1, &x);
        }
    }
    for (uint32_t k = 0; k < w->shared_planes; k++) predict_plane(w, &x, k);
    if (q->own_plane >= 0) predict_plane(w, &x, (uint32_t)q->own_plane);
    ctx_store(w, &x, q);
    if (w->nl.on) predict_exit(w, q, i);
    else predict_crossing(w, q, i);
    if (queue == QUEUE_UPDATE) eq_update(&w->queue, i, event_key(q));
    else if (queue == QUEUE_INITIAL) eq_set_initial(&w->queue, i, event_key(q));
    return x.overlaps;
}

uint32_t predict(struct edpd_world *w, uint32_t i, int count_overlaps, int queue) {
    return predict_planned(w, i, count_overlaps, queue, NULL);
}


/* The newly visible candidates of particle i added to its pending impact, whose trajectory is
 * unchanged: a crossing's new layer of cells (base, along axis) ... */
void predict_new_layer(struct edpd_world *w, uint32_t i, const int base[3], int axis) {
    particle *q = &w->p[i];
    predict_ctx x = ctx_continue(w, i, q, w->time);
    const block_plan *pl = ahead_for(w, i);
    if (pl) plan_scan(w, pl, &x);
    else predict_block(w, base, axis, &x);
    ctx_store(w, &x, q);
}

/* ... or a list rebuild's newcomers. */
void predict_newcomers(struct edpd_world *w, uint32_t i, const int32_t *list, uint32_t m) {
    particle *q = &w->p[i];
    predict_ctx x = ctx_continue(w, i, q, w->time);
    predict_list(w, &x, list, m);
    ctx_store(w, &x, q);
}
