/* The contact network of a packing (edpd_get_contacts): the pairs within a relative gap of
 * contact, found on a grid of its own, and the rattlers taken out one round after another (a
 * particle with fewer than dim + 1 contacts is not held in place; removing it can loosen
 * another). At jamming the rest is isostatic: 2 dim contacts per particle on average. */
#include "world/world.h"
#include "base/error.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct contact_grid { uint32_t n[3]; double width[3]; uint32_t *start, *order; } contact_grid;

static uint32_t coord(const contact_grid *g, int a, double x) {
    double k = floor(x / g->width[a]);
    if (!(k >= 0.0)) return 0;
    return k < (double)g->n[a] ? (uint32_t)k : g->n[a] - 1;
}
static uint32_t cell_of(const contact_grid *g, vec3 r) {
    return coord(g, 0, r.x) + g->n[0] * (coord(g, 1, r.y) + g->n[1] * coord(g, 2, r.z));
}

/* Cells at least `reach` wide, 3 or more on a periodic axis (else one: the minimum image then
 * meets each pair once); particles sorted by cell. -1 out of memory. */
static int grid_build(const struct edpd_world *w, const vec3 *r, double reach, contact_grid *g) {
    size_t cells = 1;
    for (int a = 0; a < 3; a++) {
        double k = floor(w->box[a] / reach);
        g->n[a] = k >= 3.0 ? (k < 1024.0 ? (uint32_t)k : 1024u) : 1u;
        if (a == 2 && w->dim == 2) g->n[a] = 1;
        g->width[a] = w->box[a] / g->n[a];
        cells *= g->n[a];
    }
    g->start = calloc(cells + 1, sizeof(uint32_t));
    g->order = malloc(sizeof(uint32_t) * (w->n ? w->n : 1));
    if (!g->start || !g->order) return -1;
    for (uint32_t i = 0; i < w->n; i++) g->start[cell_of(g, r[i]) + 1]++;
    for (size_t c = 0; c < cells; c++) g->start[c + 1] += g->start[c];
    uint32_t *fill = malloc(sizeof(uint32_t) * (cells + 1));
    if (!fill) return -1;
    memcpy(fill, g->start, sizeof(uint32_t) * (cells + 1));
    for (uint32_t i = 0; i < w->n; i++) g->order[fill[cell_of(g, r[i])]++] = i;
    free(fill);
    return 0;
}

typedef struct pair_list { uint32_t *ij; size_t count, cap; } pair_list;

static int pair_add(pair_list *l, uint32_t i, uint32_t j) {
    if (l->count == l->cap) {
        size_t cap = l->cap ? 2 * l->cap : 1024;
        uint32_t *grown = realloc(l->ij, sizeof(uint32_t) * 2 * cap);
        if (!grown) return -1;
        l->ij = grown; l->cap = cap;
    }
    l->ij[2 * l->count] = i; l->ij[2 * l->count + 1] = j;
    l->count++;
    return 0;
}

/* Particle i's contacts with the particles after it in the cells around its own. */
static int contacts_of(const struct edpd_world *w, const contact_grid *g, const vec3 *r, const double *sigma, double gap,
                       uint32_t i, pair_list *out) {
    uint32_t c[3] = {coord(g, 0, r[i].x), coord(g, 1, r[i].y), coord(g, 2, r[i].z)};
    for (int dz = -1; dz <= 1; dz++)
        for (int dy = -1; dy <= 1; dy++)
            for (int dx = -1; dx <= 1; dx++) {
                int d[3] = {dx, dy, dz};
                uint32_t k[3];
                int skip = 0;
                for (int a = 0; a < 3; a++) {
                    if (g->n[a] == 1) { skip |= d[a] != 0; k[a] = 0; continue; }
                    int64_t x = (int64_t)c[a] + d[a];
                    if (x < 0 || x >= (int64_t)g->n[a]) {
                        if (!w->periodic[a]) { skip = 1; continue; }
                        x = (x + g->n[a]) % g->n[a];
                    }
                    k[a] = (uint32_t)x;
                }
                if (skip) continue;
                uint32_t cell = k[0] + g->n[0] * (k[1] + g->n[1] * k[2]);
                for (uint32_t at = g->start[cell]; at < g->start[cell + 1]; at++) {
                    uint32_t j = g->order[at];
                    if (j <= i) continue;
                    vec3 dr = min_image(w, v3_sub(r[i], r[j]));
                    double s = 0.5 * (sigma[i] + sigma[j]), reach = s * (1.0 + gap);
                    if (v3_dot(dr, dr) < reach * reach && pair_add(out, i, j) != 0) return -1;
                }
            }
    return 0;
}

