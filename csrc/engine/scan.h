/* The candidate scan: a particle's earliest pair event among its candidates.
 *
 * One pipeline (candidates.c) serves every world. A source names the candidates (a block of
 * cells, planned or not, or a neighbour list); the pipeline adds a crowded cell's overflow and,
 * in a box small enough for a pair to sit L/2 apart, each pair's other images; a kernel tests
 * them. The kernel is chosen once, when the world is created, from its potential, detector and
 * geometry (ed_scan_kernel_for):
 *   KERNEL_HARD      hard spheres, any detector: two passes over batches (hard_scan.c)
 *   KERNEL_STEPS     a stepped potential, one pair at a time: the naive detectors, and the
 *                    stable one under gravity or with image ties (step_scan.c)
 *   KERNEL_TWO_LANE  a stepped potential, the stable detector otherwise: two pairs per
 *                    register, without branches on the pairs' geometry (stable_scan.c)
 *   KERNEL_GROWTH    a compression's growing hard spheres, any detector, one pair at a time
 *                    (grow_scan.c): the other kernels stay as fast as they were
 * Every kernel gives the same event bit for bit where two apply (tests/c/test_kernels.c): the
 * earliest time, the first candidate in scan order on a tie, its branch and edge. */
#ifndef EDPD_ENGINE_SCAN_H
#define EDPD_ENGINE_SCAN_H
#include "world/world.h"
#include <math.h>

/* A naive detector met undefined dynamics and carried on as if there were no event. */
static inline void note_ignored(struct edpd_world *w) {
    w->ignored_undefined++;
    if (w->first_failure_event == UINT64_MAX) w->first_failure_event = w->events;
}

/* A prediction under way: particle i's earliest event among the candidates scanned so far. */
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
    int outer;        /* a stepped potential: the event is at the shell's outer boundary ... */
    uint32_t from;    /* ... of this shell */
    double second;    /* the earliest event but the best among the candidates scanned so far
                       * (KERNEL_TWO_LANE), -inf where a scan does not keep it (kept only with
                       * steps: a hard-sphere world has no w->second to store it in) */
} predict_ctx;

/* The scan's constants. Everything loop-invariant sits in locals (the compiler cannot keep
 * w->... in registers across the stores to x). */
typedef struct scan_consts {
    const particle *p;
    vec3 ri, vi, g;
    double wrap_L[3], half[3];  /* the minimum image: L and L/2 on periodic axes, 0 and +inf on others */
#ifdef __SSE2__
    v2d ri_xy, vi_xy, g_xy, L_xy, half_xy;  /* x and y of the above, packed (vec.h) */
#endif
    double T, sigma_i, L[3];
    int periodic[3], gravity, stable;
    int ties;       /* w->image_ties */
    int32_t self;
    edpd_detector det;
} scan_consts;

/* One candidate pair at the scan's time: separation, relative velocity, contact distance, and
 * the overlap function's b = dr.dv and c = |dr|^2 - sigma^2 (growing: pair_grow). Batches hold
 * BATCH of them. */
typedef struct pair_cand { vec3 dr, dv; double sigma, b, c; int32_t k; } pair_cand;
#define BATCH 32

#ifdef __SSE2__
/* Candidate q's state relative to the scanned particle: its flight to the scan's time (the
 * FLIGHT formulas of world.h) with x and y packed, and the minimum image without branches
 * (whether a neighbour lies across the box edge is a coin toss the branch predictor cannot
 * learn); the results are the scalar form's below, bit for bit. */
