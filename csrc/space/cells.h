/* Cell lists: the box is cut into cells at least one contact distance wide, so a particle can
 * only touch particles in its own and the adjacent cells. Periodic axes wrap and need >= 4
 * cells: with 3, a pair in cells 0 and 2 can meet through an image other than the minimum image
 * of the moment it was predicted (a missed collision the fuzzer found); on open axes the two edge cells reach out to infinity, so a particle that leaves the
 * box (a ball falling through its plate) stays in the grid. Particles move between cells at
 * cell-crossing events. A cell keeps its particle indices in its own record (2, 4, 8 or 16 ints,
 * for the mean occupancy), and only a crowded cell's beyond that in an overflow list: a scan
 * reads a cell's members in one load instead of walking a linked list, whose every link was a
 * cache miss at large N.
 * Records lie in tiles of one cache line (2 x 2 x 2 cells of 8 bytes, 2 x 2 x 1 of 16, ...), so
 * a 3x3x3 block reads 8 lines of 8-byte records where rows of cells needed 13.5 on average.
 * With neighbour lists (neighbours.h) the grid holds list centres and serves only the list
 * rebuilds and the diagnostics: cells are sigma + delta wide and an axis may have 2 or 3 cells
 * (ed_cells_block visits each cell once). */
#ifndef EDPD_CELLS_H
#define EDPD_CELLS_H
#include <stddef.h>
#include <stdint.h>
#include "base/memory.h"

#define CELL_MAX_INLINE 16

/* Slot values. Particle indices are below 2^22 (EDPD_MAX_N), so every value is below 2^24 and
 * the top byte of each slot is always zero: in WebAssembly, which has no prefetch instruction,
 * a store of that zero byte asks for a record's line without holding the core (memory.h). */
#define CELL_OVF  0x00800000  /* CELL_OVF + h: the overflow list's head h */
#define CELL_FREE 0x00FFFFFF
static inline int cells_is_member(int32_t k) { return (uint32_t)k < CELL_OVF; }
static inline int cells_is_ovf(int32_t k) { return (uint32_t)k - CELL_OVF < (uint32_t)(CELL_FREE - CELL_OVF); }

typedef struct cell_grid {
    int n[3];          /* cells per axis */
    double width[3];   /* cell edge per axis */
    int periodic[3];
    uint32_t count;    /* records: n[0] n[1] n[2] and the padding of partial tiles */
    int rec;           /* ints per cell record (2, 4, 8 or 16) */
    int32_t *slot;     /* rec ints per cell: particles, CELL_FREE if free; the last one, if
                        * CELL_OVF + h, heads the overflow list at h (the cell has more than rec) */
    int32_t *next, *prev;   /* the overflow lists (a crowded cell's particles beyond its record) */
    /* Records in tiles of tile[0] x tile[1] x tile[2] cells, one cache line per tile. A cell's
     * index is axis_off[0][x] + axis_off[1][y] + axis_off[2][z]. */
    int tile[3];
    uint32_t *axis_off[3];
    /* the 3x3x3 block of a cell away from every edge: index offsets in ed_cells_block's order,
     * one set per position within a tile (most predictions take this path) */
    int block_count;
    int32_t block_off[8][27];
    /* ... and of the layer a crossing scans, one set per flat axis (layer_count[a] 0: none) */
    int layer_count[3];
    int32_t layer_off[3][8][9];
    /* per class, the positions in those lists of the cells whose records begin a cache line
     * that no earlier cell's does: one request per line (ed_cells_block_lines) */
    int block_lines[8];
    int8_t block_line[8][27];
    int layer_lines[3][8];
    int8_t layer_line[3][8][9];
} cell_grid;

int ed_cells_init(cell_grid *g, uint32_t particles, const double box[3], const int periodic[3],
               double min_width, const int single_layer[3]);
void ed_cells_free(cell_grid *g);
/* Cell index along one axis for a coordinate (clamped on open axes, wrapped on periodic ones). */
int ed_cells_coord(const cell_grid *g, int axis, double x);
static inline uint32_t cells_index(const cell_grid *g, int cx, int cy, int cz) {
    return g->axis_off[0][cx] + g->axis_off[1][cy] + g->axis_off[2][cz];
}
void ed_cells_unindex(const cell_grid *g, uint32_t c, int out[3]);
/* The cell holding point (x, y, z). */
static inline uint32_t cells_of_point(const cell_grid *g, double x, double y, double z) {
    return cells_index(g, ed_cells_coord(g, 0, x), ed_cells_coord(g, 1, y), ed_cells_coord(g, 2, z));
}
/* The positions in ed_cells_block(g, base, flat_axis, ...)'s list of one cell per cache line of
 * their records (*pos; returns their count), or -1 off the precomputed path (every cell). */
