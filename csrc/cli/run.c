/* edpd run: a simulation from a scenario or a state file, to a time or an event budget, with
 * its optional series, checkpoints, state files and progress; then its result as text or JSON. */
#include "cli.h"
#include "../schema.h"
#include "../xyz_read.h"
#include "frames.h"
#include "event_log.h"
#include "observe.h"
#include "seeds.h"
#include "json.h"
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Everything a run's flags say, and what --load read. */
typedef struct run_opts {
    edpd_config c;
    const char *load_path, *dump_path, *trajectory_path, *event_log_path;
    int frame, json, progress, have_events, have_time, have_until;
    int dim_given, gravity_given, restitution_given, tc_given, potential_given, steps_given;
    uint64_t events, checkpoint;
    double t_end, until, equilibrate, elastic_for, series_dt;
    double start;                 /* the clock at the start: a loaded state's Time, else 0 */
    int file_restitution, file_tc, loaded_frame, loaded_frames;
    xyz_state loaded;             /* what --load read; freed once the world is made */
    observe_opts obs;             /* --observe, --sample-dt */
    observe_result obs_r;
    int seeds;                    /* --seeds K: Z over K independent runs (0: this run's blocks) */
    seeds_result *seeds_r;
} run_opts;

/* The rows a run collects: --series (time, kT, collisions, Z, overlaps) or --checkpoint-events. */
enum { SERIES_COLS = 5, CHECK_COLS = 8 };
typedef struct run_rows { double *v; int count, cols; } run_rows;

/* The scenario (or a state file) fixes the defaults, so it is found first. 0, or 2 after a message. */
static int run_scenario(cli_args *a, run_opts *o) {
    const char *name = NULL;
    for (int k = 2; k < a->argc; k++) {
        if (strcmp(a->argv[k], "--scenario") == 0 && k + 1 < a->argc) name = a->argv[k + 1];
        if (strcmp(a->argv[k], "--load") == 0) o->load_path = k + 1 < a->argc ? a->argv[k + 1] : "";
    }
    if (o->load_path && !*o->load_path) return fail("--load: needs a file name (one frame of extended XYZ, e.g. from --dump)");
    if (name && o->load_path) return fail("run: give one of --scenario S and --load STATE.xyz (a loaded state has no scenario)");
    if (!name && !o->load_path) return fail("run: --scenario is required (granular, elastic or bouncing-ball), or --load STATE.xyz");
    edpd_scenario scenario = EDPD_SCENARIO_CUSTOM;
    if (!o->load_path && (!edpd_scenario_from_name(name, &scenario) || scenario == EDPD_SCENARIO_CUSTOM))
        return fail("run: --scenario must be one of granular, elastic, bouncing-ball");
    o->c = edpd_scenario_config(scenario);
    return 0;
}

