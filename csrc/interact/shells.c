/* Stepped pair potentials (steps.h): the shells, the pairs' logical states, the events at a step. */
#include "world/world.h"
#include "engine/events.h"
#include "engine/predict.h"
#include "base/memory.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

void shells_from_config(shells *s, const edpd_config *c, double sigma_one) {
    memset(s, 0, sizeof *s);
    if (c->potential == EDPD_POTENTIAL_SQUARE_WELL) {
        s->count = 1;
        s->radius[0] = c->well_width;
        s->energy[0] = -c->well_depth;
    } else if (c->potential == EDPD_POTENTIAL_STEPS) {
        s->count = c->step_count;
        for (uint32_t k = 0; k < c->step_count; k++) { s->radius[k] = c->steps[k].radius; s->energy[k] = c->steps[k].energy; }
    }
    s->energy[s->count] = 0.0;
    s->reach = s->count ? s->radius[s->count - 1] : 1.0;
    s->sigma_one = sigma_one;
    for (uint32_t k = 0; k <= s->count; k++) shell_edges2(s, k, sigma_one, s->edge2[k]);
    double reach = s->reach * sigma_one;
    s->near2 = reach * reach * (1.0 + 1e-6);
}

/* ---- bonds ------------------------------------------------------------------------------- */

int bonds_init(bond_lists *b, uint32_t n, uint32_t outermost) {
    memset(b, 0, sizeof *b);
    b->n = n;
    b->cap = 8;
    b->partner = big_alloc(sizeof(int32_t) * (size_t)b->cap * n);
    b->shell = big_alloc((size_t)b->cap * n);
    b->count = calloc(n ? n : 1, sizeof(uint32_t));
    b->map = malloc(n ? n : 1);
    if (!b->partner || !b->shell || !b->count || !b->map) return -1;
    memset(b->map, (int)outermost, n);
    return 0;
}

void bonds_free(bond_lists *b) {
    free(b->partner); free(b->shell); free(b->count); free(b->map);
    b->partner = NULL; b->shell = NULL; b->count = NULL; b->map = NULL;
}

/* Twice the capacity, every list moved to its new place; -1 (nothing changed) out of memory. */
static int bonds_grow(bond_lists *b) {
    uint32_t cap = 2 * b->cap;
    int32_t *partner = big_alloc(sizeof(int32_t) * (size_t)cap * b->n);
    uint8_t *shell = big_alloc((size_t)cap * b->n);
    if (!partner || !shell) { free(partner); free(shell); return -1; }
    for (uint32_t i = 0; i < b->n; i++) {
        memcpy(partner + (size_t)i * cap, b->partner + (size_t)i * b->cap, sizeof(int32_t) * b->count[i]);
        memcpy(shell + (size_t)i * cap, b->shell + (size_t)i * b->cap, b->count[i]);
    }
    free(b->partner); free(b->shell);
    b->partner = partner; b->shell = shell; b->cap = cap;
    return 0;
}

/* Sets i's entry for j (one side of the pair): returns 1 if it added one, -1 if it removed one. */
static int bond_side(bond_lists *b, uint32_t outermost, uint32_t i, uint32_t j, uint32_t shell) {
    int32_t *l = b->partner + (size_t)i * b->cap;
    uint8_t *s = b->shell + (size_t)i * b->cap;
    uint32_t m = b->count[i];
    for (uint32_t k = 0; k < m; k++)
        if (l[k] == (int32_t)j) {
            if (shell != outermost) { s[k] = (uint8_t)shell; return 0; }
            l[k] = l[m - 1]; s[k] = s[m - 1];  /* gone: the last takes its place */
            b->count[i] = m - 1;
            return -1;
        }
    if (shell == outermost) return 0;
    l[m] = (int32_t)j; s[m] = (uint8_t)shell;
    b->count[i] = m + 1;
    return 1;
}

int bond_set(bond_lists *b, uint32_t outermost, uint32_t i, uint32_t j, uint32_t shell) {
    if (shell != outermost && (b->count[i] == b->cap || b->count[j] == b->cap) && bonds_grow(b) != 0) return -1;
    int added = bond_side(b, outermost, i, j, shell);
    bond_side(b, outermost, j, i, shell);
    b->pairs += added;
    return 0;
}

