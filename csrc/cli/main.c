/* edpd — the native command-line program: run, sweep, bench (DESIGN.md §4). */
#include "../edpd.h"
#include "../experiments/ball_sweep.h"
#include "args.h"
#include "json.h"
#include "bench.h"
#include "merge.h"
#include "sweep_json.h"
#include "../xyz_read.h"
#include "../schema.h"
#include <stddef.h>
#include "frames.h"
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static const char *USAGE =
    "usage:\n"
    "  edpd run   (--scenario {granular|elastic|bouncing-ball} | --load STATE.xyz [--frame {K|last}]) [--detector {stable|naive-halt|naive-miss|naive-rewind}]\n"
    "             [--n N] [--packing-fraction PHI] [--restitution E] [--dim {2|3}] [--seed S]\n"
    "             [--gravity G] [--plate-offset R] [--tc T] [--collapse-window K] [--equilibrate T | --elastic-until T]\n"
    "             [--series DT] [--checkpoint-events K] [--neighbours {auto|cells|lists}] [--progress | --no-progress]\n"
    "             [--dump FILE.xyz] [--trajectory FILE.xyz] (--events K | --time T | --until T) [--json]\n"
    "  edpd sweep [--scenario bouncing-ball] --samples M [--detector D] [--restitution E] [--seed S]\n"
    "             [--max-events K] [--t-max T] [--collapse-window K] [--shard i/n] [--json]\n"
    "  edpd merge SHARD.json ... [--json]      (combine sweep --shard i/n results)\n"
    "  edpd bench [--json] [--quick] [--scaling] [--list] [--case NAME]\n"
    "  edpd schema                             (the configuration's fields as JSON)\n"
    "The detector is stable unless --detector says otherwise. Each flag may be given once.\n"
    "With --load the clock runs on from the file's Time, and --time, --equilibrate and --elastic-until count from there.\n";

static double now_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int fail(const char *msg) {
    fprintf(stderr, "edpd: %s\n", msg);
    return 2;
}

static const char *value_of(cli_args *a) { return a->pos + 1 < a->argc ? a->argv[++a->pos] : NULL; }

/* ---- run ------------------------------------------------------------------------------- */

/* The plain run (to time t_end, or `events` events), in slices when `report` is set, so that a
 * long run says on stderr how far it got about once a second (a line of its own when stderr is
 * not a terminal). A slice ends between two events, as a budget stop does: the trajectory is that
 * of one call (the state hash does not change, cli_contract.sh). */
static edpd_stop advance_reporting(edpd_world *w, int by_time, double t_end, uint64_t events, uint64_t ev0, int report, edpd_error *err) {
    if (!report) return by_time ? edpd_advance(w, t_end, UINT64_MAX, err) : edpd_advance(w, INFINITY, events, err);
    /* per slice only the clock is read: edpd_get_stats scans every particle (overlaps, hash) */
    const uint64_t slice = (uint64_t)1 << 18;
    int tty = isatty(2);
    edpd_stats s;
    uint64_t done_ev = 0;  /* events of this run; ev0 is the count before it (from the caller) */
    double tm0 = edpd_time(w), wall0 = now_seconds(), last = wall0;
    edpd_stop stop;
    for (;;) {
        uint64_t k = slice;
        if (!by_time && events - done_ev < k) k = events - done_ev;
        stop = edpd_advance(w, by_time ? t_end : INFINITY, k, err);
        if (stop == EDPD_STOP_BUDGET) done_ev += k;  /* a budget stop ran exactly k events */
        int finished = stop != EDPD_STOP_BUDGET || (!by_time && done_ev >= events);
        if (finished && stop != EDPD_STOP_BUDGET && stop != EDPD_STOP_ERROR) { edpd_get_stats(w, &s); done_ev = s.events - ev0; }
        double now = now_seconds(), t = edpd_time(w);
        if (finished || now - last >= 1.0) {
            int complete = stop == EDPD_STOP_BUDGET || stop == EDPD_STOP_TIME;
            double frac = by_time ? (t_end > tm0 ? (t - tm0) / (t_end - tm0) : 1.0) : (events ? (double)done_ev / (double)events : 1.0);
            if (finished && complete) frac = 1.0;
            double el = now - wall0, left = frac > 0.0 && frac < 1.0 ? el * (1.0 - frac) / frac : 0.0;
            fprintf(stderr, "%s[edpd] %5.1f %%  %llu events  t = %.6g  %.0f s elapsed%s", tty ? "\r" : "", 100.0 * frac,
                    (unsigned long long)done_ev, t, el, finished ? (complete ? ", done" : ", stopped") : "");
            if (!finished) fprintf(stderr, ", ~%.0f s left", left);
            fprintf(stderr, tty && !finished ? "   " : "\n");
            fflush(stderr);
            last = now;
        }
        if (finished) return stop;
    }
}

