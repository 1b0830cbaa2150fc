/* Diagnostics: counters kept per event by the loop, plus on-demand O(N) scans (energy,
 * overlaps, state hash) evaluated at the current clock without disturbing the lazy state. */
#include "world/world.h"
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

edpd_status edpd_get_status(const edpd_world *w) { return w->status; }
uint32_t edpd_particle_count(const edpd_world *w) { return w->n; }
double edpd_time(const edpd_world *w) { return w->time; }
const edpd_config *edpd_get_config(const edpd_world *w) { return &w->cfg; }
void edpd_get_box(const edpd_world *w, double out[3]) { for (int a = 0; a < 3; a++) out[a] = w->box[a]; }
void edpd_get_periodic(const edpd_world *w, int out[3]) { for (int a = 0; a < 3; a++) out[a] = w->periodic[a]; }
void edpd_get_diameters(const edpd_world *w, double *out) { for (uint32_t i = 0; i < w->n; i++) out[i] = w->p[i].sigma; }
uint32_t edpd_get_planes(const edpd_world *w, edpd_plane *out, uint32_t cap) {
    for (uint32_t k = 0; k < w->shared_planes && k < cap; k++) out[k] = w->planes[k];
    return w->shared_planes;
}

void edpd_get_particle_states(const edpd_world *w, uint8_t *out) {
    for (uint32_t i = 0; i < w->n; i++) out[i] = (uint8_t)w->p[i].state;
}

void edpd_get_plate_impacts(const edpd_world *w, uint32_t *out) {
    for (uint32_t i = 0; i < w->n; i++) out[i] = w->plate ? w->plate[i].impacts : 0;
}

uint32_t edpd_get_own_planes(const edpd_world *w, edpd_plane *out) {
    uint32_t count = 0;
    for (uint32_t i = 0; i < w->n; i++) {
        int32_t k = w->p[i].own_plane;
        if (k >= 0) { out[i] = w->planes[k]; count++; }
        else memset(&out[i], 0, sizeof out[i]);
    }
    return count;
}

/* Position at the current clock, inside the box on periodic axes (between list rebuilds a
 * particle may stray up to half a shell beyond an edge). */
static vec3 position_now(const edpd_world *w, uint32_t i) {
    vec3 r, v;
    particle_at(w, &w->p[i], particle_clock(w, &w->p[i]), &r, &v);
    return wrap_into_box(w, r);
}

void edpd_get_positions(const edpd_world *w, double *out) {
    for (uint32_t i = 0; i < w->n; i++) {
        vec3 r = position_now(w, i);
        out[3 * i] = r.x; out[3 * i + 1] = r.y; out[3 * i + 2] = r.z;
    }
}

void edpd_get_positions_f32(const edpd_world *w, float *out) {
    for (uint32_t i = 0; i < w->n; i++) {
        vec3 r = position_now(w, i);
        out[3 * i] = (float)r.x; out[3 * i + 1] = (float)r.y; out[3 * i + 2] = (float)r.z;
    }
}

void edpd_get_state(const edpd_world *w, double *pos, double *vel) {
    for (uint32_t i = 0; i < w->n; i++) {
        vec3 r, v;
        particle_at(w, &w->p[i], particle_clock(w, &w->p[i]), &r, &v);
        r = wrap_into_box(w, r);
        pos[3 * i] = r.x; pos[3 * i + 1] = r.y; pos[3 * i + 2] = r.z;
        vel[3 * i] = v.x; vel[3 * i + 1] = v.y; vel[3 * i + 2] = v.z;
    }
}

void edpd_get_velocities(const edpd_world *w, double *out) {
    for (uint32_t i = 0; i < w->n; i++) {
        vec3 r, v;
        particle_at(w, &w->p[i], particle_clock(w, &w->p[i]), &r, &v);
        out[3 * i] = v.x; out[3 * i + 1] = v.y; out[3 * i + 2] = v.z;
    }
}

void edpd_set_event_log(edpd_world *w, edpd_event_fn fn, void *user) { w->log = fn; w->log_user = user; }

void edpd_get_impact_histogram(const edpd_world *w, uint64_t *out) {
    memcpy(out, w->hist, sizeof w->hist);
}

