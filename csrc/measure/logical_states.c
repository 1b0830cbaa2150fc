/* The pairs' logical states against their distances (logical_states.h). */
#include "measure/logical_states.h"
#include <math.h>

/* One pair's exception: its logical shell, if it differs from the distance's at pos. */
static void exception(const struct edpd_world *w, const double *pos, uint32_t i, uint32_t j, uint32_t *out, uint32_t cap, uint32_t *m) {
    vec3 d = min_image(w, v3(pos[3 * i] - pos[3 * j], pos[3 * i + 1] - pos[3 * j + 1], pos[3 * i + 2] - pos[3 * j + 2]));
    uint32_t s = shell_of_distance(&w->pot, v3_dot(d, d), 0.5 * (w->p[i].sigma + w->p[j].sigma));
    uint32_t l = bond_shell(&w->bonds, w->pot.count, i, j);
    if (s == l) return;
    if (*m < cap) { out[3 * *m] = i < j ? i : j; out[3 * *m + 1] = i < j ? j : i; out[3 * *m + 2] = l; }
    (*m)++;
}

uint32_t ed_logical_states_exceptions(const struct edpd_world *w, const double *pos, uint32_t *out, uint32_t cap) {
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

/* Whether distance^2 r2 lies within rounding of the step between shells s and t (|s - t| = 1). */
static int within_rounding(const shells *p, uint32_t s, uint32_t t, double r2, double sigma) {
    if (s + 1 != t && t + 1 != s) return 0;
    double R = (s < t ? p->radius[s] : p->radius[t]) * sigma;
    return fabs(sqrt(r2) - R) <= 1e-12 * R;
}

void ed_logical_states_compare(const struct edpd_world *w, double *pe, uint32_t *disagreeing, uint32_t *rounding) {
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
