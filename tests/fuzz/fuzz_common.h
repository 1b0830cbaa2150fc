/* Shared by the libFuzzer harnesses (fuzz_world.c: built-in scenarios; fuzz_custom.c: worlds
 * given by the caller): reading values from the fuzzer's bytes, and the checks after each call. */
#ifndef EDPD_FUZZ_COMMON_H
#define EDPD_FUZZ_COMMON_H
#include "edpd/edpd.h"
#include "edpd/observer.h"
#include "measure/invariants.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct reader { const uint8_t *d; size_t n, pos; } reader;

static uint32_t u32(reader *r) {
    uint32_t v = 0;
    for (int k = 0; k < 4; k++) v = (v << 8) | (r->pos < r->n ? r->d[r->pos++] : 0);
    return v;
}
static double unit(reader *r) { return (double)u32(r) / 4294967296.0; }
/* mostly sensible values, sometimes wild ones (NaN, inf, negative, huge) */
static double wild(reader *r, double lo, double hi) {
    uint32_t sel = u32(r) % 16;
    static const double specials[] = {NAN, INFINITY, -INFINITY, -1.0, 0.0, 1e300, -0.0, 1e-300};
    if (sel < 2) return specials[u32(r) % 8];
    return lo + (hi - lo) * unit(r);
}

static void fail(const char *what) {
    fprintf(stderr, "invariant violated: %s\n", what);
    abort();
}

/* A rejected config must say why, naming the field. */
static void check_rejection(const edpd_error *err) {
    if (err->code == EDPD_OK || err->message[0] == 0 || err->field[0] == 0) fail("a rejected config must give a code, a field and a message");
    if (!strstr(err->message, err->field)) fail("the message must name the field");
}

/* The reported overlapping pairs and deepest pair overlap against a count over all N(N-1)/2
 * pairs of the positions the API returns (the engine counts in a grid of its own). A pair within
 * 1e-12 of contact may fall either way: the count must lie between the sure and the possible. */
static void check_overlap_count(edpd_world *w) {
    uint32_t n = edpd_particle_count(w);
    double *r = malloc(sizeof(double) * 3 * (n ? n : 1)), box[3];
    if (!r) return;
    edpd_get_positions(w, r);
    edpd_get_box(w, box);
    uint32_t sure = 0, maybe = 0;
    double deepest = 0.0;
    for (uint32_t i = 0; i < n; i++)
        for (uint32_t j = i + 1; j < n; j++) {
            double d[3], r2 = 0.0;
            for (int a = 0; a < 3; a++) {
                d[a] = r[3 * i + a] - r[3 * j + a];
                if (w->periodic[a]) d[a] -= box[a] * nearbyint(d[a] / box[a]);
                r2 += d[a] * d[a];
            }
            double s = 0.5 * (w->p[i].sigma + w->p[j].sigma);
            if (r2 < s * s * (1.0 - 1e-12)) sure++;
            if (r2 < s * s * (1.0 + 1e-12)) maybe++;
            if (r2 < s * s && (s - sqrt(r2)) / w->cfg.diameter > deepest) deepest = (s - sqrt(r2)) / w->cfg.diameter;
        }
    /* spheres against their planes (the shared ones and a ball's own plate): overlapping, or
     * entirely beyond it (fell through); again sure and possible within 1e-12 of either edge */
    uint32_t over_sure = 0, over_maybe = 0, fell_sure = 0, fell_maybe = 0;
    for (uint32_t i = 0; i < n; i++)
        for (uint32_t k = 0; k < w->plane_count; k++) {
            if (k >= w->shared_planes && (int32_t)k != w->p[i].own_plane) continue;
            const edpd_plane *pl = &w->planes[k];
            double sigma = w->p[i].sigma, tol = 1e-12 * (1.0 + fabs(pl->offset) + fabs(r[3 * i]) + fabs(r[3 * i + 1]) + fabs(r[3 * i + 2]));
            double gap = pl->normal[0] * r[3 * i] + pl->normal[1] * r[3 * i + 1] + pl->normal[2] * r[3 * i + 2] - pl->offset - 0.5 * sigma;
            if (gap < -sigma - tol) fell_sure++;
            if (gap < -sigma + tol) fell_maybe++;
            if (gap < -tol && gap >= -sigma + tol) over_sure++;
            if (gap < tol && gap >= -sigma - tol) over_maybe++;
        }
    free(r);
    edpd_stats s;
    edpd_get_stats(w, &s);
    if (s.fell_through < fell_sure || s.fell_through > fell_maybe || s.plane_overlaps < over_sure || s.plane_overlaps > over_maybe) {
        char m[200];
        snprintf(m, sizeof m, "fell_through %u (count %u to %u), plane_overlaps %u (count %u to %u)", s.fell_through, fell_sure, fell_maybe,
                 s.plane_overlaps, over_sure, over_maybe);
        fail(m);
    }
    if (s.overlapping_pairs < sure || s.overlapping_pairs > maybe) {
        char m[160];
        snprintf(m, sizeof m, "overlapping_pairs %u, but %u to %u pairs overlap", s.overlapping_pairs, sure, maybe);
        fail(m);
    }
    /* max_overlap also counts planes: at least the deepest pair */
    if (s.plane_overlaps == 0 ? fabs(s.max_overlap - deepest) > 1e-9 : s.max_overlap < deepest - 1e-9) fail("max_overlap differs from the deepest pair's overlap");
}

