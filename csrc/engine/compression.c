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
    w->rescale_t = w->scale_t = w->regrid_t = w->ke_limit = INFINITY;
    if (w->growth == 0.0) return;
    w->scale_t = w->time + w->cfg.rescale_interval;
    w->ke_limit = KE_ALLOWED * 0.5 * w->dim * w->n * w->cfg.temperature;
    w->rescale_virial = w->virial;
    w->rescale_ke_integral = ke_integral_at(w, w->time);
}

double ed_compression_reach(const struct edpd_world *w, double t) {
    return w->growth != 0.0 ? GROWTH_ROOM * w->max_sigma * grow_factor(w, t) : w->max_sigma;
}

/* When the largest sphere outgrows the narrowest cell of an axis with several: sigma_max g(t) =
 * width (cells.h: a pair that can meet must lie in neighbouring cells). */
static void schedule_regrid(struct edpd_world *w) {
    double width = INFINITY;
    for (int a = 0; a < 3; a++)
        if (w->cells.n[a] > 1 && w->cells.width[a] < width) width = w->cells.width[a];
    w->regrid_t = isfinite(width) ? w->grow_t0 + ((width - w->nl.delta) / w->max_sigma - 1.0) / w->growth : INFINITY;
    /* lists hold the pairs that can meet while the diameters stay below nl.scale times theirs */
    double lists_t = w->nl.on ? w->grow_t0 + (w->nl.scale - 1.0) * (1.0 - 1e-9) / w->growth : INFINITY;
    if (lists_t < w->regrid_t) w->regrid_t = lists_t;
    w->rescale_t = w->scale_t < w->regrid_t ? w->scale_t : w->regrid_t;
}

void ed_compression_cells_made(struct edpd_world *w) {
    if (w->growth != 0.0) schedule_regrid(w);
}

/* The cells (and the neighbour lists, which a compression that has grown dense takes up) made
 * anew for spheres as they are now, with room to grow (-1 out of memory). */
static int regrow_cells(struct edpd_world *w) {
    ed_nl_free(&w->nl);
    ed_nl_configure(w);
    double range = ed_compression_reach(w, w->time) + w->nl.delta;
    int single[3];
    for (int a = 0; a < 3; a++)
        single[a] = w->nl.on ? a == 2 && w->dim == 2 : w->cells.n[a] == 1 || v3_get(w->g, a) != 0.0 || (a == 2 && w->dim == 2);
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
    return ed_nl_build(w);
}

/* The reduced pressure Z = 1 + W / (2 K) over the interval since the last rescale: W the
 * collision virial, K the kinetic energy's integral (measure/pressure.c's form). */
static double interval_z(const struct edpd_world *w) {
    double k = ke_integral_at(w, w->time) - w->rescale_ke_integral;
    return k > 0.0 ? 1.0 + (w->virial - w->rescale_virial) / (2.0 * k) : NAN;
}

/* The velocities scaled to the set temperature (the heat the growth made taken out), and the
 * interval's reduced pressure: 1 if it passed jam_pressure. */
static int rescale(struct edpd_world *w) {
    if (w->time >= w->zb.end) ed_z_blocks_cross(w);
    w->interval_z = interval_z(w);
    double twice_ke = 0.0;
    for (uint32_t i = 0; i < w->n; i++)
        if (!w->p[i].state) twice_ke += w->p[i].mass * v3_dot(w->p[i].v, w->p[i].v);
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
    w->scale_t = w->time + w->cfg.rescale_interval;
    return w->interval_z > w->cfg.jam_pressure;
}

int ed_event_rescale(struct edpd_world *w) {
    int hot = w->ke > w->ke_limit;  /* the kinetic energy passed ke_limit: a rescale now */
    if (w->rescale_t > w->time) w->time = w->rescale_t;
    for (uint32_t i = 0; i < w->n; i++)
        if (!w->p[i].state) bring_to(w, &w->p[i], w->time);
    int jammed = 0;
    if (hot || w->time >= w->scale_t) jammed = rescale(w);
    if (w->time >= w->regrid_t && regrow_cells(w) != 0) return -1;
    schedule_regrid(w);
    ed_ahead_reset(w);  /* every plan holds old flights */
    for (uint32_t i = 0; i < w->n; i++)
        if (!w->p[i].state) ed_predict(w, i, 0, QUEUE_UPDATE);
    return jammed;
}
