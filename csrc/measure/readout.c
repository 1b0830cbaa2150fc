/* The world read out through the public API: its configuration, status, particles and planes,
 * each at its own clock (a frozen particle at the moment it froze), without disturbing the lazy
 * state. */
#include "world/world.h"
#include <string.h>

edpd_status edpd_get_status(const edpd_world *w) { return w->status; }
edpd_status edpd_get_first_halt(const edpd_world *w) {
    if (w->halted) return w->first_halt;
    edpd_status none = {EDPD_STATE_RUNNING, NULL, 0, 0.0, -1, -1};
    return none;
}
uint32_t edpd_particle_count(const edpd_world *w) { return w->n; }
double edpd_time(const edpd_world *w) { return w->time; }
const edpd_config *edpd_get_config(const edpd_world *w) { return &w->cfg; }
void edpd_get_box(const edpd_world *w, double out[3]) { for (int a = 0; a < 3; a++) out[a] = w->box[a]; }
void edpd_get_periodic(const edpd_world *w, int out[3]) { for (int a = 0; a < 3; a++) out[a] = w->periodic[a]; }
void edpd_get_gravity(const edpd_world *w, double out[3]) { out[0] = w->g.x; out[1] = w->g.y; out[2] = w->g.z; }
void edpd_get_diameters(const edpd_world *w, double *out) {
    for (uint32_t i = 0; i < w->n; i++) out[i] = sigma_at(w, &w->p[i], particle_clock(w, &w->p[i]));
}
void edpd_get_masses(const edpd_world *w, double *out) { for (uint32_t i = 0; i < w->n; i++) out[i] = w->p[i].mass; }
uint32_t edpd_get_planes(const edpd_world *w, edpd_plane *out, uint32_t cap) {
    for (uint32_t k = 0; k < w->shared_planes && k < cap; k++) out[k] = w->planes[k];
    return w->shared_planes;
}

void edpd_get_particle_states(const edpd_world *w, uint8_t *out) {
    for (uint32_t i = 0; i < w->n; i++) out[i] = (uint8_t)w->p[i].state;
}

void edpd_get_plate_impacts(const edpd_world *w, uint32_t *out) {
    for (uint32_t i = 0; i < w->n; i++) out[i] = w->plate ? w->plate[i].impacts : 0;
}

uint32_t edpd_get_own_planes(const edpd_world *w, edpd_plane *out) {
    uint32_t count = 0;
    for (uint32_t i = 0; i < w->n; i++) {
        int32_t k = w->p[i].own_plane;
        if (k >= 0) { out[i] = w->planes[k]; count++; }
        else memset(&out[i], 0, sizeof out[i]);
    }
    return count;
}

void edpd_get_positions(const edpd_world *w, double *out) {
    for (uint32_t i = 0; i < w->n; i++) {
        vec3 r = position_now(w, i);
        out[3 * i] = r.x; out[3 * i + 1] = r.y; out[3 * i + 2] = r.z;
    }
}

void edpd_get_positions_f32(const edpd_world *w, float *out) {
    for (uint32_t i = 0; i < w->n; i++) {
        vec3 r = position_now(w, i);
        out[3 * i] = (float)r.x; out[3 * i + 1] = (float)r.y; out[3 * i + 2] = (float)r.z;
    }
}

void edpd_get_state(const edpd_world *w, double *pos, double *vel) {
    for (uint32_t i = 0; i < w->n; i++) {
        vec3 r, v;
        particle_now(w, i, &r, &v);
        r = wrap_into_box(w, r);
        pos[3 * i] = r.x; pos[3 * i + 1] = r.y; pos[3 * i + 2] = r.z;
        vel[3 * i] = v.x; vel[3 * i + 1] = v.y; vel[3 * i + 2] = v.z;
    }
}

void edpd_get_velocities(const edpd_world *w, double *out) {
    for (uint32_t i = 0; i < w->n; i++) {
        vec3 r, v;
        particle_now(w, i, &r, &v);
        out[3 * i] = v.x; out[3 * i + 1] = v.y; out[3 * i + 2] = v.z;
    }
}

void edpd_get_impact_histogram(const edpd_world *w, uint64_t *out) {
    memcpy(out, w->hist, sizeof w->hist);
}
