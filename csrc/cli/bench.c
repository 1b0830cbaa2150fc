#include "bench.h"
#include "edpd/ball_sweep.h"
#include "edpd/observer.h"
#include "edpd/edpd.h"
#include "args.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

typedef struct bench_case {
    const char *name;
    edpd_scenario scenario;
    int dim;
    uint32_t n;
    double number_density;  /* n sigma^dim */
    double restitution;
    double well_width;      /* a square well of depth 1 out to this (0: hard spheres), at kT = 1.5 (well_start) */
} bench_case;

static const double PI = 3.14159265358979323846;

static double cpu_seconds(void) { return (double)clock() / CLOCKS_PER_SEC; }

/* The process's peak resident set so far. Linux's getrusage() carries ru_maxrss across exec,
 * so a bench started by a big parent (Node, for npm run bench) would report the parent's peak:
 * /proc/self/status's VmHWM belongs to this program's own address space. */
static double peak_rss_mb(void) {
    FILE *f = fopen("/proc/self/status", "r");
    if (f) {
        char line[256];
        long kb = -1;
        while (kb < 0 && fgets(line, sizeof line, f))
            if (sscanf(line, "VmHWM: %ld kB", &kb) != 1) kb = -1;
        fclose(f);
        if (kb >= 0) return (double)kb / 1024.0;
    }
    struct rusage u;
    getrusage(RUSAGE_SELF, &u);
    return (double)u.ru_maxrss / 1024.0;
}

/* The processor (Linux: /proc/cpuinfo's model name, family, model and cache size), so that
 * every figure says what it was measured on: a VM may land on hosts whose caches differ, and
 * with them the figures at large N.
 * Quotes, backslashes and control characters become spaces (the text goes into JSON as is). */
static void cpu_model(char *out, size_t len) {
    char name[96] = "unknown", family[16] = "?", model[16] = "?", cache[32] = "?";
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (f) {
        char line[256];
        while (fgets(line, sizeof line, f)) {
            if (line[0] == '\n') break;  /* the first processor's block only */
            char *v = strchr(line, ':');
            if (!v) continue;
            for (v++; *v == ' ' || *v == '\t'; v++) {}
            v[strcspn(v, "\n")] = 0;
            if (strncmp(line, "model name", 10) == 0) snprintf(name, sizeof name, "%s", v);
            else if (strncmp(line, "cpu family", 10) == 0) snprintf(family, sizeof family, "%s", v);
            else if (strncmp(line, "model", 5) == 0 && (line[5] == '\t' || line[5] == ' ')) snprintf(model, sizeof model, "%s", v);
            else if (strncmp(line, "cache size", 10) == 0) snprintf(cache, sizeof cache, "%s", v);
        }
        fclose(f);
    }
    snprintf(out, len, "%s (family %s, model %s, cache %s)", name, family, model, cache);
    for (char *c = out; *c; c++)
        if (*c == '"' || *c == '\\' || (unsigned char)*c < 32) *c = ' ';
}

typedef struct bench_result { double coll_per_s, events_per_s, us_per_event, rss_mb, temperature; uint64_t events, collisions; } bench_result;

/* A square-well case's fluid at kT = 1.5, in NVE. Left alone, the 3-D lattice (its nearest pairs
 * in their wells) would cool to kT ~ 0.8 as it melts, inside the liquid-vapour region. So the
 * lattice starts at kT = 3 with the Andersen thermostat at 1.5 (rate 2 until t = 5: kT within
 * 0.5 % in 2-D and 3-D), and the timed run goes on from t = 5 without it. scripts/bench.mjs does
 * the same, so both time the same trajectory. */
static edpd_world *well_start(const edpd_config *lattice, const char *name) {
    edpd_config c = *lattice;
    c.temperature = 3.0;
    c.thermostat_rate = 2.0;
    c.bath_temperature = 1.5;
    c.thermostat_until = 5.0;
    edpd_error err;
    edpd_world *w = edpd_create(&c, &err);
    if (!w) { fprintf(stderr, "edpd bench: %s: %s\n", name, err.message); return NULL; }
    edpd_advance(w, 5.0, UINT64_MAX, &err);
    return w;
}

