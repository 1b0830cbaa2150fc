/* The event loop (the paper's Sect. 2 with O(log N) per event): one predicted event per
 * particle in an indexed heap, cell lists with cell-crossing events, lazy particle updates, and
 * stale-event rejection by impact serial numbers (a partner's last impact against the prediction). */
#include "world.h"
#include "detector.h"
#include "failure.h"
#include "memory.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- lazy updates ---------------------------------------------------------------------- */

static void bring_to(struct edpd_world *w, particle *q, double T) {
    vec3 r, v;
    particle_at(w, q, T, &r, &v);
    q->r = r; q->v = v; q->t = T;
}

/* ---- prediction ------------------------------------------------------------------------ */

/* A naive detector met undefined dynamics and carried on as if there were no event. */
static void note_ignored(struct edpd_world *w) {
    w->ignored_undefined++;
    if (w->first_failure_event == UINT64_MAX) w->first_failure_event = w->events;
}

typedef struct predict_ctx {
    uint32_t i;
    vec3 r, v;        /* particle i at the current time */
    double T;
    double best;      /* earliest impact found */
    int32_t partner;
    uint64_t predicted;  /* the partner's validity reference (particle.predicted) */
    int branch;
    int count_overlaps;
    uint32_t overlaps;
    int fresh;        /* partner found by this scan: valid as of the impacts so far */
} predict_ctx;

/* A scan that adds newly visible candidates to particle i's pending impact (a cell crossing's
 * new layer, a list rebuild's newcomers): i's trajectory is unchanged, so that impact stays valid. */
static inline predict_ctx ctx_continue(uint32_t i, const particle *q, double T) {
    predict_ctx x = {i, q->r, q->v, T, q->ev_t, q->partner, q->predicted, q->branch, 0, 0, 0};
    return x;
}

/* Impacts so far: the serial number of the latest (particle.changed, .predicted). */
static inline uint64_t impacts(const struct edpd_world *w) { return w->collisions + w->plane_impacts; }

/* A partner found by this scan is valid as of now; one kept from before (ctx_continue) as of
 * when it was found. Nothing of the partner is read (see particle.predicted). */
static inline void ctx_store(const struct edpd_world *w, const predict_ctx *x, particle *q) {
    q->ev_t = x->best; q->partner = x->partner; q->branch = (int8_t)x->branch;
    q->predicted = x->fresh ? impacts(w) : x->predicted;
}

/* The partner of q's pending pair impact if that is its next event, else -1. */
static inline int32_t pair_partner(const particle *q) {
    return q->partner >= 0 && q->ev_t <= q->cross_t ? q->partner : -1;
}

/* Requests ahead (memory.h) and the look-ahead pay only once the particles (and in WebAssembly,
 * where a request is a load that waits, the lists too) outgrow a core's L2; below that they
 * cost more than they save. The thresholds rest on interleaved A/Bs (docs/performance.md). */
