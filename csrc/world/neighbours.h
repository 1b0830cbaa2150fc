/* Neighbour lists with moving shells (as in Smallenburg's EDMD code): particle i is confined to
 * a sphere of radius delta/2 around its list centre c_i, and i, j are listed as neighbours iff
 * |c_i - c_j| < sigma_ij + delta. An unlisted pair cannot touch while both stay in their shells;
 * a particle reaching the edge of its shell (a list-rebuild event) re-centres (in a dilute world
 * ahead of itself along its flight) and re-lists.
 * A prediction then tests about (1 + delta/sigma)^3 n (4 pi / 3) sigma^3 partners instead of the
 * 27 cells around the particle (13 instead of 26 at n sigma^3 = 0.9). Lists are symmetric and
 * stored in one array with a common capacity that doubles when a list would overflow.
 * Used for worlds without gravity (linear flights make the exit time a square root) and with
 * diameters within a factor 2.5 (so a list stays short); other worlds use cell crossings. A
 * compression's lists are made for diameters GROWTH_ROOM times the present ones, and made anew
 * (with the cells) by its timed event before the spheres outgrow them (engine/compression.c). */
#ifndef EDPD_NEIGHBOURS_H
#define EDPD_NEIGHBOURS_H
#include <math.h>
#include <stdint.h>
#include <stddef.h>
#include <string.h>
#include "base/vec.h"

/* A list centre with the particle's reach sigma/2 + delta/2: two shells overlap iff the
 * centres are closer than the sum of the reaches. 32 bytes: one cache line holds two. */
typedef struct nl_centre { vec3 c; double reach; } nl_centre;

typedef struct neighbour_lists {
    int on;
    double delta;        /* shell thickness: list cut-off sigma_ij scale + delta */
    double scale;        /* 1, or in a compression the growth the lists allow for (GROWTH_ROOM times
                          * the factor at their making): pairs are listed by their diameters grown so far */
    double exit_radius;  /* delta/2 less a rounding margin: how far i may stray from c_i */
    double lead;         /* a new centre this many exit radii ahead of the particle (ed_nl_rebuild) */
    uint32_t cap;        /* entries per particle */
    uint32_t n;
    int32_t *idx;        /* neighbours of i: idx[i cap .. i cap + count[i]) */
    uint32_t *count;
    nl_centre *centre;
    int32_t *scratch;    /* n entries: candidates of one rebuild */
    uint32_t *stamp;     /* n entries: marks of old and kept neighbours during a rebuild */
    uint32_t epoch;
} neighbour_lists;

struct edpd_world;

/* Chooses whether the world uses lists, and the shell (before the cell grid is made: cells
 * must be sigma_max scale + delta wide), for the world's diameters at its present time. */
void ed_nl_configure(struct edpd_world *w);
/* Allocates and fills every list from the current positions (cells filled). 0, or -1 on memory. */
int ed_nl_build(struct edpd_world *w);
/* Particle i (up to date, inside the box) re-centres, at or ahead of its position, and re-lists;
 * its cell follows the centre; the particles new to its list are left in scratch[0, *newcomers).
 * 0, or -1 if the lists could not grow (nothing changed then). */
int ed_nl_rebuild(struct edpd_world *w, uint32_t i, uint32_t *newcomers);
/* Particle i leaves every list (it is frozen: engine/loop.c); no-op without lists. */
void ed_nl_forget(struct edpd_world *w, uint32_t i);
void ed_nl_free(neighbour_lists *nl);
/* Every listed pair symmetric, every close pair listed, every particle inside its shell. */
int ed_nl_check(const struct edpd_world *w, char *msg, size_t len);

/* Time until a particle at d from its centre, moving with v, reaches the exit radius R. */
static inline double nl_exit_dt(vec3 d, vec3 v, double R) {
    double a = v3_dot(v, v);
    if (!(a > 0.0)) return INFINITY;
    double b = v3_dot(d, v), c = v3_dot(d, d) - R * R;
    if (c >= 0.0) return 0.0;
    double s = sqrt(b * b - a * c);
    /* the larger root without cancellation: -c / (b + s) moving outwards (b > 0), else (s - b) / a.
     * The sign of b is a coin toss: the quotient's terms are chosen on their bits, as integers,
     * which compilers keep as masks (a double's select becomes a branch), then one division. */
    uint64_t out = -(uint64_t)(b > 0.0), n1, n2, d1, d2, nb, db;
    double num = -c, num_in = s - b, den = b + s, den_in = a;
    memcpy(&n1, &num, 8); memcpy(&n2, &num_in, 8); memcpy(&d1, &den, 8); memcpy(&d2, &den_in, 8);
    nb = (n1 & out) | (n2 & ~out);
    db = (d1 & out) | (d2 & ~out);
    memcpy(&num, &nb, 8); memcpy(&den, &db, 8);
    return num / den;
}

#endif