/* FNV-1a over the bytes of the state at the current clock. */
static uint64_t fnv(uint64_t h, const void *data, size_t len) {
    const unsigned char *b = data;
    for (size_t k = 0; k < len; k++) { h ^= b[k]; h *= 0x100000001B3ull; }
    return h;
}

uint64_t edpd_state_hash(const edpd_world *w) {
    uint64_t h = 0xCBF29CE484222325ull;
    h = fnv(h, &w->n, sizeof w->n);
    h = fnv(h, &w->events, sizeof w->events);
    h = fnv(h, &w->time, sizeof w->time);
    for (uint32_t i = 0; i < w->n; i++) {
        vec3 r, v;
        particle_at(w, &w->p[i], particle_clock(w, &w->p[i]), &r, &v);
        double s[6] = {r.x, r.y, r.z, v.x, v.y, v.z};
        h = fnv(h, s, sizeof s);
    }
    return steps_hash(w, h, fnv);  /* a stepped potential's logical states (none: h unchanged) */
}

/* ---- Overlaps now: a scan that trusts only the positions ---------------------------------
 * The event loop's cells would find the same pairs while its bookkeeping holds. But a diagnostic
 * must not depend on the dynamics it diagnoses: a naive-rewind clock running backwards leaves
 * particles registered in cells they have long left, and that scan found 74 of the 1839 pairs
 * overlapping in the 2-D granular gas at t = 100 (tests/js/snapshot.test.js counts all pairs of
 * the dumped state). So each scan sorts the positions into a grid of its own. */

int overlap_grid_init(struct edpd_world *w) {
    overlap_grid *g = w->og = calloc(1, sizeof *w->og);
    if (!g) return -1;
    size_t n = w->n ? w->n : 1;
    /* cells at least max sigma wide (an overlapping pair is then in neighbouring cells), and at
     * most 2 N + 64 of them, so the grid's memory stays O(N) in any box */
    double width = w->max_sigma > 0.0 ? w->max_sigma : 1.0;
    for (;;) {
        double total = 1.0;
        for (int a = 0; a < 3; a++) {
            double k = floor(w->box[a] / width);
            g->n[a] = k >= 1.0 ? (k < 65536.0 ? (uint32_t)k : 65536u) : 1u;
            total *= g->n[a];
        }
        if (total <= 2.0 * (double)n + 64.0) break;
        width *= 1.25;
    }
    for (int a = 0; a < 3; a++) g->width[a] = w->box[a] > 0.0 ? w->box[a] / g->n[a] : 1.0;
    size_t cells = (size_t)g->n[0] * g->n[1] * g->n[2];
    g->start = malloc(sizeof(uint32_t) * (cells + 1));
    g->order = malloc(sizeof(uint32_t) * n);
    g->cell = malloc(sizeof(uint32_t) * n);
    g->at = malloc(sizeof *g->at * n);
    g->flags = malloc(n);
    g->valid = 0;
    return g->start && g->order && g->cell && g->at && g->flags ? 0 : -1;
}

void overlap_grid_free(overlap_grid *g) {
    if (!g) return;
    free(g->start); free(g->order); free(g->cell); free(g->at); free(g->flags);
    free(g);
}

/* The cell coordinate of x on axis a: positions on periodic axes are in [0, L); off a closed
 * axis (a ball that fell through its plate) a particle joins the edge cell, which keeps
 * neighbours within a cell of each other. */
static uint32_t grid_coord(const overlap_grid *g, int a, double x) {
    double k = floor(x / g->width[a]);
    if (!(k >= 0.0)) return 0;
    return k < (double)g->n[a] ? (uint32_t)k : g->n[a] - 1;
}

/* The distinct cells next to coordinate c on axis a (3, or all of them on a short axis). */
static int grid_neighbours(const overlap_grid *g, const int periodic[3], int a, uint32_t c, uint32_t out[3]) {
    uint32_t n = g->n[a];
    if (n <= 3 && (periodic[a] || n == 1)) { for (uint32_t k = 0; k < n; k++) out[k] = k; return (int)n; }
    int m = 0;
    for (int d = -1; d <= 1; d++) {
        int64_t k = (int64_t)c + d;
        if (k < 0 || k >= (int64_t)n) {
            if (!periodic[a]) continue;
            k = (k + (int64_t)n) % (int64_t)n;
        }
        out[m++] = (uint32_t)k;
    }
    return m;
}

