/* What an event does: a bookkeeping event (a cell crossing, a neighbour-list rebuild) or an
 * impact (Eq. 5) with its accounting (energy, virial, impact separations), and the new
 * predictions of the particles it changed. */
#include "engine/events.h"
#include "engine/predict.h"
#include "engine/look_ahead.h"
#include <math.h>

/* A particle enters a new cell: only the layer of cells it can newly touch needs checking. */
void do_crossing(struct edpd_world *w, uint32_t i) {
    particle *q = &w->p[i];
    cell_grid *g = &w->cells;
    int a = q->cross_axis, dir = q->cross_dir, cc[3] = {q->cc[0], q->cc[1], q->cc[2]};
    int next = cc[a] + dir;
    if (next >= g->n[a]) { next = 0; v3_set(&q->r, a, v3_get(q->r, a) - w->box[a]); }
    else if (next < 0) { next = g->n[a] - 1; v3_set(&q->r, a, v3_get(q->r, a) + w->box[a]); }
    cc[a] = next;
    cells_remove(g, (int32_t)i, (uint32_t)q->cell);
    particle_set_cell_at(q, g, cc);
    cells_insert(g, (int32_t)i, (uint32_t)q->cell);

    int layer = cells_step(g, a, cc[a], dir);
    if (layer >= 0 && g->n[a] > 1 && w->n > 1) {
        int base[3] = {cc[0], cc[1], cc[2]};
        base[a] = layer;
        predict_new_layer(w, i, base, a);
    }
    predict_crossing(w, q, i);
    eq_update(&w->queue, i, event_key(q));
}

/* A particle reaches the edge of its neighbour shell: re-centre, re-list, and test the
 * newcomers to its list (its trajectory is unchanged, so the impact found with the others stays
 * valid). -1 if the lists could not grow. */
int do_rebuild(struct edpd_world *w, uint32_t i) {
    particle *q = &w->p[i];
    q->r = wrap_into_box(w, q->r);
    uint32_t newcomers;
    if (nl_rebuild(w, i, &newcomers) != 0) return -1;
    predict_newcomers(w, i, w->nl.scratch, newcomers);
    predict_exit(w, q, i);
    eq_update(&w->queue, i, event_key(q));
    return 0;
}

void account_energy(struct edpd_world *w, double dke) {
    w->ke_integral += w->ke * (w->time - w->ke_time);
    w->ke_time = w->time;
    w->ke += dke;
}

/* Elastic before elastic_until (sphere pairs only: planes keep theirs; 0 = off, also for a
 * naive-rewind clock run below 0). TC model: an impact within tc of a particle's previous one is
 * elastic. b = -1: a plane. */
static double effective_restitution(const struct edpd_world *w, double e, uint32_t a, int64_t b) {
    if (b >= 0 && w->cfg.elastic_until > 0.0 && w->time < w->cfg.elastic_until) return 1.0;
    double tc = w->cfg.tc;
    if (tc > 0.0 && (w->time - w->t_last[a] < tc || (b >= 0 && w->time - w->t_last[b] < tc))) return 1.0;
    return e;
}

/* Eq. (5). Impulses are applied only to approaching pairs, so an executed impact never makes
 * an overlap deepen. */
void do_pair_impact(struct edpd_world *w, uint32_t i, uint32_t j) {
    particle *a = &w->p[i], *b = &w->p[j];
    int collision = a->branch != BRANCH_STABILISING && a->branch != BRANCH_TURNING;  /* not Eq. 10's */
    if (w->nl.on) {
        /* both re-predict next: start loading j's listed particles while i's are scanned;
         * in WebAssembly, where a request waits, i's too, so that both sets arrive in one wait
         * (natively predict_list requests i's at once anyway) */
        const int32_t *li = w->nl.idx + (size_t)i * w->nl.cap, *lj = w->nl.idx + (size_t)j * w->nl.cap;
        if (MEM_REQUEST_STALLS)
            for (uint32_t k = 0, m = w->nl.count[i]; k < m; k++) particle_request(w, (uint32_t)li[k]);
        for (uint32_t k = 0, m = w->nl.count[j]; k < m; k++) particle_request(w, (uint32_t)lj[k]);
    }
    bring_to(w, b, w->time);
    vec3 dr = min_image(w, v3_sub(a->r, b->r));
    vec3 dv = v3_sub(a->v, b->v);
    double r2 = v3_dot(dr, dr), bdot = v3_dot(dr, dv);
    double sigma = 0.5 * (a->sigma + b->sigma);

    /* impact separation in units of the floating-point spacing at sigma (Fig. 3) */
    double sep = (sqrt(r2) - sigma) / w->sep_unit;
    int bin;
    if (sep < -EDPD_HIST_HALF - 0.5) bin = 0;
    else if (sep >= EDPD_HIST_HALF + 0.5) bin = EDPD_HIST_BINS - 1;
    else bin = (int)floor(sep + 0.5) + EDPD_HIST_HALF + 1;
    w->hist[bin]++;

    double J = 0.0;  /* impulse on i is -J dr */
    if (bdot < 0.0) {
        double e = effective_restitution(w, w->cfg.restitution, i, j);
        double mu = a->mass * b->mass / (a->mass + b->mass);
        J = (1.0 + e) * mu * bdot / r2;
        double ke0 = a->mass * v3_dot(a->v, a->v) + b->mass * v3_dot(b->v, b->v);
        a->v = v3_sub(a->v, v3_scale(dr, J / a->mass));
        b->v = v3_add(b->v, v3_scale(dr, J / b->mass));
        double ke1 = a->mass * v3_dot(a->v, a->v) + b->mass * v3_dot(b->v, b->v);
        if (w->time >= w->zb.end) z_blocks_cross(w);  /* before this impact: it is the next block's */
        account_energy(w, 0.5 * (ke1 - ke0));
        w->virial -= J * r2; /* r_ij . dp_i = -J r^2 > 0 */
    }
    if (w->log) log_event(w, EDPD_EVENT_COLLISION, i, (int32_t)j, -J * sqrt(r2), sqrt(r2) - sigma);  /* every one counted */
    w->collisions++;
    a->changed = b->changed = impacts(w);
    if (w->t_last) w->t_last[i] = w->t_last[j] = w->time;
    uint32_t oi, oj;
    if (!w->nl.on) {  /* neither impact moves a particle to another cell */
        block_plan pi_, pj;
        const block_plan *pi = ahead_for(w, i);
        int ci[3] = {a->cc[0], a->cc[1], a->cc[2]}, cj[3] = {b->cc[0], b->cc[1], b->cc[2]};
        if (!pi) plan_cells(w, ci, -1, &pi_);
        plan_cells(w, cj, -1, &pj);
        /* both gathered before either's candidates are requested: in WebAssembly the requests
         * stall, and so both sets arrive in one wait */
        if (!pi) plan_collect(w, (int32_t)i, &pi_);
        plan_collect(w, (int32_t)j, &pj);
        if (!pi) { plan_request(w, &pi_); pi = &pi_; }
        plan_request(w, &pj);
        if (big_world(w)) { eq_request_unlink(&w->queue, i); eq_request_unlink(&w->queue, j); }
        /* i is queued after j's scan, so that the queue's lines for i arrive meanwhile */
        oi = predict_planned(w, i, 1, QUEUE_LATER, pi);
        ahead_gather(w);
        if (big_world(w)) eq_request_insert(&w->queue, event_key(a));
        oj = predict_planned(w, j, 1, QUEUE_UPDATE, &pj);
        eq_update(&w->queue, i, event_key(a));
    } else {
        oi = predict(w, i, 1, QUEUE_UPDATE);
        oj = predict(w, j, 1, QUEUE_UPDATE);
    }
    if (oi >= 2 || oj >= 2) {
        w->three_body_events++;
        /* Fig. 5's count: this collision made the overlap (positions do not change at an impact,
         * so it formed in the flight just ended) while one of the pair overlapped a third */
        if (collision && r2 < sigma * sigma) w->three_body_collisions++;
    }
}