/* ---- creation ---------------------------------------------------------------------------- */

int steps_start(struct edpd_world *w, const edpd_config *cfg) {
    w->pe = 0.0;
    if (w->pot.count == 0) return 0;
    if (bonds_init(&w->bonds, w->n, w->pot.count) != 0) return -1;
    for (uint32_t i = 0; i < w->n; i++) {
        uint32_t block[27];
        for (int c = 0, count = cells_around(&w->cells, (uint32_t)w->p[i].cell, block); c < count; c++) {
            int32_t k;
            CELLS_FOR_EACH(&w->cells, block[c], k) {
                if ((uint32_t)k <= i) continue;
                vec3 d = min_image(w, v3_sub(w->p[i].r, w->p[k].r));
                uint32_t s = shell_of_distance(&w->pot, v3_dot(d, d), 0.5 * (w->p[i].sigma + w->p[k].sigma));
                if (s == w->pot.count) continue;
                if (bond_set(&w->bonds, w->pot.count, i, (uint32_t)k, s) != 0) return -1;
                w->pe += w->pot.energy[s];
            }
        }
    }
    for (uint32_t k = 0; k < cfg->bond_count; k++) {  /* validated: particles and shells in range */
        const uint32_t *b = cfg->bonds + 3 * (size_t)k;
        uint32_t was = bond_shell(&w->bonds, w->pot.count, b[0], b[1]);
        if (bond_set(&w->bonds, w->pot.count, b[0], b[1], b[2]) != 0) return -1;
        w->pe += w->pot.energy[b[2]] - w->pot.energy[was];
    }
    return 0;
}

/* One pair's exception: its logical shell, if it differs from the distance's at pos. */
static void exception(const struct edpd_world *w, const double *pos, uint32_t i, uint32_t j, uint32_t *out, uint32_t cap, uint32_t *m) {
    vec3 d = min_image(w, v3(pos[3 * i] - pos[3 * j], pos[3 * i + 1] - pos[3 * j + 1], pos[3 * i + 2] - pos[3 * j + 2]));
    uint32_t s = shell_of_distance(&w->pot, v3_dot(d, d), 0.5 * (w->p[i].sigma + w->p[j].sigma));
    uint32_t l = bond_shell(&w->bonds, w->pot.count, i, j);
    if (s == l) return;
    if (*m < cap) { out[3 * *m] = i < j ? i : j; out[3 * *m + 1] = i < j ? j : i; out[3 * *m + 2] = l; }
    (*m)++;
}

uint32_t steps_exceptions(const struct edpd_world *w, const double *pos, uint32_t *out, uint32_t cap) {
    uint32_t m = 0;
    if (w->pot.count == 0) return 0;
    for (uint32_t i = 0; i < w->n; i++) {
        if (w->p[i].state) continue;
        uint32_t block[27];
        for (int c = 0, count = cells_around(&w->cells, (uint32_t)w->p[i].cell, block); c < count; c++) {
            int32_t k;
            CELLS_FOR_EACH(&w->cells, block[c], k)
                if ((uint32_t)k > i) exception(w, pos, i, (uint32_t)k, out, cap, &m);
        }
    }
    /* bonded pairs outside each other's cells: beyond every step by their distance */
    for (uint32_t i = 0; i < w->n; i++)
        for (uint32_t k = 0; k < w->bonds.count[i]; k++) {
            uint32_t j = (uint32_t)w->bonds.partner[(size_t)i * w->bonds.cap + k];
            if (j <= i) continue;
            int near = 0;
            uint32_t block[27];
            for (int c = 0, count = cells_around(&w->cells, (uint32_t)w->p[i].cell, block); c < count && !near; c++)
                near = block[c] == (uint32_t)w->p[j].cell;
            if (!near) exception(w, pos, i, j, out, cap, &m);
        }
    return m;
}

/* ---- the event at a step ----------------------------------------------------------------- */

/* The pair's speed toward the boundary, w, becomes w2 across it (a step of dU, reduced mass mu),
 * or -w off it; returns the change w2 - w, without cancellation: (w2^2 - w^2) / (w2 + w). */
