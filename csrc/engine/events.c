/* What an event does: a bookkeeping event (a cell crossing, a neighbour-list rebuild), or a
 * change of velocities (an impact, a step, a plane impact, a thermostat kick), each ending with
 * the same accounting (settle) and the new predictions of the particles it changed. */
#include "engine/events.h"
#include "engine/predict.h"
#include "engine/look_ahead.h"
#include "interact/detector.h"
#include "interact/moving_plane.h"
#include "measure/pressure.h"
#include "world/neighbours.h"
#include "world/pair_states.h"
#include <math.h>

void edpd_set_event_log(edpd_world *w, edpd_event_fn fn, void *user) { w->log = fn; w->log_user = user; }

/* ---- bookkeeping --------------------------------------------------------------------------- */

/* A particle enters a new cell: only the layer of cells it can newly touch needs checking. */
void ed_event_crossing(struct edpd_world *w, uint32_t i) {
    particle *q = &w->p[i];
    cell_grid *g = &w->cells;
    int a = q->cross_axis, dir = q->cross_dir, cc[3] = {q->cc[0], q->cc[1], q->cc[2]};
    int next = cc[a] + dir;
    if (next >= g->n[a]) { next = 0; v3_set(&q->r, a, v3_get(q->r, a) - w->box[a]); }
    else if (next < 0) { next = g->n[a] - 1; v3_set(&q->r, a, v3_get(q->r, a) + w->box[a]); }
    cc[a] = next;
    ed_cells_remove(g, (int32_t)i, (uint32_t)q->cell);
    particle_set_cell_at(q, g, cc);
    ed_cells_insert(g, (int32_t)i, (uint32_t)q->cell);

    int layer = cells_step(g, a, cc[a], dir);
    if (layer >= 0 && g->n[a] > 1 && w->n > 1) {
        int base[3] = {cc[0], cc[1], cc[2]};
        base[a] = layer;
        ed_predict_new_layer(w, i, base, a);
    }
    ed_predict_crossing(w, q, i);
    ed_eq_update(&w->queue, i, event_key(q));
}

/* A particle reaches the edge of its neighbour shell: re-centre, re-list, and test the
 * newcomers to its list (its trajectory is unchanged, so the impact found with the others stays
 * valid). -1 if the lists could not grow. */
int ed_event_rebuild(struct edpd_world *w, uint32_t i) {
    particle *q = &w->p[i];
    q->r = wrap_into_box(w, q->r);
    uint32_t newcomers;
    if (ed_nl_rebuild(w, i, &newcomers) != 0) return -1;
    ed_predict_newcomers(w, i, w->nl.scratch, newcomers);
    ed_predict_exit(w, q, i);
    ed_eq_update(&w->queue, i, event_key(q));
    return 0;
}

/* ---- the accounting every change of velocities shares -------------------------------------- */

/* Twice the kinetic energy of particle i, and of j if j >= 0 (before and after a change). */
static inline double twice_ke(const struct edpd_world *w, uint32_t i, int32_t j) {
    const particle *a = &w->p[i];
    double e = a->mass * v3_dot(a->v, a->v);
    if (j >= 0) e += w->p[j].mass * v3_dot(w->p[j].v, w->p[j].v);
    return e;
}

/* The velocities of i (and j) changed from kinetic energy ke0 / 2: the pressure blocks' edges
 * passed since the last change (before this one's virial: it is the next block's), the kinetic
 * energy and its time integral, and the virial r_ij . dp_i. */
static inline double settle_energy(struct edpd_world *w, uint32_t i, int32_t j, double twice_ke0, double virial) {
    double twice_ke1 = twice_ke(w, i, j), change = 0.5 * (twice_ke1 - twice_ke0);
    if (w->time >= w->zb.end) ed_z_blocks_cross(w);
    w->ke_integral += w->ke * (w->time - w->ke_time);
    w->ke_time = w->time;
    w->ke += change;
    w->virial += virial;
    return change;
}

/* ... and, once the event is counted, the serial number of the particles that changed course:
 * a prediction made with them before this event is stale from now (particle.changed). */
static inline void settle_course(struct edpd_world *w, uint32_t i, int32_t j) {
    uint64_t serial = impacts(w);
    w->p[i].changed = serial;
    if (j >= 0) w->p[j].changed = serial;
}

/* ---- impacts ------------------------------------------------------------------------------- */

/* Elastic before elastic_until (sphere pairs only: planes keep theirs; 0 = off, also for a
 * naive-rewind clock run below 0). TC model: an impact within tc of a particle's previous one is
 * elastic. b = -1: a plane. */
