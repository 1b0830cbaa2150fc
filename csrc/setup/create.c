/* A new world from a validated configuration: the scenario's initial state (scenario.c), cells
 * or neighbour lists, the check that nothing starts overlapped, every particle's first
 * prediction; and its destruction. */
#include "world/world.h"
#include "world/neighbours.h"
#include "world/pair_states.h"
#include "measure/overlaps.h"
#include "measure/pressure.h"
#include "engine/scan.h"
#include "engine/predict.h"
#include "engine/events.h"
#include "engine/compression.h"
#include "setup/scenario.h"
#include "base/memory.h"
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
        double s = 0.5 * (w->p[x->i].sigma + w->p[k].sigma) * (1.0 - EDPD_START_ROUNDING);
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
    w->ke_time = w->pe_time = w->measure_t0 = w->window_time = w->time;
    w->n = cfg->n;
    w->dim = cfg->dim;
    uint32_t planes = cfg->scenario == EDPD_SCENARIO_BOUNCING_BALL ? cfg->n
                    : cfg->scenario == EDPD_SCENARIO_CUSTOM ? cfg->plane_count
                    : cfg->scenario == EDPD_SCENARIO_SHAKEN_BOX || cfg->scenario == EDPD_SCENARIO_BOX ? 2 * (uint32_t)cfg->dim : 0;
    if (cfg->scenario == EDPD_SCENARIO_CUSTOM && cfg->own_planes)  /* validated: every particle's plate */
        for (uint32_t i = 0; i < cfg->n; i++) planes += own_plane_given(&cfg->own_planes[i]);
    w->p = ed_big_alloc(sizeof(particle) * (size_t)w->n);
    if (w->p) memset(w->p, 0, sizeof(particle) * (size_t)w->n);
    w->planes = xcalloc(planes, sizeof(edpd_plane));
    if (cfg->tc > 0.0) {
        w->t_last = ed_big_alloc(sizeof(double) * (size_t)w->n);
        if (w->t_last) for (uint32_t i = 0; i < w->n; i++) w->t_last[i] = -INFINITY;
    }
    if (cfg->potential != EDPD_POTENTIAL_HARD) {
        w->second = ed_big_alloc(sizeof(double) * (size_t)w->n);
        if (w->second) for (uint32_t i = 0; i < w->n; i++) w->second[i] = -INFINITY;
    }
    uint32_t own = cfg->scenario == EDPD_SCENARIO_BOUNCING_BALL ? planes
                 : cfg->scenario == EDPD_SCENARIO_CUSTOM ? planes - cfg->plane_count : 0;  /* own plates */
    if (own) w->plate = xcalloc(w->n, sizeof(plate_count));
    for (uint32_t i = 0; own && w->plate && i < w->n; i++) { w->plate[i].window_time = w->time; w->plate[i].launched = -INFINITY; }
    w->running = w->n;
    return !w->p || !w->planes || (own && !w->plate) || (cfg->tc > 0.0 && !w->t_last) || (cfg->potential != EDPD_POTENTIAL_HARD && !w->second) || ed_eq_init(&w->queue, w->n) != 0 ? -1 : 0;
}

static void init_particle(particle *q, vec3 r, vec3 v, double sigma, double mass) {
    q->r = r; q->v = v; q->t = 0.0;
    q->sigma = sigma; q->mass = mass;
    q->ev_t = INFINITY; q->cross_t = INFINITY;
    q->partner = PARTNER_NONE; q->predicted = 0; q->changed = 0;
    q->own_plane = -1; q->branch = 0; q->cross_axis = 0; q->cross_dir = 0;
}

/* A custom configuration's state placed in the world: particles, shared planes, then each
 * particle's own plate, the box. */