/* The first failure's record: there exactly when the counters say a naive detector failed, at
 * that event, with the overlap function the detectors' answers say it has: the textbook's answer
 * is no root or a negative one; the stable rule's, Eq. 10 on the same f. */
static void check_first_failure(edpd_world *w) {
    edpd_stats s;
    edpd_failure f;
    edpd_get_stats(w, &s);
    edpd_get_first_failure(w, &f);
    if (f.found != (s.first_failure_event != UINT64_MAX)) fail("a first failure without its record, or a record without one");
    if (!f.found) return;
    if (edpd_get_config(w)->detector == EDPD_DETECTOR_STABLE) fail("the stable detector has a first failure");
    if (f.event != s.first_failure_event) fail("the record's event is not first_failure_event");
    if (!isfinite(f.f0) || !isfinite(f.f1) || !isfinite(f.f2) || !isfinite(f.time)) fail("the record's f or time is not finite");
    if (f.particle_a < 0 || (uint32_t)f.particle_a >= edpd_particle_count(w) || f.particle_b >= (int32_t)edpd_particle_count(w) || f.particle_b == f.particle_a)
        fail("the record's particles are out of range");
    if (f.particle_b >= 0 && f.f2 < 0.0) fail("a pair's f'' = 2 |dv|^2 is negative");
    if (!(isnan(f.naive_dt) || f.naive_dt < 0.0)) fail("the textbook answer of a failure is neither no root nor a negative root");
    if (strcmp(f.naive_answer, isnan(f.naive_dt) ? "no-real-root" : "negative-root") != 0) fail("naive_answer disagrees with naive_dt");
    /* Eq. 10: overlapping and approaching now collide now; nothing else does */
    int now = f.f0 <= 0.0 && f.f1 < 0.0;
    if (now != (f.stable_dt == 0.0 && strcmp(f.stable_answer, "stabilising") == 0)) fail("the stable answer is not Eq. 10's for the record's f");
    if (strcmp(f.stable_answer, "turning-point") == 0 && !(f.f2 < 0.0 && f.stable_dt == f.f1 / -f.f2)) fail("a turning point not at f1 / -f2");
}

/* The event log's records as they come: a known kind, its particles in range (b: a particle,
 * -1 - k for plane k, or -1 for a kick), finite numbers, and under the stable detector a clock
 * that never runs backwards. */
typedef struct log_check { const edpd_world *w; double last; unsigned long long records; } log_check;
static void check_record(const edpd_event *e, void *user) {
    log_check *l = user;
    uint32_t n = edpd_particle_count(l->w);
    if ((unsigned)e->kind > EDPD_EVENT_KICK) fail("event log: a record of no known kind");
    if (e->a < 0 || (uint32_t)e->a >= n || e->b >= (int32_t)n || e->b == e->a) fail("event log: a record's particles are out of range");
    if (!isfinite(e->time) || !isfinite(e->impulse) || !isfinite(e->separation)) fail("event log: a record that is not finite");
    if (edpd_get_config(l->w)->detector == EDPD_DETECTOR_STABLE && l->records && e->time < l->last) fail("event log: the stable clock ran backwards");
    l->last = e->time;
    l->records++;
}

/* An observer of a running world, 20 samples 0.01 apart (no bytes read: a saved input keeps its
 * meaning): each sample taken or refused with a message, the results finite where defined. */
