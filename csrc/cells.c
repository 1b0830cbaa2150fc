#include "cells.h"
#include "memory.h"
#include <stdlib.h>

int cells_init(cell_grid *g, uint32_t particles, const double box[3], const int periodic[3],
               double min_width, const int single_layer[3]) {
    uint64_t total = 1;
    for (int a = 0; a < 3; a++) {
        double k = single_layer[a] ? 1.0 : box[a] / min_width;
        int n = k < 1.0 ? 1 : (k > 4096.0 ? 4096 : (int)k);
        /* keep the cell count near the particle count: more cells only cost memory */
        g->n[a] = n;
        g->periodic[a] = periodic[a];
        total *= (uint64_t)n;
    }
    /* More cells than ~2 per particle waste memory and scan time: coarsen the largest axis. */
    while (total > 2ull * particles + 64 && total > 1) {
        int a = 0;
        for (int b = 1; b < 3; b++) if (g->n[b] > g->n[a]) a = b;
        if (g->n[a] <= 4) break;
        total /= (uint64_t)g->n[a];
        g->n[a] = g->n[a] * 3 / 4 < 4 ? 4 : g->n[a] * 3 / 4;
        total *= (uint64_t)g->n[a];
    }
    for (int a = 0; a < 3; a++) g->width[a] = box[a] / g->n[a];
    g->count = (uint32_t)total;
    /* records sized for the mean occupancy: few cells overflow, and a sparse grid's record stays small */
    double mean = (double)particles / (double)g->count;
    g->rec = mean <= 1.0 ? 4 : mean <= 3.5 ? 8 : 16;
    g->inl = g->rec - 1;
    g->slot = big_alloc(sizeof(int32_t) * (size_t)g->rec * g->count);
    g->next = big_alloc(sizeof(int32_t) * (particles ? particles : 1));
    g->prev = big_alloc(sizeof(int32_t) * (particles ? particles : 1));
    if (!g->slot || !g->next || !g->prev) return -1;
    for (size_t k = 0; k < (size_t)g->rec * g->count; k++) g->slot[k] = -1;
    /* offsets of the block around an interior cell, in cells_block's order */
    int lo[3], hi[3];
    for (int a = 0; a < 3; a++) { lo[a] = g->n[a] == 1 ? 0 : -1; hi[a] = -lo[a]; }
    g->block_count = 0;
    g->block_off[g->block_count++] = 0;
    for (int dz = lo[2]; dz <= hi[2]; dz++)
        for (int dy = lo[1]; dy <= hi[1]; dy++)
            for (int dx = lo[0]; dx <= hi[0]; dx++)
                if (dx || dy || dz) g->block_off[g->block_count++] = dx + g->n[0] * (dy + g->n[1] * dz);
    return 0;
}

void cells_free(cell_grid *g) {
    free(g->slot); free(g->next); free(g->prev);
    g->slot = g->next = g->prev = NULL;
}

int cells_coord(const cell_grid *g, int axis, double x) {
    int n = g->n[axis];
    double k = x / g->width[axis];
    if (g->periodic[axis]) {
        int c = (int)k;  /* positions are kept in [0, L) on periodic axes */
        if (k < 0.0) c = 0;
        return c >= n ? n - 1 : c;
    }
    if (!(k >= 0.0)) return 0;
    if (k >= (double)n) return n - 1;
    return (int)k;
}

/* Into the first free inline slot, else to the front of the overflow list. */
void cells_insert(cell_grid *g, int32_t p, uint32_t c) {
    int32_t *s = g->slot + (size_t)g->rec * c;
    for (int j = 0; j < g->inl; j++)
        if (s[j] < 0) { s[j] = p; return; }
    int32_t h = s[g->inl];
    g->next[p] = h; g->prev[p] = -1;
    if (h >= 0) g->prev[h] = p;
    s[g->inl] = p;
}

/* A freed inline slot stays free until the next insert (scans read all inline slots). */
void cells_remove(cell_grid *g, int32_t p, uint32_t c) {
    int32_t *s = g->slot + (size_t)g->rec * c;
    for (int j = 0; j < g->inl; j++)
        if (s[j] == p) { s[j] = -1; return; }
    int32_t nx = g->next[p], pv = g->prev[p];
    if (pv >= 0) g->next[pv] = nx; else s[g->inl] = nx;
    if (nx >= 0) g->prev[nx] = pv;
}

int cells_block(const cell_grid *g, const int base[3], int flat_axis, uint32_t out[27]) {
    int lo[3], hi[3], count = 0;
    if (flat_axis < 0) {  /* away from every edge: the precomputed offsets */
        int inside = 1;
        for (int a = 0; a < 3; a++)
            if (g->n[a] > 1 && (g->n[a] < 3 || base[a] < 1 || base[a] > g->n[a] - 2)) inside = 0;
        if (inside) {
            int32_t c = (int32_t)cells_index(g, base[0], base[1], base[2]);
            for (int k = 0; k < g->block_count; k++) out[k] = (uint32_t)(c + g->block_off[k]);
            return g->block_count;
        }
    }
    for (int a = 0; a < 3; a++) {
        int flat = g->n[a] == 1 || a == flat_axis;
        lo[a] = flat ? 0 : -1;
        hi[a] = flat ? 0 : 1;
        if (!flat && g->n[a] == 2 && g->periodic[a]) lo[a] = 0;  /* -1 and +1 are the same cell */
    }
    /* the base cell first: its particles are the likeliest partners, and an early best time
     * lets the cheap rejection before the square root (world.c) skip more of the others */
    out[count++] = cells_index(g, base[0], base[1], base[2]);
    for (int dz = lo[2]; dz <= hi[2]; dz++) {
        int z = cells_step(g, 2, base[2], dz);
        if (z < 0) continue;
        for (int dy = lo[1]; dy <= hi[1]; dy++) {
            int y = cells_step(g, 1, base[1], dy);
            if (y < 0) continue;
            for (int dx = lo[0]; dx <= hi[0]; dx++) {
                int xx = cells_step(g, 0, base[0], dx);
                if (xx >= 0 && (dx || dy || dz)) out[count++] = cells_index(g, xx, y, z);
            }
        }
    }
    return count;
}