static void place_particles(struct edpd_world *w, const edpd_config *c) {
    for (uint32_t i = 0; i < w->n; i++) {
        const double *r = c->positions + 3 * i, *v = c->velocities + 3 * i;
        init_particle(&w->p[i], v3(r[0], r[1], r[2]), v3(v[0], v[1], v[2]),
                      c->diameters ? c->diameters[i] : c->diameter, c->masses ? c->masses[i] : c->mass);
        w->p[i].t = w->time;  /* start_time: the state is of that moment */
    }
    for (uint32_t k = 0; k < c->plane_count; k++) w->planes[k] = c->planes[k];
    w->shared_planes = w->plane_count = c->plane_count;
    /* own plates after the shared planes, in particle order */
    for (uint32_t i = 0; i < w->n && c->own_planes; i++)
        if (own_plane_given(&c->own_planes[i])) {
            w->planes[w->plane_count] = c->own_planes[i];
            w->p[i].own_plane = (int32_t)w->plane_count++;
        }
    for (int a = 0; a < 3; a++) { w->box[a] = c->box[a]; w->periodic[a] = c->periodic[a]; }
    w->g = v3(c->gravity[0], c->gravity[1], c->gravity[2]);  /* a scenario's state may turn it (a 2-D bed's y) */
    w->has_gravity = c->gravity[0] != 0.0 || c->gravity[1] != 0.0 || c->gravity[2] != 0.0;
}

/* The initial state: a custom configuration's own, or a scenario's (scenario.c) through
 * temporary arrays, freed before the big allocations that follow so that the peak memory does
 * not grow. EDPD_OK, or an error (out of memory: the field n). */
static edpd_code place_state(struct edpd_world *w, const edpd_config *cfg, edpd_error *err) {
    if (cfg->scenario == EDPD_SCENARIO_CUSTOM) { place_particles(w, cfg); return EDPD_OK; }
    size_t n = w->n;
    double *r = malloc(sizeof(double) * 3 * n), *v = malloc(sizeof(double) * 3 * n);
    int walls = cfg->scenario == EDPD_SCENARIO_BOUNCING_BALL || cfg->scenario == EDPD_SCENARIO_SHAKEN_BOX || cfg->scenario == EDPD_SCENARIO_BOX;
    edpd_plane *plates = walls ? calloc(n > 6 ? n : 6, sizeof(edpd_plane)) : NULL;  /* n plates, or a 3-D box's 6 walls */
    int sized = cfg->species_count || (cfg->scenario == EDPD_SCENARIO_SHAKEN_BOX && cfg->intruder_diameter > 0.0) || cfg->scenario == EDPD_SCENARIO_BOX;
    double *sizes = sized ? malloc(sizeof(double) * 2 * n) : NULL;  /* a mixture's or an intruder's diameters, masses */
    edpd_code code;
    if (!r || !v || (walls && !plates) || (sized && !sizes)) {
        code = ed_set_error(err, EDPD_ERR_MEMORY, "n", "out of memory for the initial state of %u particles", w->n);
    } else {
        edpd_config state;
        code = ed_scenario_state(cfg, r, v, plates, sizes, &state, err);
        if (code == EDPD_OK) place_particles(w, &state);
    }
    free(r); free(v); free(plates); free(sizes);
    return code;
}

/* What the placed particles fix: the diameters' extremes, the floating-point spacing
 * at sigma (Fig. 3's unit). */
static void derive(struct edpd_world *w, const edpd_config *cfg) {
    w->cfg.positions = w->cfg.velocities = w->cfg.diameters = w->cfg.masses = NULL;
    w->cfg.planes = w->cfg.own_planes = NULL;
    w->cfg.bonds = NULL;
    double min_sigma = INFINITY;
    w->max_sigma = 0.0;
    for (uint32_t i = 0; i < w->n; i++) {
        if (w->p[i].sigma > w->max_sigma) w->max_sigma = w->p[i].sigma;
        if (w->p[i].sigma < min_sigma) min_sigma = w->p[i].sigma;
    }
    w->one_sigma = min_sigma == w->max_sigma;
    ed_shells_from_config(&w->pot, cfg, w->max_sigma);
    int e;  /* spacing of doubles just above sigma: 2^(e-53) for sigma = m 2^e, m in [0.5, 1) */
    frexp(w->cfg.diameter, &e);
    w->sep_unit = ldexp(1.0, e - 53);
}

