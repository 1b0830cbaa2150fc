/* edpd run's result: the JSON object (docs/cli.md) or the text summary. */
#include "run.h"
#include "cli.h"
#include "edpd/schema.h"
#include "edpd/structure.h"
#include "json.h"
#include "interrupt.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The counters and measurements of edpd_stats, by the schema's names (state_hash: with the run). */
static void json_stats(json_out *j, const edpd_stats *s) {
    for (int k = 0; k < EDPD_STATS_FIELD_COUNT; k++) {
        const edpd_stat_field *f = &EDPD_STATS_FIELDS[k];
        const char *p = (const char *)s + f->offset;
        uint64_t u;
        if (f->type == EDPD_STAT_DOUBLE) json_num(j, f->name, *(const double *)p);
        else if (f->type == EDPD_STAT_U32) json_u64(j, f->name, *(const uint32_t *)p);
        else if (f->type == EDPD_STAT_U64) {
            memcpy(&u, p, sizeof u);
            if (u == UINT64_MAX) json_num(j, f->name, NAN);  /* first_failure_event: none */
            else json_u64(j, f->name, u);
        }
    }
}

/* null, or the overlap function where a naive detector first failed, f(dt) = f0 + f1 dt +
 * f2 dt^2 / 2, and both detectors' answers for it. */
static void json_first_failure(json_out *j, const edpd_failure *ff) {
    if (!ff->found) { json_str(j, "first_failure", NULL); return; }
    json_begin_object(j, "first_failure");
    json_u64(j, "event", ff->event);
    json_num(j, "time", ff->time);
    json_num(j, "particle_a", ff->particle_a);
    json_num(j, "particle_b", ff->particle_b);  /* -1 - k: plane k */
    json_num(j, "f0", ff->f0);
    json_num(j, "f1", ff->f1);
    json_num(j, "f2", ff->f2);
    json_num(j, "naive_dt", ff->naive_dt);      /* null: no real root */
    json_str(j, "naive_answer", ff->naive_answer);
    json_str(j, "naive_action", ff->naive_action);
    json_num(j, "stable_dt", ff->stable_dt);    /* null: no event */
    json_str(j, "stable_answer", ff->stable_answer);
    json_end_object(j);
}

/* Fig. 3: impact separations in spacings of doubles at sigma. */
static void json_impact_histogram(json_out *j, const edpd_world *w) {
    uint64_t h[EDPD_HIST_BINS];
    edpd_get_impact_histogram(w, h);
    json_begin_object(j, "impact_histogram");
    json_num(j, "first_bin", -EDPD_HIST_HALF);
    json_str(j, "unit", "spacing of doubles at sigma");
    json_u64(j, "below", h[0]);
    json_u64(j, "above", h[EDPD_HIST_BINS - 1]);
    json_u64_array(j, "counts", h + 1, EDPD_HIST_BINS - 2);
    json_end_object(j);
}

/* A packing's contacts: pairs within CONTACT_GAP of contact, rattlers excluded. At the jamming
 * pressure (10^12) a contact's gap is about d / Z of a diameter; a rattler's is thousands of times
 * more than this. */
#define CONTACT_GAP 1e-9
static void json_contacts(json_out *j, const edpd_world *w) {
    edpd_contacts k;
    edpd_error e;
    if (edpd_get_contacts(w, CONTACT_GAP, &k, NULL, NULL, 0, &e) != EDPD_OK) { json_str(j, "contacts", NULL); return; }
    json_begin_object(j, "contacts");
    json_num(j, "gap", CONTACT_GAP);
    json_u64(j, "contacts", k.contacts);
    json_u64(j, "rattlers", k.rattlers);
    json_num(j, "mean_contacts", k.mean_contacts);
    json_end_object(j);
}
/* A 3-D compression's order: Q6 over the bonds shorter than 1.2 mean diameters. A crystal shows
 * 0.4-0.575, a glass or a liquid ~0. */
