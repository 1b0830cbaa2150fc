/* The step API exported to WebAssembly. Arguments stay 32-bit or double (Emscripten 3.1.6 has
 * no BigInt by default); 64-bit values travel as two 32-bit halves in double arrays. The JS
 * wrapper (web/src/edpd.js) hides every pointer. */
#include "edpd/edpd.h"
#include "edpd/ball_sweep.h"
#include "edpd/table_sweep.h"
#include "edpd/observer.h"
#include "edpd/xyz.h"
#include "edpd/schema.h"
#include <malloc.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define KEEP __attribute__((used))

#include "base/error.h"

KEEP edpd_error *wasm_error_new(void) { return calloc(1, sizeof(edpd_error)); }
KEEP const char *wasm_error_message(const edpd_error *e) { return e->message; }
KEEP const char *wasm_error_field(const edpd_error *e) { return e->field; }
KEEP int wasm_error_code(const edpd_error *e) { return (int)e->code; }

/* A world from a state file's text (len bytes; name starts its messages): frame k >= 0, -1 the
 * last, -2 the only one (XYZ_*_FRAME); restitution and tc NaN = the file's (as run --load). NULL
 * with *err filled. frame_out[0]: the frame read (0 the first); frame_out[1]: the file's frame
 * count, 0 unless it was read to its end (the last or only frame). */
KEEP edpd_world *wasm_load(const char *text, double len, const char *name, int frame, int detector, double restitution,
                           double tc, int neighbours, double *frame_out, edpd_error *err) {
    int frames[2] = {0, 0};
    edpd_world *w = edpd_load_state(text, len > 0 ? (size_t)len : 0, name, frame, (edpd_detector)detector, restitution, tc,
                                    (edpd_neighbours)neighbours, frames, err);
    frame_out[0] = frames[0];
    frame_out[1] = frames[1];
    return w;
}

KEEP void wasm_destroy(edpd_world *w) { edpd_destroy(w); }

KEEP int wasm_advance(edpd_world *w, double t_end, double max_events, edpd_error *err) {
    uint64_t budget = max_events >= 1.8e19 ? UINT64_MAX : (max_events > 0 ? (uint64_t)max_events : 0);
    return (int)edpd_advance(w, t_end, budget, err);
}

KEEP void wasm_positions_f32(edpd_world *w, float *out) { edpd_get_positions_f32(w, out); }
KEEP void wasm_positions_f64(edpd_world *w, double *out) { edpd_get_positions(w, out); }
KEEP void wasm_velocities(edpd_world *w, double *out) { edpd_get_velocities(w, out); }
KEEP void wasm_overlap_flags(edpd_world *w, uint8_t *out) { edpd_get_overlap_flags(w, out); }
KEEP void wasm_particle_states(edpd_world *w, uint8_t *out) { edpd_get_particle_states(w, out); }
KEEP void wasm_plate_impacts(edpd_world *w, uint32_t *out) { edpd_get_plate_impacts(w, out); }
KEEP void wasm_box(edpd_world *w, double *out) { edpd_get_box(w, out); }
KEEP void wasm_diameters(edpd_world *w, double *out) { edpd_get_diameters(w, out); }
KEEP void wasm_masses(edpd_world *w, double *out) { edpd_get_masses(w, out); }
KEEP int wasm_dim(edpd_world *w) { return edpd_get_config(w)->dim; }
/* Periodic axes as bits (1 x, 2 y, 4 z). */
KEEP int wasm_periodic(edpd_world *w) {
    int p[3];
    edpd_get_periodic(w, p);
    return (p[0] ? 1 : 0) | (p[1] ? 2 : 0) | (p[2] ? 4 : 0);
}
/* The uniform acceleration (3 doubles). */
KEEP void wasm_gravity(edpd_world *w, double *out) {
    for (int a = 0; a < 3; a++) out[a] = edpd_get_config(w)->gravity[a];
}
/* Each particle's own plate as 5 doubles (normal, offset, restitution; zeros for none) into
 * out (5 N doubles); returns how many particles have one. */
