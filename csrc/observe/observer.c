/* Observables from sampled states (observer.h): positions and velocities at the caller's sample
 * times are the exact trajectory's (no time step). Positions are unwrapped by the minimum image of
 * each sample's displacement. Diffusion errors: the spread over 8 groups of particles
 * (independent in a dilute gas, nearly so in a fluid). */
#include "edpd/observer.h"
#include "base/error.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define GROUPS 8
#define VACF_ORIGINS 64u

/* Every particle's unwrapped position and velocity at sample k: r[k][3N], v[k][3N]. */
typedef struct samples { uint32_t n, count; double *r, *v; } samples;

struct edpd_observer {
    samples s;
    uint32_t max;
    int dim, periodic[3];
    double box[3], t0, dt, sigma;
    double *prev;   /* the last sample's positions as the world gave them (in the box) */
    double *last;   /* each particle's last impact (NaN: none yet) */
    double *flight; /* a sample of the complete flights, up to FLIGHTS_KEPT of them (flight_ends) */
    uint64_t *flight_seen;  /* ... and each one's place among all (which the thinning reads) */
    uint64_t flights, seen;  /* flights kept; complete flights seen */
    double flight_sum;       /* of every complete flight: the mean is exact, whatever is kept */
    uint32_t keep_every;
};
#define FLIGHTS_KEPT 1048576u

edpd_observer *edpd_observer_create(const edpd_world *w, uint32_t max_samples, edpd_error *err) {
    if (err) { err->code = EDPD_OK; err->field[0] = err->message[0] = 0; }
    if (!w) { ed_set_error(err, EDPD_ERR_INVALID, "world", "is NULL"); return NULL; }
    uint32_t n = edpd_particle_count(w);
    if (max_samples < 16 || max_samples > EDPD_OBSERVE_MAX_SAMPLES) {
        ed_set_error(err, EDPD_ERR_INVALID, "samples", "must be in [16, %u], got %u", EDPD_OBSERVE_MAX_SAMPLES, max_samples);
        return NULL;
    }
    if (48.0 * n * max_samples > EDPD_OBSERVE_MAX_BYTES) {
        double most = floor(EDPD_OBSERVE_MAX_BYTES / (48.0 * n));
        if (most >= 16)
            ed_set_error(err, EDPD_ERR_INVALID, "samples", "%u samples of %u particles take %.1f GB: at most 1 GiB, %.0f samples of them (fewer samples)", max_samples, n, 48e-9 * n * max_samples, most);
        else  /* no count of samples fits: fewer particles can */
            ed_set_error(err, EDPD_ERR_INVALID, "samples", "%u particles: even the 16 samples results need take %.1f GB, over 1 GiB; observe at most %.0f particles",
                         n, 48e-9 * n * 16, floor(EDPD_OBSERVE_MAX_BYTES / (48.0 * 16)));
        return NULL;
    }
    edpd_observer *o = calloc(1, sizeof *o);
    if (o) {
        o->max = max_samples;
        o->s.n = n;
        o->dim = edpd_get_config(w)->dim;
        o->sigma = edpd_get_config(w)->diameter;
        edpd_get_box(w, o->box);
        edpd_get_periodic(w, o->periodic);
        o->s.r = malloc(sizeof(double) * 3 * (size_t)n * max_samples);
        o->s.v = malloc(sizeof(double) * 3 * (size_t)n * max_samples);
        o->prev = malloc(sizeof(double) * 3 * (size_t)(n ? n : 1));
        o->last = malloc(sizeof(double) * (n ? n : 1));
        o->flight = malloc(sizeof(double) * FLIGHTS_KEPT);
        o->flight_seen = malloc(sizeof(uint64_t) * FLIGHTS_KEPT);
        o->keep_every = 1;
        for (uint32_t i = 0; o->last && i < n; i++) o->last[i] = NAN;
    }
    if (!o || !o->s.r || !o->s.v || !o->prev || !o->last || !o->flight || !o->flight_seen) {
        edpd_observer_destroy(o);
        ed_set_error(err, EDPD_ERR_MEMORY, "samples", "out of memory for %u samples of %u particles", max_samples, n);
        return NULL;
    }
    return o;
}

