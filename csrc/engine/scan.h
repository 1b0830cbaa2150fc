/* What the pair scans share (predict.c for hard spheres and planes, step_scan.c for stepped
 * potentials): the prediction under way, the scan's constants, and a pair's relative state. */
#ifndef EDPD_SCAN_H
#define EDPD_SCAN_H
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
                       * (stable_scan), -inf where a scan does not keep it (kept only with
                       * steps: a hard-sphere world has no w->second to store it in) */
} predict_ctx;

/* The hot loop: every particle k of one cell against particle i. Everything loop-invariant
 * sits in locals (the compiler cannot keep w->... in registers across the stores to x). */
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

void scan_setup(const struct edpd_world *w, const predict_ctx *x, scan_consts *s);

/* One candidate pair at the scan's time: separation, relative velocity, contact distance, and
 * the overlap function's b = dr.dv and c = |dr|^2 - sigma^2. Batches hold BATCH of them. */
typedef struct pair_cand { vec3 dr, dv; double sigma, b, c; int32_t k; } pair_cand;
#define BATCH 32

#ifdef __SSE2__
/* Candidate q's state relative to the scanned particle (pass 1 of the hard spheres' batches): its flight to the scan's time (the FLIGHT formulas of
 * world.h) with x and y packed, and the minimum image without branches (whether a neighbour
 * lies across the box edge is a coin toss the branch predictor cannot learn); the results are
 * the scalar form's below, bit for bit. */
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

/* A small box (s->ties): the periodic axes on which pair separation dr lies within rounding of
 * L/2, as bits (predict.c, other_images, says why) ... */
static inline int image_ties(const scan_consts *s, vec3 dr) {
    int tie = 0;
    for (int a = 0; a < 3; a++)
        if (s->periodic[a] && fabs(v3_get(dr, a)) >= 0.5 * s->L[a] * (1.0 - 1e-9)) tie |= 1 << a;
    return tie;
}
/* ... and the pair's image shifted by one box edge on the axes of `combo` (a subset of them). */
static inline pair_cand other_image(const scan_consts *s, const pair_cand *base, int combo) {
    pair_cand c = *base;
    for (int a = 0; a < 3; a++)
        if (combo & (1 << a)) v3_set(&c.dr, a, v3_get(c.dr, a) - copysign(s->L[a], v3_get(c.dr, a)));
    c.b = v3_dot(c.dr, c.dv);
    c.c = v3_dot(c.dr, c.dr) - c.sigma * c.sigma;
    return c;
}

/* A stepped potential's pair tests of particle x->i against candidates cand[0..m), and the
 * overflow of a planned block's crowded cells if `overflow` is given (step_scan.c). */
void step_scan(struct edpd_world *w, const scan_consts *s, predict_ctx *x, const int32_t *cand, uint32_t m,
               const block_plan *overflow);

/* The same for the stable detector in a world without gravity or image ties, without branches on
 * the pairs' geometry (stable_scan.c); the caller has spread particle x->i's bonds. */
void stable_scan(struct edpd_world *w, const scan_consts *s, predict_ctx *x, const int32_t *cand, uint32_t m);

#endif