static double cross_or_bounce(double wt, double dU, double mu, int *crossed) {
    if (dU == 0.0) { *crossed = 1; return 0.0; }  /* a step of no height */
    double w2sq = wt * wt - 2.0 * dU / mu;
    *crossed = dU <= 0.0 || (wt > 0.0 && w2sq > 0.0);
    if (!*crossed) return -2.0 * wt;  /* elastic reflection off the step */
    double w2 = sqrt(w2sq);
    return wt >= 0.0 ? (-2.0 * dU / mu) / (w2 + wt) : w2 - wt;
}

void do_step_event(struct edpd_world *w, uint32_t i, uint32_t j) {
    particle *a = &w->p[i], *b = &w->p[j];
    bring_to(w, b, w->time);
    vec3 dr = min_image(w, v3_sub(a->r, b->r)), dv = v3_sub(a->v, b->v);
    double r = sqrt(v3_dot(dr, dr));
    vec3 n = v3_scale(dr, 1.0 / r);
    double dir = a->step_outer ? 1.0 : -1.0;  /* toward the boundary: outward, or inward */
    uint32_t from = a->step_from, to = a->step_outer ? from + 1 : from - 1;
    double dU = w->pot.energy[to] - w->pot.energy[from];
    double mu = a->mass * b->mass / (a->mass + b->mass);
    int crossed;
    double du = dir * cross_or_bounce(dir * v3_dot(n, dv), dU, mu, &crossed);  /* change of n.dv */
    double ke0 = a->mass * v3_dot(a->v, a->v) + b->mass * v3_dot(b->v, b->v);
    a->v = v3_add(a->v, v3_scale(n, mu * du / a->mass));
    b->v = v3_sub(b->v, v3_scale(n, mu * du / b->mass));
    double ke1 = a->mass * v3_dot(a->v, a->v) + b->mass * v3_dot(b->v, b->v);
    if (w->time >= w->zb.end) z_blocks_cross(w);
    account_energy(w, 0.5 * (ke1 - ke0));
    w->virial += mu * du * r;  /* r_ij . dp_i */
    if (w->log) {
        double sigma = 0.5 * (a->sigma + b->sigma), R = a->step_outer ? w->pot.radius[from] * sigma : shell_inner(&w->pot, from, sigma);
        log_event(w, !crossed ? EDPD_EVENT_BOUNCE : a->step_outer ? EDPD_EVENT_RELEASE : EDPD_EVENT_CAPTURE, i, (int32_t)j, fabs(mu * du), r - R);
    }
    if (crossed) {
        /* the logical state follows; a naive detector read `from` off the distance, and its
         * energy bookkeeping (above) may disagree with the state the pair was in: the drift */
        uint32_t was = bond_shell(&w->bonds, w->pot.count, i, j);
        if (bond_set(&w->bonds, w->pot.count, i, j, to) != 0) w->bonds_failed = 1;
        w->pe += w->pot.energy[to] - w->pot.energy[was];
        if (a->step_outer) w->releases++; else w->captures++;
    } else {
        w->step_bounces++;
    }
    if (a->branch == BRANCH_STABILISING || a->branch == BRANCH_TURNING) { if (a->step_outer) w->stabilizing_out++; else w->stabilizing_in++; }
    w->soft_impacts++;
    a->changed = b->changed = impacts(w);
    predict(w, i, 0, QUEUE_UPDATE);
    predict(w, j, 0, QUEUE_UPDATE);
}

void steps_adopt(struct edpd_world *w, uint32_t i, uint32_t j, uint32_t from, uint32_t to) {
    if (bond_set(&w->bonds, w->pot.count, i, j, to) != 0) w->bonds_failed = 1;
    w->pe += w->pot.energy[to] - w->pot.energy[from];
}

/* ---- diagnostics ------------------------------------------------------------------------- */

/* Whether distance^2 r2 lies within rounding of the step between shells s and t (|s - t| = 1). */
static int within_rounding(const shells *p, uint32_t s, uint32_t t, double r2, double sigma) {
    if (s + 1 != t && t + 1 != s) return 0;
    double R = (s < t ? p->radius[s] : p->radius[t]) * sigma;
    return fabs(sqrt(r2) - R) <= 1e-12 * R;
}