/* A flag of run's own (not a configuration field): 1 handled, 0 not one, -1 bad value. */
static int run_flag(cli_args *a, run_opts *o, const char *f) {
    uint64_t u;
    if (strcmp(f, "--scenario") == 0 || strcmp(f, "--load") == 0) { value_of(a); return 1; }  /* read before */
    if (strcmp(f, "--frame") == 0) {
        const char *v = value_of(a);
        if (!o->load_path) return arg_fail(a, "--frame: only with --load (which frame of its file to run from)"), -1;
        if (v && strcmp(v, "last") == 0) o->frame = XYZ_LAST_FRAME;
        else if (arg_u64(a, f, v, 0, 100000000, &u)) o->frame = (int)u;
        else return arg_fail(a, "--frame: must be a frame number in [0, 100000000] (0 the first) or last, got '%.200s'", v ? v : ""), -1;
        return 1;
    }
    if (strcmp(f, "--json") == 0) { o->json = 1; return 1; }
    if (strcmp(f, "--steps") == 0) {  /* a list, which the schema's numeric fields cannot hold */
        edpd_error e;
        if (edpd_parse_steps(value_of(a), o->c.steps, &o->c.step_count, &e) != EDPD_OK)
            return arg_fail(a, "--steps: %s", e.message + strlen("steps: ")), -1;
        o->steps_given = 1;
        return 1;
    }
    if (strcmp(f, "--seeds") == 0) {
        if (!arg_u64(a, f, value_of(a), 2, SEEDS_MAX, &u)) return -1;
        o->seeds = (int)u;
        return 1;
    }
    if (strcmp(f, "--progress") == 0) { o->progress = 1; return 1; }
    if (strcmp(f, "--no-progress") == 0) { o->progress = 0; return 1; }
    int taken = observe_flag(a, f, &o->obs);
    if (taken) return taken;
    /* the files a run writes: its final state, a frame per --series sample, every event */
    const char **path = strcmp(f, "--dump") == 0 ? &o->dump_path : strcmp(f, "--trajectory") == 0 ? &o->trajectory_path
                      : strcmp(f, "--event-log") == 0 ? &o->event_log_path : NULL;
    if (path) {
        const char *v = value_of(a);
        if (!v || !*v) return arg_fail(a, path == &o->dump_path ? "--dump: needs a file name (the final state, extended XYZ)"
                                        : path == &o->trajectory_path ? "--trajectory: needs a file name (a frame at every --series sample, extended XYZ)"
                                        : "--event-log: needs a file name (FILE.csv: CSV, else binary records; docs/cli.md)"), -1;
        *path = v;
        return 1;
    }
    double *d = strcmp(f, "--equilibrate") == 0 ? &o->equilibrate : strcmp(f, "--elastic-until") == 0 ? &o->elastic_for
              : strcmp(f, "--series") == 0 ? &o->series_dt : strcmp(f, "--time") == 0 ? &o->t_end : strcmp(f, "--until") == 0 ? &o->until : NULL;
    if (d) {
        double lo = d == &o->series_dt ? 1e-9 : d == &o->until ? -1e12 : 0, hi = d == &o->t_end || d == &o->until ? 1e12 : 1e9;
        if (!arg_double(a, f, value_of(a), lo, hi, d)) return -1;
        o->have_time |= d == &o->t_end;
        o->have_until |= d == &o->until;
        return 1;
    }
    uint64_t *k = strcmp(f, "--events") == 0 ? &o->events : strcmp(f, "--checkpoint-events") == 0 ? &o->checkpoint : NULL;
    if (k) {
        if (!arg_u64(a, f, value_of(a), k == &o->events ? 0 : 1, 1000000000000ull, k)) return -1;
        o->have_events |= k == &o->events;
        return 1;
    }
    return 0;
}

/* The flags, each at most once: 0, or 2 after a message. */
static int run_parse(cli_args *a, run_opts *o) {
    for (a->pos = 2; a->pos < a->argc; a->pos++) {
        const char *f = a->argv[a->pos];
        if (!arg_once(a, f)) return fail(a->error);
        if (o->load_path && (strcmp(f, "--n") == 0 || strcmp(f, "--packing-fraction") == 0 || strcmp(f, "--plate-offset") == 0 || strcmp(f, "--seed") == 0)) {
            arg_fail(a, "%s: not with --load (the particles and the box come from the file)", f);
            return fail(a->error);
        }
        if (o->load_path && (strcmp(f, "--potential") == 0 || strcmp(f, "--lambda") == 0 || strcmp(f, "--well-depth") == 0 || strcmp(f, "--steps") == 0)) {
            arg_fail(a, "%s: not with --load (the potential and the pairs' logical states come from the file)", f);
            return fail(a->error);
        }
        int own = run_flag(a, o, f);
        if (own < 0) return fail(a->error);
        if (own) continue;
        const edpd_field *field = edpd_field_of_flag(f);
        if (!field) { char m[2048]; snprintf(m, sizeof m, "run: unknown flag '%s'\n%s", f, USAGE); return fail(m); }
        /* a configuration flag: read and checked as the schema says */
        if (!arg_field(a, f, value_of(a), field, &o->c)) return fail(a->error);
        o->dim_given |= field->offset == offsetof(edpd_config, dim);
        o->gravity_given |= field->type == EDPD_FIELD_GRAVITY;
        o->restitution_given |= field->offset == offsetof(edpd_config, restitution);
        o->tc_given |= field->offset == offsetof(edpd_config, tc);
        o->potential_given |= field->offset == offsetof(edpd_config, potential);
    }
    /* --steps names the potential; --potential steps needs them */
    if (o->steps_given && o->potential_given && o->c.potential != EDPD_POTENTIAL_STEPS)
        return fail("--steps: only with --potential steps (or without --potential)");
    if (o->steps_given) o->c.potential = EDPD_POTENTIAL_STEPS;
    if (!o->load_path && o->c.potential == EDPD_POTENTIAL_STEPS && !o->steps_given)
        return fail("--potential steps: needs --steps \"RADIUS ENERGY; ...\" (1 to 8 steps, innermost first, radii in diameters), e.g. --steps \"1.2 -2; 1.5 -1\"");
    return 0;
}

