/* A scenario's initial state (scenario.c) as a custom configuration: out is cfg made custom, its
 * positions and velocities written into the caller's arrays (n*3 doubles each) and, for the
 * bouncing balls, each ball's plate into plates (n), a shaken box's walls (6); a mixture's or
 * a shaken box's intruder's (a box's always) diameters and masses into sizes (2 n doubles, NULL without either). No world is involved: creation places the
 * state (create.c). EDPD_OK, or an error naming the field. */
#ifndef EDPD_SCENARIO_H
#define EDPD_SCENARIO_H
#include "edpd/edpd.h"
#include "base/rng.h"

edpd_code ed_scenario_state(const edpd_config *cfg, double *positions, double *velocities, edpd_plane *plates,
                         double *sizes, edpd_config *out, edpd_error *err);

/* Maxwellian velocities (masses NULL: all c->mass), zero total momentum, kT exactly c->temperature. */
void ed_maxwell(const edpd_config *c, const double *masses, double *vel, edpd_rng *rng);
/* A mixture's c->n particles, species by species, shuffled by the seed, into diameters and masses;
 * the mean sigma^dim, and the largest diameter in *largest. */
double ed_mix_species(const edpd_config *c, double *diameters, double *masses, edpd_rng *rng, double *largest);
/* The box scenario's state (box.c): positions, velocities, its walls (at most 6) and every
 * particle's diameter and mass (sizes: 2 n doubles). */
edpd_code ed_build_box(const edpd_config *c, double *pos, double *vel, edpd_plane *walls, double *sizes, edpd_config *out, edpd_rng *rng, edpd_error *err);

#endif
