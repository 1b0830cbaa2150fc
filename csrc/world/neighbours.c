/* Neighbour lists with moving shells (see neighbours.h). */
#include "world/world.h"
#include "base/memory.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Shell thickness in diameters. Thinner shells mean shorter lists but more rebuilds; 0.5 is
 * near the best of `edpd bench` at n sigma^3 = 0.5 and 0.9. A 3-D square well's lists reach
 * 1.5 sigma before the shell, so their length grows faster with it, and a thinner shell pays
 * there (in 2-D, where a list grows with the square of its reach, it does not). */
#define NL_SHELL 0.5
#define NL_SHELL_STEPS_3D 0.3

/* Automatic choice: lists pay once a prediction would otherwise scan many particles. By
 * `edpd bench` (docs/performance.md): in 3-D cells are as fast up to n sigma^3 ~ 0.62 (phi ~ 0.33), lists above;
 * in 2-D (9 cells instead of 27) up to n sigma^2 ~ 0.78 (phi ~ 0.61). */
/* ... and for diameters within this ratio: the shell is a fraction of the largest, so a small
 * sphere's list grows with the ratio. The AB6 mixture of diameters 1 and 0.43 (a ratio of 2.33)
 * compresses 3 times as fast on lists as on cells (its cells are sized for the large spheres). */
#define NL_AUTO_SIZE_RATIO 2.5
#define NL_AUTO_PHI_3D 0.33
#define NL_AUTO_PHI_2D 0.62
/* Below the automatic threshold for lists (a square well's, or lists asked for), flights cross
 * much of the shell between impacts: a rebuilt list's centre then sits this fraction of the
 * exit radius ahead of the particle, so that it crosses the shell from near one side to the
 * other before it leaves, and rebuilds less often. Not in a dense liquid: there a particle
 * wanders about its shell and, started off-centre, would leave it sooner. */
#define NL_LEAD 0.8

void ed_nl_configure(struct edpd_world *w) {
    neighbour_lists *nl = &w->nl;
    memset(nl, 0, sizeof *nl);
    nl->scale = 1.0;
    double min_sigma = INFINITY, filled = 0.0, grown = grow_factor(w, w->time);
    for (uint32_t i = 0; i < w->n; i++) {
        double s = w->p[i].sigma * grown;
        if (s < min_sigma) min_sigma = s;
        filled += w->dim == 3 ? s * s * s * (3.14159265358979323846 / 6.0) : s * s * (3.14159265358979323846 / 4.0);
    }
    double phi = filled / (w->box[0] * w->box[1] * (w->dim == 3 ? w->box[2] : 1.0));
    switch (w->cfg.neighbours) {
    case EDPD_NEIGHBOURS_CELLS: nl->on = 0; break;
    case EDPD_NEIGHBOURS_LISTS: nl->on = !w->has_gravity; break;  /* validated: no gravity */
    default:  /* a stepped potential's cell block is reach^3 larger: lists pay at any density (a
               * compression takes them up at a regrid, once it has grown dense) */
        nl->on = !w->has_gravity && w->max_sigma * grown <= NL_AUTO_SIZE_RATIO * min_sigma &&
                 (w->pot.count > 0 || phi >= (w->dim == 3 ? NL_AUTO_PHI_3D : NL_AUTO_PHI_2D));
    }
    if (!nl->on) return;
    if (w->growth != 0.0) nl->scale = GROWTH_ROOM * grown;
    double delta = (w->pot.count && w->dim == 3 ? NL_SHELL_STEPS_3D : NL_SHELL) * w->max_sigma * grown;
    /* A pair of listed particles is at most sigma + 2 delta apart; below half a periodic edge
     * the minimum image at prediction time is the image they meet in. */
    for (int a = 0; a < 3; a++)
        if (w->periodic[a]) {
            double limit = 0.9 * (0.5 * w->box[a] - w->max_sigma * nl->scale * w->pot.reach) / 2.0;
            if (delta > limit) delta = limit;
        }
    nl->delta = delta;
    nl->lead = phi < (w->dim == 3 ? NL_AUTO_PHI_3D : NL_AUTO_PHI_2D) ? NL_LEAD : 0.0;
    nl->exit_radius = 0.5 * delta * (1.0 - 1e-9);
}

void ed_nl_free(neighbour_lists *nl) {
    free(nl->idx); free(nl->count); free(nl->centre); free(nl->scratch); free(nl->stamp);
    nl->idx = NULL; nl->count = NULL; nl->centre = NULL; nl->scratch = NULL; nl->stamp = NULL;
}