/* The first failure as the overlap function there (the paper's Fig. 1), in two lines. */
static void print_failure(const edpd_failure *f) {
    char with[32], naive[64], stable[64];
    if (f->particle_b >= 0) snprintf(with, sizeof with, "particles %d and %d", f->particle_a, f->particle_b);
    else snprintf(with, sizeof with, "particle %d and plane %d", f->particle_a, -1 - f->particle_b);
    if (isnan(f->naive_dt)) snprintf(naive, sizeof naive, "no real root");
    else snprintf(naive, sizeof naive, "dt = %.6g", f->naive_dt);
    if (strcmp(f->stable_answer, "stabilising") == 0) snprintf(stable, sizeof stable, "impact now (a stabilising event)");
    else if (strcmp(f->stable_answer, "turning-point") == 0) snprintf(stable, sizeof stable, "impact at the turning point, dt = %.6g", f->stable_dt);
    else if (strcmp(f->stable_answer, "root") == 0) snprintf(stable, sizeof stable, "impact at dt = %.6g", f->stable_dt);
    else snprintf(stable, sizeof stable, "no impact");
    printf("first failure: event %llu, t = %.17g, %s: f(dt) = f0 + f1 dt + f2 dt^2/2 with f0 = %.6g, f1 = %.6g, f2 = %.6g\n",
           (unsigned long long)f->event, f->time, with, f->f0, f->f1, f->f2);
    printf("  textbook (Eq. 12): %s (%s); stable (Eq. 10): %s\n", naive, f->naive_action, stable);
}