KEEP int wasm_own_planes(edpd_world *w, double *out) {
    uint32_t n = edpd_particle_count(w);
    edpd_plane *pl = malloc(sizeof(edpd_plane) * (n ? n : 1));
    if (!pl) return -1;
    uint32_t count = edpd_get_own_planes(w, pl);
    for (uint32_t i = 0; i < n; i++) {
        for (int a = 0; a < 3; a++) out[5 * i + a] = pl[i].normal[a];
        out[5 * i + 3] = pl[i].offset;
        out[5 * i + 4] = pl[i].restitution;
    }
    free(pl);
    return (int)count;
}
/* The shared planes as 5 doubles each (normal, offset, restitution); returns their count. */
KEEP int wasm_planes(edpd_world *w, double *out, int cap) {
    edpd_plane pl[EDPD_MAX_PLANES];
    uint32_t n = edpd_get_planes(w, pl, EDPD_MAX_PLANES);
    for (uint32_t k = 0; k < n && k < EDPD_MAX_PLANES && (int)k < cap; k++) {  /* 8 numbers each */
        for (int a = 0; a < 3; a++) out[8 * k + a] = pl[k].normal[a];
        out[8 * k + 3] = pl[k].offset;
        out[8 * k + 4] = pl[k].restitution;
        out[8 * k + 5] = pl[k].amplitude;
        out[8 * k + 6] = pl[k].angular_frequency;
        out[8 * k + 7] = pl[k].phase;
    }
    return (int)n;
}
KEEP double wasm_xyz_bound(edpd_world *w) { return (double)EDPD_XYZ_BOUND(edpd_particle_count(w)); }
KEEP double wasm_xyz(edpd_world *w, char *buf, double cap) { return (double)edpd_write_xyz(w, buf, (size_t)cap); }
KEEP double wasm_time(edpd_world *w) { return edpd_time(w); }
KEEP int wasm_particle_count(edpd_world *w) { return (int)edpd_particle_count(w); }
KEEP int wasm_hist_bins(void) { return EDPD_HIST_BINS; }

static void put_u64(double *out, uint64_t v) { out[0] = (double)(uint32_t)(v >> 32); out[1] = (double)(uint32_t)v; }

KEEP void wasm_state_hash(edpd_world *w, double *o) { put_u64(o, edpd_state_hash(w)); }

/* The schema (schema.h) as JSON text, made once; configurations and statistics cross by it. */
KEEP const char *wasm_schema(void) {
    static char *json = NULL;
    if (!json) {
        size_t len = edpd_schema_json(NULL, 0) + 1;
        json = malloc(len);
        if (json) edpd_schema_json(json, len);
    }
    return json ? json : "";
}
/* A configuration with the scenario's defaults; each field set by its index in the schema, with
 * the core's range check (0, or an error code with *err filled). */
KEEP edpd_config *wasm_config_new(int scenario) {
    edpd_config *c = malloc(sizeof *c);
    if (c) *c = edpd_scenario_config((edpd_scenario)scenario);
    return c;
}
KEEP int wasm_config_set(edpd_config *c, int field, double value, edpd_error *err) {
    if (field < 0 || field >= EDPD_FIELD_COUNT) return ed_set_error(err, EDPD_ERR_INVALID, "config", "no field %d", field);
    return (int)edpd_field_set(c, &EDPD_FIELDS[field], value, err);
}
KEEP void wasm_config_free(edpd_config *c) { free(c); }
/* A stepped potential from "radius energy; ..." (edpd_config_set_steps): 0, or an error code. */
KEEP int wasm_config_steps(edpd_config *c, const char *text, edpd_error *err) { return (int)edpd_config_set_steps(c, text, err); }
/* A mixture from "count diameter mass; ..." (edpd_config_set_species, n its counts' sum). */
KEEP int wasm_config_species(edpd_config *c, const char *text, edpd_error *err) { return (int)edpd_config_set_species(c, text, err); }
/* A box's walls, each its own restitution, from "x- x+ y- y+ [z- z+]" (edpd_config_set_wall_restitutions). */
KEEP int wasm_config_wall_restitutions(edpd_config *c, const char *text, edpd_error *err) { return (int)edpd_config_set_wall_restitutions(c, text, err); }
/* The contact network (edpd_get_contacts): counts into o[0..2] (contacts, rattlers, mean), each
 * particle's contacts into counts (n), the first cap pairs into pairs (2 cap); 0 or an error code. */
KEEP int wasm_contacts(edpd_world *w, double gap, double *o, uint32_t *counts, uint32_t *pairs, uint32_t cap, edpd_error *err) {
    edpd_contacts k;
    edpd_code code = edpd_get_contacts(w, gap, &k, counts, pairs, cap, err);
    o[0] = k.contacts; o[1] = k.rattlers; o[2] = k.mean_contacts;
    return (int)code;
}
KEEP edpd_world *wasm_create_config(const edpd_config *c, edpd_error *err) { return edpd_create(c, err); }
/* The statistics as edpd_stats itself: the wrapper reads each field at its schema offset. */
KEEP void wasm_stats_struct(edpd_world *w, edpd_stats *out) { edpd_get_stats(w, out); }