/* The flags that go together, or not: 0, or 2 after a message. */
static int run_check(const run_opts *o) {
    if (o->have_events + o->have_time + o->have_until != 1) return fail("run: give exactly one of --events K, --time T (from the start) or --until T (the clock to stop at)");
    if (o->equilibrate > 0.0 && o->elastic_for > 0.0)
        return fail("run: give one of --equilibrate T (elastic until T, measurements from T, --time after T) and --elastic-until T (--time from 0)");
    if (o->series_dt > 0.0 && !o->have_time) return fail("--series: needs --time T (samples every DT up to T)");
    if (o->checkpoint > 0 && !o->have_events) return fail("--checkpoint-events: needs --events K (a row every K events)");
    if (o->checkpoint > 0 && o->events / o->checkpoint > 100000) return fail("--checkpoint-events: at most 100000 rows (K / checkpoint)");
    if (o->series_dt > 0.0 && o->t_end / o->series_dt > 100000) return fail("--series: at most 100000 samples (T / DT)");
    if (o->trajectory_path && o->series_dt <= 0.0) return fail("--trajectory: needs --series DT (a frame at every sample) and --time T");
    if (o->seeds && (o->load_path || o->have_until)) return fail("--seeds: needs --scenario and --time or --events (independent starts, each run as this one)");
    const char *why = observe_check(&o->obs, o->have_time, o->series_dt > 0.0 || o->checkpoint > 0);
    if (why) return fail(why);
    return 0;
}

/* --load: the particles, their sizes and masses, the box and the clock from one frame of extended
 * XYZ; the flags given override the file's physics. Then the elastic start and --until's floor,
 * which count from the file's Time (`start`, 0 without --load). 0, or 2 after a message. */
