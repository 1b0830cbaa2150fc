/* The event loop (the paper's Sect. 2 with O(log N) per event): one predicted event per
 * particle in a priority queue; pop the earliest, name its kind (classify), execute it
 * (events.c) and re-predict the particles it changed (predict.c). The loop also keeps the run's
 * status: a naive detector's halt, an unbounded run of impacts at one instant (a collapse), and
 * a ball array's balls, each stopping on its own plate as it would alone. */
#include "world/world.h"
#include "world/neighbours.h"
#include "interact/detector.h"
#include "measure/failure.h"
#include "engine/events.h"
#include "engine/predict.h"
#include "engine/look_ahead.h"
#include "engine/compression.h"
#include <math.h>

/* The kinds of the queue's earliest event (classify). */
typedef enum event_kind {
    EVENT_END,      /* nothing left before t_end, or within the clock's range */
    EVENT_KICK,     /* the thermostat's kick comes first */
    EVENT_RESCALE,  /* a compression's velocity rescale comes first */
    EVENT_CELLS,    /* bookkeeping: a cell crossing, or a neighbour-shell exit */
    EVENT_STALE,    /* an impact whose partner changed course since it was predicted, or a put-off scan */
    EVENT_HALT,     /* a naive detector's undefined answer, executed */
    EVENT_PLANE,    /* an impact on a plane */
    EVENT_STEP,     /* a pair at a step of its potential: it crosses or bounces */
    EVENT_IMPACT,   /* a pair's impact at its core */
} event_kind;

/* Events predicted beyond the clock's range never happen: there g t^2 / 2 could overflow a
 * position. Also false for +-inf and NaN. */
static inline int within_clock(double t) { return fabs(t) <= EDPD_MAX_TIME; }

/* The kind of the queue's earliest event: particle i's at tk, or the thermostat's kick. */
static event_kind classify(const struct edpd_world *w, const particle *q, double tk, double t_end) {
    if (w->rescale_t < tk && w->rescale_t <= w->kick_t) return w->rescale_t <= t_end && within_clock(w->rescale_t) ? EVENT_RESCALE : EVENT_END;
    if (w->kick_t < tk) return w->kick_t <= t_end && within_clock(w->kick_t) ? EVENT_KICK : EVENT_END;
    if (!(tk <= t_end) || !within_clock(tk)) return EVENT_END;
    if (q->cross_t < q->ev_t) return EVENT_CELLS;
    if ((q->partner >= 0 && w->p[q->partner].changed > q->predicted) || q->partner == PARTNER_RESCAN) return EVENT_STALE;
    if (q->branch == BRANCH_HALT_NO_ROOT || q->branch == BRANCH_HALT_OVERLAP) return EVENT_HALT;
    if (q->partner < 0) return EVENT_PLANE;
    if (w->pot.count && (q->step_outer || q->step_from)) return EVENT_STEP;
    return EVENT_IMPACT;
}

static void record(const struct edpd_world *w, edpd_status *out, edpd_state s, const char *reason, int32_t a, int32_t b) {
    out->state = s;
    out->reason = reason;
    out->event = w->events;
    out->time = w->time;
    out->particle_a = a;
    out->particle_b = b;
}
static void set_status(struct edpd_world *w, edpd_state s, const char *reason, int32_t a, int32_t b) { record(w, &w->status, s, reason, a, b); }
static edpd_stop stopped(const struct edpd_world *w) {
    switch (w->status.state) {
    case EDPD_STATE_HALTED: return EDPD_STOP_HALTED;
    case EDPD_STATE_JAMMED: return EDPD_STOP_JAMMED;
    default: return EDPD_STOP_COLLAPSE;
    }
}

/* The last particle to run has stopped on its own plate: the world halted if any of its
 * particles did (the status tells the first halt), else it is at rest (a collapse). */
static void all_stopped(struct edpd_world *w, uint32_t i, int32_t partner) {
    if (w->halted) w->status = w->first_halt;
    else set_status(w, EDPD_STATE_COLLAPSE, "collapse", (int32_t)i, partner);
}

/* 1 if an advance to t_end may start; else 0 with *stop (an error, or a run that has ended). */
static int advance_allowed(const struct edpd_world *w, double t_end, edpd_error *err, edpd_stop *stop) {
    if (err) { err->code = EDPD_OK; err->field[0] = 0; err->message[0] = 0; }
    *stop = EDPD_STOP_ERROR;
    if (!w) { ed_set_error(err, EDPD_ERR_INVALID, "world", "is NULL"); return 0; }
    if (isnan(t_end)) { ed_set_error(err, EDPD_ERR_INVALID, "t_end", "must be a number >= the current time %g", w->time); return 0; }
    if (isfinite(t_end) && !within_clock(t_end)) {
        ed_set_error(err, EDPD_ERR_INVALID, "t_end", "must be +inf or within [-%g, %g], got %g", EDPD_MAX_TIME, EDPD_MAX_TIME, t_end);
        return 0;
    }
    if (t_end < w->time && w->cfg.detector != EDPD_DETECTOR_NAIVE_REWIND) {
        ed_set_error(err, EDPD_ERR_INVALID, "t_end", "must be >= the current time %.17g, got %.17g", w->time, t_end);
        return 0;
    }
    *stop = stopped(w);
    return w->status.state == EDPD_STATE_RUNNING;
}