void edpd_observer_destroy(edpd_observer *o) {
    if (!o) return;
    free(o->s.r); free(o->s.v); free(o->prev); free(o->last); free(o->flight); free(o->flight_seen);
    free(o);
}

uint32_t edpd_observer_samples(const edpd_observer *o) { return o ? o->s.count : 0; }

/* Whether the k-th flight seen is in the kept sample at a thinning of 1 in `every` (a power of
 * two): a hash of k, so that which flights stay does not follow the order they come in (a
 * collision ends two, and "every other one" kept only the first particle's: the shorter ones). */
static int kept(uint64_t k, uint32_t every) {
    uint64_t z = k + 0x9E3779B97F4A7C15ull;  /* splitmix64's finaliser */
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return ((z ^ (z >> 31)) & (every - 1)) == 0;
}

/* A flight of particle i ends at t. Its length goes into the running sum (the mean, exact), and
 * into the kept sample (the histogram) if the thinning keeps it. Memory stays bounded: past
 * FLIGHTS_KEPT, the thinning doubles and the kept flights it now drops go. */
static void flight_ends(edpd_observer *o, int32_t i, double t) {
    if (i < 0 || (uint32_t)i >= o->s.n) return;
    double start = o->last[i];
    o->last[i] = t;
    if (isnan(start)) return;
    uint64_t k = o->seen++;
    o->flight_sum += t - start;
    if (!kept(k, o->keep_every)) return;
    o->flight[o->flights++] = t - start;
    o->flight_seen[o->flights - 1] = k;
    if (o->flights == FLIGHTS_KEPT) {
        o->keep_every *= 2;
        uint64_t m = 0;
        for (uint64_t j = 0; j < o->flights; j++)
            if (kept(o->flight_seen[j], o->keep_every)) { o->flight[m] = o->flight[j]; o->flight_seen[m] = o->flight_seen[j]; m++; }
        o->flights = m;
    }
}

void edpd_observer_event(const edpd_event *e, void *user) {
    edpd_observer *o = user;
    if (e->kind != EDPD_EVENT_COLLISION && e->kind != EDPD_EVENT_PLANE) return;
    flight_ends(o, e->a, e->time);
    if (e->kind == EDPD_EVENT_COLLISION) flight_ends(o, e->b, e->time);
}

/* The flights' count and mean from all of them, their histogram from the kept sample, each kept
 * flight counting for the `keep_every` it stands for. */
static void flight_histogram(const edpd_observer *o, edpd_observables *r) {
    r->flights = o->seen;
    r->flight_mean = o->seen ? o->flight_sum / (double)o->seen : NAN;
    for (int k = 0; k <= EDPD_FLIGHT_BINS; k++) r->flight_edge[k] = r->flight_mean * pow(10.0, -4.0 + k / 8.0);
    for (uint64_t k = 0; k < o->flights; k++) {
        double b = floor(8.0 * (log10(o->flight[k] / r->flight_mean) + 4.0));
        if (b >= 0.0 && b < EDPD_FLIGHT_BINS) r->flight_count[(int)b] += (double)o->keep_every;
    }
}

edpd_code edpd_observer_sample(edpd_observer *o, const edpd_world *w, edpd_error *err) {
    if (err) { err->code = EDPD_OK; err->field[0] = err->message[0] = 0; }
    if (!o || !w || edpd_particle_count(w) != o->s.n) return ed_set_error(err, EDPD_ERR_INVALID, "world", "is not the world the observer was made for");
    samples *s = &o->s;
    uint32_t k = s->count, n = s->n;
    if (k == o->max) return ed_set_error(err, EDPD_ERR_STATE, "samples", "all %u taken", o->max);
    double t = edpd_time(w);
    if (k == 1) o->dt = t - o->t0;
    if (k == 0) o->t0 = t;
    else if (!(o->dt > 0.0) || fabs(t - (o->t0 + k * o->dt)) > 1e-9 * fmax(1.0, fabs(t)))
        return ed_set_error(err, EDPD_ERR_STATE, "samples", "must be taken at equal intervals (sample %u at t = %.17g, expected %.17g)", k, t, o->t0 + k * o->dt);
    double *r = s->r + 3 * (size_t)n * k, *now = s->r + 3 * (size_t)n * k;  /* the world's positions, unwrapped in place */
    edpd_get_state(w, now, s->v + 3 * (size_t)n * k);
    for (size_t c = 0; c < 3 * (size_t)n; c++) {
        double x = now[c], d = k ? x - o->prev[c] : 0.0;  /* the displacement since the last sample, by the minimum image */
        int a = (int)(c % 3);
        if (o->periodic[a]) {  /* positions are in [0, L): one image away at most */
            if (d > 0.5 * o->box[a]) d -= o->box[a];
            else if (d < -0.5 * o->box[a]) d += o->box[a];
            if (fabs(d) > 0.25 * o->box[a])
                return ed_set_error(err, EDPD_ERR_STATE, "samples", "a particle moved more than a quarter box since the last sample: sample more often");
        }
        o->prev[c] = x;
        r[c] = k ? s->r[3 * (size_t)n * (k - 1) + c] + d : x;  /* the last sample's unwrapped position, plus d */
    }
    s->count = k + 1;
    return EDPD_OK;
}