/* A hard-sphere case's gas: the lattice, left by 4 N events. */
static edpd_world *lattice_start(const edpd_config *c, const char *name) {
    edpd_error err;
    edpd_world *w = edpd_create(c, &err);
    if (!w) { fprintf(stderr, "edpd bench: %s: %s\n", name, err.message); return NULL; }
    edpd_advance(w, INFINITY, (uint64_t)c->n * 4, &err);
    return w;
}

static int run_case(const bench_case *b, uint64_t events, bench_result *out) {
    edpd_config c = edpd_scenario_config(b->scenario);
    c.dim = b->dim;
    c.n = b->n;
    c.restitution = b->restitution;
    c.packing_fraction = b->number_density * (b->dim == 3 ? PI / 6.0 : PI / 4.0);
    if (b->restitution < 1.0) c.tc = 1e-4;  /* keep the cooling gas from collapsing during the benchmark */
    if (b->well_width > 0.0) { c.potential = EDPD_POTENTIAL_SQUARE_WELL; c.well_width = b->well_width; }
    edpd_world *w = b->well_width > 0.0 ? well_start(&c, b->name) : lattice_start(&c, b->name);
    if (!w) return 0;
    edpd_error err;
    edpd_stats s0, s1;
    edpd_get_stats(w, &s0);
    double t0 = cpu_seconds();
    edpd_advance(w, INFINITY, events, &err);
    double cpu = cpu_seconds() - t0;
    edpd_get_stats(w, &s1);
    out->events = s1.events - s0.events;
    out->collisions = s1.collisions - s0.collisions;
    out->events_per_s = cpu > 0 ? out->events / cpu : NAN;
    out->coll_per_s = cpu > 0 ? out->collisions / cpu : NAN;
    out->us_per_event = out->events ? 1e6 * cpu / out->events : NAN;
    out->rss_mb = peak_rss_mb();
    out->temperature = s1.temperature;  /* kT at the end: the state the figure was measured in */
    edpd_destroy(w);
    return 1;
}

/* The cases a run with these flags times, in order: the four standard cases, then (--scaling) the
 * N series; `name` receives the k-th's name (case names may be built). 0 past the last. */
static const uint32_t scale_n[] = {1000, 10000, 100000, 1000000};
static int bench_case_at(int k, int scaling, bench_case *b, char *name, size_t len) {
    static const bench_case cases[] = {
        {"elastic-3d-n13500-rho0.5", EDPD_SCENARIO_ELASTIC, 3, 13500, 0.5, 1.0, 0},
        {"elastic-3d-n13500-rho0.9", EDPD_SCENARIO_ELASTIC, 3, 13500, 0.9, 1.0, 0},
        {"granular-3d-n13500-rho0.5-e0.9", EDPD_SCENARIO_GRANULAR, 3, 13500, 0.5, 0.9, 0},
        {"elastic-2d-n10000-rho0.5", EDPD_SCENARIO_ELASTIC, 2, 10000, 0.5, 1.0, 0},
        {"square-well-3d-n13500-rho0.5", EDPD_SCENARIO_ELASTIC, 3, 13500, 0.5, 1.0, 1.5},
        {"square-well-2d-n10000-rho0.5", EDPD_SCENARIO_ELASTIC, 2, 10000, 0.5, 1.0, 1.5},
    };
    int ncases = (int)(sizeof cases / sizeof cases[0]), nscale = scaling ? (int)(sizeof scale_n / sizeof scale_n[0]) : 0;
    if (k < 0 || k >= ncases + nscale) return 0;
    if (k < ncases) *b = cases[k];
    else {
        *b = cases[0];
        b->n = scale_n[k - ncases];
        snprintf(name, len, "scaling-elastic-3d-n%u-rho0.5", b->n);
        b->name = name;
    }
    return 1;
}

#define OBSERVE_CASES 4  /* the observables' cost on the standard cases (run_observe) */
static const char *const sweep_names[2] = {"ball-sweep-stable", "ball-sweep-naive-halt"};
#define ARRAY_BALLS 100000u
static const char *const array_name = "ball-array-n100000";