static double effective_restitution(const struct edpd_world *w, double e, uint32_t a, int64_t b) {
    if (b >= 0 && w->cfg.elastic_until > 0.0 && w->time < w->cfg.elastic_until) return 1.0;
    double tc = w->cfg.tc;
    if (tc > 0.0 && (w->time - w->t_last[a] < tc || (b >= 0 && w->time - w->t_last[b] < tc))) return 1.0;
    return e;
}

/* The impact separation in units of the floating-point spacing at sigma, into the paper's
 * Fig. 3 histogram. */
static void histogram_separation(struct edpd_world *w, double r2, double sigma) {
    double sep = (sqrt(r2) - sigma) / w->sep_unit;
    int bin;
    if (sep < -EDPD_HIST_HALF - 0.5) bin = 0;
    else if (sep >= EDPD_HIST_HALF + 0.5) bin = EDPD_HIST_BINS - 1;
    else bin = (int)floor(sep + 0.5) + EDPD_HIST_HALF + 1;
    w->hist[bin]++;
}

/* Both particles of an impact predicted anew, each with its overlaps counted; i is queued after
 * j's scan, so that the queue's lines for i arrive meanwhile (look_ahead.h plans both scans). A
 * collision that made an overlap while one of the pair overlapped a third is Fig. 5's count. */
static inline void predict_pair(struct edpd_world *w, uint32_t i, uint32_t j, int made_overlap) {
    uint32_t oi, oj;
    if (!w->nl.on) {
        pair_plans pp;
        ed_ahead_pair_plans(w, i, j, &pp);
        oi = ed_predict_planned(w, i, 1, QUEUE_LATER, pp.i);
        ed_ahead_between_pair(w, i);
        oj = ed_predict_planned(w, j, 1, QUEUE_UPDATE, &pp.j);
        ed_eq_update(&w->queue, i, event_key(&w->p[i]));
    } else {
        oi = ed_predict(w, i, 1, QUEUE_UPDATE);
        oj = ed_predict(w, j, 1, QUEUE_UPDATE);
    }
    if (oi >= 2 || oj >= 2) {
        w->three_body_events++;
        if (made_overlap) w->three_body_collisions++;
    }
}

/* Eq. (5). Impulses are applied only to approaching pairs, so an executed impact never makes
 * an overlap deepen. */
void ed_event_impact(struct edpd_world *w, uint32_t i, uint32_t j) {
    particle *a = &w->p[i], *b = &w->p[j];
    int collision = a->branch != BRANCH_STABILISING && a->branch != BRANCH_TURNING;  /* not Eq. 10's */
    if (w->nl.on) ahead_pair_lists(w, i, j);
    bring_to(w, b, w->time);
    vec3 dr = min_image(w, v3_sub(a->r, b->r));
    vec3 dv = v3_sub(a->v, b->v);
    double sigma = 0.5 * (a->sigma + b->sigma) * grow_factor(w, w->time);
    /* growing (a compression): dr.dv less what the contact distance's growth takes, so that the
     * pair leaves separating faster than sigma grows (Lubachevsky-Stillinger); the stable rule's f1 / 2 */
    double r2 = v3_dot(dr, dr), bdot = v3_dot(dr, dv) - sigma * (sigma * grow_rate(w, w->time));
    histogram_separation(w, r2, sigma);

    double J = 0.0;  /* impulse on i is -J dr */
    if (bdot < 0.0) {
        double e = effective_restitution(w, w->cfg.restitution, i, j);
        double mu = a->mass * b->mass / (a->mass + b->mass);
        J = (1.0 + e) * mu * bdot / r2;
        double ke0 = twice_ke(w, i, (int32_t)j);
        a->v = v3_sub(a->v, v3_scale(dr, J / a->mass));
        b->v = v3_add(b->v, v3_scale(dr, J / b->mass));
        w->impact_loss -= settle_energy(w, i, (int32_t)j, ke0, -J * r2);  /* r_ij . dp_i = -J r^2 > 0 */
    }
    if (w->log) log_event(w, EDPD_EVENT_COLLISION, i, (int32_t)j, -J * sqrt(r2), sqrt(r2) - sigma);  /* every one counted */
    w->collisions++;
    settle_course(w, i, (int32_t)j);
    if (w->t_last) w->t_last[i] = w->t_last[j] = w->time;
    /* positions do not change at an impact: an overlap it leaves formed in the flight just ended */
    predict_pair(w, i, j, collision && r2 < sigma * sigma);
}

/* The pair's speed toward the boundary, w, becomes w2 across it (a step of dU, reduced mass mu),
 * or -w off it; returns the change w2 - w, without cancellation: (w2^2 - w^2) / (w2 + w). */
static double cross_or_bounce(double wt, double dU, double mu, int *crossed) {
    if (dU == 0.0) { *crossed = 1; return 0.0; }  /* a step of no height */
    double w2sq = wt * wt - 2.0 * dU / mu;
    *crossed = dU <= 0.0 || (wt > 0.0 && w2sq > 0.0);
    if (!*crossed) return -2.0 * wt;  /* elastic reflection off the step */
    double w2 = sqrt(w2sq);
    return wt >= 0.0 ? (-2.0 * dU / mu) / (w2 + wt) : w2 - wt;
}