/* A naive detector's undefined answer, executed: the first failure's record is kept. */
static void note_failure(struct edpd_world *w, uint32_t i, int32_t partner, double tk) {
    ed_failure_executed(w, i, partner, tk);
    if (w->first_failure_event == UINT64_MAX) w->first_failure_event = w->events;
}

/* An impact's particle brought to the clock at tk. A naive-rewind clock may run backwards;
 * Eq. 10's stabilising and turning-point events at a core or a plane are counted here (steps
 * count their own). */
static inline void impact_begin(struct edpd_world *w, uint32_t i, double tk, event_kind kind) {
    particle *q = &w->p[i];
    if (tk < w->time) {
        w->negative_dt_events++;
        note_failure(w, i, q->partner, tk);
    }
    if ((q->branch == BRANCH_STABILISING || q->branch == BRANCH_TURNING) && kind != EVENT_STEP) w->stabilizing_events++;
    w->time = tk;
    bring_to(w, q, tk);
}

/* An event between particle i and its own plate: a ball array's ball is a system of its own. */
static int own_plate_event(const particle *q, int32_t partner) { return q->own_plane >= 0 && partner == -1 - q->own_plane; }

/* A halt or a rest met on a particle's own plate concerns that particle alone: it is frozen as
 * it is at the clock (its state read at that moment from then on) and leaves the event loop, the
 * cells and the lists, so that no one meets it; pending impacts with it turn stale. Returns how
 * many particles still run: at 0 the world stops. */
static uint32_t freeze(struct edpd_world *w, uint32_t i, edpd_state why) {
    particle *q = &w->p[i];
    bring_to(w, q, w->time);
    q->state = (int8_t)why;
    q->ev_t = q->cross_t = INFINITY;
    q->partner = PARTNER_NONE;
    q->changed = UINT64_MAX;
    ed_eq_update(&w->queue, i, INFINITY);
    ed_cells_remove(&w->cells, (int32_t)i, (uint32_t)q->cell);
    ed_nl_forget(w, i);
    ed_ahead_reset(w);  /* a plan may hold i as a candidate */
    if (why == EDPD_STATE_HALTED) w->halted++; else w->resting++;
    return --w->running;
}

/* A naive detector's halt at tk: 1 if the world stops (its status says why), 0 if only
 * particle i does, on its own plate. */
static int halt(struct edpd_world *w, uint32_t i, double tk) {
    particle *q = &w->p[i];
    int32_t partner = q->partner;
    const char *why = q->branch == BRANCH_HALT_NO_ROOT ? "no-real-root" : "overlap-approaching";
    w->time = tk;
    note_failure(w, i, partner, tk);
    if (!w->halted) record(w, &w->first_halt, EDPD_STATE_HALTED, why, (int32_t)i, partner);
    if (own_plate_event(q, partner) && freeze(w, i, EDPD_STATE_HALTED) > 0) return 0;
    w->status = w->first_halt;
    return 1;
}

/* A particle on its own plate hops at the rounding of its height instead of stopping at one
 * instant when rounding leaves it a gap above contact (a ball stopped dead, e = 0: it falls
 * through that gap, and again, for ever). Its window of impacts is rest too when they came no
 * slower than hops 8 rounding errors high: 2 sqrt(2 h / a) each, h = 8 ulp of its height, a the
 * acceleration toward the plate. A ball bouncing at any height it can represent is far slower. */
static double rest_window(const struct edpd_world *w, uint32_t i) {
    const particle *q = &w->p[i];
    const edpd_plane *pl = &w->planes[q->own_plane];
    vec3 n = v3(pl->normal[0], pl->normal[1], pl->normal[2]);
    double a = -v3_dot(n, w->g);
    if (!(a > 0.0)) return 0.0;  /* nothing pulls it onto the plate: no hop */
    double height = fabs(v3_dot(n, q->r)), ulp;
    int e;
    frexp(height > 1.0 ? height : 1.0, &e);
    ulp = ldexp(1.0, e - 53);
    return (double)w->cfg.collapse_window * 2.0 * sqrt(2.0 * 8.0 * ulp / a);
}

/* An unbounded run of impacts at one instant (Sect. 5) must not hang the caller: a check at
 * every collapse_window impacts. Cell crossings do not count: a lattice start puts many
 * particles on cell faces at t = 0. Impacts on a particle's own plate count in that particle's
 * window alone: its collapse is its rest, and only it stops (a ball array's ball, as alone). */