/* Whether `name` is one of the cases (the N series included), sweeps or the ball array. */
static int case_known(const char *name) {
    bench_case b;
    char built[64];
    for (int k = 0; bench_case_at(k, 1, &b, built, sizeof built); k++)
        if (strcmp(b.name, name) == 0) return 1;
    if (strncmp(name, "observe-", 8) == 0)
        for (int k = 0; k < OBSERVE_CASES && bench_case_at(k, 0, &b, built, sizeof built); k++)
            if (strcmp(b.name, name + 8) == 0) return 1;
    return strcmp(sweep_names[0], name) == 0 || strcmp(sweep_names[1], name) == 0 || strcmp(array_name, name) == 0;
}

/* A standard case run plain and with an observer sampling once per mean free time (what
 * --observe msd,vacf,gr,speeds keeps), in turn, 4 times: each run's events per CPU second, the
 * observed one over the plain one's span of time, and the median of the 4 ratios (a single
 * second-long pair moves by +-10 % on a shared VM); the results' own time apart. A sample reads and
 * stores the whole state, which also evicts the event loop's working set from the caches. */
static int run_observe(const bench_case *b, const char *name, int json, int first, uint64_t events) {
    edpd_config c = edpd_scenario_config(b->scenario);
    c.dim = b->dim; c.n = b->n; c.restitution = b->restitution;
    c.packing_fraction = b->number_density * (b->dim == 3 ? PI / 6.0 : PI / 4.0);
    if (b->restitution < 1.0) c.tc = 1e-4;
    double rate[4][2], span = 0.0, dt = 0.0, results = 0.0;
    uint32_t samples = 0, most = (uint32_t)fmin(EDPD_OBSERVE_MAX_SAMPLES, floor(EDPD_OBSERVE_MAX_BYTES / (48.0 * c.n)));
    edpd_error err;
    for (int round = 0; round < 4; round++)
        for (int seen = 0; seen < 2; seen++) {
            edpd_world *w = edpd_create(&c, &err);
            if (!w) { fprintf(stderr, "edpd bench: %s: %s\n", name, err.message); return 0; }
            edpd_advance(w, INFINITY, (uint64_t)c.n * 4, &err);  /* leave the lattice */
            edpd_stats s0, s1;
            edpd_get_stats(w, &s0);
            edpd_observer *o = seen ? edpd_observer_create(w, most, &err) : NULL;
            if (seen && !o) { fprintf(stderr, "edpd bench: %s: %s\n", name, err.message); edpd_destroy(w); return 0; }
            double t0 = cpu_seconds();
            if (!seen) edpd_advance(w, INFINITY, events, &err);
            else for (double t = s0.time; t < s0.time + span && edpd_observer_samples(o) < most; ) {
                t += dt;
                edpd_advance(w, t, UINT64_MAX, &err);
                edpd_observer_sample(o, w, &err);
            }
            double cpu = cpu_seconds() - t0;
            edpd_get_stats(w, &s1);
            if (!seen) { span = s1.time - s0.time; dt = (double)c.n * span / (2.0 * (double)(s1.collisions - s0.collisions)); }
            rate[round][seen] = (double)(s1.events - s0.events) / cpu;
            if (o && round == 0) {
                edpd_observables *r = malloc(sizeof *r);
                double t1 = cpu_seconds();
                if (!r || edpd_observer_results(o, EDPD_OBSERVE_ALL, r, &err) != EDPD_OK) {
                    fprintf(stderr, "edpd bench: %s: %s\n", name, r ? err.message : "out of memory");
                    free(r); edpd_observer_destroy(o); edpd_destroy(w);
                    return 0;
                }
                results = cpu_seconds() - t1;
                samples = edpd_observer_samples(o);
                free(r);
            }
            edpd_observer_destroy(o);
            edpd_destroy(w);
        }
    double ratio[4], plain = 0.0, seen = 0.0;
    for (int k = 0; k < 4; k++) { ratio[k] = rate[k][1] / rate[k][0]; plain += rate[k][0] / 4; seen += rate[k][1] / 4; }
    for (int i = 1; i < 4; i++) for (int k = i; k > 0 && ratio[k] < ratio[k - 1]; k--) { double x = ratio[k]; ratio[k] = ratio[k - 1]; ratio[k - 1] = x; }
    double median = 0.5 * (ratio[1] + ratio[2]);
    if (json)
        printf("%s\n    {\"name\": \"%s\", \"events_per_second\": %.0f, \"observed_events_per_second\": %.0f, \"ratio\": %.4f, "
               "\"sample_dt\": %.4g, \"samples\": %u, \"results_seconds\": %.3f}", first ? "" : ",", name, plain, seen, median, dt, samples, results);
    else
        printf("%s: %.0f events/s plain, %.0f observed, %u samples every %.3g (median ratio %.1f %%); the results take %.3f s\n", name, plain, seen,
               samples, dt, 100.0 * median, results);
    return 1;
}

