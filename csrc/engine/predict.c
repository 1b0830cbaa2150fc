/* Prediction (the paper's Sect. 2): a particle's next event, its earliest impact with a
 * candidate partner (the candidate scan, scan.h) or a plane, its next cell crossing or
 * neighbour-shell exit; and when a stale event's new prediction is made. Every interaction's
 * event comes from the overlap-function detector (detector.h). */
#include "engine/predict.h"
#include "engine/scan.h"
#include "engine/look_ahead.h"
#include "interact/detector.h"
#include "interact/moving_plane.h"
#include "measure/failure.h"
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

/* An oscillating plane's event: the stable detector on its gap (moving_plane.h); a naive one the
 * textbook's way, with the quadratic of the plane as it moves now (its position and velocity
 * frozen over the flight). */
static edpd_root moving_plane_root(const struct edpd_world *w, const predict_ctx *x, const edpd_plane *pl, vec3 n, double a) {
    double sigma = w->p[x->i].sigma;
    if (w->cfg.detector != EDPD_DETECTOR_STABLE)
        return detect(w->cfg.detector, plane_overlap(plane_gap(pl, x->r, sigma, x->T), v3_dot(n, x->v) - plane_speed_at(pl, x->T), a));
    const plate_count *own = w->plate && w->p[x->i].own_plane >= 0 ? &w->plate[x->i] : NULL;
    double s0 = own ? own->launched + own->clear - x->T : 0.0;
    moving_gap m = {v3_dot(n, x->r) - 0.5 * sigma, v3_dot(n, x->v), a, pl->offset, pl->amplitude, pl->angular_frequency, pl->phase, x->T, s0};
    return ed_moving_plane_event(&m);
}

static void predict_plane(struct edpd_world *w, predict_ctx *x, uint32_t k) {
    const edpd_plane *pl = &w->planes[k];
    vec3 n = v3(pl->normal[0], pl->normal[1], pl->normal[2]);
    /* a growing sphere's surface moves toward the plane at half its diameter's rate */
    double a = v3_dot(n, w->g), gap = 0.0, u = 0.0;
    edpd_root root;
    if (pl->amplitude != 0.0) root = moving_plane_root(w, x, pl, n, a);  /* no growth with one (validated) */
    else {
        gap = plane_gap(pl, x->r, sigma_at(w, &w->p[x->i], x->T), x->T);
        u = v3_dot(n, x->v) - 0.5 * w->p[x->i].sigma * w->growth;
        root = detect(w->cfg.detector, plane_overlap(gap, u, a));
    }
    x->second = -INFINITY;  /* not kept with planes */
    if (root.branch == BRANCH_NONE) return;
    if (root.branch >= BRANCH_NEGATIVE) {  /* a naive detector's undefined answer (rare) */
        if (pl->amplitude != 0.0) { gap = plane_gap(pl, x->r, w->p[x->i].sigma, x->T); u = v3_dot(n, x->v) - plane_speed_at(pl, x->T); }
        ed_failure_seen_plane(w, x->i, k, x->T, gap, u, a, root);
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
void ed_predict_crossing(struct edpd_world *w, particle *q, uint32_t i) {
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
void ed_predict_exit(struct edpd_world *w, particle *q, uint32_t i) {
    q->cross_t = q->t + nl_exit_dt(v3_sub(q->r, w->nl.centre[i].c), q->v, w->nl.exit_radius);
}

/* Full prediction for particle i, which must be up to date at w->time, with a planned block
 * (or NULL). Returns the number of particles it overlaps if count_overlaps is set. */
uint32_t ed_predict_planned(struct edpd_world *w, uint32_t i, int count_overlaps, int queue, const block_plan *plan) {
    particle *q = &w->p[i];
    predict_ctx x = {i, q->r, q->v, w->time, INFINITY, PARTNER_NONE, 0, BRANCH_NONE, count_overlaps, 0, 0, 0, 0, INFINITY};
    if (w->n == 1) {
        /* a lone particle (each world of a bouncing-ball sweep) has no pair events */
    } else if (w->nl.on) {
        plan_request_exit(w, i);
        ed_scan_list(w, w->nl.idx + (size_t)i * w->nl.cap, w->nl.count[i], &x);
    } else {
        if (!plan) plan = ed_ahead_for(w, i);
        if (plan) ed_scan_block(w, plan, &x);
        else {
            int cc[3] = {q->cc[0], q->cc[1], q->cc[2]};
            block_plan pl;
            ed_plan_cells(w, cc, -1, &pl);
            ed_plan_gather(w, (int32_t)i, &pl);
            ed_scan_block(w, &pl, &x);
        }
    }
    for (uint32_t k = 0; k < w->shared_planes; k++) predict_plane(w, &x, k);
    if (q->own_plane >= 0) predict_plane(w, &x, (uint32_t)q->own_plane);
    ctx_store(w, &x, q);
    if (w->nl.on) ed_predict_exit(w, q, i);
    else ed_predict_crossing(w, q, i);
    if (queue == QUEUE_UPDATE) ed_eq_update(&w->queue, i, event_key(q));
    else if (queue == QUEUE_INITIAL) eq_set_initial(&w->queue, i, event_key(q));
    return x.overlaps;
}

uint32_t ed_predict(struct edpd_world *w, uint32_t i, int count_overlaps, int queue) {
    return ed_predict_planned(w, i, count_overlaps, queue, NULL);
}


/* The newly visible candidates of particle i added to its pending impact, whose trajectory is
 * unchanged: a crossing's new layer of cells (base, along axis) ... */
void ed_predict_new_layer(struct edpd_world *w, uint32_t i, const int base[3], int axis) {
    particle *q = &w->p[i];
    predict_ctx x = ctx_continue(w, i, q, w->time);
    const block_plan *pl = ed_ahead_for(w, i);
    block_plan own;
    if (!pl) {
        ed_plan_cells(w, base, axis, &own);
        ed_plan_gather(w, (int32_t)i, &own);
        pl = &own;
    }
    ed_scan_block(w, pl, &x);
    ctx_store(w, &x, q);
}

/* ... or a list rebuild's newcomers. */
void ed_predict_newcomers(struct edpd_world *w, uint32_t i, const int32_t *list, uint32_t m) {
    particle *q = &w->p[i];
    predict_ctx x = ctx_continue(w, i, q, w->time);
    ed_scan_list(w, list, m, &x);
    ctx_store(w, &x, q);
}

/* How far toward the earliest time a stale particle's other pairs could meet its new scan waits
 * (ed_predict_stale): short of 1, so that the scan finds a pair ahead of its edge, not at it
 * (test_steps counts the stabilising events that 1 gives); 0.9 spares most of the scans 1 would. */
#define RESCAN_AT 0.9

void ed_predict_stale(struct edpd_world *w, uint32_t i, double tk) {
    particle *q = &w->p[i];
    if (q->partner >= 0 && w->second && w->second[i] > tk) {
        /* the stale pair is the partner's to ed_predict (it did, when it changed), and so is
         * every pair whose other particle changed since this one's scan; the others' events
         * come no sooner than the earliest of them then: the scan waits until nearly that
         * time, and is not needed at all if this particle changes course first. Not until
         * that time itself: a scan there would find that pair at contact, a rounding error
         * past it as often as not, and report a stabilising event for a plain collision. */
        q->ev_t = tk + RESCAN_AT * (w->second[i] - tk);
        q->partner = PARTNER_RESCAN;
        q->branch = BRANCH_NONE;
        ed_eq_update(&w->queue, i, event_key(q));
        return;
    }
    bring_to(w, q, w->time);
    ed_predict(w, i, 0, QUEUE_UPDATE);
}
