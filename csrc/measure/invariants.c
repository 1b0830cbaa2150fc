/* The invariants every world keeps between calls (invariants.h). */
#include "measure/invariants.h"
#include "world/neighbours.h"
#include <float.h>
#include <math.h>
#include <stdio.h>

typedef struct invariant_scan { uint32_t i; vec3 r, v; int bad; int32_t with; } invariant_scan;

static void approaching_overlap_in_cell(const struct edpd_world *w, uint32_t cell, invariant_scan *x) {
    int32_t k;
    CELLS_FOR_EACH(&w->cells, cell, k) {
        if (x->bad) break;
        if ((uint32_t)k == x->i) continue;
        vec3 rk, vk;
        particle_at(w, &w->p[k], particle_clock(w, &w->p[k]), &rk, &vk);
        vec3 d = min_image(w, v3_sub(x->r, rk));
        double s = 0.5 * (w->p[x->i].sigma + w->p[k].sigma);
        /* Overlapping and approaching beyond rounding noise: the stable detector must have an
         * impact pending now (Sect. 4.1). A few-ulp overlap of a glancing pair predicted to miss,
         * or of a pair just before its root, is rounding of the lazy updates, not a deepening overlap. */
        double r2 = v3_dot(d, d);
        if (r2 < s * s && v3_dot(d, v3_sub(x->v, vk)) < 0.0 && w->p[x->i].ev_t > w->time && w->p[k].ev_t > w->time) {
            double scale = fmax(1.0, fmax(fabs(x->r.x), fmax(fabs(x->r.y), fabs(x->r.z))));
            if (s - sqrt(r2) > 64.0 * DBL_EPSILON * scale) { x->bad = 1; x->with = k; }
        }
    }
}

int ed_world_check_invariants(const struct edpd_world *w, char *msg, size_t len) {
    if (w->events != w->collisions + w->plane_impacts + w->cell_crossings + w->list_rebuilds + w->soft_impacts) {
        snprintf(msg, len, "events %llu != collisions + plane impacts + crossings + rebuilds + step events + kicks", (unsigned long long)w->events);
        return 0;
    }
    if (!ed_nl_check(w, msg, len)) return 0;
    /* every cell slot a particle, free, or an overflow head: below 2^24, so that WebAssembly's
     * record requests may store a zero into each record's top byte (cells.h) */
    for (size_t k = 0; k < (size_t)w->cells.rec * w->cells.count; k++) {
        int32_t v = w->cells.slot[k];
        if (!(cells_is_member(v) ? (uint32_t)v < w->n : v == CELL_FREE || (cells_is_ovf(v) && (uint32_t)(v - CELL_OVF) < w->n))) {
            snprintf(msg, len, "cell slot %zu holds %d: not a particle, free or an overflow head", k, v);
            return 0;
        }
    }
    /* one_sigma lets WebAssembly's particle requests store max_sigma over each diameter (world.h):
     * it must hold for every particle */
    if (w->one_sigma)
        for (uint32_t i = 0; i < w->n; i++)
            if (w->p[i].sigma != w->max_sigma) {
                snprintf(msg, len, "one_sigma set, but particle %u has diameter %.17g, not %.17g", i, w->p[i].sigma, w->max_sigma);
                return 0;
            }
    uint64_t total = 0;
    for (int k = 0; k < EDPD_HIST_BINS; k++) total += w->hist[k];
    if (total != w->collisions) { snprintf(msg, len, "impact histogram holds %llu of %llu collisions", (unsigned long long)total, (unsigned long long)w->collisions); return 0; }
    if (!isfinite(w->time)) { snprintf(msg, len, "clock is not finite"); return 0; }
    for (uint32_t i = 0; i < w->n; i++) {
        vec3 r, v;
        particle_now(w, i, &r, &v);
        if (!isfinite(r.x) || !isfinite(r.y) || !isfinite(r.z) || !isfinite(v.x) || !isfinite(v.y) || !isfinite(v.z)) {
            snprintf(msg, len, "particle %u has a non-finite position or velocity", i);
            return 0;
        }
        if (w->p[i].state) {  /* frozen: out of the loop, the cells and the queue */
            if (w->p[i].ev_t != INFINITY || w->p[i].cross_t != INFINITY) {
                snprintf(msg, len, "frozen particle %u has an event pending", i);
                return 0;
            }
            continue;
        }
        if (w->cfg.detector != EDPD_DETECTOR_STABLE || w->status.state != EDPD_STATE_RUNNING) continue;
        /* Sect. 4.1: no overlap may deepen during free flight */
        invariant_scan x = {i, r, v, 0, -1};
        uint32_t block[27];
        for (int c = 0, count = cells_around(&w->cells, (uint32_t)w->p[i].cell, block); c < count; c++)
            approaching_overlap_in_cell(w, block[c], &x);
        if (x.bad) { snprintf(msg, len, "stable: overlapping pair %u-%d approaches with no impact pending", i, x.with); return 0; }
        for (uint32_t j = 0; j < planes_met(w, i); j++) {
            uint32_t k = plane_met(w, i, j);
            const edpd_plane *pl = &w->planes[k];
            double u = pl->normal[0] * v.x + pl->normal[1] * v.y + pl->normal[2] * v.z - plane_speed_at(pl, w->time);
            double scale = fmax(1.0, fmax(fabs(r.x), fmax(fabs(r.y), fabs(r.z))));
            if (plane_gap(pl, r, w->p[i].sigma, w->time) < -64.0 * DBL_EPSILON * scale && u < 0.0 && w->p[i].ev_t > w->time) {
                snprintf(msg, len, "stable: particle %u sinks into plane %u with no impact pending", i, k);
                return 0;
            }
        }
    }
    return 1;
}
