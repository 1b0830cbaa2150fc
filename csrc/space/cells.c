#include "space/cells.h"
#include "base/memory.h"
#include "edpd/edpd.h"
#include <stdlib.h>

/* The slot encoding (cells.h) needs particle indices and overflow heads below CELL_FREE and
 * apart: raising EDPD_MAX_N beyond 2^23 must change it. */
_Static_assert(EDPD_MAX_N <= CELL_OVF && CELL_OVF + EDPD_MAX_N <= CELL_FREE, "cell slot encoding too narrow for EDPD_MAX_N");

/* The positions of those of cells[0..m) whose record begins a line no earlier one does. A tile
 * is one line and the records start on a line boundary (ed_big_alloc), so a cell's line is its
 * tile, c / (cells per tile); the same for every interior cell of one class. */
static int first_of_lines(const cell_grid *g, const uint32_t *cells, int m, int8_t *pos) {
    uint32_t per = (uint32_t)(g->tile[0] * g->tile[1] * g->tile[2]);
    int count = 0;
    for (int k = 0; k < m; k++) {
        int seen = 0;
        for (int j = 0; j < count; j++) seen |= cells[pos[j]] / per == cells[k] / per;
        if (!seen) pos[count++] = (int8_t)k;
    }
    return count;
}

int ed_cells_init(cell_grid *g, uint32_t particles, const double box[3], const int periodic[3],
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
    /* records sized for the mean occupancy: few cells overflow (with 2 ints at a mean of 0.7,
     * a Poisson 3 %), and a sparse grid's record stays small */
    double mean = (double)particles / (double)total;
    g->rec = mean <= 0.7 ? 2 : mean <= 1.5 ? 4 : mean <= 4.0 ? 8 : 16;
    /* tiles of 64 / (4 rec) cells, two per axis from x on (axes of one cell excluded) */
    int per_tile = 16 / g->rec, tiles[3];
    uint64_t padded = 1;
    for (int a = 0; a < 3; a++) {
        g->tile[a] = 1;
        if (per_tile > 1 && g->n[a] > 1) { g->tile[a] = 2; per_tile /= 2; }
    }
    if (per_tile > 1 && g->n[0] > 1) g->tile[0] *= per_tile;  /* e.g. 2-D: 4 x 2 x 1 */
    for (int a = 0; a < 3; a++) { tiles[a] = (g->n[a] + g->tile[a] - 1) / g->tile[a]; padded *= (uint64_t)tiles[a] * g->tile[a]; }
    g->count = (uint32_t)padded;
    uint32_t cells_per_tile = (uint32_t)(g->tile[0] * g->tile[1] * g->tile[2]);
    uint32_t tile_stride[3] = {cells_per_tile, cells_per_tile * (uint32_t)tiles[0], cells_per_tile * (uint32_t)tiles[0] * (uint32_t)tiles[1]};
    uint32_t in_tile_stride[3] = {1, (uint32_t)g->tile[0], (uint32_t)(g->tile[0] * g->tile[1])};
    for (int a = 0; a < 3; a++) {
        g->axis_off[a] = malloc(sizeof(uint32_t) * (size_t)g->n[a]);
        if (!g->axis_off[a]) return -1;
        for (int c = 0; c < g->n[a]; c++)
            g->axis_off[a][c] = (uint32_t)(c / g->tile[a]) * tile_stride[a] + (uint32_t)(c % g->tile[a]) * in_tile_stride[a];
    }
    /* block offsets of interior cells, by position within the tile, from a cell at tile + l on
     * each axis (interior: needs n >= 2 tile + 1 and n >= 3); made by ed_cells_block's general
     * path, so the fast path lists the same cells in the same order */
    g->block_count = 0;
    for (int a = 0; a < 3; a++) g->layer_count[a] = 0;
    int room = 1;
    for (int a = 0; a < 3; a++)
        if (g->n[a] > 1 && (g->n[a] < 2 * g->tile[a] + 1 || g->n[a] < 3)) room = 0;
    if (room) {
        for (int lz = 0; lz < g->tile[2]; lz++)
            for (int ly = 0; ly < g->tile[1]; ly++)
                for (int lx = 0; lx < g->tile[0]; lx++) {
                    int base[3] = {g->n[0] == 1 ? 0 : g->tile[0] + lx, g->n[1] == 1 ? 0 : g->tile[1] + ly, g->n[2] == 1 ? 0 : g->tile[2] + lz};
                    uint32_t cells[27];
                    g->block_count = 0;  /* ed_cells_block's general path below */
                    int m = ed_cells_block(g, base, -1, cells);
                    int cls = lx + g->tile[0] * (ly + g->tile[1] * lz);
                    uint32_t c0 = cells_index(g, base[0], base[1], base[2]);
                    for (int k = 0; k < m; k++) g->block_off[cls][k] = (int32_t)(cells[k] - c0);
                    g->block_lines[cls] = first_of_lines(g, cells, m, g->block_line[cls]);
                    for (int a = 0; a < 3; a++) {
                        if (g->n[a] == 1) continue;
                        g->layer_count[a] = 0;  /* the general path */
                        int ml = ed_cells_block(g, base, a, cells);
                        for (int k = 0; k < ml; k++) g->layer_off[a][cls][k] = (int32_t)(cells[k] - c0);
                        g->layer_lines[a][cls] = first_of_lines(g, cells, ml, g->layer_line[a][cls]);
                        g->layer_count[a] = ml;
                    }
                    g->block_count = m;
                }
    }
    g->slot = ed_big_alloc(sizeof(int32_t) * (size_t)g->rec * g->count);
    g->next = ed_big_alloc(sizeof(int32_t) * (particles ? particles : 1));
    g->prev = ed_big_alloc(sizeof(int32_t) * (particles ? particles : 1));
    if (!g->slot || !g->next || !g->prev) return -1;
    for (size_t k = 0; k < (size_t)g->rec * g->count; k++) g->slot[k] = CELL_FREE;
    return 0;
}