static int cmd_run(cli_args *a) {
    edpd_scenario scenario = EDPD_SCENARIO_GRANULAR;
    const char *scenario_name = NULL, *load_path = NULL;
    /* the scenario (or a state file) fixes the defaults, so find it first */
    for (int k = 2; k < a->argc; k++) {
        if (strcmp(a->argv[k], "--scenario") == 0 && k + 1 < a->argc) scenario_name = a->argv[k + 1];
        if (strcmp(a->argv[k], "--load") == 0) load_path = k + 1 < a->argc ? a->argv[k + 1] : "";
    }
    if (load_path && !*load_path) return fail("--load: needs a file name (one frame of extended XYZ, e.g. from --dump)");
    if (scenario_name && load_path) return fail("run: give one of --scenario S and --load STATE.xyz (a loaded state has no scenario)");
    if (!scenario_name && !load_path) return fail("run: --scenario is required (granular, elastic or bouncing-ball), or --load STATE.xyz");
    if (load_path) scenario = EDPD_SCENARIO_CUSTOM;
    else if (!edpd_scenario_from_name(scenario_name, &scenario) || scenario == EDPD_SCENARIO_CUSTOM)
        return fail("run: --scenario must be one of granular, elastic, bouncing-ball");
    edpd_config c = edpd_scenario_config(scenario);
    int dim_given = 0, gravity_given = 0, restitution_given = 0, tc_given = 0;
    const edpd_field *field;
    uint64_t events = 0, u, checkpoint = 0;
    double t_end = NAN, equilibrate = 0.0, elastic_for = 0.0, series_dt = 0.0;
    int json = 0, have_events = 0, have_time = 0, have_until = 0, progress = isatty(2);
    double until = NAN;  /* --until: the clock to stop at, absolute (not counted from a loaded Time) */
    const char *dump_path = NULL, *trajectory_path = NULL;
    int frame = XYZ_ONLY_FRAME;
    for (a->pos = 2; a->pos < a->argc; a->pos++) {
        const char *f = a->argv[a->pos];
        if (!arg_once(a, f)) return fail(a->error);
        if (strcmp(f, "--scenario") == 0) { value_of(a); }
        else if (strcmp(f, "--load") == 0) { value_of(a); }  /* read before the loop */
        else if (load_path && (strcmp(f, "--n") == 0 || strcmp(f, "--packing-fraction") == 0 || strcmp(f, "--plate-offset") == 0 || strcmp(f, "--seed") == 0)) {
            char m[200];
            snprintf(m, sizeof m, "%s: not with --load (the particles and the box come from the file)", f);
            return fail(m);
        }
        else if (strcmp(f, "--frame") == 0) {
            const char *v = value_of(a);
            if (!load_path) return fail("--frame: only with --load (which frame of its file to run from)");
            if (v && strcmp(v, "last") == 0) frame = XYZ_LAST_FRAME;
            else if (arg_u64(a, f, v, 0, 100000000, &u)) frame = (int)u;
            else {
                char m[300];
                snprintf(m, sizeof m, "--frame: must be a frame number in [0, 100000000] (0 the first) or last, got '%.200s'", v ? v : "");
                return fail(m);
            }
        }
        else if (strcmp(f, "--json") == 0) json = 1;
        else if (strcmp(f, "--progress") == 0) progress = 1;
        else if (strcmp(f, "--dump") == 0) {
            dump_path = value_of(a);
            if (!dump_path || !*dump_path) return fail("--dump: needs a file name (the final state, extended XYZ)");
        }
        else if (strcmp(f, "--trajectory") == 0) {
            trajectory_path = value_of(a);
            if (!trajectory_path || !*trajectory_path) return fail("--trajectory: needs a file name (a frame at every --series sample, extended XYZ)");
        }
        else if (strcmp(f, "--no-progress") == 0) progress = 0;
        else if ((field = edpd_field_of_flag(f)) && field->offset != offsetof(edpd_config, elastic_until)) {
            /* a configuration flag: read and checked as the schema says */
            if (!arg_field(a, f, value_of(a), field, &c)) return fail(a->error);
            dim_given |= field->offset == offsetof(edpd_config, dim);
            gravity_given |= field->type == EDPD_FIELD_GRAVITY;
            restitution_given |= field->offset == offsetof(edpd_config, restitution);
            tc_given |= field->offset == offsetof(edpd_config, tc);
        }
        else if (strcmp(f, "--equilibrate") == 0) { if (!arg_double(a, f, value_of(a), 0, 1e9, &equilibrate)) return fail(a->error); }
        else if (strcmp(f, "--elastic-until") == 0) { if (!arg_double(a, f, value_of(a), 0, 1e9, &elastic_for)) return fail(a->error); }
        else if (strcmp(f, "--checkpoint-events") == 0) { if (!arg_u64(a, f, value_of(a), 1, 1000000000000ull, &checkpoint)) return fail(a->error); }
        else if (strcmp(f, "--series") == 0) { if (!arg_double(a, f, value_of(a), 1e-9, 1e9, &series_dt)) return fail(a->error); }
        else if (strcmp(f, "--events") == 0) { if (!arg_u64(a, f, value_of(a), 0, 1000000000000ull, &events)) return fail(a->error); have_events = 1; }
        else if (strcmp(f, "--time") == 0) { if (!arg_double(a, f, value_of(a), 0, 1e12, &t_end)) return fail(a->error); have_time = 1; }
        else if (strcmp(f, "--until") == 0) { if (!arg_double(a, f, value_of(a), -1e12, 1e12, &until)) return fail(a->error); have_until = 1; }
        else { char m[2048]; snprintf(m, sizeof m, "run: unknown flag '%s'\n%s", f, USAGE); return fail(m); }
    }
    if (have_events + have_time + have_until != 1) return fail("run: give exactly one of --events K, --time T (from the start) or --until T (the clock to stop at)");
    if (equilibrate > 0.0 && elastic_for > 0.0)
        return fail("run: give one of --equilibrate T (elastic until T, measurements from T, --time after T) and --elastic-until T (--time from 0)");
    if (series_dt > 0.0 && !have_time) return fail("--series: needs --time T (samples every DT up to T)");
    if (checkpoint > 0 && !have_events) return fail("--checkpoint-events: needs --events K (a row every K events)");
    if (checkpoint > 0 && events / checkpoint > 100000) return fail("--checkpoint-events: at most 100000 rows (K / checkpoint)");
    if (series_dt > 0.0 && t_end / series_dt > 100000) return fail("--series: at most 100000 samples (T / DT)");
    if (trajectory_path && series_dt <= 0.0) return fail("--trajectory: needs --series DT (a frame at every sample) and --time T");

    /* --load: the particles, their sizes and masses, the box and the clock from one frame of
     * extended XYZ. Every time flag counts from the file's Time (`start`, 0 without --load). */
    xyz_state loaded = {0};
    double start = 0.0;
    int file_restitution = 0, file_tc = 0;  /* the file had the key */
    int loaded_frame = 0, loaded_frames = 0;  /* which frame was read; the count if read to the end */
    if (load_path) {
        char m[600], r[560];
        if (!xyz_read(load_path, frame, &loaded, r, sizeof r)) {
            snprintf(m, sizeof m, "--load: %s", r);
            return fail(m);
        }
        start = loaded.time;
        if (start < 0.0 && (equilibrate > 0.0 || elastic_for > 0.0)) {
            xyz_free(&loaded);
            snprintf(m, sizeof m, "--load %s: its clock is negative (Time = %g, a naive-rewind state): --equilibrate and --elastic-until need Time >= 0", load_path, start);
            return fail(m);
        }
        file_restitution = !isnan(loaded.restitution);
        file_tc = !isnan(loaded.tc);
        loaded_frame = loaded.frame;
        loaded_frames = loaded.frames;
        edpd_config given = c;  /* the flags' values: they override the file's */
        xyz_config(&loaded, &c);
        if (dim_given) c.dim = given.dim;
        if (gravity_given) for (int k = 0; k < 3; k++) c.gravity[k] = given.gravity[k];
        if (restitution_given) c.restitution = given.restitution;
        if (tc_given) c.tc = given.tc;
    }
    /* --equilibrate T: an equilibrium fluid first. Sphere impacts are elastic until T (a cooling
     * gas has no equilibrium to reach; elastic_until), then the run's restitution applies and the
     * measurements restart; the clock keeps running. From there Haff's law starts exactly. */
    if (equilibrate > 0.0) c.elastic_until = start + equilibrate;
    else if (elastic_for > 0.0) c.elastic_until = start + elastic_for;
    /* --until T stops the clock at T itself: the sum start + (T - start) may round off T (a
     * loaded state with a negative Time), and an app pane's command must end on its own clock */
    if (have_until && !(until >= start + equilibrate)) {
        xyz_free(&loaded);
        char m[200];
        snprintf(m, sizeof m, "--until: must be at least the start of the run, %.17g (the state's Time%s), got %.17g",
                 start + equilibrate, equilibrate > 0.0 ? " + --equilibrate" : "", until);
        return fail(m);
    }
    edpd_error err;
    edpd_world *w = edpd_create(&c, &err);
    xyz_free(&loaded);  /* the world keeps its own copy */
    if (!w) {
        if (!load_path) return fail(err.message);
        char m[700];
        snprintf(m, sizeof m, "--load %s: %s", load_path, err.message);
        return fail(m);
    }
    /* opened before the run, so a path that cannot be written fails now, not after hours */
    frames_out dump = {0}, trajectory = {0};
    char m_out[1200], m_later[1200];  /* the first failure's message, and any after it */
    if (trajectory_path) {
        /* a frame is about 200 bytes per particle: say so before filling a disk */
        double bytes = 200.0 * c.n * (t_end / series_dt + 2.0);
        if (bytes > 4e9) {
            snprintf(m_out, sizeof m_out, "--trajectory: %.0f frames of %u particles would be about %.0f GB; use a longer --series DT (at most ~4 GB)",
                     t_end / series_dt + 1.0, c.n, bytes / 1e9);
            edpd_destroy(w);
            return fail(m_out);
        }
    }
    if ((dump_path && !frames_open(&dump, "--dump", dump_path, c.n, m_out, sizeof m_out)) ||
        (trajectory_path && !frames_open(&trajectory, "--trajectory", trajectory_path, c.n, m_out, sizeof m_out))) {
        frames_close(&dump, m_later, sizeof m_later);
        edpd_destroy(w);
        return fail(m_out);
    }
    int frames_ok = 1;
    if (equilibrate > 0.0) {
        edpd_advance(w, start + equilibrate, UINT64_MAX, &err);
        edpd_reset_measurements(w);
    }
    double t0 = now_seconds();
    uint64_t ev0 = 0;
    { edpd_stats s0; edpd_get_stats(w, &s0); ev0 = s0.events; }
    /* --series DT: time, kT, collisions, Z, overlapping pairs every DT (cooling curves) */
    enum { SERIES_COLS = 5, CHECK_COLS = 8 };
    double *series = NULL;
    int rows = 0;
    edpd_stop stop;
    if (series_dt > 0.0) {
        int max_rows = (int)(t_end / series_dt) + 2;
        series = malloc(sizeof(double) * SERIES_COLS * (size_t)max_rows);
        if (!series) { edpd_destroy(w); return fail("--series: out of memory"); }
        stop = EDPD_STOP_TIME;
        for (int k = 0; k < max_rows && stop == EDPD_STOP_TIME; k++) {
            double t = start + equilibrate + (k * series_dt < t_end ? k * series_dt : t_end);
            stop = edpd_advance(w, t, UINT64_MAX, &err);
            edpd_stats s;
            edpd_get_stats(w, &s);
            double row[SERIES_COLS] = {s.time, s.temperature, (double)s.collisions, s.pressure_z, s.overlapping_pairs};
            memcpy(series + SERIES_COLS * rows++, row, sizeof row);
            if (trajectory.f && frames_ok && !frames_write(&trajectory, w, m_out, sizeof m_out)) frames_ok = 0;
            if (t >= start + equilibrate + t_end) break;
        }
    } else if (checkpoint > 0) {
        /* --checkpoint-events K: events, time, kT, overlapping pairs, deepest overlap, stabilising,
         * negative-dt and three-body events every K events (soak runs) */
        int max_rows = (int)(events / checkpoint) + 1;
        series = malloc(sizeof(double) * CHECK_COLS * (size_t)max_rows);
        if (!series) { edpd_destroy(w); return fail("--checkpoint-events: out of memory"); }
        stop = EDPD_STOP_BUDGET;
        for (uint64_t done = 0; done < events && stop == EDPD_STOP_BUDGET;) {
            uint64_t k = events - done < checkpoint ? events - done : checkpoint;
            stop = edpd_advance(w, INFINITY, k, &err);
            edpd_stats s;
            edpd_get_stats(w, &s);
            done = s.events;
            double row[CHECK_COLS] = {(double)s.events, s.time, s.temperature, s.overlapping_pairs, s.max_overlap,
                                      (double)s.stabilizing_events, (double)s.negative_dt_events, (double)s.three_body_events};
            memcpy(series + CHECK_COLS * rows++, row, sizeof row);
            if (rows >= max_rows) break;
        }
    } else {
        stop = advance_reporting(w, have_time || have_until, have_until ? until : start + equilibrate + t_end, events, ev0, progress, &err);
    }
    double wall = now_seconds() - t0;
    /* an error stop leaves no final state to write (the files stay as far as they got) */
    if (stop != EDPD_STOP_ERROR && dump.f && frames_ok && !frames_write(&dump, w, m_out, sizeof m_out)) frames_ok = 0;
    if (!frames_close(&dump, frames_ok ? m_out : m_later, sizeof m_out)) frames_ok = 0;
    if (!frames_close(&trajectory, frames_ok ? m_out : m_later, sizeof m_out)) frames_ok = 0;
    if (stop == EDPD_STOP_ERROR) { free(series); edpd_destroy(w); return fail(err.message); }
    if (!frames_ok) { fprintf(stderr, "edpd: %s\n", m_out); free(series); edpd_destroy(w); return 1; }
    edpd_stats s;
    edpd_get_stats(w, &s);
    edpd_status st = edpd_get_status(w);
    edpd_failure ff;
    edpd_get_first_failure(w, &ff);
    double eps = wall > 0 ? (double)(s.events - ev0) / wall : NAN;
    if (json) {
        json_out j;
        json_open(&j, stdout);
        json_str(&j, "scenario", edpd_scenario_name(c.scenario));
        json_str(&j, "detector", edpd_detector_name(c.detector));
        json_u64(&j, "n", c.n);
        json_u64(&j, "dim", (uint64_t)c.dim);
        json_u64(&j, "seed", c.seed);
        json_num(&j, "packing_fraction", c.scenario == EDPD_SCENARIO_BOUNCING_BALL || c.scenario == EDPD_SCENARIO_CUSTOM ? NAN : c.packing_fraction);
        json_num(&j, "restitution", c.restitution);
        json_num(&j, "tc", c.tc);  /* the TC model's time (0 = off) */
        json_num(&j, "start_time", start);  /* the clock at the start: a loaded state's Time, else 0 */
        if (load_path) json_u64(&j, "frame", (uint64_t)loaded_frame);  /* the frame of the file run from (0 the first) */
        json_num(&j, "equilibrate", equilibrate);  /* measurements from start_time + this on */
        json_num(&j, "elastic_until", equilibrate > 0.0 ? equilibrate : elastic_for);  /* elastic sphere impacts before start_time + this */
        json_u64(&j, "events", s.events);
        json_u64(&j, "collisions", s.collisions);
        json_u64(&j, "plane_impacts", s.plane_impacts);
        json_u64(&j, "cell_crossings", s.cell_crossings);
        json_u64(&j, "list_rebuilds", s.list_rebuilds);
        json_u64(&j, "stale_events", s.stale_events);
        json_num(&j, "time", s.time);
        json_num(&j, "kinetic_energy", s.kinetic_energy);
        json_num(&j, "temperature", s.temperature);
        json_num(&j, "pressure_z", s.pressure_z);
        json_num(&j, "pressure_z_error", s.pressure_z_error);
        json_num(&j, "mean_free_time", s.mean_free_time);
        json_u64(&j, "stabilizing_events", s.stabilizing_events);
        json_u64(&j, "negative_dt_events", s.negative_dt_events);
        json_u64(&j, "overlapping_pairs", s.overlapping_pairs);
        json_u64(&j, "plane_overlaps", s.plane_overlaps);
        json_num(&j, "max_overlap", s.max_overlap);
        json_u64(&j, "fell_through", s.fell_through);
        json_u64(&j, "three_body_events", s.three_body_events);
        json_u64(&j, "ignored_undefined", s.ignored_undefined);
        if (s.first_failure_event == UINT64_MAX) json_num(&j, "first_failure_event", NAN);
        else json_u64(&j, "first_failure_event", s.first_failure_event);
        if (!ff.found) json_str(&j, "first_failure", NULL);
        else {  /* the overlap function there, f(dt) = f0 + f1 dt + f2 dt^2 / 2, and both detectors' answers */
            json_begin_object(&j, "first_failure");
            json_u64(&j, "event", ff.event);
            json_num(&j, "time", ff.time);
            json_num(&j, "particle_a", ff.particle_a);
            json_num(&j, "particle_b", ff.particle_b);  /* -1 - k: plane k */
            json_num(&j, "f0", ff.f0);
            json_num(&j, "f1", ff.f1);
            json_num(&j, "f2", ff.f2);
            json_num(&j, "naive_dt", ff.naive_dt);      /* null: no real root */
            json_str(&j, "naive_answer", ff.naive_answer);
            json_str(&j, "naive_action", ff.naive_action);
            json_num(&j, "stable_dt", ff.stable_dt);    /* null: no event */
            json_str(&j, "stable_answer", ff.stable_answer);
            json_end_object(&j);
        }
        json_bool(&j, "halted", st.state == EDPD_STATE_HALTED);
        json_str(&j, "halt_reason", st.state == EDPD_STATE_HALTED ? st.reason : NULL);
        json_bool(&j, "collapse", st.state == EDPD_STATE_COLLAPSE);
        json_num(&j, "status_time", st.state == EDPD_STATE_RUNNING ? NAN : st.time);
        json_u64(&j, "status_event", st.event);
        json_hex(&j, "state_hash", s.state_hash);
        json_num(&j, "events_per_second", eps);
        if (series && checkpoint > 0) {
            json_begin_object(&j, "checkpoints");
            json_str(&j, "columns", "events, time, temperature, overlapping_pairs, max_overlap, stabilizing_events, negative_dt_events, three_body_events");
            json_num_rows(&j, "rows", series, rows, CHECK_COLS);
            json_end_object(&j);
        } else if (series) {
            json_begin_object(&j, "series");
            json_str(&j, "columns", "time, temperature, collisions, pressure_z, overlapping_pairs");
            json_num_rows(&j, "rows", series, rows, SERIES_COLS);
            json_end_object(&j);
        }
        {
            uint64_t h[EDPD_HIST_BINS];
            edpd_get_impact_histogram(w, h);
            json_begin_object(&j, "impact_histogram");
            json_num(&j, "first_bin", -EDPD_HIST_HALF);
            json_str(&j, "unit", "spacing of doubles at sigma");
            json_u64(&j, "below", h[0]);
            json_u64(&j, "above", h[EDPD_HIST_BINS - 1]);
            json_u64_array(&j, "counts", h + 1, EDPD_HIST_BINS - 2);
            json_end_object(&j);
        }
        json_close(&j);
    } else {
        printf("%s, %s detector, n = %u: %llu events (%llu collisions, %llu plane impacts) to t = %.17g\n",
               edpd_scenario_name(c.scenario), edpd_detector_name(c.detector), c.n,
               (unsigned long long)s.events, (unsigned long long)s.collisions,
               (unsigned long long)s.plane_impacts, s.time);
        if (load_path) {  /* where the state and its physics came from: the file or a flag */
            char which[64] = "";
            if (frame >= 0) snprintf(which, sizeof which, "frame %d of ", frame);
            else if (frame == XYZ_LAST_FRAME) snprintf(which, sizeof which, "frame %d (the last of %d) of ", loaded_frame, loaded_frames);
            printf("loaded %s%s: from t = %.17g; restitution %g (%s), t_c %g (%s)\n", which, load_path, start,
                   c.restitution, restitution_given ? "--restitution" : file_restitution ? "the file" : "default: elastic",
                   c.tc, tc_given ? "--tc" : file_tc ? "the file" : "default: off");
        }
        if (c.elastic_until > 0.0)
            printf("elastic sphere impacts until t = %g%s\n", c.elastic_until, equilibrate > 0.0 ? "; Z and mean free time from then on" : "");
        if (st.state == EDPD_STATE_HALTED) {
            printf("HALTED: %s at event %llu, t = %.17g (particle %d, partner %d)\n", st.reason,
                   (unsigned long long)st.event, st.time, st.particle_a, st.particle_b);
            /* the reason in the paper's terms (Sect. 3), as the app's "What happened" says it */
            if (strcmp(st.reason, "no-real-root") == 0)
                printf("  why: the ball overlaps the plate by rounding and its bounces are too low to clear that\n"
                       "       overlap: Eq. (12)'s square root is of a negative number, so the textbook detector has no\n"
                       "       impact time (the stable one collides at the turning point, Algorithm 2)\n");
            else if (strcmp(st.reason, "overlap-approaching") == 0)
                printf("  why: the pair overlaps by rounding (left by an earlier impact) and approaches: the textbook\n"
                       "       formula gives a negative dt, an impact in the past (a three-body event, Fig. 4); the\n"
                       "       stable detector collides such a pair at once (a stabilising event, Eq. 10)\n");
        }
        if (ff.found) print_failure(&ff);
        if (st.state == EDPD_STATE_COLLAPSE)
            printf("COLLAPSE: the clock stopped at t = %.17g (event %llu)\n", st.time, (unsigned long long)st.event);
        /* Z and the mean free time are undefined under gravity or planes and before any
         * collision: say so instead of printing nan */
        int walls = c.scenario == EDPD_SCENARIO_BOUNCING_BALL || c.plane_count > 0 ||
                    c.gravity[0] != 0.0 || c.gravity[1] != 0.0 || c.gravity[2] != 0.0;
        char z[64] = "n/a (gravity or planes)", mft[32] = "n/a (no collision yet)";
        if (!isnan(s.pressure_z) && !isnan(s.pressure_z_error)) snprintf(z, sizeof z, "%.6g +- %.2g", s.pressure_z, s.pressure_z_error);
        else if (!isnan(s.pressure_z)) snprintf(z, sizeof z, "%.6g", s.pressure_z);
        else if (!walls) snprintf(z, sizeof z, s.kinetic_energy > 0.0 ? "n/a (no time measured yet)" : "n/a (no kinetic energy)");
        if (!isnan(s.mean_free_time)) snprintf(mft, sizeof mft, "%.6g", s.mean_free_time);
        printf("kT = %.6g  KE = %.6g  Z = %s  mean free time = %s\n", s.temperature, s.kinetic_energy, z, mft);
        printf("stabilizing = %llu  negative-dt = %llu  three-body = %llu  overlaps now = %u (max %.3g sigma)\n",
               (unsigned long long)s.stabilizing_events, (unsigned long long)s.negative_dt_events,
               (unsigned long long)s.three_body_events, s.overlapping_pairs + s.plane_overlaps, s.max_overlap);
        printf("state hash %016llx, %.3g events/s\n", (unsigned long long)s.state_hash, eps);
    }
    free(series);
    edpd_destroy(w);
    return 0;
}