static void overlap_scan(const struct edpd_world *w);

/* Pair overlaps, plane overlaps and fall-throughs at the current clock. */
static void overlaps_now(const edpd_world *w, uint32_t *pairs, uint32_t *planes, uint32_t *fell,
                         double *deepest, uint8_t *flags) {
    overlap_grid *g = w->og;  /* the scan writes only its own grid */
    /* the state changes only with an event or a clock move: a second reader at the same state
     * (the app's stats and flags of one frame) gets the scan already made */
    if (!(g->valid && g->at_events == w->events && g->at_time == w->time)) overlap_scan(w);
    if (pairs) *pairs = g->pairs;
    if (planes) *planes = g->planes;
    if (fell) *fell = g->fell;
    if (deepest) *deepest = g->deepest;
    if (flags) memcpy(flags, g->flags, w->n);
}

static void overlap_scan(const struct edpd_world *w) {
    overlap_grid *g = w->og;
    uint32_t n = w->n, np = 0, nf = 0, pair_count = 0;
    double deep = 0.0;
    size_t cells = (size_t)g->n[0] * g->n[1] * g->n[2];
    uint8_t *flags = g->flags;
    memset(flags, 0, n);
    /* counting sort of the particles by cell; g->at in sorted order */
    memset(g->start, 0, sizeof(uint32_t) * (cells + 1));
    for (uint32_t i = 0; i < n; i++) {
        vec3 r = position_now(w, i);
        uint32_t c = grid_coord(g, 0, r.x) + g->n[0] * (grid_coord(g, 1, r.y) + g->n[1] * grid_coord(g, 2, r.z));
        g->cell[i] = c;
        g->start[c + 1]++;
        for (uint32_t j = 0; j < planes_met(w, i); j++) {
            double gap = plane_gap(&w->planes[plane_met(w, i, j)], r, w->p[i].sigma);
            if (gap < -w->p[i].sigma) nf++;  /* entirely beyond the plane */
            else if (gap < 0.0) {
                np++;
                if (-gap / w->cfg.diameter > deep) deep = -gap / w->cfg.diameter;
                flags[i] = 1;
            }
        }
    }
    for (size_t c = 0; c < cells; c++) g->start[c + 1] += g->start[c];
    for (uint32_t i = 0; i < n; i++) {
        uint32_t at = g->start[g->cell[i]]++;
        g->order[at] = i;
    }
    for (size_t c = cells; c > 0; c--) g->start[c] = g->start[c - 1];  /* back to the cells' starts */
    g->start[0] = 0;
    for (uint32_t at = 0; at < n; at++) {
        g->at[at].r = position_now(w, g->order[at]);
        g->at[at].half_sigma = 0.5 * w->p[g->order[at]].sigma;  /* h_i + h_k = (s_i + s_k) / 2 exactly */
    }
    /* each pair once (the one earlier in grid order finds it), in the 3 x 3 x 3 cells around */
    for (uint32_t at = 0; at < n; at++) {
        uint32_t i = g->order[at], c = g->cell[i];
        uint32_t cx = c % g->n[0], cy = (c / g->n[0]) % g->n[1], cz = c / g->n[0] / g->n[1];
        uint32_t nx[3], ny[3], nz[3];
        int mx = grid_neighbours(g, w->periodic, 0, cx, nx), my = grid_neighbours(g, w->periodic, 1, cy, ny),
            mz = grid_neighbours(g, w->periodic, 2, cz, nz);
        for (int z = 0; z < mz; z++)
            for (int y = 0; y < my; y++)
                for (int x = 0; x < mx; x++) {
                    uint32_t d = nx[x] + g->n[0] * (ny[y] + g->n[1] * nz[z]);
                    for (uint32_t bt = g->start[d] > at ? g->start[d] : at + 1; bt < g->start[d + 1]; bt++) {
                        vec3 sep = min_image(w, v3_sub(g->at[at].r, g->at[bt].r));
                        double s = g->at[at].half_sigma + g->at[bt].half_sigma, r2 = v3_dot(sep, sep);
                        if (r2 < s * s) {
                            pair_count++;
                            double depth = (s - sqrt(r2)) / w->cfg.diameter;
                            if (depth > deep) deep = depth;
                            flags[i] = 1; flags[g->order[bt]] = 1;
                        }
                    }
                }
    }
    g->pairs = pair_count;
    g->planes = np;
    g->fell = nf;
    g->deepest = deep;
    g->at_events = w->events;
    g->at_time = w->time;
    g->valid = 1;
}