static double compression_q6(const edpd_world *w) {
    uint32_t n = edpd_particle_count(w);
    const edpd_config *c = edpd_get_config(w);
    if (c->dim != 3) return NAN;
    double *r = malloc(sizeof(double) * 3 * n), *d = malloc(sizeof(double) * n), box[3], q = NAN, mean = 0.0;
    int periodic[3];
    if (r && d) {
        edpd_get_positions(w, r);
        edpd_get_diameters(w, d);
        for (uint32_t i = 0; i < n; i++) mean += d[i] / n;
        edpd_get_box(w, box);
        edpd_get_periodic(w, periodic);
        q = edpd_bond_order_q6(r, n, box, periodic, 1.2 * mean);
    }
    free(r); free(d);
    return q;
}

static void print_compression(const edpd_world *w, const edpd_status *st, const edpd_stats *s) {
    const edpd_config *c = edpd_get_config(w);
    printf("compression at gamma = %g: phi = %.6g, reduced pressure of the last rescale interval = %.6g, %llu rescales\n",
           c->growth_rate, s->packing_fraction_now, s->interval_pressure_z, (unsigned long long)s->rescales);
    double q6 = compression_q6(w);
    if (!isnan(q6)) printf("bond order Q6 = %.3f (bonds within 1.2 mean diameters; FCC 0.575, a glass or a liquid ~0)\n", q6);
    if (st->state != EDPD_STATE_JAMMED) return;
    edpd_contacts k;
    edpd_error e;
    if (st->reason && strcmp(st->reason, "stalled") == 0)
        printf("JAMMED at t = %.17g: phi_J = %.6g, the clock stalled (impacts without end at one instant: the gaps are rounding); reduced pressure %.3g\n",
               st->time, s->packing_fraction_now, s->interval_pressure_z);
    else
        printf("JAMMED at t = %.17g: phi_J = %.6g, reduced pressure %.3g > %.3g\n", st->time, s->packing_fraction_now, s->interval_pressure_z, c->jam_pressure);
    if (edpd_get_contacts(w, CONTACT_GAP, &k, NULL, NULL, 0, &e) == EDPD_OK)
        printf("contacts (gap < %g sigma): %u between %u non-rattlers, %.4g per particle (isostatic: %d); %u rattlers\n",
               CONTACT_GAP, k.contacts, c->n - k.rattlers, k.mean_contacts, 2 * c->dim, k.rattlers);
}

/* A halt in the paper's terms (Sect. 3), as the app's "What happened" says it. */
static void print_halt(const edpd_status *st) {
    printf("HALTED: %s at event %llu, t = %.17g (particle %d, partner %d)\n", st->reason,
           (unsigned long long)st->event, st->time, st->particle_a, st->particle_b);
    if (strcmp(st->reason, "no-real-root") == 0)
        printf("  why: the ball overlaps the plate by rounding and its bounces are too low to clear that\n"
               "       overlap: Eq. (12)'s square root is of a negative number, so the textbook detector has no\n"
               "       impact time (the stable one collides at the turning point, Algorithm 2)\n");
    else if (strcmp(st->reason, "overlap-approaching") == 0)
        printf("  why: the pair overlaps by rounding (left by an earlier impact) and approaches: the textbook\n"
               "       formula gives a negative dt, an impact in the past (a three-body event, Fig. 4); the\n"
               "       stable detector collides such a pair at once (a stabilising event, Eq. 10)\n");
}