static int run_load(run_opts *o) {
    char m[700], r[560];
    if (o->load_path) {
        xyz_state *loaded = &o->loaded;
        if (!xyz_read(o->load_path, o->frame, loaded, r, sizeof r)) { snprintf(m, sizeof m, "--load: %s", r); return fail(m); }
        o->start = loaded->time;
        if (o->start < 0.0 && (o->equilibrate > 0.0 || o->elastic_for > 0.0)) {
            snprintf(m, sizeof m, "--load %s: its clock is negative (Time = %g, a naive-rewind state): --equilibrate and --elastic-until need Time >= 0", o->load_path, o->start);
            return fail(m);
        }
        o->file_restitution = !isnan(loaded->restitution);
        o->file_tc = !isnan(loaded->tc);
        o->loaded_frame = loaded->frame;
        o->loaded_frames = loaded->frames;
        edpd_config given = o->c;  /* the flags' values: they override the file's */
        xyz_config(loaded, &o->c);  /* pointing into `loaded` until the world is made */
        if (o->dim_given) o->c.dim = given.dim;
        if (o->gravity_given) for (int k = 0; k < 3; k++) o->c.gravity[k] = given.gravity[k];
        if (o->restitution_given) o->c.restitution = given.restitution;
        if (o->tc_given) o->c.tc = given.tc;
    }
    /* --equilibrate T: an equilibrium fluid first. Sphere impacts are elastic until T (a cooling
     * gas has no equilibrium to reach; elastic_until), then the run's restitution applies and the
     * measurements restart; the clock keeps running. From there Haff's law starts exactly. */
    if (o->equilibrate > 0.0) o->c.elastic_until = o->start + o->equilibrate;
    else if (o->elastic_for > 0.0) o->c.elastic_until = o->start + o->elastic_for;
    /* --until T stops the clock at T itself: the sum start + (T - start) may round off T (a
     * loaded state with a negative Time), and an app pane's command must end on its own clock */
    if (o->have_until && !(o->until >= o->start + o->equilibrate)) {
        snprintf(m, sizeof m, "--until: must be at least the start of the run, %.17g (the state's Time%s), got %.17g",
                 o->start + o->equilibrate, o->equilibrate > 0.0 ? " + --equilibrate" : "", o->until);
        return fail(m);
    }
    return 0;
}

/* Each row of --series or --checkpoint-events reads the whole state (its overlaps, kT and hash
 * scan every particle): rows x N particle reads in all, bounded so that a small input cannot ask
 * for minutes of scans (1e8 reads take up to half a minute). */
#define ROW_READS_MAX 1e8

/* The state files, opened before the run so that a path that cannot be written fails now, not
 * after hours: 1, or 0 with the message in m. */
static int run_open_files(const run_opts *o, frames_out *dump, frames_out *trajectory, char *m, size_t len) {
    double rows = o->series_dt > 0.0 ? floor(o->t_end / o->series_dt) + 1.0 : o->checkpoint > 0 ? (double)(o->events / o->checkpoint) : 0.0;
    if (rows * o->c.n > ROW_READS_MAX) {
        const char *flag = o->series_dt > 0.0 ? "--series" : "--checkpoint-events";
        snprintf(m, len, "%s: %.0f rows of %u particles: each row reads every particle (overlaps, kT), at most %.0f particle reads in all, "
                 "here %.0f; use fewer rows (a longer %s)", flag, rows, o->c.n, ROW_READS_MAX, rows * o->c.n,
                 o->series_dt > 0.0 ? "DT" : "K");
        return 0;
    }
    if (o->trajectory_path) {
        /* a frame is about 200 bytes per particle: say so before filling a disk */
        double bytes = 200.0 * o->c.n * (o->t_end / o->series_dt + 2.0);
        if (bytes > 4e9) {
            snprintf(m, len, "--trajectory: %.0f frames of %u particles would be about %.0f GB; use a longer --series DT (at most ~4 GB)",
                     o->t_end / o->series_dt + 1.0, o->c.n, bytes / 1e9);
            return 0;
        }
    }
    char later[1200];
    if ((o->dump_path && !frames_open(dump, "--dump", o->dump_path, o->c.n, m, len)) ||
        (o->trajectory_path && !frames_open(trajectory, "--trajectory", o->trajectory_path, o->c.n, m, len))) {
        frames_close(dump, later, sizeof later);
        return 0;
    }
    return 1;
}

/* --series DT: a row every DT to T, and a trajectory frame with it. */
static edpd_stop run_series(edpd_world *w, const run_opts *o, run_rows *rows, frames_out *trajectory, int *frames_ok, char *m, size_t len, edpd_error *err) {
    edpd_stop stop = EDPD_STOP_TIME;
    int max_rows = (int)(o->t_end / o->series_dt) + 2;
    for (int k = 0; k < max_rows && stop == EDPD_STOP_TIME; k++) {
        double t = o->start + o->equilibrate + (k * o->series_dt < o->t_end ? k * o->series_dt : o->t_end);
        stop = edpd_advance(w, t, UINT64_MAX, err);
        edpd_stats s;
        edpd_get_stats(w, &s);
        double row[SERIES_COLS] = {s.time, s.temperature, (double)s.collisions, s.pressure_z, s.overlapping_pairs};
        memcpy(rows->v + SERIES_COLS * rows->count++, row, sizeof row);
        if (trajectory->f && *frames_ok && !frames_write(trajectory, w, m, len)) *frames_ok = 0;
        if (t >= o->start + o->equilibrate + o->t_end) break;
    }
    return stop;
}