static int collapsed(struct edpd_world *w, uint32_t i, int own_plate) {
    uint64_t so_far = own_plate ? w->plate[i].impacts : impacts(w);
    uint64_t *start_count = own_plate ? NULL : &w->window_events;
    double *start_time = own_plate ? &w->plate[i].window_time : &w->window_time;
    uint64_t start = own_plate ? w->plate[i].window_impacts : w->window_events;
    if (so_far - start < w->cfg.collapse_window) return 0;
    /* near jamming a compression's impacts come ever faster, its clock advancing by ever less:
     * there only a clock that stands still is a collapse */
    double within = w->growth != 0.0 ? 0.0 : w->cfg.collapse_dt;
    if (own_plate) { double r = rest_window(w, i); if (r > within) within = r; }
    if (fabs(w->time - *start_time) <= within) {
        int32_t partner = w->p[i].partner;
        if (!own_plate) {
            /* an elastic compression's clock that stands still is its jamming, to rounding: the gaps
             * are rounding and the impacts come without end before the pressure passed jam_pressure */
            int jammed = w->growth != 0.0 && w->cfg.restitution == 1.0;
            set_status(w, jammed ? EDPD_STATE_JAMMED : EDPD_STATE_COLLAPSE, jammed ? "stalled" : "collapse", (int32_t)i, partner);
            return 1;
        }
        if (w->planes[w->p[i].own_plane].amplitude != 0.0) {  /* chattering on an oscillating plate: it locks on */
            ed_event_lock(w, i);
            w->plate[i].window_impacts = (uint32_t)so_far;
            w->plate[i].window_time = w->time;
            return 0;
        }
        if (freeze(w, i, EDPD_STATE_COLLAPSE) == 0) { all_stopped(w, i, partner); return 1; }
    }
    if (start_count) *start_count = so_far; else w->plate[i].window_impacts = (uint32_t)so_far;
    *start_time = w->time;
    return 0;
}

edpd_stop edpd_advance(edpd_world *w, double t_end, uint64_t max_events, edpd_error *err) {
    edpd_stop stop;
    if (!advance_allowed(w, t_end, err, &stop)) return stop;
    ed_ahead_reset(w);  /* the caller may have changed the world */
    uint64_t done = 0;
    while (done < max_events) {
        uint32_t i = eq_top(&w->queue);  /* pop: the earliest event */
        double tk = eq_top_key(&w->queue);
        particle *q = &w->p[i];
        event_kind kind = classify(w, q, tk, t_end);
        if (kind == EVENT_END) break;
        if (kind == EVENT_KICK) { ed_event_kick(w); w->events++; done++; continue; }
        if (kind == EVENT_RESCALE) {  /* bookkeeping, as a stale event: not counted */
            int jammed = ed_event_rescale(w);
            if (jammed < 0) {
                ed_set_error(err, EDPD_ERR_MEMORY, "n", "out of memory for the regrown cells of %u particles", w->n);
                return EDPD_STOP_ERROR;
            }
            if (jammed) { set_status(w, EDPD_STATE_JAMMED, "jammed", -1, -1); return EDPD_STOP_JAMMED; }
            continue;
        }
        if (big_world(w)) ed_ahead_event_begin(w, i);
        int own_plate = 0;
        switch (kind) {
        case EVENT_CELLS:
            w->time = tk;
            bring_to(w, q, tk);
            if (!w->nl.on) { ed_event_crossing(w, i); w->cell_crossings++; break; }
            if (ed_event_rebuild(w, i) != 0) {
                ed_set_error(err, EDPD_ERR_MEMORY, "n", "out of memory for the neighbour lists of %u particles", w->n);
                return EDPD_STOP_ERROR;
            }
            w->list_rebuilds++;
            break;
        case EVENT_STALE:  /* not an event of the run: predicted anew, and not counted */
            if (tk > w->time) w->time = tk;
            w->stale_events++;
            ed_predict_stale(w, i, tk);
            continue;
        case EVENT_HALT:  /* a ball's halt on its own plate is no event of the budget: it changes no velocity */
            if (halt(w, i, tk)) return EDPD_STOP_HALTED;
            continue;
        case EVENT_PLANE:
            own_plate = own_plate_event(q, q->partner);
            impact_begin(w, i, tk, kind);
            ed_event_plane(w, i, (uint32_t)(-1 - q->partner));
            break;
        case EVENT_STEP:
            impact_begin(w, i, tk, kind);
            ed_event_step(w, i, (uint32_t)q->partner);
            break;
        case EVENT_IMPACT:
            impact_begin(w, i, tk, kind);
            ed_event_impact(w, i, (uint32_t)q->partner);
            break;
        case EVENT_END: case EVENT_KICK: case EVENT_RESCALE: break;  /* handled above */
        }
        if (w->bonds_failed) {
            ed_set_error(err, EDPD_ERR_MEMORY, "n", "out of memory for the pairs' steps of %u particles", w->n);
            return EDPD_STOP_ERROR;
        }
        w->events++;
        done++;
        if (big_world(w)) ed_look_ahead(w);
        if (collapsed(w, i, own_plate)) return stopped(w);
        if (w->ke > w->ke_limit) w->rescale_t = w->time;  /* a compression heated the gas: rescale now */
    }
    double next = eq_top_key(&w->queue) < w->kick_t ? eq_top_key(&w->queue) : w->kick_t;
    if (w->rescale_t < next) next = w->rescale_t;
    if (done >= max_events && next <= t_end && within_clock(next)) return EDPD_STOP_BUDGET;
    if (isfinite(t_end)) w->time = t_end;
    return EDPD_STOP_TIME;
}
