/* A scenario's initial state (scenario.c) as a custom configuration: out is cfg made custom, its
 * positions and velocities written into the caller's arrays (n*3 doubles each) and, for the
 * bouncing balls, each ball's plate into plates (n), a shaken box's walls (6); a mixture's or
 * a shaken box's intruder's diameters and masses into sizes (2 n doubles, NULL without either). No world is involved: creation places the
 * state (create.c). EDPD_OK, or an error naming the field. */
#ifndef EDPD_SCENARIO_H
#define EDPD_SCENARIO_H
#include "edpd/edpd.h"

edpd_code ed_scenario_state(const edpd_config *cfg, double *positions, double *velocities, edpd_plane *plates,
                         double *sizes, edpd_config *out, edpd_error *err);

#endif