/* --checkpoint-events K: events, time, kT, overlapping pairs, deepest overlap, stabilising,
 * negative-dt and three-body events every K events (soak runs). */
static edpd_stop run_checkpoints(edpd_world *w, const run_opts *o, run_rows *rows, edpd_error *err) {
    int max_rows = (int)(o->events / o->checkpoint) + 1;
    edpd_stop stop = EDPD_STOP_BUDGET;
    for (uint64_t done = 0; done < o->events && stop == EDPD_STOP_BUDGET;) {
        uint64_t k = o->events - done < o->checkpoint ? o->events - done : o->checkpoint;
        stop = edpd_advance(w, INFINITY, k, err);
        edpd_stats s;
        edpd_get_stats(w, &s);
        done = s.events;
        double row[CHECK_COLS] = {(double)s.events, s.time, s.temperature, s.overlapping_pairs, s.max_overlap,
                                  (double)s.stabilizing_events, (double)s.negative_dt_events, (double)s.three_body_events};
        memcpy(rows->v + CHECK_COLS * rows->count++, row, sizeof row);
        if (rows->count >= max_rows) break;
    }
    return stop;
}

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

/* The run's result as one JSON object (docs/cli.md lists the fields). */
static void run_print_json(edpd_world *w, const run_opts *o, const run_rows *rows, double eps) {
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
    if (observe_any(&o->obs)) observe_json(&j, &o->obs, &o->obs_r);
    if (o->seeds_r) seeds_json(&j, o->seeds_r);
    edpd_failure ff;
    edpd_get_first_failure(w, &ff);
    json_first_failure(&j, &ff);
    json_bool(&j, "halted", st.state == EDPD_STATE_HALTED);
    json_str(&j, "halt_reason", st.state == EDPD_STATE_HALTED ? st.reason : NULL);
    json_bool(&j, "collapse", st.state == EDPD_STATE_COLLAPSE);
    json_num(&j, "status_time", st.state == EDPD_STATE_RUNNING ? NAN : st.time);
    json_u64(&j, "status_event", st.event);
    json_hex(&j, "state_hash", s.state_hash);
    json_num(&j, "events_per_second", eps);
    if (rows->v) {
        json_begin_object(&j, rows->cols == CHECK_COLS ? "checkpoints" : "series");
        json_str(&j, "columns", rows->cols == CHECK_COLS
                 ? "events, time, temperature, overlapping_pairs, max_overlap, stabilizing_events, negative_dt_events, three_body_events"
                 : "time, temperature, collisions, pressure_z, overlapping_pairs");
        json_num_rows(&j, "rows", rows->v, rows->count, rows->cols);
        json_end_object(&j);
    }
    json_impact_histogram(&j, w);
    json_close(&j);
}