/* docs/cli.md lists the fields */
void run_print_json(edpd_world *w, const run_opts *o, const run_rows *rows, double eps) {
    const edpd_config *c = &o->c;
    edpd_stats s;
    edpd_get_stats(w, &s);
    edpd_status st = edpd_get_status(w);
    json_out j;
    json_open(&j, stdout);
    json_str(&j, "scenario", edpd_scenario_name(c->scenario));
    json_str(&j, "detector", edpd_detector_name(c->detector));
    json_u64(&j, "n", c->n);
    json_u64(&j, "dim", (uint64_t)c->dim);
    json_u64(&j, "seed", c->seed);
    json_num(&j, "packing_fraction", c->scenario == EDPD_SCENARIO_BOUNCING_BALL || c->scenario == EDPD_SCENARIO_CUSTOM ? NAN : c->packing_fraction);
    json_num(&j, "restitution", c->restitution);
    json_num(&j, "tc", c->tc);  /* the TC model's time (0 = off) */
    static const char *const POTENTIAL_NAMES[] = {"hard-sphere", "square-well", "steps"};
    json_str(&j, "potential", POTENTIAL_NAMES[c->potential]);
    if (c->potential == EDPD_POTENTIAL_SQUARE_WELL) { json_num(&j, "well_width", c->well_width); json_num(&j, "well_depth", c->well_depth); }
    if (c->potential == EDPD_POTENTIAL_STEPS) {  /* [[radius, energy], ...], innermost first */
        double rows[2 * EDPD_MAX_STEPS];
        for (uint32_t k = 0; k < c->step_count; k++) { rows[2 * k] = c->steps[k].radius; rows[2 * k + 1] = c->steps[k].energy; }
        json_num_rows(&j, "steps", rows, (int)c->step_count, 2);
    }
    json_num(&j, "thermostat_rate", c->thermostat_rate);
    json_num(&j, "start_time", o->start);  /* the clock at the start: a loaded state's Time, else 0 */
    if (o->load_path) json_u64(&j, "frame", (uint64_t)o->loaded_frame);  /* the frame of the file run from (0 the first) */
    json_num(&j, "equilibrate", o->equilibrate);  /* measurements from start_time + this on */
    json_num(&j, "elastic_until", o->equilibrate > 0.0 ? o->equilibrate : o->elastic_for);  /* elastic sphere impacts before start_time + this */
    json_stats(&j, &s);
    if (observe_any(&o->obs) && o->obs_r.done) observe_json(&j, &o->obs, &o->obs_r);
    if (o->seeds_r) seeds_json(&j, o->seeds_r);
    edpd_failure ff;
    edpd_get_first_failure(w, &ff);
    json_first_failure(&j, &ff);
    json_bool(&j, "halted", st.state == EDPD_STATE_HALTED);
    edpd_status fh = edpd_get_first_halt(w);  /* a ball array's first ball to halt, while the others may run on */
    if (fh.state != EDPD_STATE_HALTED) json_str(&j, "first_halt", NULL);
    else {
        json_begin_object(&j, "first_halt");
        json_str(&j, "reason", fh.reason);
        json_num(&j, "time", fh.time);
        json_u64(&j, "event", fh.event);
        json_u64(&j, "particle", (uint64_t)fh.particle_a);
        json_end_object(&j);
    }
    json_str(&j, "halt_reason", st.state == EDPD_STATE_HALTED ? st.reason : NULL);
    json_bool(&j, "collapse", st.state == EDPD_STATE_COLLAPSE);
    json_bool(&j, "jammed", st.state == EDPD_STATE_JAMMED);
    if (c->growth_rate > 0.0) { json_contacts(&j, w); json_num(&j, "bond_order_q6", compression_q6(w)); }
    json_num(&j, "status_time", st.state == EDPD_STATE_RUNNING ? NAN : st.time);
    json_u64(&j, "status_event", st.event);
    json_hex(&j, "state_hash", s.state_hash);
    json_num(&j, "events_per_second", eps);
    json_str(&j, "interrupted", interrupt_name());  /* SIGINT or SIGTERM ended the run early, or null */
    if (rows->v) {
        json_begin_object(&j, rows->cols == CHECK_COLS ? "checkpoints" : "series");
        json_str(&j, "columns", rows->cols == CHECK_COLS
                 ? "events, time, temperature, overlapping_pairs, max_overlap, stabilizing_events, negative_dt_events, three_body_events"
                 : "time, temperature, collisions, pressure_z, overlapping_pairs, potential_energy");
        json_num_rows(&j, "rows", rows->v, rows->count, rows->cols);
        json_end_object(&j);
    }
    json_impact_histogram(&j, w);
    json_close(&j);
}

