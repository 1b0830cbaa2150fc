/* --observe msd,vacf (observe.h). The world is advanced to each sample time and read there:
 * positions and velocities at those instants are the exact trajectory's (no time step). Positions
 * are unwrapped by the minimum image of each sample's displacement, so the samples must be closer
 * than a quarter box apart in time (checked). Diffusion errors: the spread of the estimate over
 * 8 groups of particles (statistically independent in a dilute gas, nearly so in a fluid). */
#include "observe.h"
#include "cli.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define GROUPS 8
#define VACF_ORIGINS 64u
#define PI_6 0.52359877559829887

int observe_flag(cli_args *a, const char *f, observe_opts *o) {
    if (strcmp(f, "--observe") == 0) {
        const char *v = value_of(a);
        if (!v) return arg_fail(a, "--observe: needs a list, e.g. msd,vacf"), -1;
        char list[64];
        snprintf(list, sizeof list, "%s", v);
        for (char *w = strtok(list, ","); w; w = strtok(NULL, ",")) {
            if (strcmp(w, "msd") == 0) o->msd = 1;
            else if (strcmp(w, "vacf") == 0) o->vacf = 1;
            else if (strcmp(w, "gr") == 0) o->gr = 1;
            else if (strcmp(w, "speeds") == 0) o->speeds = 1;
            else return arg_fail(a, "--observe: '%.40s' is not one of msd, vacf, gr, speeds (a comma-separated list)", w), -1;
        }
        if (!o->msd && !o->vacf && !o->gr && !o->speeds) return arg_fail(a, "--observe: needs at least one of msd, vacf, gr, speeds"), -1;
        return 1;
    }
    if (strcmp(f, "--sample-dt") == 0) return arg_double(a, f, value_of(a), 1e-9, 1e9, &o->sample_dt) ? 1 : -1;
    return 0;
}

/* Every particle's unwrapped position and velocity at sample k: r[k][3N], v[k][3N]. */
typedef struct samples { uint32_t n, count; double *r, *v; } samples;

