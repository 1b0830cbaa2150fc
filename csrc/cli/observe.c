/* --observe msd,vacf,gr,speeds (observe.h): the run sampled every --sample-dt by an observer
 * (csrc/include/edpd/observer.h), and the contact value of g(r) also from the run's pressure and
 * collision rate. */
#include "observe.h"
#include "cli.h"
#include "interrupt.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

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
            else if (strcmp(w, "flights") == 0) o->flights = 1;
            else return arg_fail(a, "--observe: '%.40s' is not one of msd, vacf, gr, speeds, flights (a comma-separated list)", w), -1;
        }
        if (!o->msd && !o->vacf && !o->gr && !o->speeds && !o->flights)
            return arg_fail(a, "--observe: needs at least one of msd, vacf, gr, speeds, flights"), -1;
        return 1;
    }
    if (strcmp(f, "--sample-dt") == 0) return arg_double(a, f, value_of(a), 1e-9, 1e9, &o->sample_dt) ? 1 : -1;
    return 0;
}

int observe_fits(const observe_opts *o, uint32_t n, double duration, char *m, size_t len) {
    if (!observe_any(o)) return 1;
    double dt = o->sample_dt > 0.0 ? o->sample_dt : duration / 1000.0, count = floor(duration / dt + 1e-9) + 1.0;
    double most_n = floor(EDPD_OBSERVE_MAX_BYTES / (48.0 * 16));
    if (n > most_n) {
        snprintf(m, len, "--observe: %u particles: even the 16 samples its results need take %.1f GB, over 1 GiB; observe at most %.0f particles",
                 n, 48e-9 * n * 16, most_n);
        return 0;
    }
    if (count <= EDPD_OBSERVE_MAX_SAMPLES && 48.0 * n * count > EDPD_OBSERVE_MAX_BYTES) {
        snprintf(m, len, "--observe: %.0f samples of %u particles take %.1f GB, over 1 GiB: at most %.0f samples (a longer --sample-dt)",
                 count, n, 48e-9 * n * count, floor(EDPD_OBSERVE_MAX_BYTES / (48.0 * n)));
        return 0;
    }
    return 1;
}

const char *observe_check(const observe_opts *o, int have_time, int rows) {
    if (observe_any(o) && (!have_time || rows)) return "--observe: needs --time T (the stretch it samples) and no --series or --checkpoint-events";
    if (o->sample_dt > 0.0 && !observe_any(o)) return "--sample-dt: only with --observe";
    return NULL;
}

/* Enskog: a particle's collision rate is 4 n sigma^2 g sqrt(pi kT/m) in 3-D, 2 n sigma g sqrt(pi kT/m)
 * in 2-D; the virial: Z = 1 + 4 eta g in 3-D, 1 + 2 eta g in 2-D. */
static void contact_values(edpd_world *w, double duration, uint64_t collisions, double z, double kt, observe_result *r) {
    const edpd_config *c = edpd_get_config(w);
    double box[3], volume = 1.0, pi = 3.14159265358979323846, sig = c->diameter;
    edpd_get_box(w, box);
    for (int a = 0; a < c->dim; a++) volume *= box[a];
    double n = edpd_particle_count(w) / volume;
    double eta = c->dim == 3 ? pi / 6.0 * n * sig * sig * sig : pi / 4.0 * n * sig * sig;
    double rate = 2.0 * (double)collisions / (edpd_particle_count(w) * duration);
    r->contact_from_collisions = rate / ((c->dim == 3 ? 4.0 * sig * sig : 2.0 * sig) * n * sqrt(pi * kt));
    r->contact_from_pressure = (z - 1.0) / ((c->dim == 3 ? 4.0 : 2.0) * eta);
}

/* The event function of a run with flights: the observer's, and --event-log's if given. */
typedef struct forward { edpd_observer *obs; const observe_opts *o; } forward;
static void forward_event(const edpd_event *e, void *user) {
    const forward *f = user;
    edpd_observer_event(e, f->obs);
    if (f->o->also) f->o->also(e, f->o->also_user);
}

