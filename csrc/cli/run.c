/* edpd run: a simulation from a scenario or a state file, to a time or an event budget, with
 * its optional series, checkpoints, state files and progress; then its result as text or JSON. */
#include "run.h"
#include "cli.h"
#include "edpd/schema.h"
#include "frames.h"
#include "event_log.h"
#include "interrupt.h"
#include "output_paths.h"
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* --scenario jamming's growth rate: fast enough to jam a few thousand spheres in seconds, slow
 * enough that a mixture jams near random close packing (docs/cli.md, "Compression to jamming") */
#define JAMMING_GROWTH 0.01

/* The scenario (or a state file) fixes the defaults, so it is found first. 0, or 2 after a message. */
static int run_scenario(cli_args *a, run_opts *o) {
    const char *name = NULL;
    for (int k = 2; k < a->argc; k++) {
        if (strcmp(a->argv[k], "--scenario") == 0 && k + 1 < a->argc) name = a->argv[k + 1];
        if (strcmp(a->argv[k], "--load") == 0) o->load_path = k + 1 < a->argc ? a->argv[k + 1] : "";
    }
    if (o->load_path && !*o->load_path) return fail("--load: needs a file name (one frame of extended XYZ, e.g. from --dump)");
    if (name && o->load_path) return fail("run: give one of --scenario S and --load STATE.xyz (a loaded state has no scenario)");
    if (!name && !o->load_path) return fail("run: --scenario is required (granular, elastic, bouncing-ball, jamming, shaken-box or box), or --load STATE.xyz");
    edpd_scenario scenario = EDPD_SCENARIO_CUSTOM;
    o->jamming = name && strcmp(name, "jamming") == 0;
    if (o->jamming) scenario = EDPD_SCENARIO_ELASTIC;  /* a compression of an elastic gas: growth and a mixture (run_parse) */
    else if (!o->load_path && (!edpd_scenario_from_name(name, &scenario) || scenario == EDPD_SCENARIO_CUSTOM))
        return fail("run: --scenario must be one of granular, elastic, bouncing-ball, jamming, shaken-box, box");
    o->c = edpd_scenario_config(scenario);
    if (o->jamming) o->c.growth_rate = JAMMING_GROWTH;
    return 0;
}