KEEP const char *wasm_status(edpd_world *w, double *o) {
    edpd_status s = edpd_get_status(w);
    o[0] = s.state; o[1] = (double)s.event; o[2] = s.time; o[3] = s.particle_a; o[4] = s.particle_b;
    return s.reason ? s.reason : "";
}

/* The first failure (edpd_get_first_failure) in 12 doubles; its words as indices into the lists
 * web/src/edpd.js keeps in this order. */
static double word_index(const char *w, const char *const *list, int n) {
    for (int k = 0; k < n; k++) if (strcmp(w, list[k]) == 0) return k;
    return -1;
}
KEEP void wasm_first_failure(edpd_world *w, double *o) {
    static const char *const actions[] = {"halted", "ignored", "executed"};
    static const char *const answers[] = {"stabilising", "turning-point", "root", "none"};
    edpd_failure f;
    edpd_get_first_failure(w, &f);
    o[0] = f.found; o[1] = (double)f.event; o[2] = f.time; o[3] = f.particle_a; o[4] = f.particle_b;
    o[5] = f.f0; o[6] = f.f1; o[7] = f.f2; o[8] = f.naive_dt; o[9] = f.stable_dt;
    o[10] = word_index(f.naive_action, actions, 3); o[11] = word_index(f.stable_answer, answers, 4);
}

KEEP void wasm_histogram(edpd_world *w, double *o) {
    uint64_t h[EDPD_HIST_BINS];
    edpd_get_impact_histogram(w, h);
    for (int k = 0; k < EDPD_HIST_BINS; k++) o[k] = (double)h[k];
}

/* Bytes in use by malloc: the leak check of the Jest suite. */
KEEP double wasm_heap_used(void) { struct mallinfo mi = mallinfo(); return (double)mi.uordblks; }

KEEP void wasm_reset_measurements(edpd_world *w) { edpd_reset_measurements(w); }

/* The vibrated table's sweep over Gamma (edpd/table_sweep.h): samples [first, first + count) of
 * `samples` between gamma_from and gamma_to; phases (count x impacts doubles) and recorded (count
 * uint32) filled; 0 or an edpd_code. */
KEEP int wasm_table_sweep(int detector, double restitution, double gamma_from, double gamma_to, double samples, double first, double count,
                          double phase, double transient, double impacts, double *phases, uint32_t *recorded, edpd_error *err) {
    edpd_table_sweep_config c = edpd_default_table_sweep_config();
    c.detector = (edpd_detector)detector;
    c.restitution = restitution;
    c.gamma_from = gamma_from; c.gamma_to = gamma_to;
    c.samples = samples >= 1 && samples <= 1e5 ? (uint32_t)samples : 0;
    c.first = first >= 0 && first < 1e6 ? (uint64_t)first : (uint64_t)1 << 40;
    c.count = count >= 0 && count < 1e6 ? (uint64_t)count : (uint64_t)1 << 40;
    c.phase = phase;
    c.transient = transient >= 0 && transient <= 1e6 ? (uint32_t)transient : 2000000u;
    c.impacts = impacts >= 1 && impacts <= 4096 ? (uint32_t)impacts : 0;
    return (int)edpd_table_sweep(&c, phases, recorded, err);
}

/* The Fig. 7 sweep over samples [first, first+count); out: samples, halted, fell_through,
 * collapsed, exhausted, events_at_halt_sum, final_time_sum, then EDPD_SWEEP_HIST bins. */
KEEP int wasm_sweep_size(void) { return 7 + EDPD_SWEEP_HIST; }
KEEP int wasm_sweep(int detector, double restitution, double gravity, double seed, double first, double count,
                    double max_events, double t_max, double collapse_window, double *out, edpd_error *err) {
    edpd_sweep_config sc = edpd_default_sweep_config();
    sc.detector = (edpd_detector)detector;
    sc.restitution = restitution;
    sc.gravity = gravity;
    sc.seed = (uint32_t)seed;
    sc.first = first >= 0 && first < 1e15 ? (uint64_t)first : (uint64_t)1 << 62;
    sc.count = count >= 0 && count < 1e15 ? (uint64_t)count : (uint64_t)1 << 62;
    sc.max_events = max_events >= 1 && max_events < 1e15 ? (uint64_t)max_events : 0;
    sc.t_max = t_max;
    sc.collapse_window = collapse_window >= 1 && collapse_window < 1e9 ? (uint32_t)collapse_window : 0;
    edpd_sweep_result r;
    memset(&r, 0, sizeof r);
    int code = (int)edpd_ball_sweep(&sc, &r, err);
    out[0] = (double)r.samples; out[1] = (double)r.halted; out[2] = (double)r.fell_through;
    out[3] = (double)r.collapsed; out[4] = (double)r.exhausted; out[5] = (double)r.events_at_halt_sum;
    out[6] = r.final_time_sum;
    for (int k = 0; k < EDPD_SWEEP_HIST; k++) out[7 + k] = (double)r.hist_events_at_halt[k];
    return code;
}