/* Room for `need` entries per particle: the capacity doubles, lists move to their new slots. */
static int grow(neighbour_lists *nl, uint32_t need) {
    if (need <= nl->cap) return 0;
    uint32_t cap = nl->cap ? nl->cap : 8;
    while (cap < need) cap *= 2;
    if ((uint64_t)cap * nl->n > SIZE_MAX / sizeof(int32_t) / 2) return -1;
    int32_t *idx = ed_big_alloc(sizeof(int32_t) * (size_t)cap * nl->n);
    if (!idx) return -1;
    if (nl->idx)
        for (uint32_t i = 0; i < nl->n; i++)
            memcpy(idx + (size_t)i * cap, nl->idx + (size_t)i * nl->cap, sizeof(int32_t) * nl->count[i]);
    free(nl->idx);
    nl->idx = idx;
    nl->cap = cap;
    return 0;
}

static inline int32_t *list_of(const neighbour_lists *nl, uint32_t i) { return nl->idx + (size_t)i * nl->cap; }

/* The box as the reach tests use it: in locals (read through w, gcc reloads it after every
 * store to an int32_t candidate array, which may alias w->periodic). */
typedef struct reach_box {
    int periodic[3];
    double L[3];
#ifdef __SSE2__
    v2d L_xy, half_xy;   /* L and L/2 on periodic axes, 0 and +inf on others (vec.h) */
    double L_z, half_z;
#endif
} reach_box;

static reach_box reach_box_of(const struct edpd_world *w) {
    reach_box b;
    double L[3], half[3];
    for (int a = 0; a < 3; a++) {
        b.periodic[a] = w->periodic[a]; b.L[a] = w->box[a];
        L[a] = w->periodic[a] ? w->box[a] : 0.0;
        half[a] = w->periodic[a] ? 0.5 * w->box[a] : INFINITY;
    }
#ifdef __SSE2__
    b.L_xy = (v2d){L[0], L[1]}; b.half_xy = (v2d){half[0], half[1]};
    b.L_z = L[2]; b.half_z = half[2];
#else
    (void)L; (void)half;
#endif
    return b;
}

/* Whether centre j lies within reach ri + reach_j of point c (the minimum image as
 * min_image_box(), packed and without branches where vec.h has v2d: the same result). */
static inline int within_reach(const nl_centre *centre, const reach_box *b, vec3 c, double ri, int32_t j) {
#ifdef __SSE2__
    v2d d_xy = v2_wrap((v2d){c.x, c.y} - v2_load(&centre[j].c.x), b->L_xy, b->half_xy);
    double d_z = wrap_branchless(c.z - centre[j].c.z, b->L_z, b->half_z);
    v2d d2 = d_xy * d_xy;
    double cut = ri + centre[j].reach;
    return (d2[0] + d2[1]) + d_z * d_z < cut * cut;
#else
    vec3 d = min_image_box(b->periodic, b->L, v3_sub(c, centre[j].c));
    double cut = ri + centre[j].reach;
    return v3_dot(d, d) < cut * cut;
#endif
}

/* The cells of a full 3x3x3 block around point c (ed_cells_block's order) that come within `cut`
 * of c: a corner cell does only if c lies near that corner (about half the time), an edge cell
 * about 3/4 of the time, so a rebuild tests about 20 cells' particles instead of 27. Only on
 * periodic axes (an open axis's edge cells reach out to infinity); conservative by a margin. */
static int cells_within(const cell_grid *g, const int base[3], vec3 c, double cut, uint32_t *cells, int count) {
    if (count != 27) return count;
    double far[3][3];  /* far[a][d + 1]: distance from c to the cell at offset d along axis a */
    for (int a = 0; a < 3; a++) {
        if (!g->periodic[a]) return count;
        double x = v3_get(c, a), lo = x - base[a] * g->width[a], hi = (base[a] + 1) * g->width[a] - x;
        far[a][0] = lo > 0.0 ? lo * lo : 0.0; far[a][1] = 0.0; far[a][2] = hi > 0.0 ? hi * hi : 0.0;
    }
    double cut2 = cut * cut * (1.0 + 1e-6);
    int m = 1, k = 1;  /* the base cell stays first */
    for (int dz = -1; dz <= 1; dz++)
        for (int dy = -1; dy <= 1; dy++)
            for (int dx = -1; dx <= 1; dx++) {
                if (!dx && !dy && !dz) continue;
                cells[m] = cells[k];  /* kept or overwritten: within reach is a coin toss for corners */
                m += far[0][dx + 1] + far[1][dy + 1] + far[2][dz + 1] < cut2;
                k++;
            }
    return m;
}

/* Particles j != i whose centres lie within sigma_ij + delta of point c (in cell block of c);
 * `prune`: skip the block's cells out of reach (cells_within), as rebuilds do; ed_nl_check
 * searches the whole block, so that it checks the pruning too. */