/* The Andersen thermostat: kicks at rate thermostat_rate per particle, a Poisson process, each
 * giving one random particle a velocity drawn at the bath's temperature (quench_to from
 * quench_at on), until thermostat_until. The project's RNG and log keep runs bit-reproducible
 * everywhere. */
void schedule_kick(struct edpd_world *w) {
    double rate = w->cfg.thermostat_rate * (double)w->n;
    w->kick_t = rate > 0.0 ? w->time - det_log(1.0 - rng_uniform(&w->kick_rng)) / rate : INFINITY;
    if (rate > 0.0 && !(w->kick_t <= w->cfg.thermostat_until)) {
        /* the last kick is done: NVE from here, so the energy drift counts from here */
        w->kick_t = INFINITY;
        w->e0 = w->ke + w->pe;
    }
}

void do_kick(struct edpd_world *w) {
    w->time = w->kick_t;
    uint32_t i = (uint32_t)(rng_uniform(&w->kick_rng) * w->n);
    particle *q = &w->p[i];
    if (!q->state) {  /* a frozen ball stays as it is */
        bring_to(w, q, w->time);
        double kT = w->time >= w->cfg.quench_at ? w->cfg.quench_to : w->cfg.bath_temperature, s = sqrt(kT / q->mass);
        double ke0 = q->mass * v3_dot(q->v, q->v);
        double vx = s * rng_normal(&w->kick_rng), vy = s * rng_normal(&w->kick_rng), vz = w->dim == 3 ? s * rng_normal(&w->kick_rng) : 0.0;
        vec3 dv = v3_sub(v3(vx, vy, vz), q->v);
        q->v = v3(vx, vy, vz);
        account_energy(w, 0.5 * (q->mass * v3_dot(q->v, q->v) - ke0));
        if (w->log) log_event(w, EDPD_EVENT_KICK, i, -1, q->mass * sqrt(v3_dot(dv, dv)), 0.0);
        w->kicks++;
        w->soft_impacts++;
        q->changed = impacts(w);
        ahead_reset(w);  /* a plan may hold i's old flight */
        predict(w, i, 0, QUEUE_UPDATE);
    }
    schedule_kick(w);
}

void do_plane_impact(struct edpd_world *w, uint32_t i, uint32_t k) {
    particle *a = &w->p[i];
    const edpd_plane *pl = &w->planes[k];
    vec3 n = v3(pl->normal[0], pl->normal[1], pl->normal[2]);
    double u = v3_dot(n, a->v), impulse = 0.0;
    if (u < 0.0) {
        double e = effective_restitution(w, pl->restitution, i, -1);
        double ke0 = a->mass * v3_dot(a->v, a->v);
        a->v = v3_sub(a->v, v3_scale(n, (1.0 + e) * u));
        account_energy(w, 0.5 * (a->mass * v3_dot(a->v, a->v) - ke0));
        impulse = -a->mass * (1.0 + e) * u;
    }
    if (w->log) log_event(w, EDPD_EVENT_PLANE, i, -1 - (int32_t)k, impulse, plane_gap(pl, a->r, a->sigma));
    w->plane_impacts++;
    if ((int32_t)k == a->own_plane) w->plate[i].impacts++;
    a->changed = impacts(w);
    if (w->t_last) w->t_last[i] = w->time;
    predict(w, i, 0, QUEUE_UPDATE);
}

