/* Compression (Lubachevsky-Stillinger): the diameters grow linearly in time (world.h,
 * grow_factor; the detectors see it in each pair's overlap function, scan.h's pair_grow), the
 * impacts pump kinetic energy in (events.c), and this file's timed event takes it out: at every
 * rescale the velocities are scaled back to the set temperature, the cells regrown if the
 * spheres are about to outgrow them, every particle predicted anew, and the interval's reduced
 * pressure compared with the jamming threshold. */
#include "engine/compression.h"
#include "engine/predict.h"
#include "engine/look_ahead.h"
#include "measure/pressure.h"
#include <math.h>

/* Kinetic energy may grow to this multiple of the set one before a rescale comes early: near
 * jamming the collision rate, and with it the heating, diverges within one interval. */
#define KE_ALLOWED 2.0

void ed_compression_start(struct edpd_world *w) {
    w->growth = w->cfg.growth_rate;
    w->grow_t0 = w->time;
    w->interval_z = NAN;
    w->rescale_t = w->ke_limit = INFINITY;
    if (w->growth == 0.0) return;
    w->rescale_t = w->time + w->cfg.rescale_interval;
    w->ke_limit = KE_ALLOWED * 0.5 * w->dim * w->n * w->cfg.temperature;
    w->rescale_virial = w->virial;
    w->rescale_ke_integral = ke_integral_at(w, w->time);
}

double ed_compression_reach(const struct edpd_world *w, double t) {
    return w->max_sigma * grow_factor(w, t + (w->growth != 0.0 ? 2.0 * w->cfg.rescale_interval : 0.0));
}

/* The cells of a growing world, rebuilt when the largest contact distance before the next rescale
 * would outgrow them (cells.h: a pair that can meet lies in neighbouring cells); the regrid sizes
 * them for two intervals ahead. -1 if out of memory. */
static int regrow_cells(struct edpd_world *w) {
    double next = w->max_sigma * grow_factor(w, w->time + w->cfg.rescale_interval);
    int fits = 1;
    for (int a = 0; a < 3; a++)
        if (w->cells.n[a] > 1 && w->cells.width[a] < next) fits = 0;
    if (fits) return 0;
    double range = ed_compression_reach(w, w->time);
    int single[3];
    for (int a = 0; a < 3; a++) single[a] = w->cells.n[a] == 1 || w->g.x * (a == 0) + w->g.y * (a == 1) + w->g.z * (a == 2) != 0.0 || (a == 2 && w->dim == 2);
    cell_grid fresh;
    if (ed_cells_init(&fresh, w->n, w->box, w->periodic, range, single) != 0) return -1;
    ed_cells_free(&w->cells);
    w->cells = fresh;
    w->image_ties = 0;
    for (int a = 0; a < 3; a++)
        if (w->periodic[a] && (w->cells.n[a] <= 4 || w->box[a] < 5.0 * range)) w->image_ties = 1;
    for (uint32_t i = 0; i < w->n; i++) {
        particle *q = &w->p[i];
        if (q->state) continue;
        q->r = wrap_into_box(w, q->r);
        particle_set_cell(q, &w->cells, cells_of_point(&w->cells, q->r.x, q->r.y, q->r.z));
        ed_cells_insert(&w->cells, (int32_t)i, (uint32_t)q->cell);
    }
    return 0;
}

/* The reduced pressure Z = 1 + W / (2 K) over the interval since the last rescale: W the
 * collision virial, K the kinetic energy's integral (measure/pressure.c's form). */
static double interval_z(const struct edpd_world *w) {
    double k = ke_integral_at(w, w->time) - w->rescale_ke_integral;
    return k > 0.0 ? 1.0 + (w->virial - w->rescale_virial) / (2.0 * k) : NAN;
}

int ed_event_rescale(struct edpd_world *w) {
    if (w->rescale_t < w->time) w->rescale_t = w->time;  /* an early one (ke_limit): now */
    w->time = w->rescale_t;
    if (w->time >= w->zb.end) ed_z_blocks_cross(w);
    w->interval_z = interval_z(w);
    double twice_ke = 0.0;
    for (uint32_t i = 0; i < w->n; i++) {
        particle *q = &w->p[i];
        if (q->state) continue;
        bring_to(w, q, w->time);
        twice_ke += q->mass * v3_dot(q->v, q->v);
    }
    w->ke_integral += w->ke * (w->time - w->ke_time);
    w->ke_time = w->time;
    double set = w->cfg.temperature * w->dim * w->running;
    double f = twice_ke > 0.0 ? sqrt(set / twice_ke) : 1.0;
    double after = 0.0;
    for (uint32_t i = 0; i < w->n; i++) {
        particle *q = &w->p[i];
        if (q->state) continue;
        q->v = v3_scale(q->v, f);
        after += q->mass * v3_dot(q->v, q->v);
    }
    w->rescaled_energy += 0.5 * after - w->ke;  /* against the kept KE: the books balance exactly */
    w->ke = 0.5 * after;
    w->rescales++;
    w->rescale_virial = w->virial;
    w->rescale_ke_integral = w->ke_integral;
    w->rescale_t = w->time + w->cfg.rescale_interval;
    if (regrow_cells(w) != 0) return -1;
    ed_ahead_reset(w);  /* every plan holds old flights */
    for (uint32_t i = 0; i < w->n; i++)
        if (!w->p[i].state) ed_predict(w, i, 0, QUEUE_UPDATE);
    return w->interval_z > w->cfg.jam_pressure;
}