/* A ball array of 10^5 balls, each on its own plate: creation, 1000 events, one statistics call.
 * Each part is linear in the balls (a plate is checked against its own ball alone). */
static int run_array(int json, int first) {
    edpd_config c = edpd_scenario_config(EDPD_SCENARIO_BOUNCING_BALL);
    c.n = ARRAY_BALLS;
    edpd_error err;
    double t0 = cpu_seconds();
    edpd_world *w = edpd_create(&c, &err);
    if (!w) { fprintf(stderr, "edpd bench: %s: %s\n", array_name, err.message); return 0; }
    double t1 = cpu_seconds();
    edpd_advance(w, INFINITY, 1000, &err);
    double t2 = cpu_seconds();
    edpd_stats s;
    edpd_get_stats(w, &s);
    double t3 = cpu_seconds();
    edpd_destroy(w);
    if (json)
        printf("%s\n    {\"name\": \"%s\", \"n\": %u, \"create_seconds\": %.4f, \"events\": 1000, \"events_seconds\": %.4f, "
               "\"stats_seconds\": %.4f, \"seconds\": %.4f}", first ? "" : ",", array_name, c.n, t1 - t0, t2 - t1, t3 - t2, t3 - t0);
    else
        printf("ball array of %u balls: create %.3f s, 1000 events %.3f s, statistics %.3f s\n", c.n, t1 - t0, t2 - t1, t3 - t2);
    return 1;
}

