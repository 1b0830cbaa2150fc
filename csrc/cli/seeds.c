/* --seeds K: the run again from K - 1 further seeds, and Z's mean and standard error over all K. */
#include "seeds.h"
#include "interrupt.h"
#include <math.h>
#include <stdint.h>
#include <stdio.h>

/* The mean of x[0..k) and its standard error from their spread. */
static void mean_error(const double *x, int k, double *mean, double *error) {
    double sum = 0.0, ss = 0.0;
    for (int s = 0; s < k; s++) sum += x[s];
    *mean = sum / k;
    for (int s = 0; s < k; s++) ss += (x[s] - *mean) * (x[s] - *mean);
    *error = sqrt(ss / (k - 1) / k);
}

int seeds_run(const edpd_config *c, double equilibrate, int by_time, double t_end, uint64_t events, int k, double z0, double u0,
              seeds_result *r, char *m, size_t len) {
    r->count = k;
    r->z[0] = z0;
    r->u[0] = u0;
    for (int s = 1; s < k; s++) {
        edpd_config cs = *c;
        cs.seed = c->seed + (uint32_t)s;  /* wraps past 2^32 - 1, as the seed field does */
        edpd_error err;
        edpd_world *w = edpd_create(&cs, &err);
        if (!w) { snprintf(m, len, "--seeds: seed %u: %s", cs.seed, err.message); return 0; }
        if (equilibrate > 0.0) { advance_interruptible(w, equilibrate, UINT64_MAX, &err); edpd_reset_measurements(w); }
        edpd_stop stop = advance_interruptible(w, by_time ? t_end : INFINITY, by_time ? UINT64_MAX : events, &err);
        if (interrupted()) { edpd_destroy(w); snprintf(m, len, "--seeds: interrupted at seed %u", cs.seed); return 0; }
        edpd_stats st;
        edpd_get_stats(w, &st);
        edpd_destroy(w);
        if (stop == EDPD_STOP_ERROR || !isfinite(st.pressure_z)) {
            snprintf(m, len, "--seeds: seed %u gave no pressure (%s)", cs.seed, stop == EDPD_STOP_ERROR ? err.message : "no time measured");
            return 0;
        }
        r->z[s] = st.pressure_z;
        r->u[s] = st.potential_energy_mean;
    }
    mean_error(r->z, k, &r->mean, &r->error);
    mean_error(r->u, k, &r->u_mean, &r->u_error);
    return 1;
}

void seeds_json(json_out *j, const seeds_result *r) {
    json_begin_object(j, "seeds");
    json_u64(j, "count", (uint64_t)r->count);
    json_num(j, "pressure_z", r->mean);
    json_num(j, "pressure_z_error", r->error);
    json_num_array(j, "pressure_z_values", r->z, r->count);
    json_num(j, "potential_energy_mean", r->u_mean);
    json_num(j, "potential_energy_mean_error", r->u_error);
    json_num_array(j, "potential_energy_mean_values", r->u, r->count);
    json_end_object(j);
}