/* Rattlers out, round after round: counts[] ends as each particle's contacts with non-rattlers. */
static uint32_t remove_rattlers(const struct edpd_world *w, const pair_list *l, uint32_t *counts, uint8_t *rattler) {
    uint32_t removed = 0;
    for (int changed = 1; changed;) {
        changed = 0;
        for (uint32_t i = 0; i < w->n; i++)
            if (!rattler[i] && counts[i] < (uint32_t)w->dim + 1) { rattler[i] = 1; removed++; changed = 1; }
        if (!changed) break;
        memset(counts, 0, sizeof(uint32_t) * w->n);
        for (size_t k = 0; k < l->count; k++) {
            uint32_t i = l->ij[2 * k], j = l->ij[2 * k + 1];
            if (!rattler[i] && !rattler[j]) { counts[i]++; counts[j]++; }
        }
    }
    return removed;
}

edpd_code edpd_get_contacts(const edpd_world *w, double gap, edpd_contacts *out, uint32_t *counts, uint32_t *pairs, uint32_t cap, edpd_error *err) {
    if (!w || !out) return ed_set_error(err, EDPD_ERR_INVALID, !w ? "world" : "out", "is NULL");
    if (!(gap >= 0.0 && gap <= 0.5)) return ed_set_error(err, EDPD_ERR_INVALID, "gap", "must be in [0, 0.5] (a gap relative to the contact distance), got %g", gap);
    memset(out, 0, sizeof *out);
    vec3 *r = malloc(sizeof(vec3) * (w->n ? w->n : 1));
    double *sigma = malloc(sizeof(double) * (w->n ? w->n : 1)), largest = 0.0;
    uint32_t *n_of = calloc(w->n ? w->n : 1, sizeof(uint32_t));
    uint8_t *rattler = calloc(w->n ? w->n : 1, 1);
    contact_grid g = {{0}, {0}, NULL, NULL};
    pair_list l = {NULL, 0, 0};
    edpd_code code = EDPD_OK;
    if (!r || !sigma || !n_of || !rattler) { code = EDPD_ERR_MEMORY; goto done; }
    for (uint32_t i = 0; i < w->n; i++) {
        r[i] = position_now(w, i);
        sigma[i] = sigma_at(w, &w->p[i], w->time);
        if (sigma[i] > largest) largest = sigma[i];
    }
    if (grid_build(w, r, largest * (1.0 + gap), &g) != 0) { code = EDPD_ERR_MEMORY; goto done; }
    for (uint32_t i = 0; i < w->n; i++)
        if (contacts_of(w, &g, r, sigma, gap, i, &l) != 0) { code = EDPD_ERR_MEMORY; goto done; }
    for (size_t k = 0; k < l.count; k++) { n_of[l.ij[2 * k]]++; n_of[l.ij[2 * k + 1]]++; }
    out->rattlers = remove_rattlers(w, &l, n_of, rattler);
    uint64_t sum = 0;
    for (uint32_t i = 0; i < w->n; i++) if (!rattler[i]) sum += n_of[i];
    out->contacts = (uint32_t)(sum / 2);
    out->mean_contacts = w->n > out->rattlers ? (double)sum / (double)(w->n - out->rattlers) : 0.0;
    if (counts) for (uint32_t i = 0; i < w->n; i++) counts[i] = rattler[i] ? 0 : n_of[i];
    if (pairs) {
        uint32_t m = 0;
        for (size_t k = 0; k < l.count && m < cap; k++) {
            uint32_t i = l.ij[2 * k], j = l.ij[2 * k + 1];
            if (rattler[i] || rattler[j]) continue;
            pairs[2 * m] = i; pairs[2 * m + 1] = j; m++;
        }
    }
done:
    if (code == EDPD_ERR_MEMORY) ed_set_error(err, EDPD_ERR_MEMORY, "n", "out of memory for the contact network of %u particles", w->n);
    free(r); free(sigma); free(n_of); free(rattler); free(g.start); free(g.order); free(l.ij);
    return code;
}