void ed_event_step(struct edpd_world *w, uint32_t i, uint32_t j) {
    particle *a = &w->p[i], *b = &w->p[j];
    bring_to(w, b, w->time);
    vec3 dr = min_image(w, v3_sub(a->r, b->r)), dv = v3_sub(a->v, b->v);
    double r = sqrt(v3_dot(dr, dr));
    vec3 n = v3_scale(dr, 1.0 / r);
    double dir = a->step_outer ? 1.0 : -1.0;  /* toward the boundary: outward, or inward */
    uint32_t from = a->step_from, to = a->step_outer ? from + 1 : from - 1;
    double dU = w->pot.energy[to] - w->pot.energy[from];
    double mu = a->mass * b->mass / (a->mass + b->mass);
    int crossed;
    double du = dir * cross_or_bounce(dir * v3_dot(n, dv), dU, mu, &crossed);  /* change of n.dv */
    double ke0 = twice_ke(w, i, (int32_t)j);
    a->v = v3_add(a->v, v3_scale(n, mu * du / a->mass));
    b->v = v3_sub(b->v, v3_scale(n, mu * du / b->mass));
    settle_energy(w, i, (int32_t)j, ke0, mu * du * r);  /* r_ij . dp_i */
    if (w->log) {
        double sigma = 0.5 * (a->sigma + b->sigma), R = a->step_outer ? w->pot.radius[from] * sigma : shell_inner(&w->pot, from, sigma);
        log_event(w, !crossed ? EDPD_EVENT_BOUNCE : a->step_outer ? EDPD_EVENT_RELEASE : EDPD_EVENT_CAPTURE, i, (int32_t)j, fabs(mu * du), r - R);
    }
    if (crossed) {
        /* the logical state follows; a naive detector read `from` off the distance, and its
         * energy bookkeeping (above) may disagree with the state the pair was in: the drift */
        ed_pair_state_set(w, i, j, to);
        if (a->step_outer) w->releases++; else w->captures++;
    } else {
        w->step_bounces++;
    }
    if (a->branch == BRANCH_STABILISING || a->branch == BRANCH_TURNING) { if (a->step_outer) w->stabilizing_out++; else w->stabilizing_in++; }
    w->soft_impacts++;
    settle_course(w, i, (int32_t)j);
    ed_predict(w, i, 0, QUEUE_UPDATE);
    ed_predict(w, j, 0, QUEUE_UPDATE);
}

/* A ball locked on its oscillating plate leaves it: on the plate, at the plate's velocity, its
 * flight known clear of the plate for the first moments (moving_plane.h). Counted as a plane event. */
static void take_off(struct edpd_world *w, uint32_t i, const edpd_plane *pl, vec3 n) {
    particle *a = &w->p[i];
    double ke0 = twice_ke(w, i, -1);
    vec3 r, v;
    locked_on_plate(w, a, w->time, &r, &v);
    a->r = r; a->v = v; a->t = w->time;
    a->state = EDPD_STATE_RUNNING;
    w->plane_work += settle_energy(w, i, -1, ke0, 0.0);
    w->plate[i].launched = w->time;
    w->plate[i].clear = ed_plane_takeoff_clear(pl, w->time, v3_dot(n, r));
    w->takeoffs++;
    w->plane_impacts++;
    w->plate[i].impacts++;
    settle_course(w, i, -1);
    ed_predict(w, i, 0, QUEUE_UPDATE);
}

void ed_event_lock(struct edpd_world *w, uint32_t i) {
    particle *a = &w->p[i];
    const edpd_plane *pl = &w->planes[a->own_plane];
    vec3 n = v3(pl->normal[0], pl->normal[1], pl->normal[2]), r, v;
    double ke0 = twice_ke(w, i, -1);
    locked_on_plate(w, a, w->time, &r, &v);
    a->r = r; a->v = v; a->t = w->time;
    a->state = EDPD_STATE_LOCKED;
    w->plane_work += settle_energy(w, i, -1, ke0, 0.0);
    w->locks++;
    a->ev_t = ed_plane_takeoff_time(pl, v3_dot(n, w->g), w->time);
    a->partner = -1 - a->own_plane;
    a->branch = BRANCH_ROOT;
    a->cross_t = INFINITY;
    ed_eq_update(&w->queue, i, event_key(a));
}

/* The TC model's contact with a plane: a sphere at rest against a plane that accelerates into it
 * (gravity, or an oscillating floor pushing up) would meet it again at once, for ever; the
 * contact lasts tc instead: the sphere leaves at the speed that brings the plane back to it tc
 * later, -f''(0) tc / 2, f'' = n.g less the plane's acceleration. 0 without the TC model or a pull. */