/* Least-squares slope of y(x) over points [lo, hi). */
static double slope(const double *x, const double *y, uint32_t lo, uint32_t hi) {
    double sx = 0, sy = 0, sxx = 0, sxy = 0, m = hi - lo;
    for (uint32_t k = lo; k < hi; k++) { sx += x[k]; sy += y[k]; sxx += x[k] * x[k]; sxy += x[k] * y[k]; }
    return (m * sxy - sx * sy) / (m * sxx - sx * sx);
}

/* MSD of particles [p0, p1) at lag L, over every origin. */
static double msd_at(const samples *s, uint32_t L, uint32_t p0, uint32_t p1) {
    double sum = 0;
    uint64_t terms = 0;
    for (uint32_t o = 0; o + L < s->count; o++) {
        const double *a = s->r + 3 * (size_t)s->n * o, *b = s->r + 3 * (size_t)s->n * (o + L);
        for (size_t c = 3 * (size_t)p0; c < 3 * (size_t)p1; c++) sum += (b[c] - a[c]) * (b[c] - a[c]);
        terms += p1 - p0;
    }
    return sum / (double)terms;
}

/* <v(0).v(L dt)> of particles [p0, p1) over up to VACF_ORIGINS origins. */
static double vacf_at(const samples *s, uint32_t L, uint32_t p0, uint32_t p1) {
    uint32_t span = s->count - L, step = span > VACF_ORIGINS ? span / VACF_ORIGINS : 1;
    double sum = 0;
    uint64_t terms = 0;
    for (uint32_t o = 0; o < span; o += step) {
        const double *a = s->v + 3 * (size_t)s->n * o, *b = s->v + 3 * (size_t)s->n * (o + L);
        for (size_t c = 3 * (size_t)p0; c < 3 * (size_t)p1; c++) sum += a[c] * b[c];
        terms += p1 - p0;
    }
    return sum / (double)terms;
}

/* D from the MSD's slope over the lags from a tenth to half the run (2 d D t), per group. */
static void msd_diffusion(const samples *s, int dim, double dt, edpd_observables *r) {
    double d[GROUPS], x[64], y[64];
    uint32_t lo = 0;
    while (lo < r->msd_lags && r->msd_t[lo] < 0.1 * (s->count - 1) * dt) lo++;
    for (int g = 0; g < GROUPS; g++) {
        for (uint32_t k = lo; k < r->msd_lags; k++) { x[k] = r->msd_t[k]; y[k] = msd_at(s, (uint32_t)llround(r->msd_t[k] / dt), s->n * g / GROUPS, s->n * (g + 1) / GROUPS); }
        d[g] = slope(x, y, lo, r->msd_lags) / (2.0 * dim);
    }
    double mean = 0, var = 0;
    for (int g = 0; g < GROUPS; g++) mean += d[g] / GROUPS;
    for (int g = 0; g < GROUPS; g++) var += (d[g] - mean) * (d[g] - mean) / (GROUPS - 1);
    r->d_msd = slope(r->msd_t, r->msd, lo, r->msd_lags) / (2.0 * dim);
    r->d_msd_error = sqrt(var / GROUPS);
}