int ed_cells_block_lines(const cell_grid *g, const int base[3], int flat_axis, const int8_t **pos);
/* The caller keeps each particle's cell (in the particle: one cache line fewer per prediction). */
void ed_cells_insert(cell_grid *g, int32_t p, uint32_t c);
void ed_cells_remove(cell_grid *g, int32_t p, uint32_t c);
static inline const int32_t *cells_record(const cell_grid *g, uint32_t c) { return g->slot + (size_t)g->rec * c; }
/* Requests for cell c's record (memory.h), through the top byte of its first slot, which is
 * zero: byte 3 of the int, WebAssembly being little-endian (natively it is a prefetch of the
 * line, whichever byte). In WebAssembly a request stores that zero: the grid is not const. */
static inline void cells_request(cell_grid *g, uint32_t c) { mem_request_zero((char *)(g->slot + (size_t)g->rec * c) + 3); }
static inline void cells_request_write(cell_grid *g, uint32_t c) { mem_request_write_zero((char *)(g->slot + (size_t)g->rec * c) + 3); }
static inline int32_t cells_overflow(const cell_grid *g, uint32_t c) {
    int32_t last = cells_record(g, c)[g->rec - 1];
    return cells_is_ovf(last) ? last - CELL_OVF : -1;
}

/* The inline members other than `self` of cells[0..count), appended to out (room for
 * count * CELL_MAX_INLINE) without a branch per slot (about one particle per cell: such a
 * branch would be a coin toss). Returns how many; *overflow is set if any cell has more
 * (walk those from cells_overflow() through next[]). */
static inline __attribute__((always_inline)) uint32_t cells_gather_rec(const cell_grid *g, const uint32_t *cells, int count,
                                                                      int32_t self, int32_t *out, int *overflow, const int rec) {
    uint32_t m = 0;
    int ovf = 0;
    for (int c = 0; c < count; c++) {
        const int32_t *r = g->slot + (size_t)rec * cells[c];
        for (int j = 0; j < rec; j++) {
            int32_t k = r[j];
            out[m] = k;
            m += (uint32_t)(cells_is_member(k) & (k != self));
        }
        ovf |= cells_is_ovf(r[rec - 1]);
    }
    *overflow = ovf;
    return m;
}
static inline uint32_t cells_gather(const cell_grid *g, const uint32_t *cells, int count, int32_t self,
                                    int32_t *out, int *overflow) {
    switch (g->rec) {  /* the record's length a constant: the inner loop unrolled */
    case 2: return cells_gather_rec(g, cells, count, self, out, overflow, 2);
    case 4: return cells_gather_rec(g, cells, count, self, out, overflow, 4);
    case 8: return cells_gather_rec(g, cells, count, self, out, overflow, 8);
    default: return cells_gather_rec(g, cells, count, self, out, overflow, 16);
    }
}

/* The members of a cell, inline slots first, then the overflow list:
 *     int32_t k; CELLS_FOR_EACH(g, c, k) { ... }   */
typedef struct cell_iter { const int32_t *s; int j; int32_t k; } cell_iter;
static inline cell_iter cells_iter(const cell_grid *g, uint32_t c) { cell_iter it = {cells_record(g, c), 0, -1}; return it; }
static inline int32_t cells_iter_next(const cell_grid *g, cell_iter *it) {
    while (it->j < g->rec) { int32_t k = it->s[it->j++]; if (cells_is_member(k)) return k; }
    if (it->j++ == g->rec) { int32_t last = it->s[g->rec - 1]; it->k = cells_is_ovf(last) ? last - CELL_OVF : -1; }
    else it->k = g->next[it->k];
    return it->k;  /* -1 ends the walk: callers stop there */
}
#define CELLS_FOR_EACH(g, c, k) for (cell_iter it_##k = cells_iter(g, c); ((k) = cells_iter_next(g, &it_##k)) >= 0;)

/* Neighbour cell along one axis: offset -1, 0 or +1; -1 if it does not exist (open axis). */
static inline int cells_step(const cell_grid *g, int axis, int c, int off) {
    int k = c + off, n = g->n[axis];
    if (k >= 0 && k < n) return k;
    if (!g->periodic[axis]) return -1;
    return k < 0 ? k + n : k - n;
}
/* The cells of the 3x3x3 block around base[] (fewer on single-layer, two-cell and open axes;
 * only the base layer along `flat_axis`, or none if -1), each once, the base cell first, in a
 * fixed order. Returns how many. */
int ed_cells_block(const cell_grid *g, const int base[3], int flat_axis, uint32_t out[27]);
/* The 3x3x3 block around cell c (each cell once): what a scan of c's neighbourhood visits. */
static inline int cells_around(const cell_grid *g, uint32_t c, uint32_t out[27]) {
    int cc[3];
    ed_cells_unindex(g, c, cc);
    return ed_cells_block(g, cc, -1, out);
}

#endif