/* A flag of run's own (not a configuration field): 1 handled, 0 not one, -1 bad value. */
static int run_flag(cli_args *a, run_opts *o, const char *f) {
    uint64_t u;
    if (strcmp(f, "--scenario") == 0 || strcmp(f, "--load") == 0) { value_of(a); return 1; }  /* read before */
    if (strcmp(f, "--frame") == 0) {
        const char *v = value_of(a);
        if (!o->load_path) return arg_fail(a, "--frame: only with --load (which frame of its file to run from)"), -1;
        if (v && strcmp(v, "last") == 0) o->frame = EDPD_XYZ_LAST_FRAME;
        else if (arg_u64(a, f, v, 0, 100000000, &u)) o->frame = (int)u;
        else return arg_fail(a, "--frame: must be a frame number in [0, 100000000] (0 the first) or last, got '%.200s'", v ? v : ""), -1;
        return 1;
    }
    if (strcmp(f, "--json") == 0) { o->json = 1; return 1; }
    if (strcmp(f, "--density") == 0) {  /* n sigma^3 (n sigma^2 in 2-D): the packing fraction another way */
        if (!arg_double(a, f, value_of(a), 1e-6, 2.0, &o->density)) return -1;
        return 1;
    }
    if (strcmp(f, "--steps") == 0) {  /* a list, which the schema's numeric fields cannot hold */
        edpd_error e;
        if (edpd_parse_steps(value_of(a), o->c.steps, &o->c.step_count, &e) != EDPD_OK)
            return arg_fail(a, "--steps: %s", e.message + strlen("steps: ")), -1;
        o->steps_given = 1;
        return 1;
    }
    if (strcmp(f, "--species") == 0) {  /* a list, as --steps */
        edpd_error e;
        if (o->load_path) return arg_fail(a, "--species: not with --load (each particle's diameter and mass come from the file)"), -1;
        if (edpd_config_set_species(&o->c, value_of(a), &e) != EDPD_OK)
            return arg_fail(a, "--species: %s", e.message + strlen("species: ")), -1;
        o->species_given = 1;
        return 1;
    }
    if (strcmp(f, "--wall-restitutions") == 0) {  /* a list, as --species: read once --dim is known (run_parse) */
        o->wall_restitutions = value_of(a);
        if (!o->wall_restitutions) return arg_fail(a, "--wall-restitutions: needs \"X- X+ Y- Y+ [Z- Z+]\", each wall's restitution"), -1;
        return 1;
    }
    if (strcmp(f, "--until-packing-fraction") == 0) {
        if (!arg_double(a, f, value_of(a), 1e-6, 0.91, &o->until_phi)) return -1;
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
    if (strcmp(f, "--trajectory-every") == 0) return arg_u64(a, f, value_of(a), 1, 100000, &o->trajectory_every) ? 1 : -1;
    uint64_t *k = strcmp(f, "--events") == 0 ? &o->events : strcmp(f, "--checkpoint-events") == 0 ? &o->checkpoint : NULL;
    if (k) {
        if (!arg_u64(a, f, value_of(a), k == &o->events ? 0 : 1, 1000000000000ull, k)) return -1;
        o->have_events |= k == &o->events;
        return 1;
    }
    return 0;
}

/* A configuration flag given that the run cannot use, even at its default value (the core refuses
 * other values itself): a thermostat's without --thermostat-rate, a well's without the well.
 * 0, or 2 after a message. */
static int run_unused(const run_opts *o, const size_t *given, int count) {
    static const struct { size_t at; int thermostat; const char *flag, *needs; } uses[] = {  /* thermostat: else the well's */
        {offsetof(edpd_config, bath_temperature), 1, "--bath-temperature", "--thermostat-rate R > 0 (without the thermostat there is no bath)"},
        {offsetof(edpd_config, quench_at), 1, "--quench-at", "--thermostat-rate R > 0 (a quench cools the thermostat's bath)"},
        {offsetof(edpd_config, quench_to), 1, "--quench-to", "--thermostat-rate R > 0 (a quench cools the thermostat's bath)"},
        {offsetof(edpd_config, thermostat_until), 1, "--thermostat-until", "--thermostat-rate R > 0"},
        {offsetof(edpd_config, well_width), 0, "--lambda", "--potential square-well"},
        {offsetof(edpd_config, well_depth), 0, "--well-depth", "--potential square-well"},
    };
    for (int k = 0; k < count; k++)
        for (size_t u = 0; u < sizeof uses / sizeof uses[0]; u++) {
            if (given[k] != uses[u].at) continue;
            if (uses[u].thermostat ? o->c.thermostat_rate == 0.0 : o->c.potential != EDPD_POTENTIAL_SQUARE_WELL) {
                char m[300];
                snprintf(m, sizeof m, "%s: does nothing without %s", uses[u].flag, uses[u].needs);
                return fail(m);
            }
        }
    return 0;
}

/* The flags, each at most once: 0, or 2 after a message. */
static int run_parse(cli_args *a, run_opts *o) {
    size_t given[64];
    int ngiven = 0;
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
        if (!field) { char m[4096]; snprintf(m, sizeof m, "run: unknown flag '%s'\n%s", f, USAGE); return fail(m); }
        /* a configuration flag: read and checked as the schema says */
        if (!arg_field(a, f, value_of(a), field, &o->c)) return fail(a->error);
        if (ngiven < 64) given[ngiven++] = field->offset;
        o->dim_given |= field->offset == offsetof(edpd_config, dim);
        o->gravity_given |= field->type == EDPD_FIELD_GRAVITY;
        o->restitution_given |= field->offset == offsetof(edpd_config, restitution);
        o->tc_given |= field->offset == offsetof(edpd_config, tc);
        o->potential_given |= field->offset == offsetof(edpd_config, potential);
        o->packing_given |= field->offset == offsetof(edpd_config, packing_fraction);
        o->n_given |= field->offset == offsetof(edpd_config, n);
    }
    if (o->species_given && o->n_given) return fail("--species: gives n itself (the counts' sum): not with --n");
    if (o->wall_restitutions) {
        edpd_error e;
        char m[600];
        if (edpd_config_set_wall_restitutions(&o->c, o->wall_restitutions, &e) != EDPD_OK) { snprintf(m, sizeof m, "--wall-restitutions: %s", e.message + strlen("wall_restitutions: ")); return fail(m); }
    }
    /* a box's intruder is one more than the species' counts, whichever flag came first */
    if (o->species_given && o->c.scenario == EDPD_SCENARIO_BOX) {
        uint64_t n = o->c.intruder_diameter > 0.0;
        for (uint32_t k = 0; k < o->c.species_count; k++) n += o->c.species[k].count;
        if (n <= EDPD_MAX_N) o->c.n = (uint32_t)n;
    }
    if (o->jamming && !o->species_given) {  /* a 50:50 mixture, diameters 1 and 1.4: it does not crystallise */
        o->c.species_count = 2;
        o->c.species[0] = (edpd_species){o->c.n / 2, 1.0, 1.0};
        o->c.species[1] = (edpd_species){o->c.n - o->c.n / 2, 1.4, 1.0};
        if (o->c.n < 2) return fail("--scenario jamming: needs n >= 2 (a 50:50 mixture), or --species");
    }
    if (o->until_phi > 0.0 && o->c.growth_rate == 0.0)
        return fail("--until-packing-fraction: only with growth (--growth-rate G > 0, or --scenario jamming)");
    /* --steps names the potential; --potential steps needs them */
    if (o->steps_given && o->potential_given && o->c.potential != EDPD_POTENTIAL_STEPS)
        return fail("--steps: only with --potential steps (or without --potential)");
    if (o->steps_given) o->c.potential = EDPD_POTENTIAL_STEPS;
    if (o->density > 0.0) {
        if (o->packing_given) return fail("--density: give one of --density RHO (particles per sigma^3, or sigma^2 in 2-D) and --packing-fraction PHI");
        if (o->load_path) return fail("--density: not with --load (the particles and the box come from the file)");
        double d = o->c.diameter, pi = 3.14159265358979323846;
        o->c.packing_fraction = o->c.dim == 3 ? o->density * pi / 6.0 * d * d * d : o->density * pi / 4.0 * d * d;
    }
    if (run_unused(o, given, ngiven)) return 2;
    if (!o->load_path && o->c.potential == EDPD_POTENTIAL_STEPS && !o->steps_given)
        return fail("--potential steps: needs --steps \"RADIUS ENERGY; ...\" (1 to 8 steps, innermost first, radii in diameters), e.g. --steps \"1.2 -2; 1.5 -1\"");
    return 0;
}