/* D = (1/d) integral of the VACF (trapezoids), per group. */
static void green_kubo(const samples *s, int dim, double dt, edpd_observables *r) {
    double d[GROUPS], mean = 0, var = 0, all = 0;
    for (uint32_t k = 0; k < r->vacf_lags; k++) all += (k == 0 || k + 1 == r->vacf_lags ? 0.5 : 1.0) * r->vacf[k] * dt;
    for (int g = 0; g < GROUPS; g++) {
        d[g] = 0;
        for (uint32_t k = 0; k < r->vacf_lags; k++) d[g] += (k == 0 || k + 1 == r->vacf_lags ? 0.5 : 1.0) * vacf_at(s, k, s->n * g / GROUPS, s->n * (g + 1) / GROUPS) * dt;
        d[g] /= dim;
        mean += d[g] / GROUPS;
    }
    for (int g = 0; g < GROUPS; g++) var += (d[g] - mean) * (d[g] - mean) / (GROUPS - 1);
    r->d_gk = all / dim;
    r->d_gk_error = sqrt(var / GROUPS);
}

/* `want` samples spread evenly over s, copied into one block (NULL out of memory); *got: how many. */
static double *spread(const samples *s, const double *base, uint32_t want, uint32_t *got) {
    uint32_t stride = s->count > want ? s->count / want : 1, m = 0;
    double *out = malloc(sizeof(double) * 3 * (size_t)s->n * (s->count / stride + 1));
    if (!out) return NULL;
    for (uint32_t k = 0; k < s->count && m < want; k += stride, m++)
        memcpy(out + 3 * (size_t)s->n * m, base + 3 * (size_t)s->n * k, sizeof(double) * 3 * s->n);
    *got = m;
    return out;
}

edpd_code edpd_observer_results(const edpd_observer *o, unsigned what, edpd_observables *r, edpd_error *err) {
    if (err) { err->code = EDPD_OK; err->field[0] = err->message[0] = 0; }
    if (!o || !r) return ed_set_error(err, EDPD_ERR_INVALID, "observer", "is NULL");
    const samples *s = &o->s;
    memset(r, 0, sizeof *r);
    flight_histogram(o, r);
    if (s->count < 16) return ed_set_error(err, EDPD_ERR_STATE, "samples", "at least 16 are needed, %u taken", s->count);
    double dt = o->dt;
    r->sample_dt = dt; r->samples = s->count;
    if (what & EDPD_OBSERVE_MSD) {
        for (double L = 1; L < s->count && r->msd_lags < 64; L = fmax(L + 1, floor(L * 1.25))) {  /* log-spaced lags */
            r->msd_t[r->msd_lags] = L * dt;
            r->msd[r->msd_lags++] = msd_at(s, (uint32_t)L, 0, s->n);
        }
        msd_diffusion(s, o->dim, dt, r);
    }
    if (what & EDPD_OBSERVE_VACF) {
        r->vacf_lags = s->count / 2;
        for (uint32_t k = 0; k < r->vacf_lags; k++) r->vacf[k] = vacf_at(s, k, 0, s->n);
        green_kubo(s, o->dim, dt, r);
    }
    uint32_t got;
    if (what & EDPD_OBSERVE_GR) {  /* up to 64 samples, at most 2e8 pair distances in all */
        double pairs = 0.5 * (double)s->n * s->n;
        double *pos = spread(s, s->r, (uint32_t)fmax(1.0, fmin(64.0, floor(2e8 / fmax(pairs, 1.0)))), &got);
        if (!pos) return ed_set_error(err, EDPD_ERR_MEMORY, "samples", "out of memory for g(r)");
        edpd_pair_distribution_of(pos, got, s->n, o->dim, o->box, o->periodic, o->sigma, &r->gr);
        free(pos);
    }
    if (what & EDPD_OBSERVE_SPEEDS) {  /* 16 samples spread over the run: a velocity forgets itself in a few collisions */
        double *vel = spread(s, s->v, 16, &got), kt = 0.0;
        if (!vel) return ed_set_error(err, EDPD_ERR_MEMORY, "samples", "out of memory for the speeds");
        for (size_t k = 0; k < 3 * (size_t)s->n * got; k++) kt += vel[k] * vel[k];
        r->speeds_kt = kt / ((double)o->dim * s->n * got);
        edpd_speed_distribution_of(vel, got, s->n, o->dim, r->speeds_kt, &r->speeds);
        free(vel);
    }
    return EDPD_OK;
}