void ed_cells_unindex(const cell_grid *g, uint32_t c, int out[3]) {
    uint32_t per = (uint32_t)(g->tile[0] * g->tile[1] * g->tile[2]), t = c / per, o = c % per;
    uint32_t tx = (uint32_t)((g->n[0] + g->tile[0] - 1) / g->tile[0]), ty = (uint32_t)((g->n[1] + g->tile[1] - 1) / g->tile[1]);
    out[0] = (int)((t % tx) * (uint32_t)g->tile[0] + o % (uint32_t)g->tile[0]);
    out[1] = (int)(((t / tx) % ty) * (uint32_t)g->tile[1] + (o / (uint32_t)g->tile[0]) % (uint32_t)g->tile[1]);
    out[2] = (int)((t / (tx * ty)) * (uint32_t)g->tile[2] + o / (uint32_t)(g->tile[0] * g->tile[1]));
}

void ed_cells_free(cell_grid *g) {
    free(g->slot); free(g->next); free(g->prev);
    g->slot = g->next = g->prev = NULL;
    for (int a = 0; a < 3; a++) { free(g->axis_off[a]); g->axis_off[a] = NULL; }
}

int ed_cells_coord(const cell_grid *g, int axis, double x) {
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

/* Into a free slot of the record; a full record's last particle and p start the overflow list. */
void ed_cells_insert(cell_grid *g, int32_t p, uint32_t c) {
    int32_t *s = g->slot + (size_t)g->rec * c, *last = s + g->rec - 1;
    for (int j = 0; j < g->rec; j++)
        if (s[j] == CELL_FREE) { s[j] = p; return; }
    int32_t h = *last;
    if (cells_is_member(h)) { g->next[h] = -1; g->prev[h] = p; }
    else { h -= CELL_OVF; g->prev[h] = p; }
    g->next[p] = h; g->prev[p] = -1;
    *last = CELL_OVF + p;
}

/* A freed slot stays free until the next insert (scans read whole records); an overflow list
 * left with one particle moves back into the record. */
void ed_cells_remove(cell_grid *g, int32_t p, uint32_t c) {
    int32_t *s = g->slot + (size_t)g->rec * c, *last = s + g->rec - 1;
    for (int j = 0; j < g->rec; j++)
        if (s[j] == p) { s[j] = CELL_FREE; return; }
    int32_t nx = g->next[p], pv = g->prev[p];
    if (pv >= 0) g->next[pv] = nx; else *last = nx >= 0 ? CELL_OVF + nx : CELL_FREE;
    if (nx >= 0) g->prev[nx] = pv;
    int32_t h = cells_is_ovf(*last) ? *last - CELL_OVF : -1;
    if (h >= 0 && g->next[h] < 0) *last = h;
}

int ed_cells_block_lines(const cell_grid *g, const int base[3], int flat_axis, const int8_t **pos) {
    int fast = flat_axis < 0 ? g->block_count : g->layer_count[flat_axis];
    int edge = 0;
    for (int a = 0; a < 3; a++)
        edge |= (a != flat_axis) & (g->n[a] > 1) & ((base[a] < 1) | (base[a] > g->n[a] - 2));
    if (fast == 0 || edge) return -1;
    int cls = (base[0] & (g->tile[0] - 1)) + g->tile[0] * ((base[1] & (g->tile[1] - 1)) + g->tile[1] * (base[2] & (g->tile[2] - 1)));
    *pos = flat_axis < 0 ? g->block_line[cls] : g->layer_line[flat_axis][cls];
    return flat_axis < 0 ? g->block_lines[cls] : g->layer_lines[flat_axis][cls];
}

int ed_cells_block(const cell_grid *g, const int base[3], int flat_axis, uint32_t out[27]) {
    int lo[3], hi[3], count = 0;
    int fast = flat_axis < 0 ? g->block_count : g->layer_count[flat_axis];
    if (fast > 0) {  /* away from every edge (but along the flat axis): the precomputed offsets */
        int edge = 0;  /* without branches: the edge cells are a few in ten, in random order */
        for (int a = 0; a < 3; a++)
            edge |= (a != flat_axis) & (g->n[a] > 1) & ((base[a] < 1) | (base[a] > g->n[a] - 2));
        if (!edge) {
            /* tiles are powers of two: masks instead of three integer divisions in a row */
            int cls = (base[0] & (g->tile[0] - 1)) + g->tile[0] * ((base[1] & (g->tile[1] - 1)) + g->tile[1] * (base[2] & (g->tile[2] - 1)));
            int32_t c = (int32_t)cells_index(g, base[0], base[1], base[2]);
            const int32_t *off = flat_axis < 0 ? g->block_off[cls] : g->layer_off[flat_axis][cls];
            for (int k = 0; k < fast; k++) out[k] = (uint32_t)(c + off[k]);
            return fast;
        }
    }
    uint32_t off[3][3];  /* per axis: the table entries of offsets -1, 0, +1 (lo..hi) */
    for (int a = 0; a < 3; a++) {
        int flat = g->n[a] == 1 || a == flat_axis;
        lo[a] = flat ? 0 : -1;
        hi[a] = flat ? 0 : 1;
        if (!flat && g->n[a] == 2 && g->periodic[a]) lo[a] = 0;  /* -1 and +1 are the same cell */
        for (int d = lo[a]; d <= hi[a]; d++) {
            int c = cells_step(g, a, base[a], d);
            off[a][d + 1] = c < 0 ? UINT32_MAX : g->axis_off[a][c];
        }
    }
    /* the base cell first: its particles are the likeliest partners, and an early best time
     * lets the cheap rejection before the square root (engine/hard_scan.c) skip more of the others */
    out[count++] = off[0][1] + off[1][1] + off[2][1];
    for (int dz = lo[2]; dz <= hi[2]; dz++) {
        uint32_t z = off[2][dz + 1];
        if (z == UINT32_MAX) continue;
        for (int dy = lo[1]; dy <= hi[1]; dy++) {
            uint32_t y = off[1][dy + 1];
            if (y == UINT32_MAX) continue;
            for (int dx = lo[0]; dx <= hi[0]; dx++) {
                uint32_t x = off[0][dx + 1];
                if (x != UINT32_MAX && (dx || dy || dz)) out[count++] = x + y + z;
            }
        }
    }
    return count;
}
