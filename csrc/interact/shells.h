/* Stepped pair potentials (the paper's Sect. 6; steps.c): a hard core with steps of energy
 * outside it, the square well the common case. What a pair may do next depends on which step it
 * is in, and with floating-point positions that cannot be read off the distance near a step: it
 * is the pair's logical state, kept from its history. */
#ifndef EDPD_STEPS_H
#define EDPD_STEPS_H
#include "edpd/edpd.h"
#include "interact/detector.h"
#include "base/vec.h"
#include <stdint.h>

/* The shells around a pair, in units of its sigma: shell k lies between radius[k - 1] (the core,
 * 1, for k = 0) and radius[k]; shell `count` is everything beyond the last step. */
typedef struct shells {
    uint32_t count;                      /* steps; 0: hard spheres */
    double radius[EDPD_MAX_STEPS];
    double energy[EDPD_MAX_STEPS + 1];   /* U in shell k; energy[count] = 0 */
    double reach;                        /* the last step's radius (1 without steps) */
    /* for a pair of contact distance sigma_one (every pair's, in a world of one diameter): each
     * shell's edges squared, inner and outer (+inf beyond the last step), as shell_inner and
     * shell_event form them, and the squared distance within which a pair may be bound */
    double sigma_one, edge2[EDPD_MAX_STEPS + 1][2], near2;
} shells;

/* The pairs' logical states, sparse: each particle lists its partners in any shell but the
 * outermost, with their shell; symmetric; one capacity for all lists, doubled when one is full. */
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

void shells_from_config(shells *s, const edpd_config *c, double sigma_one);

/* The shell a distance^2 r2 puts a pair of diameter sigma in (what textbook code reads). */
static inline uint32_t shell_of_distance(const shells *s, double r2, double sigma) {
    uint32_t k = 0;
    while (k < s->count && r2 >= s->radius[k] * s->radius[k] * sigma * sigma) k++;
    return k;
}

/* Pair i-j's logical shell (the outermost if it has no bond). */
static inline uint32_t bond_shell(const bond_lists *b, uint32_t outermost, uint32_t i, uint32_t j) {
    const int32_t *l = b->partner + (size_t)i * b->cap;
    for (uint32_t k = 0, m = b->count[i]; k < m; k++)
        if (l[k] == (int32_t)j) return b->shell[(size_t)i * b->cap + k];
    return outermost;
}

/* The radius of shell k's inner boundary for a pair of contact distance sigma: the core's for
 * shell 0, else step k - 1's. */
static inline double shell_inner(const shells *s, uint32_t shell, double sigma) {
    return shell == 0 ? sigma : s->radius[shell - 1] * sigma;
}

/* Shell k's edges squared for a pair of contact distance sigma, inner and outer, as shell_inner
 * and shell_event form them (the outer +inf beyond the last step). */
static inline void shell_edges2(const shells *s, uint32_t shell, double sigma, double out[2]) {
    double r_in = shell_inner(s, shell, sigma), r_out = shell < s->count ? s->radius[shell] * sigma : INFINITY;
    out[0] = r_in * r_in;
    out[1] = r_out * r_out;
}

/* The event of a pair in shell `shell` with separation dr and relative velocity dv: the earlier
 * of its inner boundary (the core in shell 0) and its outer one, each by the detector's rule on
 * its overlap function; *outer says which. */
static inline edpd_root shell_event(edpd_detector d, const shells *s, uint32_t shell, vec3 dr, vec3 dv, double sigma, int *outer) {
    double r_in = shell_inner(s, shell, sigma);
    edpd_root in = detect(d, pair_overlap(dr, dv, r_in));
    *outer = 0;
    if (shell < s->count) {
        edpd_root out = detect(d, outer_overlap(dr, dv, s->radius[shell] * sigma));
        if (out.dt < in.dt) { *outer = 1; return out; }
    }
    return in;
}

/* Particle i's shells into the map before a scan of its candidates, and out again after it
 * (the map's entries for i's partners as of then: a naive scan may move pairs, steps_adopt). */
static inline void bonds_spread(bond_lists *b, uint32_t i) {
    const int32_t *l = b->partner + (size_t)i * b->cap;
    const uint8_t *s = b->shell + (size_t)i * b->cap;
    for (uint32_t k = 0, m = b->count[i]; k < m; k++) b->map[l[k]] = s[k];
}
static inline void bonds_unspread(bond_lists *b, uint32_t outermost, uint32_t i) {
    const int32_t *l = b->partner + (size_t)i * b->cap;
    for (uint32_t k = 0, m = b->count[i]; k < m; k++) b->map[l[k]] = (uint8_t)outermost;
}

struct edpd_world;
int bonds_init(bond_lists *b, uint32_t n, uint32_t outermost);
void bonds_free(bond_lists *b);
/* Pair i-j's logical shell set (the outermost removes its bond): 0, or -1 out of memory. */
int bond_set(bond_lists *b, uint32_t outermost, uint32_t i, uint32_t j, uint32_t shell);

/* At creation: every pair's shell read once from the distances, then the config's bonds (a
 * state file's pairs whose logical shell differs), and the potential energy. 0, or -1 out of memory. */
int steps_start(struct edpd_world *w, const edpd_config *cfg);
/* The pairs whose logical shell differs from what their distance at positions pos says (pos: the
 * positions a state file holds): up to cap (i < j, shell) triples into out; returns how many there are. */
uint32_t steps_exceptions(const struct edpd_world *w, const double *pos, uint32_t *out, uint32_t cap);
/* Particle i meets the step of its pending event with particle j: it crosses (the kinetic energy
 * along the line of centres pays the step) or bounces back, its logical state following. */
void do_step_event(struct edpd_world *w, uint32_t i, uint32_t j);
/* A naive detector read pair i-j's shell off the distance as `to`, not its logical `from`: the pair
 * is moved there, its potential energy changing without an event (the energy the textbook rule
 * creates or destroys). */
void steps_adopt(struct edpd_world *w, uint32_t i, uint32_t j, uint32_t from, uint32_t to);
/* The potential energy counted from the distances now, and the pairs whose logical shell differs
 * from their distance's beyond rounding, and within it (edpd_get_stats). */
void steps_scan(const struct edpd_world *w, double *pe, uint32_t *disagreeing, uint32_t *rounding);
/* The logical states in the state hash: every bond (i < j, shell) in order. */
uint64_t steps_hash(const struct edpd_world *w, uint64_t h, uint64_t (*fnv)(uint64_t, const void *, size_t));

#endif
