/* The cell grid's blocks against brute force: ed_cells_block lists each cell of the 3x3x3 block
 * (or of a crossing's layer) once, whichever path it takes, and ed_cells_block_lines names one cell
 * of every cache line those cells' records lie in, each line once (WebAssembly requests one
 * line per store, engine/look_ahead.c). Grids of every record size (2, 4, 8, 16 ints), 3-D and 2-D. */
#include "check.h"
#include "space/cells.h"
#include <stdint.h>

/* The cell of base + d along axis a, or -1 off an open edge. */
static int step(const cell_grid *g, int a, int base, int d) {
    int c = base + d, n = g->n[a];
    if (g->periodic[a]) return (c % n + n) % n;
    return c < 0 || c >= n ? -1 : c;
}

static void grid(uint32_t particles, double L, int periodic, int dim, int want_rec) {
    double box[3] = {L, L, dim == 2 ? 1.0 : L};
    int per[3] = {periodic, periodic, periodic}, single[3] = {0, 0, dim == 2};
    cell_grid g;
    CHECK(ed_cells_init(&g, particles, box, per, 1.0, single) == 0, "cells_init");
    CHECK(g.rec == want_rec, "N = %u, L = %g: records of %d ints, not %d", particles, L, g.rec, want_rec);
    long blocks = 0, fast = 0, bad_block = 0, bad_lines = 0;
    for (int flat = -1; flat < 3; flat++) {
        if (flat >= 0 && g.n[flat] == 1) continue;
        for (int z = 0; z < g.n[2]; z++)
            for (int y = 0; y < g.n[1]; y++)
                for (int x = 0; x < g.n[0]; x++) {
                    int base[3] = {x, y, z};
                    uint32_t cells[27], want[27];
                    int m = ed_cells_block(&g, base, flat, cells), mw = 0;
                    /* brute force: every offset in -1..1 (0 on the flat axis and single layers) */
                    for (int dz = -1; dz <= 1; dz++)
                        for (int dy = -1; dy <= 1; dy++)
                            for (int dx = -1; dx <= 1; dx++) {
                                int d[3] = {dx, dy, dz}, c[3], off = 0;
                                for (int a = 0; a < 3; a++) {
                                    if ((a == flat || g.n[a] == 1) && d[a]) off = 1;
                                    c[a] = step(&g, a, base[a], d[a]);
                                    if (c[a] < 0) off = 1;
                                }
                                if (off) continue;
                                uint32_t k = cells_index(&g, c[0], c[1], c[2]);
                                int seen = 0;
                                for (int j = 0; j < mw; j++) seen |= want[j] == k;
                                if (!seen) want[mw++] = k;
                            }
                    int same = m == mw && cells[0] == cells_index(&g, x, y, z);  /* the base cell first */
                    for (int j = 0; j < mw && same; j++) {
                        int found = 0;
                        for (int k = 0; k < m; k++) found += cells[k] == want[j];
                        same = found == 1;
                    }
                    bad_block += !same;
                    blocks++;
                    const int8_t *pos;
                    int lines = ed_cells_block_lines(&g, base, flat, &pos);
                    if (lines < 0) continue;  /* the general path: every cell is requested */
                    fast++;
                    /* each line of the block's records named exactly once */
                    uintptr_t line[27];
                    int distinct = 0;
                    for (int k = 0; k < m; k++) {
                        uintptr_t l = (uintptr_t)cells_record(&g, cells[k]) >> 6;
                        int seen = 0;
                        for (int j = 0; j < distinct; j++) seen |= line[j] == l;
                        if (!seen) line[distinct++] = l;
                    }
                    int ok = lines == distinct;
                    for (int j = 0; j < distinct && ok; j++) {
                        int named = 0;
                        for (int k = 0; k < lines; k++)
                            named += pos[k] >= 0 && pos[k] < m && ((uintptr_t)cells_record(&g, cells[pos[k]]) >> 6) == line[j];
                        ok = named == 1;
                    }
                    bad_lines += !ok;
                }
    }
    CHECK(bad_block == 0, "N = %u, L = %g: %ld of %ld blocks list other cells than brute force", particles, L, bad_block, blocks);
    CHECK(bad_lines == 0, "N = %u, L = %g: %ld of %ld blocks' line requests miss or repeat a line", particles, L, bad_lines, fast);
    CHECK(fast > blocks / 2, "N = %u, L = %g: only %ld of %ld blocks on the precomputed path", particles, L, fast, blocks);
    ed_cells_free(&g);
}

int main(void) {
    grid(32000, 40.0, 1, 3, 2);    /* the gas at n sigma^3 = 0.5: 2x2x2 tiles of 8-byte records */
    grid(32000, 40.0, 0, 3, 2);    /* open edges */
    grid(12000, 20.0, 1, 3, 4);    /* 2x2x1 tiles of 16 bytes */
    grid(30000, 20.0, 1, 3, 8);    /* 2x1x1 tiles of 32 bytes */
    grid(100000, 20.0, 1, 3, 16);  /* one cell per line */
    grid(10000, 140.0, 1, 2, 2);   /* 2-D: 4x2x1 tiles */
    return check_report("cells");
}