/* The flags that go together, or not: 0, or 2 after a message. */
static int run_check(const run_opts *o) {
    int stops = o->have_events + o->have_time + o->have_until + (o->until_phi > 0.0);
    if (stops > 1 || (stops == 0 && o->c.growth_rate == 0.0))
        return fail("run: give exactly one of --events K, --time T (from the start), --until T (the clock to stop at) or, compressing, --until-packing-fraction PHI "
                    "(a compression without one runs until it jams)");
    if (o->equilibrate > 0.0 && o->elastic_for > 0.0)
        return fail("run: give one of --equilibrate T (elastic until T, measurements from T, --time after T) and --elastic-until T (--time from 0)");
    if (o->series_dt > 0.0 && !o->have_time) return fail("--series: needs --time T (samples every DT up to T)");
    if (o->checkpoint > 0 && !o->have_events) return fail("--checkpoint-events: needs --events K (a row every K events)");
    if (o->checkpoint > 0 && o->events / o->checkpoint > 100000) return fail("--checkpoint-events: at most 100000 rows (K / checkpoint)");
    if (o->series_dt > 0.0 && o->t_end / o->series_dt > 100000) return fail("--series: at most 100000 samples (T / DT)");
    if (o->trajectory_path && o->series_dt <= 0.0) return fail("--trajectory: needs --series DT (a frame at every sample) and --time T");
    if (o->trajectory_every > 1 && !o->trajectory_path) return fail("--trajectory-every: only with --trajectory FILE");
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
        edpd_xyz_state *loaded = &o->loaded;
        if (!edpd_xyz_read(o->load_path, o->frame, loaded, r, sizeof r)) { snprintf(m, sizeof m, "--load: %s", r); return fail(m); }
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
        edpd_xyz_config(loaded, &o->c);  /* pointing into `loaded` until the world is made */
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
        double bytes = 200.0 * o->c.n * (o->t_end / o->series_dt / (double)o->trajectory_every + 2.0);
        if (bytes > 4e9) {
            snprintf(m, len, "--trajectory: %.0f frames of %u particles would be about %.0f GB; use a longer --series DT (at most ~4 GB)",
                     o->t_end / o->series_dt + 1.0, o->c.n, bytes / 1e9);
            return 0;
        }
    }
    const char *flags[3] = {"--dump", "--trajectory", "--event-log"};
    const char *paths[3] = {o->dump_path, o->trajectory_path, o->event_log_path};
    if (!output_paths_check(flags, paths, 3, o->load_path, m, len)) return 0;
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
        stop = advance_interruptible(w, t, UINT64_MAX, err);
        if (interrupted()) break;  /* no row for a moment that is no sample's */
        edpd_stats s;
        edpd_get_stats(w, &s);
        double row[SERIES_COLS] = {s.time, s.temperature, (double)s.collisions, s.pressure_z, s.overlapping_pairs, s.potential_energy};
        memcpy(rows->v + SERIES_COLS * rows->count++, row, sizeof row);
        int last = t >= o->start + o->equilibrate + o->t_end;  /* the last sample has its frame too */
        if (trajectory->out.f && *frames_ok && ((uint64_t)k % o->trajectory_every == 0 || last) && !frames_write(trajectory, w, m, len)) *frames_ok = 0;
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
        stop = advance_interruptible(w, INFINITY, k, err);
        if (interrupted()) break;
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