/* A stepped potential's reach (its last step, for the largest pair) must stay under half of
 * every periodic edge: beyond, a pair would meet two images of the other at once, and its one
 * logical state could not say which is bound (every pair would stay bound: hard spheres in
 * effect). EDPD_OK, or an error naming the potential's field. */
static edpd_code check_reach(const struct edpd_world *w, const edpd_config *cfg, edpd_error *err) {
    if (w->pot.count == 0) return EDPD_OK;
    double reach = w->pot.reach * w->max_sigma;
    for (int a = 0; a < 3; a++)
        if (w->periodic[a] && !(2.0 * reach < w->box[a])) {
            const char *field = cfg->potential == EDPD_POTENTIAL_SQUARE_WELL ? "well_width" : "steps";
            return ed_set_error(err, EDPD_ERR_INVALID, field, "the potential reaches %g (its last step, %g diameters, for the largest pair): "
                                "over half the periodic box's edge %g, where a pair would meet two images of the other at once; "
                                "use a larger box (more particles or a lower packing fraction) or a shorter reach", reach, w->pot.reach, w->box[a]);
        }
    return EDPD_OK;
}

/* Cells (or the neighbour lists' cells) with every particle in its own; -1 out of memory. */
static int place_in_cells(struct edpd_world *w, const edpd_config *cfg) {
    /* Axes with acceleration (or 2-D z) get one cell layer: crossings stay linear in time. */
    int single[3];
    for (int a = 0; a < 3; a++) single[a] = (v3_get(w->g, a) != 0.0) || (a == 2 && w->dim == 2);
    ed_nl_configure(w);
    if (w->nl.on) for (int a = 0; a < 3; a++) single[a] = a == 2 && w->dim == 2;
    double range = w->pot.count ? w->max_sigma * w->pot.reach : ed_compression_reach(w, w->time);  /* the farthest pair that interacts */
    if (ed_cells_init(&w->cells, w->n, w->box, w->periodic, range + w->nl.delta, single) != 0) return -1;
    w->image_ties = 0;
    for (int a = 0; a < 3; a++)
        if (w->periodic[a] && (w->cells.n[a] <= 4 || w->box[a] < 5.0 * (range + w->nl.delta))) w->image_ties = 1;
    for (uint32_t i = 0; i < w->n; i++) {
        vec3 r = w->p[i].r;
        particle_set_cell(&w->p[i], &w->cells, cells_of_point(&w->cells, r.x, r.y, r.z));
        ed_cells_insert(&w->cells, (int32_t)i, (uint32_t)w->p[i].cell);
    }
    return 0;
}

/* Every created world starts without an overlap beyond rounding: EDPD_OK, or an error naming the
 * pair or plane. Overlaps of rounding depth are what the engine's own states carry (a dumped
 * granular gas has some); the stable detector resolves them, so such a state loads. */
static edpd_code check_start(struct edpd_world *w, edpd_error *err) {
    for (uint32_t i = 0; i < w->n; i++) {
        overlap_ctx x = {i, w->p[i].r, 0, -1};
        uint32_t block[27];
        for (int c = 0, count = cells_around(&w->cells, (uint32_t)w->p[i].cell, block); c < count; c++)
            first_overlap_in_cell(w, block[c], &x);
        if (x.found)
            return ed_set_error(err, EDPD_ERR_INVALID, "positions", "the initial state overlaps: particles %u and %d are closer than sigma by more than rounding (%g sigma)",
                             i, x.with, EDPD_START_ROUNDING);
        for (uint32_t j = 0; j < planes_met(w, i); j++) {
            uint32_t k = plane_met(w, i, j);
            if (plane_gap(&w->planes[k], w->p[i].r, w->p[i].sigma, w->time) < -EDPD_START_ROUNDING * w->p[i].sigma)
                return ed_set_error(err, EDPD_ERR_INVALID, "positions", "the initial state overlaps: particle %u crosses plane %u by more than rounding (%g sigma)",
                                 i, k, EDPD_START_ROUNDING);
        }
    }
    return EDPD_OK;
}