/* The run's result as text: what ran, where it stopped and why, the measurements. */
/* A stopped clock means three things, named apart as the app's verdicts do: a stepped potential
 * whose energy grew (a detector's recaptures at one instant: a failure), one ball at rest on its
 * plate (the exact motion's end), or an inelastic collapse of a gas. */
static void print_collapse(const edpd_config *c, const edpd_status *st, const edpd_stats *s) {
    unsigned long long ev = (unsigned long long)st->event;
    double scale = fabs(s->total_energy) > 1.0 ? fabs(s->total_energy) : 1.0;
    if (c->potential != EDPD_POTENTIAL_HARD && s->thermostat_kicks == 0 && fabs(s->energy_drift) > 1e-6 * scale)
        printf("COLLAPSE, ENERGY %s: the clock stopped at t = %.17g (event %llu) with the energy %+.6g off: "
               "a pair met a step's edge again and again at one instant (a failure, not physics)\n",
               s->energy_drift > 0 ? "CREATED" : "LOST", st->time, ev, s->energy_drift);
    else if (c->scenario == EDPD_SCENARIO_BOUNCING_BALL && c->n == 1)
        printf("AT REST on the plate at t = %.17g (event %llu): ever lower bounces end there, as the exact "
               "motion's do (an inelastic collapse)\n", st->time, ev);
    else
        printf("COLLAPSE: the clock stopped at t = %.17g (event %llu): inelastic collapse, impacts without end at "
               "one instant (--tc T avoids it)\n", st->time, ev);
}