/* The run itself: the equilibration, then series, checkpoints or one run with progress. */
static edpd_stop run_advance(edpd_world *w, run_opts *o, run_rows *rows, frames_out *trajectory, int *frames_ok,
                             char *m, size_t len, uint64_t ev0, edpd_error *err) {
    if (rows->v && o->series_dt > 0.0) return run_series(w, o, rows, trajectory, frames_ok, m, len, err);
    if (rows->v) return run_checkpoints(w, o, rows, err);
    if (observe_any(&o->obs)) {  /* sampled: its own advance, its message in err */
        edpd_stop stop;
        if (observe_run(w, &o->obs, o->t_end, &o->obs_r, &stop, m, len)) return interrupted() ? EDPD_STOP_BUDGET : EDPD_STOP_TIME;
        if (interrupted()) { fprintf(stderr, "edpd: %s\n", m); return EDPD_STOP_BUDGET; }  /* the summary without them */
        err->code = EDPD_ERR_STATE; err->field[0] = 0;
        snprintf(err->message, sizeof err->message, "%.250s", m);
        return EDPD_STOP_ERROR;
    }
    return advance_reporting(w, o->have_time || o->have_until, o->have_until ? o->until : o->start + o->equilibrate + o->t_end,
                             o->events, ev0, o->progress, err);
}