int observe_run(edpd_world *w, const observe_opts *o, double duration, observe_result *r, edpd_stop *stop, char *m, size_t len) {
    memset(r, 0, sizeof *r);
    double dt = o->sample_dt > 0.0 ? o->sample_dt : duration / 1000.0;
    if (!(dt >= 1e-9)) {  /* the default interval in --sample-dt's own range */
        snprintf(m, len, "--observe: --time %g gives a sample interval of %g (a thousandth of it), below --sample-dt's least 1e-9: run longer, or give --sample-dt", duration, dt);
        return 0;
    }
    /* whole intervals in --time, one the rounding of T / DT leaves just short counted (0.29 / 0.01
     * is 28.999999999999996); the stretch after the last sample is run to T unsampled */
    double intervals = duration / dt, whole = floor(intervals);
    if (intervals - whole > 1.0 - 1e-9) whole += 1.0;
    double count = whole + 1.0;
    if (count > EDPD_OBSERVE_MAX_SAMPLES || count < 16) {
        snprintf(m, len, "--observe: %.0f samples (--time / --sample-dt + 1); it takes 16 to %u", count, EDPD_OBSERVE_MAX_SAMPLES);
        return 0;
    }
    edpd_error err;
    edpd_observer *obs = edpd_observer_create(w, (uint32_t)count, &err);
    if (!obs) { snprintf(m, len, "--observe: %s", err.message); return 0; }
    forward fw = {obs, o};
    if (o->flights) edpd_set_event_log(w, forward_event, &fw);
    edpd_stats s0, s1;
    edpd_get_stats(w, &s0);
    edpd_reset_measurements(w);  /* Z over the sampled stretch */
    double t0 = edpd_time(w);
    *stop = EDPD_STOP_TIME;
    int ok = 1;
    for (uint32_t k = 0; ok && k < (uint32_t)count; k++) {
        if (k > 0) *stop = advance_interruptible(w, t0 + k * dt, UINT64_MAX, &err);
        if (interrupted()) break;  /* the results of the samples so far */
        if (k > 0 && *stop != EDPD_STOP_TIME) {
            snprintf(m, len, "--observe: the run stopped at sample %u of %.0f (%s)", k, count, *stop == EDPD_STOP_ERROR ? err.message : "halted or collapsed");
            ok = 0;
        } else if (edpd_observer_sample(obs, w, &err) != EDPD_OK) {
            snprintf(m, len, "--sample-dt: %s (%g)", err.message, dt);
            ok = 0;
        }
    }
    if (ok && !interrupted() && (*stop = advance_interruptible(w, t0 + duration, UINT64_MAX, &err)) != EDPD_STOP_TIME && !interrupted()) {
        snprintf(m, len, "--observe: the run stopped after its last sample (%s)", *stop == EDPD_STOP_ERROR ? err.message : "halted or collapsed");
        ok = 0;
    }
    unsigned what = (o->msd ? EDPD_OBSERVE_MSD : 0) | (o->vacf ? EDPD_OBSERVE_VACF : 0) | (o->gr ? EDPD_OBSERVE_GR : 0) |
                    (o->speeds ? EDPD_OBSERVE_SPEEDS : 0);
    if (ok && interrupted() && edpd_observer_samples(obs) < 16) {
        snprintf(m, len, "--observe: interrupted after %u samples, before the 16 its results need", edpd_observer_samples(obs));
        ok = 0;
    }
    if (ok && edpd_observer_results(obs, what, &r->obs, &err) != EDPD_OK) { snprintf(m, len, "--observe: %s", err.message); ok = 0; }
    r->done = ok;
    if (o->flights) edpd_set_event_log(w, o->also, o->also_user);  /* the observer goes; the file's log stays */
    edpd_observer_destroy(obs);
    if (ok && o->gr) {
        edpd_get_stats(w, &s1);
        contact_values(w, edpd_time(w) - t0, s1.collisions - s0.collisions, s1.pressure_z, s1.temperature, r);
    }
    return ok;
}

