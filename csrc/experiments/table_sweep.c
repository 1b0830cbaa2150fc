/* The ball on a vibrating table over Gamma (table_sweep.h). */
#include "edpd/table_sweep.h"
#include "base/error.h"
#include <math.h>
#include <stdio.h>
#include <string.h>

static const double TWO_PI = 6.283185307179586;

edpd_table_sweep_config edpd_default_table_sweep_config(void) {
    edpd_table_sweep_config c;
    memset(&c, 0, sizeof c);
    c.detector = EDPD_DETECTOR_STABLE;
    c.restitution = 0.5;
    c.gamma_from = 1.0; c.gamma_to = 4.0;
    c.samples = 100;
    c.first = 0; c.count = 100;
    c.phase = 2.0;
    c.transient = 200;
    c.impacts = 32;
    c.max_events = 1000000;
    return c;
}

double edpd_table_sweep_gamma(const edpd_table_sweep_config *c, uint64_t s) {
    return c->samples > 1 ? c->gamma_from + (c->gamma_to - c->gamma_from) * (double)s / (double)(c->samples - 1) : c->gamma_from;
}

typedef struct recorder { double from, phase; double *out; uint32_t n, cap; } recorder;

/* The table's phase at each impact on the plate after the transient (a take-off is no impact). */
static void on_event(const edpd_event *e, void *user) {
    recorder *r = user;
    if (e->kind != EDPD_EVENT_PLANE || e->time < r->from || r->n >= r->cap) return;
    double f = (e->time + r->phase / TWO_PI);
    f -= floor(f);
    r->out[r->n++] = f;
}

static edpd_code check(const edpd_table_sweep_config *c, edpd_error *err) {
    if (!(c->restitution >= 0.0 && c->restitution <= 1.0)) return ed_set_error(err, EDPD_ERR_INVALID, "restitution", "must be in [0, 1], got %g", c->restitution);
    if (!(c->gamma_from >= 0.01 && c->gamma_from <= 100.0) || !(c->gamma_to >= 0.01 && c->gamma_to <= 100.0))
        return ed_set_error(err, EDPD_ERR_INVALID, "gamma", "both ends must be in [0.01, 100], got %g and %g", c->gamma_from, c->gamma_to);
    if (c->samples < 1 || c->samples > 100000) return ed_set_error(err, EDPD_ERR_INVALID, "samples", "must be in [1, 100000], got %u", c->samples);
    if (c->first + c->count > c->samples) return ed_set_error(err, EDPD_ERR_INVALID, "samples", "the shard [%llu, %llu) lies beyond the %u samples",
                                               (unsigned long long)c->first, (unsigned long long)(c->first + c->count), c->samples);
    if (!isfinite(c->phase) || fabs(c->phase) > 1e3) return ed_set_error(err, EDPD_ERR_INVALID, "phase", "must be finite in [-1000, 1000], got %g", c->phase);
    if (c->transient > 1000000) return ed_set_error(err, EDPD_ERR_INVALID, "transient", "at most 10^6 periods, got %u", c->transient);
    if (c->impacts < 1 || c->impacts > 4096) return ed_set_error(err, EDPD_ERR_INVALID, "impacts", "must be in [1, 4096], got %u", c->impacts);
    if (c->max_events < 1) return ed_set_error(err, EDPD_ERR_INVALID, "max_events", "at least 1");
    return EDPD_OK;
}

edpd_code edpd_table_sweep(const edpd_table_sweep_config *c, double *phases, uint32_t *recorded, edpd_error *err) {
    if (err) { err->code = EDPD_OK; err->field[0] = 0; err->message[0] = 0; }
    if (check(c, err) != EDPD_OK) return EDPD_ERR_INVALID;
    for (uint64_t k = 0; k < c->count; k++) {
        double gamma = edpd_table_sweep_gamma(c, c->first + k);
        edpd_config w = edpd_default_config();
        w.scenario = EDPD_SCENARIO_BOUNCING_BALL;
        w.detector = c->detector;
        w.n = 1;
        w.plate_offset = 0.0;
        w.restitution = c->restitution;
        w.gravity[2] = -1.0;
        w.plate_amplitude = gamma / (TWO_PI * TWO_PI);
        w.plate_frequency = TWO_PI;
        w.plate_phase = c->phase;
        edpd_world *world = edpd_create(&w, err);
        if (!world) return err ? err->code : EDPD_ERR_INVALID;
        recorder r = {(double)c->transient, c->phase, phases + k * c->impacts, 0, c->impacts};
        edpd_set_event_log(world, on_event, &r);
        /* until the impacts are recorded, the ball halts, or the budget runs out */
        uint64_t spent = 0;
        while (r.n < r.cap && spent < c->max_events) {
            edpd_stats before, after;
            edpd_get_stats(world, &before);
            edpd_stop stop = edpd_advance(world, (double)c->transient + 1e6, 10000 < c->max_events - spent ? 10000 : c->max_events - spent, err);
            edpd_get_stats(world, &after);
            spent += after.events - before.events;
            if (stop == EDPD_STOP_ERROR) { edpd_destroy(world); return err ? err->code : EDPD_ERR_INVALID; }
            if (stop != EDPD_STOP_BUDGET) break;  /* halted, or a million periods passed */
        }
        recorded[k] = r.n;
        edpd_destroy(world);
    }
    return EDPD_OK;
}