/* The run's result as text: what ran, where it stopped and why, the measurements. */
static void run_print_text(edpd_world *w, const run_opts *o, double eps) {
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
        else if (o->frame == XYZ_LAST_FRAME) snprintf(which, sizeof which, "frame %d (the last of %d) of ", o->loaded_frame, o->loaded_frames);
        printf("loaded %s%s: from t = %.17g; restitution %g (%s), t_c %g (%s)\n", which, o->load_path, o->start,
               c->restitution, o->restitution_given ? "--restitution" : o->file_restitution ? "the file" : "default: elastic",
               c->tc, o->tc_given ? "--tc" : o->file_tc ? "the file" : "default: off");
    }
    if (c->elastic_until > 0.0)
        printf("elastic sphere impacts until t = %g%s\n", c->elastic_until, o->equilibrate > 0.0 ? "; Z and mean free time from then on" : "");
    if (st.state == EDPD_STATE_HALTED) print_halt(&st);
    edpd_failure ff;
    edpd_get_first_failure(w, &ff);
    if (ff.found) print_failure(&ff);
    if (st.state == EDPD_STATE_COLLAPSE)
        printf("COLLAPSE: the clock stopped at t = %.17g (event %llu)\n", st.time, (unsigned long long)st.event);
    /* Z and the mean free time are undefined under gravity or planes and before any
     * collision: say so instead of printing nan */
    int walls = c->scenario == EDPD_SCENARIO_BOUNCING_BALL || c->plane_count > 0 ||
                c->gravity[0] != 0.0 || c->gravity[1] != 0.0 || c->gravity[2] != 0.0;
    char z[64] = "n/a (gravity or planes)", mft[32] = "n/a (no collision yet)";
    if (!isnan(s.pressure_z) && !isnan(s.pressure_z_error)) snprintf(z, sizeof z, "%.6g +- %.2g", s.pressure_z, s.pressure_z_error);
    else if (!isnan(s.pressure_z)) snprintf(z, sizeof z, "%.6g", s.pressure_z);
    else if (!walls) snprintf(z, sizeof z, s.kinetic_energy > 0.0 ? "n/a (no time measured yet)" : "n/a (no kinetic energy)");
    if (!isnan(s.mean_free_time)) snprintf(mft, sizeof mft, "%.6g", s.mean_free_time);
    printf("kT = %.6g  KE = %.6g  Z = %s  mean free time = %s\n", s.temperature, s.kinetic_energy, z, mft);
    if (o->seeds_r) printf("Z over %d seeds (%u .. %u) = %.6g +- %.2g\n", o->seeds_r->count, c->seed, c->seed + (uint32_t)o->seeds_r->count - 1,
                           o->seeds_r->mean, o->seeds_r->error);
    printf("stabilizing = %llu  negative-dt = %llu  three-body = %llu  overlaps now = %u (max %.3g sigma)\n",
           (unsigned long long)s.stabilizing_events, (unsigned long long)s.negative_dt_events,
           (unsigned long long)s.three_body_events, s.overlapping_pairs + s.plane_overlaps, s.max_overlap);
    if (observe_any(&o->obs)) observe_text(&o->obs, &o->obs_r);
    printf("state hash %016llx, %.3g events/s\n", (unsigned long long)s.state_hash, eps);
}

/* The run itself: the equilibration, then series, checkpoints or one run with progress. */
static edpd_stop run_advance(edpd_world *w, run_opts *o, run_rows *rows, frames_out *trajectory, int *frames_ok,
                             char *m, size_t len, uint64_t ev0, edpd_error *err) {
    if (rows->v && o->series_dt > 0.0) return run_series(w, o, rows, trajectory, frames_ok, m, len, err);
    if (rows->v) return run_checkpoints(w, o, rows, err);
    if (observe_any(&o->obs)) {  /* sampled: its own advance, its message in err */
        edpd_stop stop;
        if (observe_run(w, &o->obs, o->t_end, &o->obs_r, &stop, m, len)) return EDPD_STOP_TIME;
        err->code = EDPD_ERR_STATE; err->field[0] = 0;
        snprintf(err->message, sizeof err->message, "%.250s", m);
        return EDPD_STOP_ERROR;
    }
    return advance_reporting(w, o->have_time || o->have_until, o->have_until ? o->until : o->start + o->equilibrate + o->t_end,
                             o->events, ev0, o->progress, err);
}