int cmd_bench(int argc, char **argv) {
    int json = 0, quick = 0, scaling = 0, list = 0;
    const char *only = NULL;  /* --case: one case or sweep (a harness timing native and WebAssembly in turn) */
    cli_args a = {.argc = argc, .argv = argv};
    for (int k = 2; k < argc; k++) {
        if (!arg_once(&a, argv[k])) { fprintf(stderr, "edpd: bench: %s\n", a.error); return 2; }
        if (strcmp(argv[k], "--json") == 0) json = 1;
        else if (strcmp(argv[k], "--quick") == 0) quick = 1;
        else if (strcmp(argv[k], "--scaling") == 0) scaling = 1;
        else if (strcmp(argv[k], "--list") == 0) list = 1;
        else if (strcmp(argv[k], "--case") == 0) {
            if (k + 1 >= argc) { fprintf(stderr, "edpd: bench: --case needs a case name (edpd bench --list --scaling names them)\n"); return 2; }
            only = argv[++k];
        } else {
            fprintf(stderr, "edpd: bench: unknown flag '%s' (allowed: --json, --quick, --scaling, --list, --case NAME)\n", argv[k]);
            return 2;
        }
    }
    if (only && !case_known(only)) {
        bench_case b;
        char name[64];
        fprintf(stderr, "edpd: bench: --case: no case '%s' (allowed:", only);
        for (int k = 0; bench_case_at(k, 1, &b, name, sizeof name); k++) fprintf(stderr, " %s", b.name);
        fprintf(stderr, " %s %s %s, observe-CASE for the first %d)\n", sweep_names[0], sweep_names[1], array_name, OBSERVE_CASES);
        return 2;
    }
    if (only) scaling = 1;  /* a named case runs whether or not --scaling was given */
    if (list) {
        bench_case b;
        char name[64];
        for (int k = 0; bench_case_at(k, scaling, &b, name, sizeof name); k++)
            if (!only || strcmp(b.name, only) == 0) printf("%s\n", b.name);
        for (int d = 0; d < 2; d++)
            if (!only || strcmp(sweep_names[d], only) == 0) printf("%s\n", sweep_names[d]);
        if (!only || strcmp(array_name, only) == 0) printf("%s\n", array_name);
        for (int k = 0; k < OBSERVE_CASES && bench_case_at(k, 0, &b, name, sizeof name); k++)
            if (!only || (strncmp(only, "observe-", 8) == 0 && strcmp(b.name, only + 8) == 0)) printf("observe-%s\n", b.name);
        return 0;
    }
    uint64_t events = quick ? 200000 : 4000000;
    char cpu[192];
    cpu_model(cpu, sizeof cpu);
    if (json) printf("{\n  \"engine\": \"native\",\n  \"cpu\": \"%s\",\n  \"cases\": [", cpu);
    else printf("cpu: %s\n", cpu);
    int first = 1;
    bench_case b;
    char name[64];
    for (int k = 0; bench_case_at(k, scaling, &b, name, sizeof name); k++) {
        if (only && strcmp(b.name, only) != 0) continue;
        bench_result r;
        if (!run_case(&b, events, &r)) return 1;
        if (json)
            printf("%s\n    {\"name\": \"%s\", \"n\": %u, \"dim\": %d, \"number_density\": %g, \"restitution\": %g, "
                   "\"events\": %llu, \"collisions\": %llu, \"collisions_per_second\": %.0f, \"events_per_second\": %.0f, "
                   "\"us_per_event\": %.4f, \"peak_rss_mb\": %.1f, \"well_width\": %g, \"temperature\": %.4f}",
                   first ? "" : ",", b.name, b.n, b.dim, b.number_density, b.restitution,
                   (unsigned long long)r.events, (unsigned long long)r.collisions, r.coll_per_s, r.events_per_s,
                   r.us_per_event, r.rss_mb, b.well_width, r.temperature);
        else
            printf("%-34s %9.0f collisions/s %9.0f events/s %7.3f us/event  peak RSS %.1f MB\n", b.name,
                   r.coll_per_s, r.events_per_s, r.us_per_event, r.rss_mb);
        first = 0;
        fflush(stdout);
    }
    /* the paper's Fig. 7 sweep, both detectors */
    uint64_t samples = quick ? 10000 : 1000000;  /* the paper's 10^6 offsets */
    if (json) printf("\n  ],\n  \"sweeps\": [");
    first = 1;
    for (int d = 0; d < 2; d++) {
        if (only && strcmp(sweep_names[d], only) != 0) continue;
        edpd_sweep_config sc = edpd_default_sweep_config();
        sc.detector = d == 0 ? EDPD_DETECTOR_STABLE : EDPD_DETECTOR_NAIVE_HALT;
        sc.count = samples;
        edpd_sweep_result r;
        memset(&r, 0, sizeof r);
        edpd_error err;
        double t0 = cpu_seconds();
        if (edpd_ball_sweep(&sc, &r, &err) != EDPD_OK) { fprintf(stderr, "edpd bench: %s\n", err.message); return 1; }
        double cpu = cpu_seconds() - t0;
        if (json)
            printf("%s\n    {\"name\": \"%s\", \"samples\": %llu, \"seconds\": %.3f, \"samples_per_second\": %.0f}",
                   first ? "" : ",", sweep_names[d], (unsigned long long)samples, cpu, samples / cpu);
        else
            printf("ball sweep (%s) %llu samples: %.3f s (%.0f samples/s; 10^6 would take %.1f s)\n",
                   edpd_detector_name(sc.detector), (unsigned long long)samples, cpu, samples / cpu, cpu * 1e6 / samples);
        first = 0;
    }
    if (json) printf("\n  ],\n  \"arrays\": [");
    if ((!only || strcmp(array_name, only) == 0) && !run_array(json, 1)) return 1;
    if (json) printf("\n  ],\n  \"observe\": [");
    first = 1;
    for (int k = 0; k < OBSERVE_CASES && bench_case_at(k, 0, &b, name, sizeof name); k++) {
        char oname[80];
        snprintf(oname, sizeof oname, "observe-%s", b.name);
        if (only && strcmp(oname, only) != 0) continue;
        if (!run_observe(&b, oname, json, first, quick ? 200000 : 1000000)) return 1;
        first = 0;
    }
    if (json) printf("\n  ]\n}\n");
    return 0;
}
