/* edpd — the native command-line program: run, sweep, bench, merge, schema (docs/cli.md). */
#include "edpd/edpd.h"
#include "edpd/ball_sweep.h"
#include "cli.h"
#include "json.h"
#include "bench.h"
#include "merge.h"
#include "sweep_json.h"
#include "edpd/xyz.h"
#include "edpd/schema.h"
#include <stddef.h>
#include "frames.h"
#include "interrupt.h"
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

const char *const USAGE =
    "usage:\n"
    "  edpd run   (--scenario {granular|elastic|bouncing-ball|jamming|shaken-box|box} | --load STATE.xyz [--frame {K|last}]) [--detector {stable|naive-halt|naive-miss|naive-rewind}]\n"
    "             [--n N | --species \"COUNT DIAMETER [MASS]; ...\"] [--packing-fraction PHI | --density RHO] [--restitution E] [--dim {2|3}] [--seed S]\n"
    "             [--gravity G] [--plate-offset R] [--plate-amplitude A --plate-frequency W [--plate-phase P]] [--box-width W] [--intruder D]\n"
    "             [--walls {none|x|y|xy|z|xz|yz|xyz}] [--wall-restitution E | --wall-restitutions \"X- X+ Y- Y+ [Z- Z+]\"] [--gravity-angle DEG] [--start {lattice|random|layered}] [--tc T] [--collapse-window K] [--collapse-dt DT] [--equilibrate T | --elastic-until T]\n"
    "             [--temperature KT] [--potential {hard-sphere|square-well|steps}] [--lambda L] [--well-depth E]\n"
    "             [--steps \"RADIUS ENERGY; ...\"] [--thermostat-rate NU] [--bath-temperature KT] [--quench-at T] [--quench-to KT] [--thermostat-until T]\n"
    "             [--growth-rate G] [--rescale-interval T] [--until-pressure Z | --until-packing-fraction PHI]\n"
    "             [--series DT] [--checkpoint-events K] [--neighbours {auto|cells|lists}] [--progress | --no-progress]\n"
    "             [--dump FILE.xyz] [--trajectory FILE.xyz [--trajectory-every K]] [--event-log FILE] [--observe msd,vacf,gr,speeds,flights [--sample-dt DT]] [--seeds K]\n"
    "             (--events K | --time T | --until T; compressing: none, until jammed) [--json]\n"
    "  edpd sweep [--scenario bouncing-ball] --samples M [--detector D] [--restitution E] [--gravity G] [--seed S]\n"
    "             [--max-events K] [--t-max T] [--collapse-window K] [--shard i/n] [--json]\n"
    "  edpd sweep --scenario table [--gamma FROM:TO] [--samples M] [--restitution E] [--detector D] [--phase P]\n"
    "             [--transient K] [--impacts J] [--max-events K] [--shard i/n] [--json]\n"
    "  edpd merge SHARD.json ... [--json]      (combine sweep --shard i/n results)\n"
    "  edpd bench [--json] [--quick] [--scaling] [--list] [--case NAME]\n"
    "  edpd schema                             (the configuration's fields as JSON)\n"
    "The detector is stable unless --detector says otherwise. Each flag may be given once.\n"
    "With --load the clock runs on from the file's Time, and --time, --equilibrate and --elastic-until count from there.\n";

double now_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

int fail(const char *msg) {
    fprintf(stderr, "edpd: %s\n", msg);
    return 2;
}

const char *value_of(cli_args *a) { return a->pos + 1 < a->argc ? a->argv[++a->pos] : NULL; }

/* ---- run ------------------------------------------------------------------------------- */

/* The plain run (to time t_end, or `events` events), in slices when `report` is set, so that a
 * long run says on stderr how far it got about once a second (a line of its own when stderr is
 * not a terminal). A slice ends between two events, as a budget stop does: the trajectory is that
 * of one call (the state hash does not change, cli_contract.sh). */
edpd_stop advance_reporting(edpd_world *w, int by_time, double t_end, uint64_t events, uint64_t ev0, int report, edpd_error *err) {
    if (!report) return by_time ? advance_interruptible(w, t_end, UINT64_MAX, err) : advance_interruptible(w, INFINITY, events, err);
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
        stop = advance_interruptible(w, by_time ? t_end : INFINITY, k, err);
        if (stop == EDPD_STOP_BUDGET && !interrupted()) done_ev += k;  /* a budget stop ran exactly k events */
        int finished = stop != EDPD_STOP_BUDGET || (!by_time && done_ev >= events) || interrupted();
        if (interrupted()) { edpd_get_stats(w, &s); done_ev = s.events - ev0; }
        if (finished && stop != EDPD_STOP_BUDGET && stop != EDPD_STOP_ERROR) { edpd_get_stats(w, &s); done_ev = s.events - ev0; }
        double now = now_seconds(), t = edpd_time(w);
        if (finished || now - last >= 1.0) {
            int complete = (stop == EDPD_STOP_BUDGET || stop == EDPD_STOP_TIME) && !interrupted();
            double frac = by_time ? (t_end > tm0 ? (t - tm0) / (t_end - tm0) : 1.0) : (events ? (double)done_ev / (double)events : 1.0);
            if (finished && complete) frac = 1.0;
            double el = now - wall0, left = frac > 0.0 && frac < 1.0 ? el * (1.0 - frac) / frac : 0.0;
            fprintf(stderr, "%s[edpd] %5.1f %%  %llu events  t = %.6g  %.0f s elapsed%s", tty ? "\r" : "", 100.0 * frac,
                    (unsigned long long)done_ev, t, el, finished ? (complete ? ", done" : interrupted() ? ", interrupted" : ", stopped") : "");
            if (!finished) fprintf(stderr, ", ~%.0f s left", left);
            fprintf(stderr, tty && !finished ? "   " : "\n");
            fflush(stderr);
            last = now;
        }
        if (finished) return stop;
    }
}

/* The first failure as the overlap function there (the paper's Fig. 1), in two lines. */
void print_failure(const edpd_failure *f) {
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
            if (v && strcmp(v, "table") == 0) return cmd_table_sweep(a);
            if (!v || strcmp(v, "bouncing-ball") != 0) return fail("sweep: --scenario must be bouncing-ball or table");
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
        else if (strcmp(f, "--shard") == 0) { if (!arg_shard(a, value_of(a), &shard_i, &shard_n)) return fail(a->error); }
        else if (strcmp(f, "--gamma") == 0 || strcmp(f, "--phase") == 0 || strcmp(f, "--transient") == 0 || strcmp(f, "--impacts") == 0) {
            char m[160];
            snprintf(m, sizeof m, "sweep: %s is a flag of the vibrating table's sweep: give --scenario table first", f);
            return fail(m);
        }
        else { char m[4096]; snprintf(m, sizeof m, "sweep: unknown flag '%s'\n%s", f, USAGE); return fail(m); }
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
        sweep_meta m = {edpd_detector_name(sc.detector), sc.restitution, sc.gravity, sc.t_max, sc.max_events, sc.collapse_window,
                        sc.seed, samples, sc.first, shard_i, shard_n};
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
    char m[4096];
    snprintf(m, sizeof m, "unknown command '%s' (use run, sweep, merge, bench or schema)\n%s", argv[1], USAGE);
    return fail(m);
}