int cmd_run(cli_args *a) {
    run_opts o = {.frame = XYZ_ONLY_FRAME, .progress = isatty(2), .t_end = NAN, .until = NAN};
    int rc;
    if ((rc = run_scenario(a, &o)) || (rc = run_parse(a, &o)) || (rc = run_check(&o)) || (rc = run_load(&o))) {
        xyz_free(&o.loaded);
        return rc;
    }
    edpd_error err;
    edpd_world *w = edpd_create(&o.c, &err);
    xyz_free(&o.loaded);  /* the world keeps its own copy */
    char m_out[1200], m_later[1200];  /* the first failure's message, and any after it */
    if (!w) {
        if (!o.load_path) return fail(err.message);
        snprintf(m_out, sizeof m_out, "--load %s: %s", o.load_path, err.message);
        return fail(m_out);
    }
    frames_out dump = {0}, trajectory = {0};
    event_log log = {0};
    if (!run_open_files(&o, &dump, &trajectory, m_out, sizeof m_out) ||
        (o.event_log_path && !event_log_open(&log, o.event_log_path, o.c.n, m_out, sizeof m_out))) {
        frames_close(&dump, m_later, sizeof m_later); frames_close(&trajectory, m_later, sizeof m_later);
        edpd_destroy(w);
        return fail(m_out);
    }
    if (log.f) { edpd_set_event_log(w, event_log_write, &log); o.obs.also = event_log_write; o.obs.also_user = &log; }
    run_rows rows = {NULL, 0, o.series_dt > 0.0 ? SERIES_COLS : CHECK_COLS};
    if (o.series_dt > 0.0 || o.checkpoint > 0) {
        int max_rows = o.series_dt > 0.0 ? (int)(o.t_end / o.series_dt) + 2 : (int)(o.events / o.checkpoint) + 1;
        rows.v = malloc(sizeof(double) * (size_t)rows.cols * (size_t)max_rows);
        if (!rows.v) { edpd_destroy(w); return fail(o.series_dt > 0.0 ? "--series: out of memory" : "--checkpoint-events: out of memory"); }
    }
    if (o.equilibrate > 0.0) {
        edpd_advance(w, o.start + o.equilibrate, UINT64_MAX, &err);
        edpd_reset_measurements(w);
    }
    double t0 = now_seconds();
    edpd_stats s;
    edpd_get_stats(w, &s);
    uint64_t ev0 = s.events;
    int frames_ok = 1;
    edpd_stop stop = run_advance(w, &o, &rows, &trajectory, &frames_ok, m_out, sizeof m_out, ev0, &err);
    double wall = now_seconds() - t0;
    /* an error stop leaves no final state to write (the files stay as far as they got) */
    if (stop != EDPD_STOP_ERROR && dump.f && frames_ok && !frames_write(&dump, w, m_out, sizeof m_out)) frames_ok = 0;
    if (!frames_close(&dump, frames_ok ? m_out : m_later, sizeof m_out)) frames_ok = 0;
    if (!frames_close(&trajectory, frames_ok ? m_out : m_later, sizeof m_out)) frames_ok = 0;
    if (!event_log_close(&log, frames_ok ? m_out : m_later, sizeof m_out)) frames_ok = 0;
    if (stop == EDPD_STOP_ERROR) { free(rows.v); edpd_destroy(w); return fail(err.message); }
    if (!frames_ok) { fprintf(stderr, "edpd: %s\n", m_out); free(rows.v); edpd_destroy(w); return 1; }
    edpd_get_stats(w, &s);
    double eps = wall > 0 ? (double)(s.events - ev0) / wall : NAN;
    seeds_result seeds_r;
    if (o.seeds && !seeds_run(&o.c, o.equilibrate, o.have_time, o.equilibrate + o.t_end, o.events, o.seeds, s.pressure_z, &seeds_r, m_out, sizeof m_out)) {
        free(rows.v); edpd_destroy(w); return fail(m_out);
    }
    o.seeds_r = o.seeds ? &seeds_r : NULL;
    if (o.json) run_print_json(w, &o, &rows, eps);
    else run_print_text(w, &o, eps);
    free(rows.v);
    edpd_destroy(w);
    return 0;
}