static int take_samples(edpd_world *w, uint32_t count, double dt, samples *s, edpd_stop *stop, char *m, size_t len) {
    uint32_t n = edpd_particle_count(w);
    double box[3], t0 = edpd_time(w);
    int periodic[3];
    edpd_get_box(w, box);
    edpd_get_periodic(w, periodic);
    s->n = n; s->count = 0;
    s->r = malloc(sizeof(double) * 3 * (size_t)n * count);
    s->v = malloc(sizeof(double) * 3 * (size_t)n * count);
    double *now = malloc(sizeof(double) * 6 * (size_t)n), *prev = now + 3 * (size_t)n;  /* positions as the world gives them */
    if (!s->r || !s->v || !now) { free(now); snprintf(m, len, "--observe: out of memory for %u samples of %u particles", count, n); return 0; }
    edpd_error err;
    for (uint32_t k = 0; k < count; k++) {
        if (k > 0 && (*stop = edpd_advance(w, t0 + k * dt, UINT64_MAX, &err)) != EDPD_STOP_TIME) {
            free(now);
            snprintf(m, len, "--observe: the run stopped at sample %u of %u (%s)", k, count, *stop == EDPD_STOP_ERROR ? err.message : "halted or collapsed");
            return 0;
        }
        double *r = s->r + 3 * (size_t)n * k;
        edpd_get_positions(w, now);
        edpd_get_velocities(w, s->v + 3 * (size_t)n * k);
        for (size_t c = 0; c < 3 * (size_t)n; c++) {
            double d = k ? now[c] - prev[c] : 0.0;  /* the displacement since the last sample, by the minimum image */
            int a = (int)(c % 3);
            if (periodic[a]) {
                d -= box[a] * round(d / box[a]);
                if (fabs(d) > 0.25 * box[a]) {
                    free(now);
                    snprintf(m, len, "--sample-dt: a particle moved more than a quarter box between samples; use a shorter --sample-dt than %g", dt);
                    return 0;
                }
            }
            r[c] = k ? r[c - 3 * (size_t)n] + d : now[c];
            prev[c] = now[c];
        }
        s->count = k + 1;
    }
    free(now);
    return 1;
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
static void msd_diffusion(const samples *s, int dim, double dt, observe_result *r) {
    double d[GROUPS], x[64], y[64];
    uint32_t lo = 0;
    while (lo < r->lags && r->t[lo] < 0.1 * (s->count - 1) * dt) lo++;
    for (int g = 0; g < GROUPS; g++) {
        for (uint32_t k = lo; k < r->lags; k++) { x[k] = r->t[k]; y[k] = msd_at(s, (uint32_t)llround(r->t[k] / dt), s->n * g / GROUPS, s->n * (g + 1) / GROUPS); }
        d[g] = slope(x, y, lo, r->lags) / (2.0 * dim);
    }
    double mean = 0, var = 0;
    for (int g = 0; g < GROUPS; g++) mean += d[g] / GROUPS;
    for (int g = 0; g < GROUPS; g++) var += (d[g] - mean) * (d[g] - mean) / (GROUPS - 1);
    r->d_msd = slope(r->t, r->msd, lo, r->lags) / (2.0 * dim);
    r->d_msd_error = sqrt(var / GROUPS);
}

/* D = (1/d) integral of the VACF (trapezoids), per group. */
static void green_kubo(const samples *s, int dim, double dt, observe_result *r) {
    double d[GROUPS], mean = 0, var = 0, all = 0;
    for (uint32_t k = 0; k < r->vlags; k++) all += (k == 0 || k + 1 == r->vlags ? 0.5 : 1.0) * r->vacf[k] * dt;
    for (int g = 0; g < GROUPS; g++) {
        d[g] = 0;
        for (uint32_t k = 0; k < r->vlags; k++) d[g] += (k == 0 || k + 1 == r->vlags ? 0.5 : 1.0) * vacf_at(s, k, s->n * g / GROUPS, s->n * (g + 1) / GROUPS) * dt;
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

/* g(r) over up to 64 samples (at most 2e8 pair distances in all), its contact value, and the
 * contact values Enskog's collision rate and the virial pressure imply. */
static int structure(edpd_world *w, const samples *s, double duration, uint64_t collisions, double z, observe_result *r) {
    const edpd_config *c = edpd_get_config(w);
    double box[3], volume = 1.0, pairs = 0.5 * (double)s->n * s->n;
    int periodic[3];
    edpd_get_box(w, box);
    edpd_get_periodic(w, periodic);
    for (int a = 0; a < c->dim; a++) volume *= box[a];
    uint32_t got, want = (uint32_t)fmax(1.0, fmin(64.0, floor(2e8 / pairs)));
    double *pos = spread(s, s->r, want, &got);
    if (!pos) return 0;
    pair_distribution_of(pos, got, s->n, c->dim, box, periodic, c->diameter, &r->gr);
    free(pos);
    /* Enskog: a particle's collision rate is 4 n sigma^2 g sqrt(pi kT/m) in 3-D, 2 n sigma g sqrt(pi kT/m) in 2-D;
     * the virial: Z = 1 + 4 eta g in 3-D, 1 + 2 eta g in 2-D */
    double n = s->n / volume, kt = 0.0, sig = c->diameter;
    for (size_t k = 0; k < 3 * (size_t)s->n; k++) kt += s->v[k] * s->v[k];
    kt /= (double)c->dim * s->n;
    double rate = 2.0 * (double)collisions / ((double)s->n * duration);
    double eta = c->dim == 3 ? PI_6 * n * sig * sig * sig : 0.25 * 3.14159265358979323846 * n * sig * sig;
    r->contact_from_collisions = rate / ((c->dim == 3 ? 4.0 * sig * sig : 2.0 * sig) * n * sqrt(3.14159265358979323846 * kt));
    r->contact_from_pressure = (z - 1.0) / ((c->dim == 3 ? 4.0 : 2.0) * eta);
    return 1;
}

int observe_run(edpd_world *w, const observe_opts *o, double duration, observe_result *r, edpd_stop *stop, char *m, size_t len) {
    memset(r, 0, sizeof *r);
    double dt = o->sample_dt > 0.0 ? o->sample_dt : duration / 1000.0;
    double count = floor(duration / dt) + 1.0;
    if (count > OBSERVE_MAX_SAMPLES || count < 16) {
        snprintf(m, len, "--observe: %.0f samples (--time / --sample-dt + 1); it takes 16 to %u", count, OBSERVE_MAX_SAMPLES);
        return 0;
    }
    samples s = {0};
    *stop = EDPD_STOP_TIME;
    edpd_stats s0, s1;
    edpd_get_stats(w, &s0);
    edpd_reset_measurements(w);  /* Z over the sampled stretch */
    int ok = take_samples(w, (uint32_t)count, dt, &s, stop, m, len);
    edpd_get_stats(w, &s1);
    if (ok && o->gr && !structure(w, &s, (s.count - 1) * dt, s1.collisions - s0.collisions, s1.pressure_z, r)) {
        snprintf(m, len, "--observe: out of memory for g(r)");
        ok = 0;
    }
    if (ok && o->speeds) {  /* 16 samples spread over the run: a velocity forgets itself within a few collisions */
        uint32_t got;
        double *vel = spread(&s, s.v, 16, &got), kt = 0.0;
        if (!vel) { snprintf(m, len, "--observe: out of memory for the speeds"); ok = 0; }
        else {
            for (size_t k = 0; k < 3 * (size_t)s.n * got; k++) kt += vel[k] * vel[k];
            r->speed_kt = kt / ((double)edpd_get_config(w)->dim * s.n * got);
            speed_distribution_of(vel, got, s.n, edpd_get_config(w)->dim, r->speed_kt, &r->speeds);
            free(vel);
        }
    }
    if (ok) {
        int dim = edpd_get_config(w)->dim;
        r->sample_dt = dt; r->samples = s.count;
        for (double L = 1; o->msd && L < s.count && r->lags < 64; L = fmax(L + 1, floor(L * 1.25))) {  /* log-spaced lags */
            r->t[r->lags] = L * dt;
            r->msd[r->lags++] = msd_at(&s, (uint32_t)L, 0, s.n);
        }
        if (o->msd) msd_diffusion(&s, dim, dt, r);
        if (o->vacf) {
            r->vlags = s.count / 2;
            r->vt = malloc(sizeof(double) * r->vlags);
            r->vacf = malloc(sizeof(double) * r->vlags);
            if (!r->vt || !r->vacf) { snprintf(m, len, "--observe: out of memory for the VACF"); ok = 0; }
            for (uint32_t k = 0; ok && k < r->vlags; k++) { r->vt[k] = k * dt; r->vacf[k] = vacf_at(&s, k, 0, s.n); }
            if (ok) green_kubo(&s, dim, dt, r);
        }
    }
    free(s.r); free(s.v);
    return ok;
}

void observe_json(json_out *j, const observe_opts *o, const observe_result *r) {
    json_begin_object(j, "observe");
    json_num(j, "sample_dt", r->sample_dt);
    json_u64(j, "samples", r->samples);
    if (o->msd) {
        double rows[2 * 64];
        for (uint32_t k = 0; k < r->lags; k++) { rows[2 * k] = r->t[k]; rows[2 * k + 1] = r->msd[k]; }
        json_num_rows(j, "msd", rows, (int)r->lags, 2);
        json_num(j, "diffusion_msd", r->d_msd);
        json_num(j, "diffusion_msd_error", r->d_msd_error);
    }
    if (o->vacf) {
        double *rows = malloc(sizeof(double) * 2 * (r->vlags ? r->vlags : 1));
        for (uint32_t k = 0; rows && k < r->vlags; k++) { rows[2 * k] = r->vt[k]; rows[2 * k + 1] = r->vacf[k]; }
        if (rows) json_num_rows(j, "vacf", rows, (int)r->vlags, 2);
        free(rows);
        json_num(j, "diffusion_green_kubo", r->d_gk);
        json_num(j, "diffusion_green_kubo_error", r->d_gk_error);
    }
    if (o->gr) {
        double rows[2 * GR_BINS];
        for (uint32_t k = 0; k < r->gr.bins; k++) { rows[2 * k] = r->gr.r[k]; rows[2 * k + 1] = r->gr.g[k]; }
        json_num_rows(j, "gr", rows, (int)r->gr.bins, 2);
        json_num(j, "contact_gr", r->gr.contact);
        json_num(j, "contact_gr_error", r->gr.contact_error);
        json_num(j, "contact_from_collisions", r->contact_from_collisions);
        json_num(j, "contact_from_pressure", r->contact_from_pressure);
    }
    if (o->speeds) {
        double rows[3 * SPEED_BINS];
        for (int k = 0; k < SPEED_BINS; k++) { rows[3 * k] = r->speeds.v[k]; rows[3 * k + 1] = r->speeds.observed[k]; rows[3 * k + 2] = r->speeds.expected[k]; }
        json_num_rows(j, "speeds", rows, SPEED_BINS, 3);
        json_num(j, "speeds_kt", r->speed_kt);
        json_num(j, "speeds_chi2", r->speeds.chi2);
        json_u64(j, "speeds_dof", r->speeds.dof);
    }
    json_end_object(j);
}

void observe_free(observe_result *r) { free(r->vt); free(r->vacf); r->vt = r->vacf = NULL; }