/* Plate offset of sample s of a sweep (the app's ball array shows the same balls). */
KEEP double wasm_plate_offset(double seed, double s) {
    return edpd_sweep_plate_offset((uint32_t)seed, s >= 0 && s < 1e15 ? (uint64_t)s : 0);
}

/* Observables (csrc/include/edpd/observer.h): an observer sampled at equal intervals by the caller. */
KEEP edpd_observer *wasm_observer_create(edpd_world *w, int max_samples, edpd_error *err) {
    edpd_observer *o = edpd_observer_create(w, max_samples > 0 ? (uint32_t)max_samples : 0, err);
    if (o) edpd_set_event_log(w, edpd_observer_event, o);  /* its free flights (the module has no other event log) */
    return o;
}
KEEP int wasm_observer_sample(edpd_observer *o, edpd_world *w, edpd_error *err) { return (int)edpd_observer_sample(o, w, err); }
KEEP void wasm_observer_destroy(edpd_observer *o, edpd_world *w) {
    if (w) edpd_set_event_log(w, NULL, NULL);
    edpd_observer_destroy(o);
}
/* The results as one flat array of doubles, in this order (web/src/edpd.js reads it): sample_dt,
 * samples; msd_lags, msd_t[], msd[], d_msd, d_msd_error; vacf_lags, vacf[], d_gk, d_gk_error;
 * gr bins, dr, r[], g[], contact, contact_error; speeds_kt, chi2, dof, then v[], observed[],
 * expected[] (EDPD_SPEED_BINS each); flights, flight_mean, the flight bins' edges and counts. out holds
 * wasm_observer_results_size() doubles. */
KEEP int wasm_observer_results_size(void) {
    return 2 + 3 + 128 + 3 + EDPD_OBSERVE_MAX_SAMPLES / 2 + 4 + 2 * EDPD_GR_BINS + 2 + 3 + 3 * EDPD_SPEED_BINS + 2 + 2 * EDPD_FLIGHT_BINS + 1;
}
KEEP int wasm_observer_results(edpd_observer *o, int what, double *out, edpd_error *err) {
    edpd_observables *r = malloc(sizeof *r);
    if (!r) { err->code = EDPD_ERR_MEMORY; return EDPD_ERR_MEMORY; }
    int code = (int)edpd_observer_results(o, (unsigned)what, r, err);
    size_t k = 0;
    out[k++] = r->sample_dt; out[k++] = r->samples;
    out[k++] = r->msd_lags;
    for (uint32_t i = 0; i < r->msd_lags; i++) out[k++] = r->msd_t[i];
    for (uint32_t i = 0; i < r->msd_lags; i++) out[k++] = r->msd[i];
    out[k++] = r->d_msd; out[k++] = r->d_msd_error;
    out[k++] = r->vacf_lags;
    for (uint32_t i = 0; i < r->vacf_lags; i++) out[k++] = r->vacf[i];
    out[k++] = r->d_gk; out[k++] = r->d_gk_error;
    out[k++] = r->gr.bins; out[k++] = r->gr.dr;
    for (uint32_t i = 0; i < r->gr.bins; i++) out[k++] = r->gr.r[i];
    for (uint32_t i = 0; i < r->gr.bins; i++) out[k++] = r->gr.g[i];
    out[k++] = r->gr.contact; out[k++] = r->gr.contact_error;
    out[k++] = r->speeds_kt; out[k++] = r->speeds.chi2; out[k++] = r->speeds.dof;
    for (int i = 0; i < EDPD_SPEED_BINS; i++) out[k++] = r->speeds.v[i];
    for (int i = 0; i < EDPD_SPEED_BINS; i++) out[k++] = r->speeds.observed[i];
    for (int i = 0; i < EDPD_SPEED_BINS; i++) out[k++] = r->speeds.expected[i];
    out[k++] = (double)r->flights; out[k++] = r->flight_mean;
    for (int i = 0; i <= EDPD_FLIGHT_BINS; i++) out[k++] = r->flight_edge[i];
    for (int i = 0; i < EDPD_FLIGHT_BINS; i++) out[k++] = r->flight_count[i];
    free(r);
    return code;
}