static inline __attribute__((always_inline)) void pair_state(const scan_consts *s, const particle *q, pair_cand *c, int gravity) {
    double dt = s->T - q->t;
    v2d r_xy = v2_load(&q->r.x), v_xy = v2_load(&q->v.x), dt2 = v2_splat(dt);
    double rk_z, vk_z;
    v2d rk_xy, vk_xy;
    if (gravity) {
        double h = 0.5 * dt * dt;
        rk_xy = FLIGHT_R(r_xy, v_xy, s->g_xy, dt2, v2_splat(h));
        rk_z = FLIGHT_R(q->r.z, q->v.z, s->g.z, dt, h);
        vk_xy = FLIGHT_V(v_xy, s->g_xy, dt2);
        vk_z = FLIGHT_V(q->v.z, s->g.z, dt);
    } else {
        rk_xy = FLIGHT_FREE_R(r_xy, v_xy, dt2);
        rk_z = FLIGHT_FREE_R(q->r.z, q->v.z, dt);
        vk_xy = v_xy;
        vk_z = q->v.z;
    }
    v2d d_xy = v2_wrap(s->ri_xy - rk_xy, s->L_xy, s->half_xy);
    double d_z = wrap_branchless(s->ri.z - rk_z, s->wrap_L[2], s->half[2]);
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
/* The scalar form (WebAssembly, where packing gains nothing and V8 turns selects into branches
 * anyway): flight() and the ordinary minimum image. */
static inline __attribute__((always_inline)) void pair_state(const scan_consts *s, const particle *q, pair_cand *c, int gravity) {
    vec3 rk, vk;
    flight(q->r, q->v, s->g, gravity, s->T - q->t, &rk, &vk);
    c->dr = min_image_box(s->periodic, s->L, v3_sub(s->ri, rk));
    c->dv = v3_sub(s->vi, vk);
    c->sigma = 0.5 * (s->sigma_i + q->sigma);
    c->b = v3_dot(c->dr, c->dv);
    c->c = v3_dot(c->dr, c->dr) - c->sigma * c->sigma;
}
#endif

/* A compression: every contact distance grows by the factor grow at the scan's time T (the
 * diameters' over the stored ones), at sigma_ij rate. Apart from scan_consts, which the fast
 * path copies into registers per batch. */
typedef struct scan_growth { int on; double grow, rate; } scan_growth;

/* A compression (scan_growth.on): the pair's contact distance at the scan's time, growing at
 * sigma_dot = sigma rate, and the overlap function's b = dr.dv - sigma sigma_dot and c = |dr|^2 -
 * sigma^2 (growing_pair_overlap's f1 / 2 and f0, bit for bit). */
static inline void pair_grow(const scan_growth *g, pair_cand *c) {
    c->sigma *= g->grow;
    c->b = v3_dot(c->dr, c->dv) - c->sigma * (c->sigma * g->rate);
    c->c = v3_dot(c->dr, c->dr) - c->sigma * c->sigma;
}
/* A growing pair can meet while it recedes: once its contact distance outgrows |dv|, even a
 * receding pair is caught up with (f2 < 0). */
static inline int grow_approaching(const scan_growth *g, const pair_cand *c) {
    double sd = c->sigma * g->rate;
    return c->b < 0.0 || v3_dot(c->dv, c->dv) < sd * sd;
}

/* A small box (s->ties): the periodic axes on which pair separation dr lies within rounding of
 * L/2, as bits (candidates.c says why) ... */
static inline int image_ties(const scan_consts *s, vec3 dr) {
    int tie = 0;
    for (int a = 0; a < 3; a++)
        if (s->periodic[a] && fabs(v3_get(dr, a)) >= 0.5 * s->L[a] * (1.0 - 1e-9)) tie |= 1 << a;
    return tie;
}
/* ... and the pair's image shifted by one box edge on the axes of `combo` (a subset of them). */
static inline pair_cand other_image(const scan_consts *s, const scan_growth *g, const pair_cand *base, int combo) {
    pair_cand c = *base;
    for (int a = 0; a < 3; a++)
        if (combo & (1 << a)) v3_set(&c.dr, a, v3_get(c.dr, a) - copysign(s->L[a], v3_get(c.dr, a)));
    c.b = v3_dot(c.dr, c.dv) - (g->on ? c.sigma * (c.sigma * g->rate) : 0.0);
    c.c = v3_dot(c.dr, c.dr) - c.sigma * c.sigma;
    return c;
}

/* ---- the kernels --------------------------------------------------------------------------- */

typedef enum scan_kernel { KERNEL_HARD, KERNEL_STEPS, KERNEL_TWO_LANE, KERNEL_GROWTH } scan_kernel;
/* The kernel a world's scans use, from its potential, detector and geometry (at creation). */
scan_kernel ed_scan_kernel_for(const struct edpd_world *w);

/* The hard spheres' batch: approaching pairs gathered, then tested together (hard_scan.c). */
typedef struct pair_batch { pair_cand c[BATCH]; uint32_t n, overlaps; } pair_batch;

/* A scan under way: the prediction it serves, its constants, and the kernel's own state. */
typedef struct scan_run {
    struct edpd_world *w;
    predict_ctx *x;
    scan_consts s;
    scan_kernel kernel;
    scan_growth growth;    /* a compression's */
    uint32_t overlaps;     /* overlapping candidates seen (counted if x->count_overlaps) */
    int keeps_second;      /* every candidate so far went through a kernel that keeps x->second */
    pair_batch bt;         /* KERNEL_HARD */
} scan_run;

/* Each kernel tests candidates given by index (the fast path), or one pair image whose state
 * the pipeline formed (another image of a pair in a small box). The stepped kernels report a
 * naive detector's change of a pair's shell (scan_adopt) instead of making it. */
static inline void hard_begin(scan_run *r) { r->bt.n = r->bt.overlaps = 0; }
void ed_hard_indices(scan_run *r, const int32_t *cand, uint32_t m);
void ed_hard_image(scan_run *r, const pair_cand *c);
void ed_hard_end(scan_run *r);
void ed_steps_indices(scan_run *r, const int32_t *cand, uint32_t m);
void ed_steps_image(scan_run *r, const pair_cand *c);
void ed_two_lane_indices(scan_run *r, const int32_t *cand, uint32_t m);
void ed_grow_indices(scan_run *r, const int32_t *cand, uint32_t m);
void ed_grow_image(scan_run *r, const pair_cand *c);

/* A naive detector read pair (x->i, k)'s shell off the distance as `shell`, not its logical one:
 * the scan's view (the bond map) follows at once, the pair's logical state when the scan ends. */
static inline void scan_adopt(struct edpd_world *w, int32_t k, uint32_t shell) {
    adoptions *a = &w->adopt;
    w->bonds.map[k] = (uint8_t)shell;
    if (a->count < a->cap) { a->k[a->count] = k; a->shell[a->count] = (uint8_t)shell; }
    a->count++;
}

/* The pipeline (candidates.c): particle x->i against a gathered block of cells, its overflow
 * included, or against m listed particles; or, for tests, against any candidates through a
 * given kernel. */
void ed_scan_block(struct edpd_world *w, const block_plan *pl, predict_ctx *x);
void ed_scan_list(struct edpd_world *w, const int32_t *list, uint32_t m, predict_ctx *x);
void ed_scan_with(struct edpd_world *w, scan_kernel kernel, const int32_t *cand, uint32_t m, const block_plan *overflow, predict_ctx *x);

#endif
