/* The pairs' logical states (interact/shells.h), stored sparse: each particle lists its partners
 * in any shell but the outermost, with their shell; symmetric; one capacity for all lists,
 * doubled when one is full. A container only: world/pair_states.h keeps it in step with the
 * world's potential energy. */
#ifndef EDPD_SPACE_BONDS_H
#define EDPD_SPACE_BONDS_H
#include <stddef.h>
#include <stdint.h>

typedef struct bond_lists {
    uint32_t n, cap;
    int32_t *partner;     /* particle i's partners: partner[i cap .. i cap + count[i]) */
    uint8_t *shell;       /* ... and their shells, at the same places */
    uint32_t *count;
    uint64_t pairs;       /* bonds in all */
    /* one particle's shells spread by partner, every other entry the outermost (bonds_spread):
     * a scan reads a candidate's shell with one load instead of a search of the list */
    uint8_t *map;
} bond_lists;

/* Pair i-j's logical shell (the outermost if it has no bond). */
static inline uint32_t bond_shell(const bond_lists *b, uint32_t outermost, uint32_t i, uint32_t j) {
    const int32_t *l = b->partner + (size_t)i * b->cap;
    for (uint32_t k = 0, m = b->count[i]; k < m; k++)
        if (l[k] == (int32_t)j) return b->shell[(size_t)i * b->cap + k];
    return outermost;
}

/* Particle i's shells into the map before a scan of its candidates, and out again after it
 * (the map's entries for i's partners as of then: a naive scan may change a pair's shell, and
 * the pair's bond follows before the map is cleared). */
static inline void bonds_spread(bond_lists *b, uint32_t i) {
    const int32_t *l = b->partner + (size_t)i * b->cap;
    const uint8_t *s = b->shell + (size_t)i * b->cap;
    for (uint32_t k = 0, m = b->count[i]; k < m; k++) b->map[l[k]] = s[k];
}
static inline void bonds_unspread(bond_lists *b, uint32_t outermost, uint32_t i) {
    const int32_t *l = b->partner + (size_t)i * b->cap;
    for (uint32_t k = 0, m = b->count[i]; k < m; k++) b->map[l[k]] = (uint8_t)outermost;
}

int ed_bonds_init(bond_lists *b, uint32_t n, uint32_t outermost);
void ed_bonds_free(bond_lists *b);
/* Pair i-j's logical shell set (the outermost removes its bond): 0, or -1 out of memory. */
int ed_bond_set(bond_lists *b, uint32_t outermost, uint32_t i, uint32_t j, uint32_t shell);

#endif
