/* Overlaps now: a scan that trusts only the positions.
 * The event loop's cells would find the same pairs while its bookkeeping holds. But a diagnostic
 * must not depend on the dynamics it diagnoses: a naive-rewind clock running backwards leaves
 * particles registered in cells they have long left, and that scan found 74 of the 1839 pairs
 * overlapping in the 2-D granular gas at t = 100 (tests/js/snapshot.test.js counts all pairs of
 * the dumped state). So each scan sorts the positions into a grid of its own. */
#include "measure/overlaps.h"
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

int ed_overlap_grid_init(struct edpd_world *w) {
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

void ed_overlap_grid_free(overlap_grid *g) {
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
void ed_overlaps_now(const edpd_world *w, uint32_t *pairs, uint32_t *planes, uint32_t *fell,
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

/* A compression's spheres outgrow the grid made for them at creation: fewer, wider cells (the
 * memory made for more suffices). */
static void refit_grid(const struct edpd_world *w, overlap_grid *g) {
    double need = w->max_sigma * grow_factor(w, w->time);
    for (int a = 0; a < 3; a++)
        if (g->n[a] > 1 && g->width[a] < need) {
            double k = floor(w->box[a] / need);
            g->n[a] = k >= 1.0 ? (uint32_t)k : 1u;
            g->width[a] = w->box[a] / g->n[a];
        }
}

static void overlap_scan(const struct edpd_world *w) {
    overlap_grid *g = w->og;
    if (w->growth != 0.0) refit_grid(w, g);
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
            double sigma = sigma_at(w, &w->p[i], w->time);
            double gap = plane_gap(&w->planes[plane_met(w, i, j)], r, sigma, w->time);
            if (gap < -sigma) { nf++; flags[i] = 1; }  /* entirely beyond the plane: drawn as failed too */
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
        g->at[at].half_sigma = 0.5 * sigma_at(w, &w->p[g->order[at]], w->time);  /* h_i + h_k = (s_i + s_k) / 2 exactly (without growth) */
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

void edpd_get_overlap_flags(const edpd_world *w, uint8_t *out) { ed_overlaps_now(w, NULL, NULL, NULL, NULL, out); }
