/* A new world from a validated configuration: the scenario's initial state (scenario.c), cells
 * or neighbour lists, the check that nothing starts overlapped, every particle's first
 * prediction; and its destruction. */
#include "world.h"
#include "predict.h"
#include "memory.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

static void *xcalloc(size_t n, size_t s) { return n ? calloc(n, s) : calloc(1, s); }

typedef struct overlap_ctx { uint32_t i; vec3 r; int found; int32_t with; } overlap_ctx;

static void first_overlap_in_cell(const struct edpd_world *w, uint32_t cell, overlap_ctx *x) {
    int32_t k;
    CELLS_FOR_EACH(&w->cells, cell, k) {
        if (x->found) break;
        if ((uint32_t)k == x->i) continue;
        vec3 d = min_image(w, v3_sub(x->r, w->p[k].r));
        double s = 0.5 * (w->p[x->i].sigma + w->p[k].sigma);
        if (v3_dot(d, d) < s * s) { x->found = 1; x->with = k; }
    }
}

/* The world's memory and clocks, before any particle is placed; -1 out of memory. */
static int allocate(struct edpd_world *w, const edpd_config *cfg) {
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
    return !w->p || !w->planes || (cfg->tc > 0.0 && !w->t_last) || eq_init(&w->queue, w->n) != 0 ? -1 : 0;
}

/* What the placed particles fix: gravity, the diameters' extremes, the floating-point spacing
 * at sigma (Fig. 3's unit). */
static void derive(struct edpd_world *w, const edpd_config *cfg) {
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
    int e;  /* spacing of doubles just above sigma: 2^(e-53) for sigma = m 2^e, m in [0.5, 1) */
    frexp(w->cfg.diameter, &e);
    w->sep_unit = ldexp(1.0, e - 53);
}

/* Cells (or the neighbour lists' cells) with every particle in its own; -1 out of memory. */
static int place_in_cells(struct edpd_world *w, const edpd_config *cfg) {
    /* Axes with acceleration (or 2-D z) get one cell layer: crossings stay linear in time. */
    int single[3];
    for (int a = 0; a < 3; a++) single[a] = (cfg->gravity[a] != 0.0) || (a == 2 && w->dim == 2);
    nl_configure(w);
    if (w->nl.on) for (int a = 0; a < 3; a++) single[a] = a == 2 && w->dim == 2;
    if (cells_init(&w->cells, w->n, w->box, w->periodic, w->max_sigma + w->nl.delta, single) != 0) return -1;
    w->image_ties = 0;
    for (int a = 0; a < 3; a++)
        if (w->periodic[a] && (w->cells.n[a] <= 4 || w->box[a] < 5.0 * (w->max_sigma + w->nl.delta))) w->image_ties = 1;
    for (uint32_t i = 0; i < w->n; i++) {
        vec3 r = w->p[i].r;
        particle_set_cell(&w->p[i], &w->cells, cells_of_point(&w->cells, r.x, r.y, r.z));
        cells_insert(&w->cells, (int32_t)i, (uint32_t)w->p[i].cell);
    }
    return 0;
}

/* Every created world starts without an overlap: EDPD_OK, or an error naming the pair or plane. */
static edpd_code check_start(struct edpd_world *w, edpd_error *err) {
    for (uint32_t i = 0; i < w->n; i++) {
        overlap_ctx x = {i, w->p[i].r, 0, -1};
        uint32_t block[27];
        for (int c = 0, count = cells_around(&w->cells, (uint32_t)w->p[i].cell, block); c < count; c++)
            first_overlap_in_cell(w, block[c], &x);
        if (x.found)
            return set_error(err, EDPD_ERR_INVALID, "positions", "the initial state overlaps: particles %u and %d are closer than sigma", i, x.with);
        for (uint32_t k = 0; k < w->plane_count; k++) {
            if (k >= w->shared_planes && (int32_t)k != w->p[i].own_plane) continue;
            if (plane_gap(&w->planes[k], w->p[i].r, w->p[i].sigma) < 0.0)
                return set_error(err, EDPD_ERR_INVALID, "positions", "the initial state overlaps: particle %u crosses plane %u", i, k);
        }
    }
    return EDPD_OK;
}

/* A failed creation: the world freed, NULL returned (err already says why, or out of memory). */
static edpd_world *give_up(struct edpd_world *w, edpd_error *err, const char *what) {
    if (what) set_error(err, EDPD_ERR_MEMORY, "n", "out of memory for %s of %u particles", what, w->n);
    edpd_destroy(w);
    return NULL;
}

edpd_world *edpd_create(const edpd_config *cfg, edpd_error *err) {
    if (edpd_validate_config(cfg, err) != EDPD_OK) return NULL;
    struct edpd_world *w = xcalloc(1, sizeof *w);
    if (!w) { set_error(err, EDPD_ERR_MEMORY, "n", "out of memory for the world"); return NULL; }
    if (allocate(w, cfg) != 0) return give_up(w, err, "the state");
    if (scenario_build(w, err) != EDPD_OK) return give_up(w, err, NULL);
    derive(w, cfg);
    if (place_in_cells(w, cfg) != 0) return give_up(w, err, "the cell lists");
    if (check_start(w, err) != EDPD_OK) return give_up(w, err, NULL);
    if (overlap_grid_init(w) != 0) return give_up(w, err, "the overlap scan");
    if (nl_build(w) != 0) return give_up(w, err, "the neighbour lists");
    for (uint32_t i = 0; i < w->n; i++) {  /* every particle's first event */
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
    overlap_grid_free(w->og);
    nl_free(&w->nl);
    eq_free(&w->queue);
    free(w);
}