int cmd_run(cli_args *a) {
    run_opts o = {.frame = EDPD_XYZ_ONLY_FRAME, .progress = isatty(2), .t_end = NAN, .until = NAN, .trajectory_every = 1};
    int rc;
    if ((rc = run_scenario(a, &o)) || (rc = run_parse(a, &o)) || (rc = run_check(&o)) || (rc = run_load(&o))) {
        edpd_xyz_free(&o.loaded);
        return rc;
    }
    char m_fit[300];
    if (!observe_fits(&o.obs, o.c.n, o.t_end, m_fit, sizeof m_fit)) { edpd_xyz_free(&o.loaded); return fail(m_fit); }
    edpd_error err;
    edpd_world *w = edpd_create(&o.c, &err);
    edpd_xyz_free(&o.loaded);  /* the world keeps its own copy */
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
    if (!o.have_time && !o.have_until && !o.have_events) {  /* a compression: to a packing fraction, or until it jams */
        o.until = o.until_phi > 0.0 ? edpd_time_at_packing_fraction(w, o.until_phi) : INFINITY;
        o.have_until = 1;
        if (isnan(o.until)) {
            edpd_stats s0;
            edpd_get_stats(w, &s0);
            snprintf(m_out, sizeof m_out, "--until-packing-fraction: must be above the start's packing fraction %.6g, got %g", s0.packing_fraction_now, o.until_phi);
            frames_close(&dump, m_later, sizeof m_later); frames_close(&trajectory, m_later, sizeof m_later);
            event_log_close(&log, m_later, sizeof m_later);
            edpd_destroy(w);
            return fail(m_out);
        }
    }
    double end = o.have_until ? o.until : o.start + o.equilibrate + (o.have_time ? o.t_end : 0.0), range = edpd_exact_clock(w);
    if ((o.have_time || o.have_until) && isfinite(end) && fabs(end) > range) {
        snprintf(m_out, sizeof m_out, "%s: the run would end at t = %.17g, beyond this state's exact clock range |t| <= %.3g "
                 "(there the clock's rounding exceeds 1e-9 of the time its fastest particle takes to cross the smallest diameter); run a shorter stretch",
                 o.have_until ? "--until" : "--time", end, range);
        frames_close(&dump, m_later, sizeof m_later); frames_close(&trajectory, m_later, sizeof m_later);
        event_log_close(&log, m_later, sizeof m_later);
        edpd_destroy(w);
        return fail(m_out);
    }
    run_rows rows = {NULL, 0, o.series_dt > 0.0 ? SERIES_COLS : CHECK_COLS};
    if (o.series_dt > 0.0 || o.checkpoint > 0) {
        int max_rows = o.series_dt > 0.0 ? (int)(o.t_end / o.series_dt) + 2 : (int)(o.events / o.checkpoint) + 1;
        rows.v = malloc(sizeof(double) * (size_t)rows.cols * (size_t)max_rows);
        if (!rows.v) { edpd_destroy(w); return fail(o.series_dt > 0.0 ? "--series: out of memory" : "--checkpoint-events: out of memory"); }
    }
    interrupt_install();  /* from here a signal ends the run with its files complete and its summary */
    if (o.equilibrate > 0.0) {
        advance_interruptible(w, o.start + o.equilibrate, UINT64_MAX, &err);
        if (!interrupted()) edpd_reset_measurements(w);
    }
    double t0 = now_seconds();
    edpd_stats s;
    edpd_get_stats(w, &s);
    uint64_t ev0 = s.events;
    int frames_ok = 1;
    edpd_stop stop = interrupted() ? EDPD_STOP_BUDGET : run_advance(w, &o, &rows, &trajectory, &frames_ok, m_out, sizeof m_out, ev0, &err);
    double wall = now_seconds() - t0;
    /* an error stop leaves no final state to write (the files stay as far as they got) */
    if (stop != EDPD_STOP_ERROR && dump.out.f && frames_ok && !frames_write(&dump, w, m_out, sizeof m_out)) frames_ok = 0;
    if (!frames_close(&dump, frames_ok ? m_out : m_later, sizeof m_out)) frames_ok = 0;
    if (!frames_close(&trajectory, frames_ok ? m_out : m_later, sizeof m_out)) frames_ok = 0;
    if (!event_log_close(&log, frames_ok ? m_out : m_later, sizeof m_out)) frames_ok = 0;
    if (stop == EDPD_STOP_ERROR) { free(rows.v); edpd_destroy(w); return fail(err.message); }
    if (!frames_ok) { fprintf(stderr, "edpd: %s\n", m_out); free(rows.v); edpd_destroy(w); return 1; }
    edpd_get_stats(w, &s);
    double eps = wall > 0 ? (double)(s.events - ev0) / wall : NAN;
    seeds_result seeds_r;
    int seeds_ok = o.seeds && !interrupted();
    if (seeds_ok && !seeds_run(&o.c, o.equilibrate, o.have_time, o.equilibrate + o.t_end, o.events, o.seeds, s.pressure_z, s.potential_energy_mean, &seeds_r, m_out, sizeof m_out)) {
        if (!interrupted()) { free(rows.v); edpd_destroy(w); return fail(m_out); }
        seeds_ok = 0;  /* interrupted among the seeds: the summary without them */
    }
    o.seeds_r = seeds_ok ? &seeds_r : NULL;
    if (o.json) run_print_json(w, &o, &rows, eps);
    else run_print_text(w, &o, eps);
    free(rows.v);
    edpd_destroy(w);
    return interrupted() ? 128 + interrupted() : 0;
}
