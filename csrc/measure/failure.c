/* The first failure's record: f(dt) = f0 + f1 dt + f2 dt^2 / 2 of the pair or the sphere and plane
 * where a naive detector first met undefined dynamics, with both detectors' answers for it. */
#include "measure/failure.h"
#include <math.h>
#include <string.h>

static const char *stable_answer(int branch) {
    switch (branch) {
    case BRANCH_STABILISING: return "stabilising";
    case BRANCH_TURNING: return "turning-point";
    case BRANCH_ROOT: return "root";
    default: return "none";
    }
}

static const char *naive_action(int branch) {
    return branch == BRANCH_IGNORED ? "ignored" : branch == BRANCH_NEGATIVE ? "executed" : "halted";
}

/* An ignored answer is the failure now; a halt or negative dt waits in a small ring for its
 * event (a particle re-predicted meanwhile leaves a stale entry, which never matches). */
static void seen(struct edpd_world *w, uint32_t i, int32_t partner, double T, edpd_root naive, const edpd_failure *rec) {
    if (naive.branch == BRANCH_IGNORED) {
        w->failure = *rec;
        w->failure.event = w->events;
        return;
    }
    failure_pending *p = &w->pending[w->pending_next++ % FAILURE_PENDING];
    p->i = i; p->partner = partner; p->te = T + naive.dt; p->rec = *rec;
}

/* The record of overlap function f at time T: the textbook's answer for it (Eq. 12), what the
 * naive detector did with it, and the stable rule's answer for the same f (Eq. 10). */
static void fill(edpd_failure *rec, uint32_t i, int32_t partner, double T, overlap_fn f, edpd_root naive) {
    double naive_dt = textbook_root(f);
    edpd_root stable = stable_event(f);
    memset(rec, 0, sizeof *rec);
    rec->found = 1;
    rec->time = T;
    rec->particle_a = (int32_t)i;
    rec->particle_b = partner;
    rec->f0 = f.f0; rec->f1 = f.f1; rec->f2 = f.f2;
    rec->naive_dt = naive_dt;
    rec->naive_answer = isnan(naive_dt) ? "no-real-root" : "negative-root";
    rec->naive_action = naive_action(naive.branch);
    rec->stable_dt = stable.dt;
    rec->stable_answer = stable_answer(stable.branch);
}

void ed_failure_seen_pair(struct edpd_world *w, uint32_t i, uint32_t k, double T, overlap_fn f, edpd_root naive) {
    if (w->first_failure_event != UINT64_MAX) return;
    edpd_failure rec;
    fill(&rec, i, (int32_t)k, T, f, naive);
    seen(w, i, (int32_t)k, T, naive, &rec);
}

void ed_failure_seen_plane(struct edpd_world *w, uint32_t i, uint32_t k, double T, double x, double u, double a, edpd_root naive) {
    if (w->first_failure_event != UINT64_MAX) return;
    edpd_failure rec;
    int32_t partner = -1 - (int32_t)k;
    fill(&rec, i, partner, T, plane_overlap(x, u, a), naive);
    seen(w, i, partner, T, naive, &rec);
}

/* The record made at execution instead, from the states at the clock (the ring held more
 * undefined answers than it has slots): the same overlap function, its origin moved from the
 * prediction to now, and the textbook's time te - now. */
static void record_now(struct edpd_world *w, uint32_t i, int32_t partner, double te) {
    const particle *q = &w->p[i];
    double T = w->time;
    vec3 ri, vi;
    particle_at(w, q, T, &ri, &vi);
    edpd_root naive = {te - T, q->branch};
    if (partner >= 0) {
        const particle *o = &w->p[partner];
        vec3 rk, vk;
        particle_at(w, o, T, &rk, &vk);
        vec3 dr = min_image(w, v3_sub(ri, rk)), dv = v3_sub(vi, vk);
        double sigma = 0.5 * (q->sigma + o->sigma) * grow_factor(w, T);
        fill(&w->failure, i, partner, T, growing_pair_overlap(dr, dv, sigma, sigma * grow_rate(w, T)), naive);
    } else {
        const edpd_plane *pl = &w->planes[-1 - partner];
        vec3 n = v3(pl->normal[0], pl->normal[1], pl->normal[2]);
        double x = plane_gap(pl, ri, sigma_at(w, q, T), T), u = v3_dot(n, vi) - 0.5 * q->sigma * w->growth - plane_speed_at(pl, T), g = v3_dot(n, w->g);
        fill(&w->failure, i, partner, T, plane_overlap(x, u, g), naive);
    }
}

void ed_failure_executed(struct edpd_world *w, uint32_t i, int32_t partner, double te) {
    if (w->first_failure_event != UINT64_MAX) return;
    w->failure.found = 0;
    for (uint32_t k = 0; k < FAILURE_PENDING && !w->failure.found; k++) {
        uint32_t at = (w->pending_next - 1 - k) % FAILURE_PENDING;  /* the newest first */
        const failure_pending *p = &w->pending[at];
        if (p->rec.found && p->i == i && p->partner == partner && p->te == te) w->failure = p->rec;
    }
    if (!w->failure.found) record_now(w, i, partner, te);
    w->failure.event = w->events;
}

void edpd_get_first_failure(const edpd_world *w, edpd_failure *out) {
    *out = w->failure;
    if (!out->found) {
        memset(out, 0, sizeof *out);
        out->naive_dt = out->stable_dt = NAN;
        out->naive_answer = out->naive_action = out->stable_answer = "";
    }
}