void run_print_text(edpd_world *w, const run_opts *o, double eps) {
    const edpd_config *c = &o->c;
    edpd_stats s;
    edpd_get_stats(w, &s);
    edpd_status st = edpd_get_status(w);
    printf("%s, %s detector, n = %u: %llu events (%llu collisions, %llu plane impacts) to t = %.17g\n",
           edpd_scenario_name(c->scenario), edpd_detector_name(c->detector), c->n,
           (unsigned long long)s.events, (unsigned long long)s.collisions,
           (unsigned long long)s.plane_impacts, s.time);
    if (o->load_path) {  /* where the state and its physics came from: the file or a flag */
        char which[64] = "";
        if (o->frame >= 0) snprintf(which, sizeof which, "frame %d of ", o->frame);
        else if (o->frame == EDPD_XYZ_LAST_FRAME) snprintf(which, sizeof which, "frame %d (the last of %d) of ", o->loaded_frame, o->loaded_frames);
        printf("loaded %s%s: from t = %.17g; restitution %g (%s), t_c %g (%s)\n", which, o->load_path, o->start,
               c->restitution, o->restitution_given ? "--restitution" : o->file_restitution ? "the file" : "default: elastic",
               c->tc, o->tc_given ? "--tc" : o->file_tc ? "the file" : "default: off");
    }
    if (c->elastic_until > 0.0)
        printf("elastic sphere impacts until t = %g%s\n", c->elastic_until, o->equilibrate > 0.0 ? "; Z and mean free time from then on" : "");
    if (st.state == EDPD_STATE_HALTED) print_halt(&st);
    edpd_status fh = edpd_get_first_halt(w);
    if (st.state != EDPD_STATE_HALTED && fh.state == EDPD_STATE_HALTED)  /* balls halted, others run on */
        printf("%u of %u balls HALTED on their own plates, the first at event %llu, t = %.17g (ball %d): %s; the others ran on\n",
               s.halted_particles, c->n, (unsigned long long)fh.event, fh.time, fh.particle_a, fh.reason);
    edpd_failure ff;
    edpd_get_first_failure(w, &ff);
    if (ff.found) print_failure(&ff);
    if (st.state == EDPD_STATE_COLLAPSE) print_collapse(c, &st, &s);
    if (c->growth_rate > 0.0) print_compression(w, &st, &s);
    /* Z and the mean free time are undefined under gravity or planes and before any
     * collision: say so instead of printing nan */
    uint32_t planes = edpd_get_planes(w, NULL, 0);
    int walls = c->scenario == EDPD_SCENARIO_BOUNCING_BALL || planes > 0 ||
                c->gravity[0] != 0.0 || c->gravity[1] != 0.0 || c->gravity[2] != 0.0;
    char z[64] = "n/a (gravity or planes)", mft[32] = "n/a (no collision yet)";
    if (!isnan(s.pressure_z) && !isnan(s.pressure_z_error)) snprintf(z, sizeof z, "%.6g +- %.2g", s.pressure_z, s.pressure_z_error);
    else if (!isnan(s.pressure_z)) snprintf(z, sizeof z, "%.6g", s.pressure_z);
    else if (!walls) snprintf(z, sizeof z, s.kinetic_energy > 0.0 ? "n/a (no time measured yet)" : "n/a (no kinetic energy)");
    if (!isnan(s.mean_free_time)) snprintf(mft, sizeof mft, "%.6g", s.mean_free_time);
    printf("kT = %.6g  KE = %.6g  Z = %s  mean free time = %s\n", s.temperature, s.kinetic_energy, z, mft);
    if (c->scenario == EDPD_SCENARIO_SHAKEN_BOX || (c->scenario == EDPD_SCENARIO_BOX && planes > 0))  /* where the energy went: E = E0 + work - loss */
        printf("the floor and walls gave %.6g, the impacts took %.6g (kinetic + potential energy changes by the difference)\n", s.plane_work, s.impact_loss);
    if (c->potential != EDPD_POTENTIAL_HARD) {  /* a stepped potential: its energies, and what the run conserved */
        char um[64] = "n/a (no time measured yet)";
        if (!isnan(s.potential_energy_mean) && !isnan(s.potential_energy_mean_error)) snprintf(um, sizeof um, "%.6g +- %.2g", s.potential_energy_mean, s.potential_energy_mean_error);
        else if (!isnan(s.potential_energy_mean)) snprintf(um, sizeof um, "%.6g", s.potential_energy_mean);
        printf("U = %.6g (time average %s)  E = %.6g  energy drift = %.3g%s\n", s.potential_energy, um, s.total_energy, s.energy_drift,
               c->thermostat_rate > 0.0 && s.time < c->thermostat_until ? " (a thermostat runs: no conservation to check)" : "");
    }
    if (o->seeds_r) printf("Z over %d seeds (%u .. %u) = %.6g +- %.2g\n", o->seeds_r->count, c->seed, c->seed + (uint32_t)o->seeds_r->count - 1,
                           o->seeds_r->mean, o->seeds_r->error);
    if (o->seeds_r && c->potential != EDPD_POTENTIAL_HARD)
        printf("U's time average over the %d seeds = %.6g +- %.2g\n", o->seeds_r->count, o->seeds_r->u_mean, o->seeds_r->u_error);
    printf("stabilizing = %llu  negative-dt = %llu  three-body = %llu  overlaps now = %u (max %.3g sigma)\n",
           (unsigned long long)s.stabilizing_events, (unsigned long long)s.negative_dt_events,
           (unsigned long long)s.three_body_events, s.overlapping_pairs + s.plane_overlaps, s.max_overlap);
    if (observe_any(&o->obs) && o->obs_r.done) observe_text(&o->obs, &o->obs_r);
    printf("state hash %016llx, %.3g events/s\n", (unsigned long long)s.state_hash, eps);
    if (interrupt_name()) printf("INTERRUPTED by %s at t = %.17g: the files hold the run up to here\n", interrupt_name(), s.time);
}