void steps_scan(const struct edpd_world *w, double *pe, uint32_t *disagreeing, uint32_t *rounding) {
    *pe = 0.0; *disagreeing = *rounding = 0;
    if (w->pot.count == 0) return;
    const uint32_t out = w->pot.count;
    /* pairs within reach, from the event loop's cells (at least reach wide) */
    for (uint32_t i = 0; i < w->n; i++) {
        if (w->p[i].state) continue;
        vec3 ri, vi;
        particle_at(w, &w->p[i], w->time, &ri, &vi);
        uint32_t block[27];
        for (int c = 0, count = cells_around(&w->cells, (uint32_t)w->p[i].cell, block); c < count; c++) {
            int32_t k;
            CELLS_FOR_EACH(&w->cells, block[c], k) {
                if ((uint32_t)k <= i) continue;
                vec3 rk, vk;
                particle_at(w, &w->p[k], w->time, &rk, &vk);
                vec3 d = min_image(w, v3_sub(ri, rk));
                double r2 = v3_dot(d, d), sigma = 0.5 * (w->p[i].sigma + w->p[k].sigma);
                uint32_t s = shell_of_distance(&w->pot, r2, sigma);
                if (s == out) continue;
                *pe += w->pot.energy[s];
                uint32_t l = bond_shell(&w->bonds, out, i, (uint32_t)k);
                if (l != s) { if (within_rounding(&w->pot, s, l, r2, sigma)) (*rounding)++; else (*disagreeing)++; }
            }
        }
    }
    /* bonded pairs the distance puts beyond every step (the cell scan above skips them) */
    for (uint32_t i = 0; i < w->n; i++)
        for (uint32_t k = 0; k < w->bonds.count[i]; k++) {
            uint32_t j = (uint32_t)w->bonds.partner[(size_t)i * w->bonds.cap + k];
            if (j <= i) continue;
            vec3 ri, vi, rj, vj;
            particle_at(w, &w->p[i], w->time, &ri, &vi);
            particle_at(w, &w->p[j], w->time, &rj, &vj);
            vec3 d = min_image(w, v3_sub(ri, rj));
            double r2 = v3_dot(d, d), sigma = 0.5 * (w->p[i].sigma + w->p[j].sigma);
            if (shell_of_distance(&w->pot, r2, sigma) != out) continue;
            uint32_t l = w->bonds.shell[(size_t)i * w->bonds.cap + k];
            if (within_rounding(&w->pot, out, l, r2, sigma)) (*rounding)++; else (*disagreeing)++;
        }
}

static int by_partner(const void *x, const void *y) {
    int32_t a = *(const int32_t *)x, b = *(const int32_t *)y;
    return (a > b) - (a < b);
}

uint64_t steps_hash(const struct edpd_world *w, uint64_t h, uint64_t (*fnv)(uint64_t, const void *, size_t)) {
    if (w->pot.count == 0) return h;
    int32_t sorted[2 * 256];
    for (uint32_t i = 0; i < w->n; i++) {
        uint32_t m = w->bonds.count[i];
        /* (partner, shell) pairs in partner order: the lists' order is their history's */
        int32_t *pairs = m <= 256 ? sorted : malloc(sizeof(int32_t) * 2 * m);
        if (!pairs) return h ^ 0xFFFFFFFFFFFFFFFFull;
        for (uint32_t k = 0; k < m; k++) {
            pairs[2 * k] = w->bonds.partner[(size_t)i * w->bonds.cap + k];
            pairs[2 * k + 1] = w->bonds.shell[(size_t)i * w->bonds.cap + k];
        }
        qsort(pairs, m, 2 * sizeof(int32_t), by_partner);
        for (uint32_t k = 0; k < m; k++)
            if ((uint32_t)pairs[2 * k] > i) { uint32_t e[3] = {i, (uint32_t)pairs[2 * k], (uint32_t)pairs[2 * k + 1]}; h = fnv(h, e, sizeof e); }
        if (pairs != sorted) free(pairs);
    }
    return h;
}