void observe_json(json_out *j, const observe_opts *o, const observe_result *res) {
    const edpd_observables *r = &res->obs;
    json_begin_object(j, "observe");
    json_num(j, "sample_dt", r->sample_dt);
    json_u64(j, "samples", r->samples);
    if (o->msd) {
        double rows[2 * 64];
        for (uint32_t k = 0; k < r->msd_lags; k++) { rows[2 * k] = r->msd_t[k]; rows[2 * k + 1] = r->msd[k]; }
        json_num_rows(j, "msd", rows, (int)r->msd_lags, 2);
        json_num(j, "diffusion_msd", r->d_msd);
        json_num(j, "diffusion_msd_error", r->d_msd_error);
    }
    if (o->vacf) {
        double *rows = malloc(sizeof(double) * 2 * (r->vacf_lags ? r->vacf_lags : 1));
        for (uint32_t k = 0; rows && k < r->vacf_lags; k++) { rows[2 * k] = k * r->sample_dt; rows[2 * k + 1] = r->vacf[k]; }
        if (rows) json_num_rows(j, "vacf", rows, (int)r->vacf_lags, 2);
        free(rows);
        json_num(j, "diffusion_green_kubo", r->d_gk);
        json_num(j, "diffusion_green_kubo_error", r->d_gk_error);
    }
    if (o->gr) {
        double rows[2 * EDPD_GR_BINS];
        for (uint32_t k = 0; k < r->gr.bins; k++) { rows[2 * k] = r->gr.r[k]; rows[2 * k + 1] = r->gr.g[k]; }
        json_num_rows(j, "gr", rows, (int)r->gr.bins, 2);
        json_num(j, "contact_gr", r->gr.contact);
        json_num(j, "contact_gr_error", r->gr.contact_error);
        json_num(j, "contact_from_collisions", res->contact_from_collisions);
        json_num(j, "contact_from_pressure", res->contact_from_pressure);
    }
    if (o->flights) {
        double rows[3 * EDPD_FLIGHT_BINS];
        for (int k = 0; k < EDPD_FLIGHT_BINS; k++) { rows[3 * k] = r->flight_edge[k]; rows[3 * k + 1] = r->flight_edge[k + 1]; rows[3 * k + 2] = r->flight_count[k]; }
        json_num_rows(j, "flights", rows, EDPD_FLIGHT_BINS, 3);
        json_u64(j, "flights_count", r->flights);
        json_num(j, "flight_mean", r->flight_mean);
    }
    if (o->speeds) {
        double rows[3 * EDPD_SPEED_BINS];
        for (int k = 0; k < EDPD_SPEED_BINS; k++) { rows[3 * k] = r->speeds.v[k]; rows[3 * k + 1] = r->speeds.observed[k]; rows[3 * k + 2] = r->speeds.expected[k]; }
        json_num_rows(j, "speeds", rows, EDPD_SPEED_BINS, 3);
        json_num(j, "speeds_kt", r->speeds_kt);
        json_num(j, "speeds_chi2", r->speeds.chi2);
        json_u64(j, "speeds_dof", r->speeds.dof);
    }
    json_end_object(j);
}

void observe_text(const observe_opts *o, const observe_result *res) {
    const edpd_observables *r = &res->obs;
    printf("observed: %u samples every %.6g\n", r->samples, r->sample_dt);
    if (o->msd) printf("  D (mean-squared displacement) = %.6g +- %.2g\n", r->d_msd, r->d_msd_error);
    if (o->vacf) printf("  D (Green-Kubo, velocity autocorrelation) = %.6g +- %.2g\n", r->d_gk, r->d_gk_error);
    if (o->gr) printf("  g(sigma+) = %.6g +- %.2g from g(r); %.6g from Z; %.6g from the collision rate\n", r->gr.contact, r->gr.contact_error,
                      res->contact_from_pressure, res->contact_from_collisions);
    if (o->speeds) printf("  speeds against Maxwell-Boltzmann at kT/m = %.6g: chi^2 = %.4g for %u degrees of freedom\n", r->speeds_kt, r->speeds.chi2, r->speeds.dof);
    if (o->flights) printf("  free flights: %llu, mean %.6g\n", (unsigned long long)r->flights, r->flight_mean);
}