static inline void observe_briefly(edpd_world *w) {
    edpd_error err;
    if (edpd_get_status(w).state != EDPD_STATE_RUNNING || edpd_particle_count(w) > 300) return;
    edpd_observer *o = edpd_observer_create(w, 20, &err);
    if (!o) { check_rejection(&err); return; }
    edpd_set_event_log(w, edpd_observer_event, o);
    double t0 = edpd_time(w);
    int taken = 0;
    for (int k = 0; k < 20; k++) {
        if (k && edpd_advance(w, t0 + 0.01 * k, 200000, &err) != EDPD_STOP_TIME) break;
        if (edpd_observer_sample(o, w, &err) != EDPD_OK) { if (!err.message[0]) fail("observer: a refused sample without a message"); break; }
        taken++;
    }
    edpd_observables *res = malloc(sizeof *res);
    if (res && taken >= 16) {
        if (edpd_observer_results(o, EDPD_OBSERVE_ALL, res, &err) != EDPD_OK) fail("observer: results refused after 16 samples");
        if (!isfinite(res->sample_dt) || res->samples != (uint32_t)taken) fail("observer: the samples' count or interval");
        for (uint32_t k = 0; k < res->msd_lags; k++) if (!(res->msd[k] >= 0.0)) fail("observer: a negative or NaN mean-squared displacement");
    }
    free(res);
    edpd_set_event_log(w, NULL, NULL);
    edpd_observer_destroy(o);
}

/* 1 to 6 calls of edpd_advance with times and budgets from the bytes; the invariants after each. */
static void exercise(edpd_world *w, reader *r) {
    edpd_error err;
    char msg[256];
    log_check lc = {w, 0.0, 0};
    edpd_set_event_log(w, check_record, &lc);
    if (!ed_world_check_invariants(w, msg, sizeof msg)) fail(msg);
    edpd_stats s0;
    edpd_get_stats(w, &s0);
    int calls = 1 + (int)(u32(r) % 6);
    for (int k = 0; k < calls; k++) {
        double t = edpd_time(w) + wild(r, 0.0, 5.0);
        uint64_t budget = u32(r) % 30000;
        edpd_stop stop = edpd_advance(w, t, budget, &err);
        if (stop == EDPD_STOP_ERROR && (err.code == EDPD_OK || !err.message[0])) fail("an error stop needs a code and message");
        if (!ed_world_check_invariants(w, msg, sizeof msg)) fail(msg);
        check_overlap_count(w);
        check_first_failure(w);
        size_t xyz = edpd_write_xyz(w, NULL, 0);  /* the state file's length, against its documented bound */
        if (xyz == 0 || xyz >= EDPD_XYZ_BOUND(edpd_particle_count(w))) fail("the state file does not fit EDPD_XYZ_BOUND");
        edpd_stats s;
        edpd_get_stats(w, &s);
        if (s.events - s0.events > (uint64_t)(k + 1) * 30000) fail("more events than the budgets allow");
        if (!isnan(s.pressure_z_error) && !(s.pressure_z_error >= 0.0 && isfinite(s.pressure_z_error) && isfinite(s.pressure_z)))
            fail("pressure_z_error: neither NaN nor a finite error of a finite Z");
    }
    edpd_set_event_log(w, NULL, NULL);
}

/* A twin of a valid config with one field changed (`what`): created exactly when `good`, else
 * rejected with a code and a message; the world or NULL. */
static edpd_world *create_twin(const edpd_config *twin, int good, const char *what) {
    edpd_error err;
    edpd_world *t = edpd_create(twin, &err);
    if ((t != NULL) != good) {
        char m[128];
        snprintf(m, sizeof m, "%s: accepted a bad value or refused a good one", what);
        fail(m);
    }
    if (!t) check_rejection(&err);
    return t;
}

/* The world of config c, exercised; NULL if c was (rightly) rejected. */
static edpd_world *create_and_exercise(const edpd_config *c, reader *r) {
    edpd_error err;
    edpd_world *w = edpd_create(c, &err);
    if (!w) {
        check_rejection(&err);
        return NULL;
    }
    exercise(w, r);
    /* now and then a twin with an elastic start (elastic_until; bytes past the input's end read
     * as 0: no twin, so the saved corpus runs as before) */
    if (u32(r) % 4 == 1) {
        edpd_config twin = *c;
        twin.elastic_until = wild(r, 0.0, 5.0);
        edpd_world *t = create_twin(&twin, isfinite(twin.elastic_until) && twin.elastic_until >= 0.0 && twin.elastic_until <= 1e9, "elastic_until");
        if (t) { exercise(t, r); edpd_destroy(t); }
    }
    return w;
}

#ifdef EDPD_FUZZ_MAIN
/* Regression runner: every file named on the command line (a saved corpus). */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int main(int argc, char **argv) {
    int ran = 0;
    for (int a = 1; a < argc; a++) {
        FILE *f = fopen(argv[a], "rb");
        if (!f) { fprintf(stderr, "cannot open %s\n", argv[a]); return 2; }
        static uint8_t buf[1 << 16];
        size_t n = fread(buf, 1, sizeof buf, f);
        fclose(f);
        LLVMFuzzerTestOneInput(buf, n);
        ran++;
    }
    printf("fuzz corpus: %d passed, 0 failed\n", ran);
    return 0;
}
#endif
#endif
