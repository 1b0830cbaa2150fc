/* The state hash (edpd_state_hash): FNV-1a over the bytes of the state at the current clock,
 * the pairs' logical states included, so that two runs are the same run if their hashes agree. */
#include "world/world.h"
#include <stdlib.h>

/* FNV-1a over the bytes of the state at the current clock. */
static uint64_t fnv(uint64_t h, const void *data, size_t len) {
    const unsigned char *b = data;
    for (size_t k = 0; k < len; k++) { h ^= b[k]; h *= 0x100000001B3ull; }
    return h;
}

static int by_partner(const void *x, const void *y) {
    int32_t a = *(const int32_t *)x, b = *(const int32_t *)y;
    return (a > b) - (a < b);
}

/* The logical states in the hash: every bond (i < j, shell) in order. */
static uint64_t logical_states_hash(const struct edpd_world *w, uint64_t h) {
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

uint64_t edpd_state_hash(const edpd_world *w) {
    uint64_t h = 0xCBF29CE484222325ull;
    h = fnv(h, &w->n, sizeof w->n);
    h = fnv(h, &w->events, sizeof w->events);
    h = fnv(h, &w->time, sizeof w->time);
    for (uint32_t i = 0; i < w->n; i++) {
        vec3 r, v;
        particle_now(w, i, &r, &v);
        double s[6] = {r.x, r.y, r.z, v.x, v.y, v.z};
        h = fnv(h, s, sizeof s);
    }
    return logical_states_hash(w, h);  /* a stepped potential's logical states (none: h unchanged) */
}
