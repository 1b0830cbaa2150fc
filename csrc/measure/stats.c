/* The run's statistics (edpd_get_stats): the counters the loop keeps per event, and what is
 * measured from the state now (energies, overlaps, the logical states against the distances);
 * the pressure from the collision virial, with its error from block averages (pressure.h). */
#include "measure/overlaps.h"
#include "measure/pressure.h"
#include "measure/logical_states.h"
#include "measure/packing.h"
#include <math.h>
#include <string.h>

void edpd_get_stats(const edpd_world *w, edpd_stats *s) {
    memset(s, 0, sizeof *s);
    s->time = w->time;
    s->events = w->events;
    s->collisions = w->collisions;
    s->plane_impacts = w->plane_impacts;
    s->cell_crossings = w->cell_crossings;
    s->list_rebuilds = w->list_rebuilds;
    s->stale_events = w->stale_events;
    s->stabilizing_events = w->stabilizing_events;
    s->negative_dt_events = w->negative_dt_events;
    s->three_body_events = w->three_body_events;
    s->three_body_collisions = w->three_body_collisions;
    s->ignored_undefined = w->ignored_undefined;
    s->first_failure_event = w->first_failure_event;
    s->halted_particles = w->halted;
    s->resting_particles = w->resting;
    s->plate_locks = w->locks;
    s->plate_takeoffs = w->takeoffs;
    ed_overlaps_now(w, &s->overlapping_pairs, &s->plane_overlaps, &s->fell_through, &s->max_overlap, NULL);

    double twice_ke = 0.0;
    for (uint32_t i = 0; i < w->n; i++) {
        vec3 r, v;
        particle_now(w, i, &r, &v);
        twice_ke += w->p[i].mass * v3_dot(v, v);
    }
    s->kinetic_energy = 0.5 * twice_ke;
    s->captures = w->captures;
    s->releases = w->releases;
    s->step_bounces = w->step_bounces;
    s->inward_stabilizing_events = w->stabilizing_in;
    s->outward_stabilizing_events = w->stabilizing_out;
    s->thermostat_kicks = w->kicks;
    s->potential_energy = w->pe;
    s->total_energy = s->kinetic_energy + w->pe;
    s->energy_drift = s->total_energy - w->e0;
    ed_logical_states_compare(w, &s->positions_potential_energy, &s->disagreeing_pairs, &s->rounding_pairs);
    s->temperature = twice_ke / (w->dim * (double)w->n);
    /* Collision virial: Z = PV/(N kT) = 1 + sum(r_ij.dp_i) / (dim N <kT> t) = 1 + W / (2 int KE dt). */
    double elapsed = w->time - w->measure_t0;
    double ke_int = ke_integral_at(w, w->time);
    s->pressure_z = (!w->has_gravity && w->plane_count == 0 && ke_int > 0.0) ? 1.0 + w->virial / (2.0 * ke_int) : NAN;
    s->pressure_z_error = isnan(s->pressure_z) ? NAN : ed_z_blocks_error(w);
    uint64_t coll = w->collisions - w->measure_collisions0;
    s->mean_free_time = coll > 0 ? (double)w->n * elapsed / (2.0 * (double)coll) : NAN;
    /* the energies' time averages over the measurement window, and their errors from its blocks */
    s->kinetic_energy_mean = elapsed > 0.0 ? ke_int / elapsed : NAN;
    s->kinetic_energy_mean_error = ed_blocks_mean_error(w, 1);
    s->potential_energy_mean = elapsed > 0.0 ? pe_integral_at(w, w->time) / elapsed : NAN;
    s->potential_energy_mean_error = ed_blocks_mean_error(w, 0);
    s->state_hash = edpd_state_hash(w);
    s->packing_fraction_now = ed_packing_fraction(w, w->time);
    s->interval_pressure_z = w->interval_z;
    s->rescales = w->rescales;
    s->rescaled_energy = w->rescaled_energy;
    s->plane_work = w->plane_work;
    s->impact_loss = w->impact_loss;
}

/* Start a new measurement window for pressure and mean free time (e.g. after equilibration). */
void edpd_reset_measurements(edpd_world *w) {
    w->virial = 0.0;
    w->ke_integral = 0.0;
    w->ke_time = w->time;
    w->pe_integral = 0.0;
    w->pe_time = w->time;
    w->measure_t0 = w->time;
    w->measure_collisions0 = w->collisions;
    ed_z_blocks_start(w);
}