void edpd_get_overlap_flags(const edpd_world *w, uint8_t *out) { overlaps_now(w, NULL, NULL, NULL, NULL, out); }

/* The integral of KE dt over the measurement window up to t (KE is constant since ke_time). */
static double ke_integral_at(const struct edpd_world *w, double t) { return w->ke_integral + w->ke * (t - w->ke_time); }

void edpd_get_stats(const edpd_world *w, edpd_stats *s) {
    memset(s, 0, sizeof *s);
    s->time = w->time;
    s->events = w->events;
    s->collisions = w->collisions;
    s->plane_impacts = w->plane_impacts;
    s->cell_crossings = w->cell_crossings;
    s->list_rebuilds = w->list_rebuilds;
    s->stale_events = w->stale_events;
    s->stabilizing_events = w->stabilizing_events;
    s->negative_dt_events = w->negative_dt_events;
    s->three_body_events = w->three_body_events;
    s->three_body_collisions = w->three_body_collisions;
    s->ignored_undefined = w->ignored_undefined;
    s->first_failure_event = w->first_failure_event;
    s->halted_particles = w->halted;
    s->resting_particles = w->resting;
    overlaps_now(w, &s->overlapping_pairs, &s->plane_overlaps, &s->fell_through, &s->max_overlap, NULL);

    double twice_ke = 0.0;
    for (uint32_t i = 0; i < w->n; i++) {
        vec3 r, v;
        particle_at(w, &w->p[i], particle_clock(w, &w->p[i]), &r, &v);
        twice_ke += w->p[i].mass * v3_dot(v, v);
    }
    s->kinetic_energy = 0.5 * twice_ke;
    s->captures = w->captures;
    s->releases = w->releases;
    s->step_bounces = w->step_bounces;
    s->inward_stabilizing_events = w->stabilizing_in;
    s->outward_stabilizing_events = w->stabilizing_out;
    s->thermostat_kicks = w->kicks;
    s->potential_energy = w->pe;
    s->total_energy = s->kinetic_energy + w->pe;
    s->energy_drift = s->total_energy - w->e0;
    steps_scan(w, &s->positions_potential_energy, &s->disagreeing_pairs, &s->rounding_pairs);
    s->temperature = twice_ke / (w->dim * (double)w->n);
    /* Collision virial: Z = PV/(N kT) = 1 + sum(r_ij.dp_i) / (dim N <kT> t) = 1 + W / (2 int KE dt). */
    double elapsed = w->time - w->measure_t0;
    double ke_int = ke_integral_at(w, w->time);
    s->pressure_z = (!w->has_gravity && w->plane_count == 0 && ke_int > 0.0) ? 1.0 + w->virial / (2.0 * ke_int) : NAN;
    s->pressure_z_error = isnan(s->pressure_z) ? NAN : z_blocks_error(w);
    uint64_t coll = w->collisions - w->measure_collisions0;
    s->mean_free_time = coll > 0 ? (double)w->n * elapsed / (2.0 * (double)coll) : NAN;
    s->state_hash = edpd_state_hash(w);
}

/* Start a new measurement window for pressure and mean free time (e.g. after equilibration). */
void edpd_reset_measurements(edpd_world *w) {
    w->virial = 0.0;
    w->ke_integral = 0.0;
    w->ke_time = w->time;
    w->measure_t0 = w->time;
    w->measure_collisions0 = w->collisions;
    z_blocks_start(w);
}

/* ---- Z's standard error: block averages -------------------------------------------------- */