static uint32_t candidates(const struct edpd_world *w, uint32_t i, vec3 c, int32_t *out, int prune) {
    const neighbour_lists *nl = &w->nl;
    const cell_grid *g = &w->cells;
    int base[3] = {ed_cells_coord(g, 0, c.x), ed_cells_coord(g, 1, c.y), ed_cells_coord(g, 2, c.z)};
    uint32_t cells[27], m = 0;
    int count = ed_cells_block(g, base, -1, cells), overflow;
    if (prune) count = cells_within(g, base, c, nl->centre[i].reach + 0.5 * (w->max_sigma * nl->scale * w->pot.reach + nl->delta), cells, count);
    int32_t cand[27 * CELL_MAX_INLINE];
    /* the lines of the records, then of the centres, asked for together before any is read: a
     * rebuild otherwise waits on them a few at a time */
    for (int k = 0; k < count; k++) cells_request((cell_grid *)g, cells[k]);
    uint32_t nc = cells_gather(g, cells, count, (int32_t)i, cand, &overflow);
    const nl_centre *centre = nl->centre;
    for (uint32_t k = 0; k < nc; k++) mem_request(&centre[cand[k]]);
    const reach_box box = reach_box_of(w);
    double ri = centre[i].reach;
    for (uint32_t k = 0; k < nc; k++) {
        out[m] = cand[k];  /* kept or overwritten: no branch on the distance (one in six passes) */
        m += (uint32_t)within_reach(centre, &box, c, ri, cand[k]);
    }
    if (overflow)
        for (int k = 0; k < count; k++)
            for (int32_t j = cells_overflow(g, cells[k]); j >= 0; j = g->next[j])
                if ((uint32_t)j != i) { out[m] = j; m += (uint32_t)within_reach(centre, &box, c, ri, j); }
    return m;
}

int ed_nl_build(struct edpd_world *w) {
    neighbour_lists *nl = &w->nl;
    if (!nl->on) return 0;
    nl->n = w->n;
    nl->count = calloc(w->n, sizeof(uint32_t));
    nl->centre = ed_big_alloc(sizeof(nl_centre) * w->n);
    nl->scratch = malloc(sizeof(int32_t) * w->n);
    nl->stamp = calloc(w->n, sizeof(uint32_t));
    if (!nl->count || !nl->centre || !nl->scratch || !nl->stamp || grow(nl, 16) != 0) return -1;
    for (uint32_t i = 0; i < w->n; i++) {
        nl->centre[i].c = w->p[i].r;
        nl->centre[i].reach = 0.5 * (w->p[i].sigma * nl->scale * w->pot.reach + nl->delta);  /* a step's reach, or the core's */
    }
    for (uint32_t i = 0; i < w->n; i++) {
        uint32_t m = candidates(w, i, nl->centre[i].c, nl->scratch, 0);
        for (uint32_t k = 0; k < m; k++) {
            uint32_t j = (uint32_t)nl->scratch[k];
            if (j < i) continue;  /* each pair once, entered in both lists */
            uint32_t need = (nl->count[i] > nl->count[j] ? nl->count[i] : nl->count[j]) + 1;
            if (grow(nl, need) != 0) return -1;
            list_of(nl, i)[nl->count[i]++] = (int32_t)j;
            list_of(nl, j)[nl->count[j]++] = (int32_t)i;
        }
    }
    return 0;
}