/* ---- sweep ----------------------------------------------------------------------------- */

static int cmd_sweep(cli_args *a) {
    edpd_sweep_config sc = edpd_default_sweep_config();
    uint64_t samples = 0, u, shard_i = 0, shard_n = 1;
    int json = 0, have_samples = 0;
    double d;
    for (a->pos = 2; a->pos < a->argc; a->pos++) {
        const char *f = a->argv[a->pos];
        if (!arg_once(a, f)) return fail(a->error);
        if (strcmp(f, "--scenario") == 0) {
            const char *v = value_of(a);
            if (!v || strcmp(v, "bouncing-ball") != 0) return fail("sweep: --scenario must be bouncing-ball");
        }
        else if (strcmp(f, "--json") == 0) json = 1;
        else if (strcmp(f, "--detector") == 0) {
            if (!edpd_detector_from_name(value_of(a), &sc.detector))
                return fail("--detector: must be one of stable, naive-halt, naive-miss, naive-rewind");
        }
        else if (strcmp(f, "--samples") == 0) { if (!arg_u64(a, f, value_of(a), 1, 100000000, &samples)) return fail(a->error); have_samples = 1; }
        else if (strcmp(f, "--seed") == 0) { if (!arg_u64(a, f, value_of(a), 0, 4294967295ull, &u)) return fail(a->error); sc.seed = (uint32_t)u; }
        else if (strcmp(f, "--restitution") == 0) { if (!arg_double(a, f, value_of(a), 0, 1, &sc.restitution)) return fail(a->error); }
        else if (strcmp(f, "--gravity") == 0) { if (!arg_double(a, f, value_of(a), 1e-6, 1e6, &d)) return fail(a->error); sc.gravity = d; }
        else if (strcmp(f, "--max-events") == 0) { if (!arg_u64(a, f, value_of(a), 1, 1000000000, &sc.max_events)) return fail(a->error); }
        else if (strcmp(f, "--t-max") == 0) { if (!arg_double(a, f, value_of(a), 1e-9, 1e9, &sc.t_max)) return fail(a->error); }
        else if (strcmp(f, "--collapse-window") == 0) { if (!arg_u64(a, f, value_of(a), 1, 100000000, &u)) return fail(a->error); sc.collapse_window = (uint32_t)u; }
        else if (strcmp(f, "--shard") == 0) {
            const char *v = value_of(a);
            unsigned long long i = 0, n = 0;
            char extra;
            if (!v || sscanf(v, "%llu/%llu%c", &i, &n, &extra) != 2 || n < 1 || n > 100000 || i >= n)
                return fail("--shard: must be i/n with 0 <= i < n <= 100000, e.g. 0/8");
            shard_i = i; shard_n = n;
        }
        else { char m[2048]; snprintf(m, sizeof m, "sweep: unknown flag '%s'\n%s", f, USAGE); return fail(m); }
    }
    if (!have_samples) return fail("sweep: --samples M is required (an integer in [1, 100000000])");
    sc.first = samples * shard_i / shard_n;
    sc.count = samples * (shard_i + 1) / shard_n - sc.first;
    edpd_sweep_result r;
    memset(&r, 0, sizeof r);
    edpd_error err;
    double t0 = now_seconds();
    if (edpd_ball_sweep(&sc, &r, &err) != EDPD_OK) return fail(err.message);
    double wall = now_seconds() - t0;
    double ns = (double)r.samples, nh = (double)r.halted;
    if (json) {
        json_out j;
        json_open(&j, stdout);
        sweep_meta m = {edpd_detector_name(sc.detector), sc.restitution, sc.seed, samples, sc.first};
        sweep_json_fields(&j, &m, &r);
        json_num(&j, "seconds", wall);
        json_close(&j);
    } else {
        printf("bouncing-ball sweep, %s detector, %llu samples (eps = %g) in %.2f s\n", edpd_detector_name(sc.detector),
               (unsigned long long)r.samples, sc.restitution, wall);
        char at_halt[48] = "none halted";  /* a mean over no halts has no value: not "nan" */
        if (nh > 0) snprintf(at_halt, sizeof at_halt, "mean events at halt %.2f", (double)r.events_at_halt_sum / nh);
        printf("halted %.4f (%s), fell through %.4f, collapsed %.4f, mean final time %.6f\n",
               ns > 0 ? nh / ns : NAN, at_halt,
               ns > 0 ? (double)r.fell_through / ns : NAN, ns > 0 ? (double)r.collapsed / ns : NAN,
               ns > nh ? r.final_time_sum / (ns - nh) : NAN);
    }
    return 0;
}

int main(int argc, char **argv) {
    cli_args a = {.argc = argc, .argv = argv};
    if (argc < 2 || strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
        fputs(USAGE, argc < 2 ? stderr : stdout);
        print_field_help(argc < 2 ? stderr : stdout, 0);
        return argc < 2 ? 2 : 0;
    }
    if (strcmp(argv[1], "run") == 0) return cmd_run(&a);
    if (strcmp(argv[1], "sweep") == 0) return cmd_sweep(&a);
    if (strcmp(argv[1], "bench") == 0) return cmd_bench(argc, argv);
    if (strcmp(argv[1], "merge") == 0) return cmd_merge(argc, argv);
    if (strcmp(argv[1], "schema") == 0) {  /* the configuration's fields (schema.h), as JSON */
        size_t len = edpd_schema_json(NULL, 0) + 1;
        char *buf = malloc(len);
        if (!buf) return fail("schema: out of memory");
        edpd_schema_json(buf, len);
        fputs(buf, stdout);
        free(buf);
        return 0;
    }
    char m[2048];
    snprintf(m, sizeof m, "unknown command '%s' (use run, sweep, merge, bench or schema)\n%s", argv[1], USAGE);
    return fail(m);
}