/* The first blocks are short (tau doubles as the run goes on); 2^-10 time units is far below a
 * mean free time at any density a fluid has. */
#define Z_TAU0 (1.0 / 1024.0)

/* Edge k lies at t0 + k tau; the next one to pass is edge `count`. */
static double next_edge(const z_blocks *b) { return b->t0 + b->count * b->tau; }

void z_blocks_start(struct edpd_world *w) {
    z_blocks *b = &w->zb;
    b->t0 = w->time;
    b->tau = Z_TAU0;
    b->count = 1;
    b->virial[0] = w->virial;
    b->ke_int[0] = ke_integral_at(w, w->time);
    b->end = next_edge(b);
}

/* Called from the impact code when the clock is at or past zb.end, before the impact's own
 * virial is added: the cumulative sums now are their values at every edge passed since the last
 * impact (the virial changes only at impacts; the KE integral grows linearly in between). */
void z_blocks_cross(struct edpd_world *w) {
    z_blocks *b = &w->zb;
    while (w->time >= b->end) {
        if (b->count == Z_BLOCKS_MAX + 1) {  /* full: merge pairs, blocks twice as long */
            for (int k = 1; 2 * k <= Z_BLOCKS_MAX; k++) { b->virial[k] = b->virial[2 * k]; b->ke_int[k] = b->ke_int[2 * k]; }
            b->count = Z_BLOCKS_MAX / 2 + 1;
            b->tau *= 2.0;
        } else {
            b->virial[b->count] = w->virial;
            b->ke_int[b->count] = ke_integral_at(w, b->end);
            b->count++;
        }
        b->end = next_edge(b);  /* from t0, without drift */
        if (!isfinite(b->end)) break;
    }
}

/* Standard error of Z over the complete blocks: each block's Z_b = 1 + W_b / (2 K_b), weighted
 * by its KE integral K_b (the whole window's Z is the K-weighted mean of the blocks'), the
 * ratio estimator's variance sum (K_b / K)^2 (Z_b - Z)^2 * B / (B - 1). NaN below 16 blocks. */
double z_blocks_error(const struct edpd_world *w) {
    const z_blocks *b = &w->zb;
    int blocks = b->count - 1;
    if (blocks < Z_BLOCKS_MAX / 2) return NAN;
    double wsum = b->virial[blocks] - b->virial[0], ksum = b->ke_int[blocks] - b->ke_int[0];
    if (!(ksum > 0.0)) return NAN;
    double zmean = 1.0 + wsum / (2.0 * ksum), var = 0.0;
    for (int k = 0; k < blocks; k++) {
        double kb = b->ke_int[k + 1] - b->ke_int[k], wb = b->virial[k + 1] - b->virial[k];
        if (!(kb > 0.0)) return NAN;
        double zb = 1.0 + wb / (2.0 * kb), f = kb / ksum;
        var += f * f * (zb - zmean) * (zb - zmean);
    }
    return sqrt(var * blocks / (blocks - 1));
}

/* ---- invariants ------------------------------------------------------------------------ */

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

int world_check_invariants(const struct edpd_world *w, char *msg, size_t len) {
    if (w->events != w->collisions + w->plane_impacts + w->cell_crossings + w->list_rebuilds + w->soft_impacts) {
        snprintf(msg, len, "events %llu != collisions + plane impacts + crossings + rebuilds + step events + kicks", (unsigned long long)w->events);
        return 0;
    }
    if (!nl_check(w, msg, len)) return 0;
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
        particle_at(w, &w->p[i], particle_clock(w, &w->p[i]), &r, &v);
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
            double u = pl->normal[0] * v.x + pl->normal[1] * v.y + pl->normal[2] * v.z;
            double scale = fmax(1.0, fmax(fabs(r.x), fmax(fabs(r.y), fabs(r.z))));
            if (plane_gap(pl, r, w->p[i].sigma) < -64.0 * DBL_EPSILON * scale && u < 0.0 && w->p[i].ev_t > w->time) {
                snprintf(msg, len, "stable: particle %u sinks into plane %u with no impact pending", i, k);
                return 0;
            }
        }
    }
    return 1;
}