int ed_nl_rebuild(struct edpd_world *w, uint32_t i, uint32_t *newcomers) {
    neighbour_lists *nl = &w->nl;
    /* In a dilute world the new centre leads the particle along its flight (nl->lead), so that
     * it crosses the shell from near one side to the other before it leaves. The centre is kept
     * in the particle's image (its exit time reads their difference); its cell, and the search,
     * use the one inside the box. */
    vec3 r = w->p[i].r, v = w->p[i].v, c = r, cw = r;  /* r: inside the box, as callers keep it */
    double v2 = v3_dot(v, v);
    if (nl->lead > 0.0 && v2 > 0.0) {
        c = v3_add(r, v3_scale(v, nl->lead * nl->exit_radius / sqrt(v2)));
        cw = wrap_into_box(w, c);
    }
    uint32_t m = candidates(w, i, cw, nl->scratch, 1);
    /* Room first, so that a failed allocation leaves the lists as they were. An old neighbour
     * is counted one too many here: at worst the capacity grows one step early. */
    uint32_t need = m;
    for (uint32_t k = 0; k < m; k++) {
        uint32_t cj = nl->count[nl->scratch[k]] + 1;
        if (cj > need) need = cj;
    }
    if (grow(nl, need) != 0) return -1;

    /* Only the neighbours that come or go change lists (a few per rebuild): stamp the old ones
     * with e, those also in the new list with e + 1. */
    if (nl->epoch >= UINT32_MAX - 4) { memset(nl->stamp, 0, sizeof(uint32_t) * nl->n); nl->epoch = 0; }
    uint32_t e = nl->epoch += 2, old = nl->count[i];
    int32_t *li = list_of(nl, i);
    for (uint32_t k = 0; k < old; k++) nl->stamp[li[k]] = e;
    for (uint32_t k = 0; k < m; k++) {
        uint32_t j = (uint32_t)nl->scratch[k];
        if (nl->stamp[j] == e) nl->stamp[j] = e + 1;
        else list_of(nl, j)[nl->count[j]++] = (int32_t)i;  /* a new neighbour */
    }
    for (uint32_t k = 0; k < old; k++) {
        uint32_t j = (uint32_t)li[k];
        if (nl->stamp[j] != e) continue;
        int32_t *lj = list_of(nl, j);  /* gone: i leaves j's list */
        uint32_t cj = nl->count[j];
        for (uint32_t s = 0; s < cj; s++)
            if (lj[s] == (int32_t)i) { lj[s] = lj[cj - 1]; break; }
        nl->count[j] = cj - 1;
    }
    memcpy(li, nl->scratch, sizeof(int32_t) * m);
    uint32_t fresh = 0;  /* the newcomers, in list order, to the front of scratch */
    for (uint32_t k = 0; k < m; k++)
        if (nl->stamp[li[k]] != e + 1) nl->scratch[fresh++] = li[k];
    *newcomers = fresh;
    nl->count[i] = m;
    nl->centre[i].c = c;
    cell_grid *g = &w->cells;
    uint32_t cell = cells_of_point(g, cw.x, cw.y, cw.z);
    particle *q = &w->p[i];
    if ((int32_t)cell != q->cell) { ed_cells_remove(g, (int32_t)i, (uint32_t)q->cell); particle_set_cell(q, g, cell); ed_cells_insert(g, (int32_t)i, cell); }
    return 0;
}

void ed_nl_forget(struct edpd_world *w, uint32_t i) {
    neighbour_lists *nl = &w->nl;
    if (!nl->on) return;
    const int32_t *li = list_of(nl, i);
    for (uint32_t k = 0; k < nl->count[i]; k++) {
        uint32_t j = (uint32_t)li[k];
        int32_t *lj = list_of(nl, j);
        uint32_t cj = nl->count[j];
        for (uint32_t s = 0; s < cj; s++)
            if (lj[s] == (int32_t)i) { lj[s] = lj[cj - 1]; nl->count[j] = cj - 1; break; }
    }
    nl->count[i] = 0;
}

static int listed(const neighbour_lists *nl, uint32_t i, uint32_t j) {
    const int32_t *l = list_of(nl, i);
    for (uint32_t k = 0; k < nl->count[i]; k++) if (l[k] == (int32_t)j) return 1;
    return 0;
}

int ed_nl_check(const struct edpd_world *w, char *msg, size_t len) {
    const neighbour_lists *nl = &w->nl;
    if (!nl->on) return 1;
    for (uint32_t i = 0; i < w->n; i++) {
        const int32_t *l = list_of(nl, i);
        for (uint32_t k = 0; k < nl->count[i]; k++) {
            if (l[k] < 0 || (uint32_t)l[k] >= w->n || (uint32_t)l[k] == i || !listed(nl, (uint32_t)l[k], i) || w->p[l[k]].state) {
                snprintf(msg, len, "neighbour list of %u: entry %d is invalid, not mutual or frozen", i, l[k]);
                return 0;
            }
        }
        if (w->p[i].state) continue;  /* frozen: in no list and no cell (ed_nl_forget) */
        /* every pair with overlapping shells is listed (the scratch buffer is the world's own
         * spare memory; checks run between events) */
        uint32_t m = candidates(w, i, nl->centre[i].c, nl->scratch, 0);
        for (uint32_t k = 0; k < m; k++)
            if (!listed(nl, i, (uint32_t)nl->scratch[k])) {
                snprintf(msg, len, "neighbour lists: close pair %u-%d is not listed", i, nl->scratch[k]);
                return 0;
            }
        /* inside its shell (a naive-rewind clock running backwards may break this: stable only) */
        if (w->cfg.detector == EDPD_DETECTOR_STABLE) {
            vec3 r, v;
            particle_at(w, &w->p[i], w->time, &r, &v);
            vec3 d = v3_sub(r, nl->centre[i].c);
            double lim = 0.5 * nl->delta;
            if (v3_dot(d, d) > lim * lim) {
                snprintf(msg, len, "particle %u left its neighbour shell (%g > %g)", i, sqrt(v3_dot(d, d)), lim);
                return 0;
            }
        }
    }
    return 1;
}