static inline int big_world(const struct edpd_world *w) {
    size_t bytes = (size_t)w->n * sizeof(particle);
    if (!MEM_REQUEST_STALLS) return bytes > ((size_t)3 << 19);
    if (w->nl.on) bytes += (size_t)w->n * (w->nl.cap * sizeof(int32_t) + sizeof(uint32_t) + sizeof(nl_centre));
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

/* The hot loop: every particle k of one cell against particle i. Everything loop-invariant
 * sits in locals (the compiler cannot keep w->... in registers across the stores to x). */
typedef struct scan_consts {
    const particle *p;
    vec3 ri, vi, g;
#ifdef __SSE2__
    v2d ri_xy, vi_xy, g_xy, L_xy, half_xy;  /* half: L/2 on periodic axes, +inf on others */
    double L_z, half_z;
#endif
    double T, sigma_i, L[3];
    int periodic[3], gravity, stable;
    int ties;       /* w->image_ties */
    int32_t self;
    edpd_detector det;
} scan_consts;

static void scan_setup(const struct edpd_world *w, const predict_ctx *x, scan_consts *s) {
    s->p = w->p; s->ri = x->r; s->vi = x->v; s->g = w->g;
    s->T = x->T; s->sigma_i = w->p[x->i].sigma;
    for (int a = 0; a < 3; a++) { s->L[a] = w->box[a]; s->periodic[a] = w->periodic[a]; }
#ifdef __SSE2__
    s->ri_xy = (v2d){x->r.x, x->r.y}; s->vi_xy = (v2d){x->v.x, x->v.y}; s->g_xy = (v2d){w->g.x, w->g.y};
    double half[3], L[3];
    for (int a = 0; a < 3; a++) {
        half[a] = w->periodic[a] ? 0.5 * w->box[a] : INFINITY;
        L[a] = w->periodic[a] ? w->box[a] : 0.0;
    }
    s->L_xy = (v2d){L[0], L[1]}; s->half_xy = (v2d){half[0], half[1]};
    s->L_z = L[2]; s->half_z = half[2];
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
typedef struct pair_cand { vec3 dr, dv; double sigma, b, c; int32_t k; } pair_cand;
#define BATCH 32
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

#ifdef __SSE2__
/* Pass 1's arithmetic for candidate q with x and y packed (vec.h) and the minimum image without
 * branches; the same results as the scalar form below, bit for bit. */
static inline __attribute__((always_inline)) void pair_state(const scan_consts *s, const particle *q, pair_cand *c, int gravity) {
    double dt = s->T - q->t;
    v2d r_xy = v2_load(&q->r.x), v_xy = v2_load(&q->v.x), dt2 = v2_splat(dt);
    double rk_z, vk_z;
    v2d rk_xy, vk_xy;
    if (gravity) {   /* same arithmetic as particle_at(): results must match bit for bit */
        double h = 0.5 * dt * dt;
        rk_xy = r_xy + (v_xy * dt2 + s->g_xy * v2_splat(h));
        rk_z = q->r.z + (q->v.z * dt + s->g.z * h);
        vk_xy = v_xy + s->g_xy * dt2;
        vk_z = q->v.z + s->g.z * dt;
    } else {
        rk_xy = r_xy + v_xy * dt2;
        rk_z = q->r.z + q->v.z * dt;
        vk_xy = v_xy;
        vk_z = q->v.z;
    }
    v2d d_xy = v2_wrap(s->ri_xy - rk_xy, s->L_xy, s->half_xy);  /* as min_image_box() */
    double d_z = wrap_branchless(s->ri.z - rk_z, s->L_z, s->half_z);
    v2d dv_xy = s->vi_xy - vk_xy;
    double dv_z = s->vi.z - vk_z;
    c->dr = v3(d_xy[0], d_xy[1], d_z);
    c->dv = v3(dv_xy[0], dv_xy[1], dv_z);
    c->sigma = 0.5 * (s->sigma_i + q->sigma);
    v2d b_xy = d_xy * dv_xy, c_xy = d_xy * d_xy;  /* v3_dot's order: (x + y) + z */
    c->b = (b_xy[0] + b_xy[1]) + d_z * dv_z;
    c->c = ((c_xy[0] + c_xy[1]) + d_z * d_z) - c->sigma * c->sigma;
}
#else
/* The scalar form (WebAssembly, where the packed form gains nothing). */
static inline __attribute__((always_inline)) void pair_state(const scan_consts *s, const particle *q, pair_cand *c, int gravity) {
    double dt = s->T - q->t;
    vec3 rk, vk;
    if (gravity) {   /* same arithmetic as particle_at(): results must match bit for bit */
        rk = v3_add(q->r, v3_add(v3_scale(q->v, dt), v3_scale(s->g, 0.5 * dt * dt)));
        vk = v3_add(q->v, v3_scale(s->g, dt));
    } else {
        rk = v3_add(q->r, v3_scale(q->v, dt));
        vk = q->v;
    }
    c->dr = min_image_box(s->periodic, s->L, v3_sub(s->ri, rk));
    c->dv = v3_sub(s->vi, vk);
    c->sigma = 0.5 * (s->sigma_i + q->sigma);
    c->b = v3_dot(c->dr, c->dv);
    c->c = v3_dot(c->dr, c->dr) - c->sigma * c->sigma;
}
#endif

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
    double d[3] = {base->dr.x, base->dr.y, base->dr.z};
    int tie = 0;
    for (int a = 0; a < 3; a++)
        if (s->periodic[a] && fabs(d[a]) >= 0.5 * s->L[a] * (1.0 - 1e-9)) tie |= 1 << a;
    for (int combo = 1; combo < 8; combo++) {
        if ((combo & tie) != combo) continue;
        pair_cand c = *base;
        double e[3] = {d[0], d[1], d[2]};
        for (int a = 0; a < 3; a++) if (combo & (1 << a)) e[a] -= copysign(s->L[a], e[a]);
        c.dr = v3(e[0], e[1], e[2]);
        c.b = v3_dot(c.dr, c.dv);
        c.c = v3_dot(c.dr, c.dr) - c.sigma * c.sigma;
        if (!(c.b < 0.0)) continue;
        bt->c[bt->n++] = c;
        if (bt->n == BATCH) batch_detect(w, s, bt, x);
    }
}

static void batch_finish(struct edpd_world *w, const scan_consts *s, pair_batch *bt, predict_ctx *x) {
    batch_detect(w, s, bt, x);
    if (x->count_overlaps) x->overlaps += bt->overlaps;
}

/* Round 1: the 3x3x3 block around base[] (only the base layer along `flat_axis`, or none if
 * -1), every cell's record requested. */
static void plan_cells(const struct edpd_world *w, const int base[3], int flat_axis, block_plan *pl) {
    const cell_grid *g = &w->cells;
    pl->count = cells_block(g, base, flat_axis, pl->cells);
    if (!big_world(w)) return;
    if (line_requests(w)) {
        const int8_t *pos;
        int lines = cells_block_lines(g, base, flat_axis, &pos);
        if (lines >= 0) {
            for (int k = 0; k < lines; k++) cells_request(g, pl->cells[pos[k]]);
            return;
        }
    }
    for (int c = 0; c < pl->count; c++) cells_request(g, pl->cells[c]);
}

/* Round 2: the inline members of every cell except `self` gathered (then plan_request). */
static void plan_collect(const struct edpd_world *w, int32_t self, block_plan *pl) {
    pl->m = cells_gather(&w->cells, pl->cells, pl->count, self, pl->cand, &pl->overflow);
}

/* ... and each one's first line, which the pair tests read, requested. */
static void plan_request(const struct edpd_world *w, const block_plan *pl) {
    if (big_world(w))
        for (uint32_t k = 0; k < pl->m; k++) particle_request(w, (uint32_t)pl->cand[k]);
}

static void plan_gather(const struct edpd_world *w, int32_t self, block_plan *pl) {
    plan_collect(w, self, pl);
    plan_request(w, pl);
}

/* The pair tests of particle x->i against a gathered block. */
static void plan_scan(struct edpd_world *w, const block_plan *pl, predict_ctx *x) {
    scan_consts s;
    scan_setup(w, x, &s);
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

/* The plan made one event ahead for particle i's current event (see plan_ahead), or NULL. */
static const block_plan *ahead_for(const struct edpd_world *w, uint32_t i) {
    const ahead_plan *a = &w->ahead[w->ahead_cur];
    return a->state == 2 && a->who == i ? &a->pl : NULL;
}

/* Stage 2 early, in the middle of an event whose cell moves are done: the candidates of the
 * next event's block, gathered once its records (requested when the event began) have had the
 * event's first half to arrive. look_ahead still checks that the guess was right. */
static void ahead_gather(struct edpd_world *w) {
    ahead_plan *a = &w->ahead[w->ahead_cur ^ 1];
    if (a->state != 1) return;
    plan_gather(w, (int32_t)a->who, &a->pl);
    a->state = 3;
}

/* Particle x->i against m listed particles (its neighbour list, or the newcomers to it). */
static void predict_list(struct edpd_world *w, predict_ctx *x, const int32_t *list, uint32_t m) {
    scan_consts s;
    scan_setup(w, x, &s);
    /* the list is known up front: start every particle's load before the first pair test */
    for (uint32_t k = 0; k < m; k++) particle_request(w, (uint32_t)list[k]);
    pair_batch bt;
    bt.n = bt.overlaps = 0;
    scan_candidates(w, &s, &bt, x, list, m);
    batch_finish(w, &s, &bt, x);
}

void world_visit_neighbour_cells(struct edpd_world *w, uint32_t c, cell_visit_fn fn, void *ctx) {
    int cc[3];
    uint32_t cells[27];
    cells_unindex(&w->cells, c, cc);
    int count = cells_block(&w->cells, cc, -1, cells);
    for (int k = 0; k < count; k++) fn(w, cells[k], ctx);
}

static void predict_plane(struct edpd_world *w, predict_ctx *x, uint32_t k) {
    const edpd_plane *pl = &w->planes[k];
    vec3 n = v3(pl->normal[0], pl->normal[1], pl->normal[2]);
    double gap = plane_gap(pl, x->r, w->p[x->i].sigma);
    double u = v3_dot(n, x->v), a = v3_dot(n, w->g);
    edpd_root root = detect(w->cfg.detector, plane_overlap(gap, u, a));
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
static void predict_crossing(struct edpd_world *w, particle *q, uint32_t i) {
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
static void predict_exit(struct edpd_world *w, particle *q, uint32_t i) {
    q->cross_t = q->t + nl_exit_dt(v3_sub(q->r, w->nl.centre[i].c), q->v, w->nl.exit_radius);
}

static inline double event_key(const particle *q) { return q->ev_t < q->cross_t ? q->ev_t : q->cross_t; }

/* What a prediction does with the new key: the initial build, an update, or nothing (the
 * caller queues it later, having asked for the queue's cache lines meanwhile). */
enum { QUEUE_INITIAL, QUEUE_UPDATE, QUEUE_LATER };

/* Full prediction for particle i, which must be up to date at w->time, with a planned block
 * (or NULL). Returns the number of particles it overlaps if count_overlaps is set. */
static uint32_t predict_planned(struct edpd_world *w, uint32_t i, int count_overlaps, int queue, const block_plan *plan) {
    particle *q = &w->p[i];
    predict_ctx x = {i, q->r, q->v, w->time, INFINITY, PARTNER_NONE, 0, BRANCH_NONE, count_overlaps, 0, 0};
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

static uint32_t predict(struct edpd_world *w, uint32_t i, int count_overlaps, int queue) {
    return predict_planned(w, i, count_overlaps, queue, NULL);
}

/* ---- events ---------------------------------------------------------------------------- */

/* A particle enters a new cell: only the layer of cells it can newly touch needs checking. */
static void do_crossing(struct edpd_world *w, uint32_t i) {
    particle *q = &w->p[i];
    cell_grid *g = &w->cells;
    int a = q->cross_axis, dir = q->cross_dir, cc[3] = {q->cc[0], q->cc[1], q->cc[2]};
    int next = cc[a] + dir;
    if (next >= g->n[a]) { next = 0; v3_set(&q->r, a, v3_get(q->r, a) - w->box[a]); }
    else if (next < 0) { next = g->n[a] - 1; v3_set(&q->r, a, v3_get(q->r, a) + w->box[a]); }
    cc[a] = next;
    cells_remove(g, (int32_t)i, (uint32_t)q->cell);
    particle_set_cell_at(q, g, cc);
    cells_insert(g, (int32_t)i, (uint32_t)q->cell);

    int layer = cells_step(g, a, cc[a], dir);
    if (layer >= 0 && g->n[a] > 1 && w->n > 1) {
        predict_ctx x = ctx_continue(i, q, w->time);
        int base[3] = {cc[0], cc[1], cc[2]};
        base[a] = layer;
        const block_plan *pl = ahead_for(w, i);
        if (pl) plan_scan(w, pl, &x);
        else predict_block(w, base, a, &x);
        ctx_store(w, &x, q);
    }
    predict_crossing(w, q, i);
    eq_update(&w->queue, i, event_key(q));
}

/* A particle reaches the edge of its neighbour shell: re-centre, re-list, and test the
 * newcomers to its list (its trajectory is unchanged, so the impact found with the others stays
 * valid). -1 if the lists could not grow. */
static int do_rebuild(struct edpd_world *w, uint32_t i) {
    particle *q = &w->p[i];
    for (int a = 0; a < 3; a++)
        if (w->periodic[a]) v3_set(&q->r, a, wrap_periodic(v3_get(q->r, a), w->box[a]));
    uint32_t newcomers;
    if (nl_rebuild(w, i, &newcomers) != 0) return -1;
    predict_ctx x = ctx_continue(i, q, w->time);
    predict_list(w, &x, w->nl.scratch, newcomers);
    ctx_store(w, &x, q);
    predict_exit(w, q, i);
    eq_update(&w->queue, i, event_key(q));
    return 0;
}

static void account_energy(struct edpd_world *w, double dke) {
    w->ke_integral += w->ke * (w->time - w->ke_time);
    w->ke_time = w->time;
    w->ke += dke;
}

/* Elastic before elastic_until (sphere pairs only: planes keep theirs; 0 = off, also for a
 * naive-rewind clock run below 0). TC model: an impact within tc of a particle's previous one is
 * elastic. b = -1: a plane. */
static double effective_restitution(const struct edpd_world *w, double e, uint32_t a, int64_t b) {
    if (b >= 0 && w->cfg.elastic_until > 0.0 && w->time < w->cfg.elastic_until) return 1.0;
    double tc = w->cfg.tc;
    if (tc > 0.0 && (w->time - w->t_last[a] < tc || (b >= 0 && w->time - w->t_last[b] < tc))) return 1.0;
    return e;
}

/* Eq. (5). Impulses are applied only to approaching pairs, so an executed impact never makes
 * an overlap deepen. */
static void do_pair_impact(struct edpd_world *w, uint32_t i, uint32_t j) {
    particle *a = &w->p[i], *b = &w->p[j];
    if (w->nl.on) {
        /* both re-predict next: start loading j's listed particles while i's are scanned;
         * in WebAssembly, where a request waits, i's too, so that both sets arrive in one wait
         * (natively predict_list requests i's at once anyway) */
        const int32_t *li = w->nl.idx + (size_t)i * w->nl.cap, *lj = w->nl.idx + (size_t)j * w->nl.cap;
        if (MEM_REQUEST_STALLS)
            for (uint32_t k = 0, m = w->nl.count[i]; k < m; k++) particle_request(w, (uint32_t)li[k]);
        for (uint32_t k = 0, m = w->nl.count[j]; k < m; k++) particle_request(w, (uint32_t)lj[k]);
    }
    bring_to(w, b, w->time);
    vec3 dr = min_image(w, v3_sub(a->r, b->r));
    vec3 dv = v3_sub(a->v, b->v);
    double r2 = v3_dot(dr, dr), bdot = v3_dot(dr, dv);
    double sigma = 0.5 * (a->sigma + b->sigma);

    /* impact separation in units of the floating-point spacing at sigma (Fig. 3) */
    double sep = (sqrt(r2) - sigma) / w->sep_unit;
    int bin;
    if (sep < -EDPD_HIST_HALF - 0.5) bin = 0;
    else if (sep >= EDPD_HIST_HALF + 0.5) bin = EDPD_HIST_BINS - 1;
    else bin = (int)floor(sep + 0.5) + EDPD_HIST_HALF + 1;
    w->hist[bin]++;

    if (bdot < 0.0) {
        double e = effective_restitution(w, w->cfg.restitution, i, j);
        double mu = a->mass * b->mass / (a->mass + b->mass);
        double J = (1.0 + e) * mu * bdot / r2;    /* impulse on i is -J dr */
        double ke0 = a->mass * v3_dot(a->v, a->v) + b->mass * v3_dot(b->v, b->v);
        a->v = v3_sub(a->v, v3_scale(dr, J / a->mass));
        b->v = v3_add(b->v, v3_scale(dr, J / b->mass));
        double ke1 = a->mass * v3_dot(a->v, a->v) + b->mass * v3_dot(b->v, b->v);
        if (w->time >= w->zb.end) z_blocks_cross(w);  /* before this impact: it is the next block's */
        account_energy(w, 0.5 * (ke1 - ke0));
        w->virial -= J * r2; /* r_ij . dp_i = -J r^2 > 0 */
    }
    w->collisions++;
    a->changed = b->changed = impacts(w);
    if (w->t_last) w->t_last[i] = w->t_last[j] = w->time;
    uint32_t oi, oj;
    if (!w->nl.on) {  /* neither impact moves a particle to another cell */
        block_plan pi_, pj;
        const block_plan *pi = ahead_for(w, i);
        int ci[3] = {a->cc[0], a->cc[1], a->cc[2]}, cj[3] = {b->cc[0], b->cc[1], b->cc[2]};
        if (!pi) plan_cells(w, ci, -1, &pi_);
        plan_cells(w, cj, -1, &pj);
        /* both gathered before either's candidates are requested: in WebAssembly the requests
         * stall, and so both sets arrive in one wait */
        if (!pi) plan_collect(w, (int32_t)i, &pi_);
        plan_collect(w, (int32_t)j, &pj);
        if (!pi) { plan_request(w, &pi_); pi = &pi_; }
        plan_request(w, &pj);
        if (big_world(w)) { eq_request_unlink(&w->queue, i); eq_request_unlink(&w->queue, j); }
        /* i is queued after j's scan, so that the queue's lines for i arrive meanwhile */
        oi = predict_planned(w, i, 1, QUEUE_LATER, pi);
        ahead_gather(w);
        if (big_world(w)) eq_request_insert(&w->queue, event_key(a));
        oj = predict_planned(w, j, 1, QUEUE_UPDATE, &pj);
        eq_update(&w->queue, i, event_key(a));
    } else {
        oi = predict(w, i, 1, QUEUE_UPDATE);
        oj = predict(w, j, 1, QUEUE_UPDATE);
    }
    if (oi >= 2 || oj >= 2) w->three_body_events++;
}

static void do_plane_impact(struct edpd_world *w, uint32_t i, uint32_t k) {
    particle *a = &w->p[i];
    const edpd_plane *pl = &w->planes[k];
    vec3 n = v3(pl->normal[0], pl->normal[1], pl->normal[2]);
    double u = v3_dot(n, a->v);
    if (u < 0.0) {
        double e = effective_restitution(w, pl->restitution, i, -1);
        double ke0 = a->mass * v3_dot(a->v, a->v);
        a->v = v3_sub(a->v, v3_scale(n, (1.0 + e) * u));
        account_energy(w, 0.5 * (a->mass * v3_dot(a->v, a->v) - ke0));
    }
    w->plane_impacts++;
    a->changed = impacts(w);
    if (w->t_last) w->t_last[i] = w->time;
    predict(w, i, 0, QUEUE_UPDATE);
}

static void set_status(struct edpd_world *w, edpd_state s, const char *reason, int32_t a, int32_t b) {
    w->status.state = s;
    w->status.reason = reason;
    w->status.event = w->events;
    w->status.time = w->time;
    w->status.particle_a = a;
    w->status.particle_b = b;
}

/* ---- the one verb ---------------------------------------------------------------------- */

/* ---- planning ahead (large N) ----------------------------------------------------------
 * An event's scans wait on two rounds of cache misses, the cells' records and then the
 * candidates in them, and a prediction cannot start before its particle's event is known. But
 * at large N the next event is almost always the heap's second least now (the current event
 * re-queues its particles later): so the next event's records are requested when an event
 * begins (stage 1), its candidates gathered in the middle of a pair impact (ahead_gather) or
 * when the event ends (stage 2), and the next event scans a block whose lines have arrived.
 * A wrong guess costs only prefetches; a plan is used only for the particle, event and cell it
 * was made for, with nothing changed in between. */

/* The block particle t's next event scans: the layer beyond its next cell for a crossing, else
 * the block around it (for an impact, a stale event's re-prediction or a plane's). Records
 * requested; 0 if the event scans nothing. */
static int plan_event(const struct edpd_world *w, const particle *t, block_plan *pl) {
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
        plan_cells(w, cc, a, pl);
    } else plan_cells(w, cc, -1, pl);
    return 1;
}

static void ahead_begin(struct edpd_world *w, ahead_plan *a, uint32_t k) {
    const particle *t = &w->p[k];
    a->who = k; a->ev_t = t->ev_t; a->cross_t = t->cross_t; a->cell = t->cell;
    a->state = plan_event(w, t, &a->pl);
    int32_t j = pair_partner(t);
    if (j >= 0) { particle_request(w, (uint32_t)j); mem_request(&w->p[j].ev_t); }  /* its cell is read at stage 2 */
}

/* Stage 1, when an event begins: the likely next event's records and partner. */
static void plan_ahead(struct edpd_world *w, const particle *q) {
    if (w->nl.on || !far_world(w)) return;
    int32_t j = pair_partner(q);
    uint32_t g = eq_second(&w->queue, j >= 0 ? (uint32_t)j : w->n);
    ahead_plan *a = &w->ahead[w->ahead_cur ^ 1];
    a->state = 0;
    if (g < w->n) ahead_begin(w, a, g);
}

/* Stage 2, when an event ends: if stage 1 guessed right, the candidates of the next event's
 * block and its partner's records; else its records now, as stage 1 would have. */
static void look_ahead(struct edpd_world *w) {
    if (!MEM_REQUEST_STALLS) eq_warm(&w->queue);
    w->ahead[w->ahead_cur].state = 0;
    w->ahead_cur ^= 1;
    uint32_t k = eq_top(&w->queue);
    const particle *t = &w->p[k];
    int32_t j = pair_partner(t);
    if (j >= 0) particle_request(w, (uint32_t)j);
    if (w->nl.on) {
        /* the lists the next event reads first: at N = 13500 (1.7 MB of lists, 1 MB of L2) the
         * first load of a list was three quarters of predict_list's time (perf) */
        mem_request(w->nl.idx + (size_t)k * w->nl.cap);
        mem_request(&w->nl.count[k]);
        if (j >= 0) { mem_request(w->nl.idx + (size_t)j * w->nl.cap); mem_request(&w->nl.count[j]); }
        return;
    }
    ahead_plan *a = &w->ahead[w->ahead_cur];
    if (!far_world(w)) {  /* the next event's records only */
        block_plan pl;
        plan_event(w, t, &pl);
        return;
    }
    if (!((a->state == 1 || a->state == 3) && a->who == k && a->ev_t == t->ev_t && a->cross_t == t->cross_t && a->cell == t->cell)) {
        ahead_begin(w, a, k);
        a->state = 0;   /* records requested; gathered at the event, as without a plan */
        return;
    }
    if (a->state == 1) plan_gather(w, (int32_t)k, &a->pl);
    a->state = 2;
    if (j >= 0) {
        int cj[3] = {w->p[j].cc[0], w->p[j].cc[1], w->p[j].cc[2]};
        block_plan pj;
        plan_cells(w, cj, -1, &pj);
    }
}

/* Events predicted beyond the clock's range never happen: there g t^2 / 2 could overflow a
 * position. Also false for +-inf and NaN. */
static inline int within_clock(double t) { return fabs(t) <= EDPD_MAX_TIME; }

edpd_stop edpd_advance(edpd_world *w, double t_end, uint64_t max_events, edpd_error *err) {
    if (err) { err->code = EDPD_OK; err->field[0] = 0; err->message[0] = 0; }
    if (!w) { set_error(err, EDPD_ERR_INVALID, "world", "is NULL"); return EDPD_STOP_ERROR; }
    if (isnan(t_end)) { set_error(err, EDPD_ERR_INVALID, "t_end", "must be a number >= the current time %g", w->time); return EDPD_STOP_ERROR; }
    if (isfinite(t_end) && !within_clock(t_end)) {
        set_error(err, EDPD_ERR_INVALID, "t_end", "must be +inf or within [-%g, %g], got %g", EDPD_MAX_TIME, EDPD_MAX_TIME, t_end);
        return EDPD_STOP_ERROR;
    }
    if (t_end < w->time && w->cfg.detector != EDPD_DETECTOR_NAIVE_REWIND) {
        set_error(err, EDPD_ERR_INVALID, "t_end", "must be >= the current time %.17g, got %.17g", w->time, t_end);
        return EDPD_STOP_ERROR;
    }
    if (w->status.state == EDPD_STATE_HALTED) return EDPD_STOP_HALTED;
    if (w->status.state == EDPD_STATE_COLLAPSE) return EDPD_STOP_COLLAPSE;

    w->ahead[0].state = w->ahead[1].state = 0;  /* the caller may have changed the world */
    uint64_t done = 0;
    while (done < max_events) {
        uint32_t i = eq_top(&w->queue);
        particle *q = &w->p[i];
        double tk = eq_top_key(&w->queue);
        if (big_world(w)) {  /* every event re-queues i; a pair impact also its partner */
            eq_request(&w->queue, i);
            /* the next events are among the heap's first two levels (16 per slot): their
             * particles, 8 of them (docs/performance.md) */
            for (uint32_t k = 1; k < 9; k++) {
                uint32_t r = eq_peek(&w->queue, k);
                if (r < w->n) { particle_request(w, r); mem_request(&w->p[r].ev_t); }  /* both lines */
            }
            if (pair_partner(q) >= 0) eq_request(&w->queue, (uint32_t)q->partner);
            /* in WebAssembly the queue's walk ahead waits here, with this batch, rather than at
             * the event's end on its own */
            if (MEM_REQUEST_STALLS) eq_warm(&w->queue);
            plan_ahead(w, q);
        }
        if (!(tk <= t_end) || !within_clock(tk)) break;  /* nothing left before t_end, or ever */

        if (q->cross_t < q->ev_t) {
            w->time = tk;
            bring_to(w, q, tk);
            if (w->nl.on) {
                if (do_rebuild(w, i) != 0) {
                    set_error(err, EDPD_ERR_MEMORY, "n", "out of memory for the neighbour lists of %u particles", w->n);
                    return EDPD_STOP_ERROR;
                }
                w->list_rebuilds++;
            } else {
                do_crossing(w, i);
                w->cell_crossings++;
            }
        } else {
            int32_t partner = q->partner;
            if (partner >= 0 && w->p[partner].changed > q->predicted) {
                /* the partner changed course since this was predicted */
                if (tk > w->time) w->time = tk;
                bring_to(w, q, w->time);
                predict(w, i, 0, QUEUE_UPDATE);
                w->stale_events++;
                continue;
            }
            if (q->branch == BRANCH_HALT_NO_ROOT || q->branch == BRANCH_HALT_OVERLAP) {
                w->time = tk;
                failure_executed(w, i, partner, tk);
                if (w->first_failure_event == UINT64_MAX) w->first_failure_event = w->events;
                set_status(w, EDPD_STATE_HALTED,
                           q->branch == BRANCH_HALT_NO_ROOT ? "no-real-root" : "overlap-approaching",
                           (int32_t)i, partner);
                return EDPD_STOP_HALTED;
            }
            if (tk < w->time) {
                w->negative_dt_events++;
                failure_executed(w, i, partner, tk);
                if (w->first_failure_event == UINT64_MAX) w->first_failure_event = w->events;
            }
            if (q->branch == BRANCH_STABILISING || q->branch == BRANCH_TURNING) w->stabilizing_events++;
            w->time = tk;
            bring_to(w, q, tk);
            if (partner >= 0) do_pair_impact(w, i, (uint32_t)partner);
            else do_plane_impact(w, i, (uint32_t)(-1 - partner));
        }
        w->events++;
        done++;
        if (big_world(w)) look_ahead(w);

        /* An unbounded run of impacts at one instant (Sect. 5) must not hang the caller. Cell
         * crossings do not count: a lattice start puts many particles on cell faces at t = 0. */
        uint64_t so_far = impacts(w);
        if (so_far - w->window_events >= w->cfg.collapse_window) {
            if (fabs(w->time - w->window_time) <= w->cfg.collapse_dt) {
                set_status(w, EDPD_STATE_COLLAPSE, "collapse", (int32_t)i, q->partner);
                return EDPD_STOP_COLLAPSE;
            }
            w->window_events = so_far;
            w->window_time = w->time;
        }
    }
    if (done >= max_events) {
        double next = eq_top_key(&w->queue);
        if (next <= t_end && within_clock(next)) return EDPD_STOP_BUDGET;
    }
    if (isfinite(t_end)) w->time = t_end;
    return EDPD_STOP_TIME;
}

/* ---- create / destroy ------------------------------------------------------------------ */

static void *xcalloc(size_t n, size_t s) { return n ? calloc(n, s) : calloc(1, s); }

typedef struct overlap_ctx { uint32_t i; vec3 r; int found; int32_t with; } overlap_ctx;

static void first_overlap_in_cell(struct edpd_world *w, uint32_t cell, void *vctx) {
    overlap_ctx *x = vctx;
    int32_t k;
    CELLS_FOR_EACH(&w->cells, cell, k) {
        if (x->found) break;
        if ((uint32_t)k == x->i) continue;
        vec3 d = min_image(w, v3_sub(x->r, w->p[k].r));
        double s = 0.5 * (w->p[x->i].sigma + w->p[k].sigma);
        if (v3_dot(d, d) < s * s) { x->found = 1; x->with = k; }
    }
}

edpd_world *edpd_create(const edpd_config *cfg, edpd_error *err) {
    if (edpd_validate_config(cfg, err) != EDPD_OK) return NULL;
    struct edpd_world *w = xcalloc(1, sizeof *w);
    if (!w) { set_error(err, EDPD_ERR_MEMORY, "n", "out of memory for the world"); return NULL; }
    w->cfg = *cfg;
    w->first_failure_event = UINT64_MAX;
    /* every clock the world keeps starts here: the particles' own times, the measurement window,
     * the collapse window (the event queue keys relative to its least key) */
    w->time = cfg->scenario == EDPD_SCENARIO_CUSTOM ? cfg->start_time : 0.0;
    w->ke_time = w->measure_t0 = w->window_time = w->time;
    w->n = cfg->n;
    w->dim = cfg->dim;
    uint32_t planes = cfg->scenario == EDPD_SCENARIO_BOUNCING_BALL ? cfg->n
                    : cfg->scenario == EDPD_SCENARIO_CUSTOM ? cfg->plane_count : 0;
    if (cfg->scenario == EDPD_SCENARIO_CUSTOM && cfg->own_planes)  /* validated: every particle's plate */
        for (uint32_t i = 0; i < cfg->n; i++) planes += own_plane_given(&cfg->own_planes[i]);
    w->p = big_alloc(sizeof(particle) * (size_t)w->n);
    if (w->p) memset(w->p, 0, sizeof(particle) * (size_t)w->n);
    w->planes = xcalloc(planes, sizeof(edpd_plane));
    if (cfg->tc > 0.0) {
        w->t_last = big_alloc(sizeof(double) * (size_t)w->n);
        if (w->t_last) for (uint32_t i = 0; i < w->n; i++) w->t_last[i] = -INFINITY;
    }
    if (!w->p || !w->planes || (cfg->tc > 0.0 && !w->t_last) || eq_init(&w->queue, w->n) != 0) {
        set_error(err, EDPD_ERR_MEMORY, "n", "out of memory for %u particles", w->n);
        edpd_destroy(w);
        return NULL;
    }
    if (scenario_build(w, err) != EDPD_OK) { edpd_destroy(w); return NULL; }
    w->cfg.positions = w->cfg.velocities = w->cfg.diameters = w->cfg.masses = NULL;
    w->cfg.planes = w->cfg.own_planes = NULL;
    w->g = v3(cfg->gravity[0], cfg->gravity[1], cfg->gravity[2]);
    w->has_gravity = cfg->gravity[0] != 0.0 || cfg->gravity[1] != 0.0 || cfg->gravity[2] != 0.0;
    double min_sigma = INFINITY;
    w->max_sigma = 0.0;
    for (uint32_t i = 0; i < w->n; i++) {
        if (w->p[i].sigma > w->max_sigma) w->max_sigma = w->p[i].sigma;
        if (w->p[i].sigma < min_sigma) min_sigma = w->p[i].sigma;
    }
    w->one_sigma = min_sigma == w->max_sigma;
    {   /* spacing of doubles just above sigma: 2^(e-53) for sigma = m 2^e, m in [0.5, 1) */
        int e;
        frexp(w->cfg.diameter, &e);
        w->sep_unit = ldexp(1.0, e - 53);
    }
    /* Axes with acceleration (or 2-D z) get one cell layer: crossings stay linear in time. */
    int single[3];
    for (int a = 0; a < 3; a++) single[a] = (cfg->gravity[a] != 0.0) || (a == 2 && w->dim == 2);
    nl_configure(w);
    if (w->nl.on) for (int a = 0; a < 3; a++) single[a] = a == 2 && w->dim == 2;
    if (cells_init(&w->cells, w->n, w->box, w->periodic, w->max_sigma + w->nl.delta, single) != 0) {
        set_error(err, EDPD_ERR_MEMORY, "n", "out of memory for the cell lists of %u particles", w->n);
        edpd_destroy(w);
        return NULL;
    }
    w->image_ties = 0;
    for (int a = 0; a < 3; a++)
        if (w->periodic[a] && (w->cells.n[a] <= 4 || w->box[a] < 5.0 * (w->max_sigma + w->nl.delta))) w->image_ties = 1;
    for (uint32_t i = 0; i < w->n; i++) {
        vec3 r = w->p[i].r;
        particle_set_cell(&w->p[i], &w->cells, cells_of_point(&w->cells, r.x, r.y, r.z));
        cells_insert(&w->cells, (int32_t)i, (uint32_t)w->p[i].cell);
    }
    for (uint32_t i = 0; i < w->n; i++) {
        overlap_ctx x = {i, w->p[i].r, 0, -1};
        world_visit_neighbour_cells(w, (uint32_t)w->p[i].cell, first_overlap_in_cell, &x);
        if (x.found) {
            set_error(err, EDPD_ERR_INVALID, "positions", "the initial state overlaps: particles %u and %d are closer than sigma", i, x.with);
            edpd_destroy(w);
            return NULL;
        }
        for (uint32_t k = 0; k < w->plane_count; k++) {
            if (k >= w->shared_planes && (int32_t)k != w->p[i].own_plane) continue;
            if (plane_gap(&w->planes[k], w->p[i].r, w->p[i].sigma) < 0.0) {
                set_error(err, EDPD_ERR_INVALID, "positions", "the initial state overlaps: particle %u crosses plane %u", i, k);
                edpd_destroy(w);
                return NULL;
            }
        }
    }
    if (overlap_grid_init(w) != 0) {
        set_error(err, EDPD_ERR_MEMORY, "n", "out of memory for the overlap scan of %u particles", w->n);
        edpd_destroy(w);
        return NULL;
    }
    if (nl_build(w) != 0) {
        set_error(err, EDPD_ERR_MEMORY, "n", "out of memory for the neighbour lists of %u particles", w->n);
        edpd_destroy(w);
        return NULL;
    }
    for (uint32_t i = 0; i < w->n; i++) {
        particle *q = &w->p[i];
        w->ke += 0.5 * q->mass * v3_dot(q->v, q->v);
        predict(w, i, 0, QUEUE_INITIAL);
    }
    eq_build(&w->queue, w->n);
    z_blocks_start(w);  /* the measurement window opens at t = 0 */
    w->status.state = EDPD_STATE_RUNNING;
    w->status.particle_a = w->status.particle_b = -1;
    return w;
}

void edpd_destroy(edpd_world *w) {
    if (!w) return;
    free(w->p);
    free(w->planes);
    free(w->t_last);
    cells_free(&w->cells);
    overlap_grid_free(&w->og);
    nl_free(&w->nl);
    eq_free(&w->queue);
    free(w);
}