static double contact_speed(const struct edpd_world *w, vec3 n, double plane_acceleration) {
    double closing = v3_dot(n, w->g) - plane_acceleration;
    return w->cfg.tc > 0.0 && closing < 0.0 ? -0.5 * closing * w->cfg.tc : 0.0;
}

void ed_event_plane(struct edpd_world *w, uint32_t i, uint32_t k) {
    particle *a = &w->p[i];
    const edpd_plane *pl = &w->planes[k];
    vec3 n = v3(pl->normal[0], pl->normal[1], pl->normal[2]);
    if (a->state == EDPD_STATE_LOCKED) { take_off(w, i, pl, n); return; }
    /* relative to the sphere's surface, which a compression moves toward the plane, and to the
     * plane, which may oscillate: the restitution acts on the relative normal velocity */
    double speed = 0.0, acceleration = 0.0, impulse = 0.0;  /* the plane's, now (one sine and cosine) */
    if (pl->amplitude != 0.0) {
        double sn, cs, aw = pl->amplitude * pl->angular_frequency;
        ed_det_sincos(pl->angular_frequency * w->time + pl->phase, &sn, &cs);
        speed = aw * cs;
        acceleration = -(aw * pl->angular_frequency) * sn;
    }
    double u = v3_dot(n, a->v) - 0.5 * a->sigma * w->growth - speed;
    double leave = contact_speed(w, n, acceleration);
    if (u < leave) {
        double e = effective_restitution(w, pl->restitution, i, -1);
        double ke0 = twice_ke(w, i, -1), du = u < 0.0 ? -(1.0 + e) * u : 0.0;
        if (u + du < leave) du = leave - u;
        a->v = v3_add(a->v, v3_scale(n, du));
        w->plane_work += settle_energy(w, i, -1, ke0, 0.0);  /* no virial: Z is not measured with planes */
        impulse = a->mass * du;
    }
    if (w->log) log_event(w, EDPD_EVENT_PLANE, i, -1 - (int32_t)k, impulse, plane_gap(pl, a->r, sigma_at(w, a, w->time), w->time));
    w->plane_impacts++;
    if ((int32_t)k == a->own_plane) w->plate[i].impacts++;
    settle_course(w, i, -1);
    if (w->t_last) w->t_last[i] = w->time;
    ed_predict(w, i, 0, QUEUE_UPDATE);
}

/* ---- the thermostat ------------------------------------------------------------------------ */

/* The Andersen thermostat: kicks at rate thermostat_rate per particle, a Poisson process, each
 * giving one random particle a velocity drawn at the bath's temperature (quench_to from
 * quench_at on), until thermostat_until. The project's RNG and log keep runs bit-reproducible
 * everywhere. */
void ed_kick_schedule(struct edpd_world *w) {
    double rate = w->cfg.thermostat_rate * (double)w->n;
    w->kick_t = rate > 0.0 ? w->time - ed_det_log(1.0 - ed_rng_uniform(&w->kick_rng)) / rate : INFINITY;
    if (rate > 0.0 && !(w->kick_t <= w->cfg.thermostat_until)) {
        /* the last kick is done: NVE from here, so the energy drift counts from here */
        w->kick_t = INFINITY;
        w->e0 = w->ke + w->pe;
    }
}

void ed_event_kick(struct edpd_world *w) {
    w->time = w->kick_t;
    uint32_t i = (uint32_t)(ed_rng_uniform(&w->kick_rng) * w->n);
    particle *q = &w->p[i];
    if (!q->state) {  /* a frozen ball stays as it is */
        bring_to(w, q, w->time);
        double kT = w->time >= w->cfg.quench_at ? w->cfg.quench_to : w->cfg.bath_temperature, s = sqrt(kT / q->mass);
        double ke0 = twice_ke(w, i, -1);
        double vx = s * ed_rng_normal(&w->kick_rng), vy = s * ed_rng_normal(&w->kick_rng), vz = w->dim == 3 ? s * ed_rng_normal(&w->kick_rng) : 0.0;
        vec3 dv = v3_sub(v3(vx, vy, vz), q->v);
        q->v = v3(vx, vy, vz);
        settle_energy(w, i, -1, ke0, 0.0);
        if (w->log) log_event(w, EDPD_EVENT_KICK, i, -1, q->mass * sqrt(v3_dot(dv, dv)), 0.0);
        w->kicks++;
        w->soft_impacts++;
        settle_course(w, i, -1);
        ed_ahead_reset(w);  /* a plan may hold i's old flight */
        ed_predict(w, i, 0, QUEUE_UPDATE);
    }
    ed_kick_schedule(w);
}
