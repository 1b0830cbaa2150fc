/* The pairs' logical states, stored sparse (bonds.h). */
#include "space/bonds.h"
#include "base/memory.h"
#include <stdlib.h>
#include <string.h>

int ed_bonds_init(bond_lists *b, uint32_t n, uint32_t outermost) {
    memset(b, 0, sizeof *b);
    b->n = n;
    b->cap = 8;
    b->partner = ed_big_alloc(sizeof(int32_t) * (size_t)b->cap * n);
    b->shell = ed_big_alloc((size_t)b->cap * n);
    b->count = calloc(n ? n : 1, sizeof(uint32_t));
    b->map = malloc(n ? n : 1);
    if (!b->partner || !b->shell || !b->count || !b->map) return -1;
    memset(b->map, (int)outermost, n);
    return 0;
}

void ed_bonds_free(bond_lists *b) {
    free(b->partner); free(b->shell); free(b->count); free(b->map);
    b->partner = NULL; b->shell = NULL; b->count = NULL; b->map = NULL;
}

/* Twice the capacity, every list moved to its new place; -1 (nothing changed) out of memory. */
static int bonds_grow(bond_lists *b) {
    uint32_t cap = 2 * b->cap;
    int32_t *partner = ed_big_alloc(sizeof(int32_t) * (size_t)cap * b->n);
    uint8_t *shell = ed_big_alloc((size_t)cap * b->n);
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

int ed_bond_set(bond_lists *b, uint32_t outermost, uint32_t i, uint32_t j, uint32_t shell) {
    if (shell != outermost && (b->count[i] == b->cap || b->count[j] == b->cap) && bonds_grow(b) != 0) return -1;
    int added = bond_side(b, outermost, i, j, shell);
    bond_side(b, outermost, j, i, shell);
    b->pairs += added;
    return 0;
}