/* A failed creation: the world freed, NULL returned (err already says why, or out of memory). */
static edpd_world *give_up(struct edpd_world *w, edpd_error *err, const char *what) {
    if (what) ed_set_error(err, EDPD_ERR_MEMORY, "n", "out of memory for %s of %u particles", what, w->n);
    edpd_destroy(w);
    return NULL;
}

edpd_world *edpd_create(const edpd_config *cfg, edpd_error *err) {
    if (edpd_validate_config(cfg, err) != EDPD_OK) return NULL;
    struct edpd_world *w = xcalloc(1, sizeof *w);
    if (!w) { ed_set_error(err, EDPD_ERR_MEMORY, "n", "out of memory for the world"); return NULL; }
    if (allocate(w, cfg) != 0) return give_up(w, err, "the state");
    if (place_state(w, cfg, err) != EDPD_OK) return give_up(w, err, NULL);
    derive(w, cfg);
    ed_compression_start(w);
    if (check_reach(w, cfg, err) != EDPD_OK) return give_up(w, err, NULL);
    if (place_in_cells(w, cfg) != 0) return give_up(w, err, "the cell lists");
    ed_compression_cells_made(w);
    if (check_start(w, err) != EDPD_OK) return give_up(w, err, NULL);
    double range = edpd_exact_clock(w);
    if (fabs(w->time) > range) {
        ed_set_error(err, EDPD_ERR_INVALID, "start_time", "%g is beyond the clock's exact range for this state, |t| <= %.3g: "
                  "the clock rounds to 2.2e-16 of its value, and there its rounding exceeds 1e-9 of the time the fastest particle takes to cross "
                  "the smallest diameter (impacts would land off their roots); start nearer 0", w->time, range);
        return give_up(w, err, NULL);
    }
    if (ed_overlap_grid_init(w) != 0) return give_up(w, err, "the overlap scan");
    if (ed_nl_build(w) != 0) return give_up(w, err, "the neighbour lists");
    if (ed_pair_states_start(w, cfg) != 0) return give_up(w, err, "the pairs' steps");
    w->kernel = (int)ed_scan_kernel_for(w);
    if (w->pot.count && cfg->detector != EDPD_DETECTOR_STABLE && ed_adoptions_init(&w->adopt, w->n, w->image_ties) != 0)
        return give_up(w, err, "the pairs' steps");
    for (uint32_t i = 0; i < w->n; i++) w->ke += 0.5 * w->p[i].mass * v3_dot(w->p[i].v, w->p[i].v);
    w->e0 = w->ke + w->pe;  /* before the first predictions: a naive one may move a pair (scan_adopt) */
    for (uint32_t i = 0; i < w->n; i++) ed_predict(w, i, 0, QUEUE_INITIAL);  /* every particle's first event */
    ed_eq_build(&w->queue, w->n);
    ed_rng_seed(&w->kick_rng, (uint64_t)cfg->seed ^ 0x7468726D6F737461ull);  /* its own stream: the start's draws stay as they were */
    ed_kick_schedule(w);
    ed_z_blocks_start(w);  /* the measurement window opens at t = 0 */
    w->status.state = EDPD_STATE_RUNNING;
    w->status.particle_a = w->status.particle_b = -1;
    return w;
}

void edpd_destroy(edpd_world *w) {
    if (!w) return;
    free(w->p);
    free(w->planes);
    free(w->t_last);
    free(w->second);
    free(w->plate);
    ed_bonds_free(&w->bonds);
    ed_adoptions_free(&w->adopt);
    ed_cells_free(&w->cells);
    ed_overlap_grid_free(w->og);
    ed_nl_free(&w->nl);
    ed_eq_free(&w->queue);
    free(w);
}
