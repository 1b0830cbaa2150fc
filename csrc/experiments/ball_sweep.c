/* The bouncing-ball sweep of the paper's Sect. 5: the same physical experiment for many plate
 * offsets r_plate in [0, 1); only the floating-point representation differs between samples. */
#include "edpd/ball_sweep.h"
#include "base/error.h"
#include "base/rng.h"
#include <math.h>
#include <stdio.h>
#include <string.h>

edpd_sweep_config edpd_default_sweep_config(void) {
    edpd_sweep_config c;
    memset(&c, 0, sizeof c);
    c.detector = EDPD_DETECTOR_STABLE;
    c.restitution = 0.5;
    c.gravity = 1.0;
    c.seed = 1;
    c.first = 0;
    c.count = 1000;
    c.max_events = 100000;
    c.t_max = 10.0;
    /* 32 impacts within 1e-10 time units: a genuine bounce sequence (flights 2 (1/2)^k) only gets
     * there for k > 35, after the flights have already fallen below floating-point resolution
     * (k ~ 27), so only the numerical rest ("buzz") triggers it. */
    c.collapse_window = 32;
    return c;
}

double edpd_sweep_plate_offset(uint32_t seed, uint64_t s) {
    return ed_rng_uniform_at(seed, s);
}

edpd_code edpd_ball_sweep(const edpd_sweep_config *sc, edpd_sweep_result *acc, edpd_error *err) {
    if (!sc || !acc) return ed_set_error(err, EDPD_ERR_INVALID, "config", "is NULL");
    if ((unsigned)sc->detector >= EDPD_DETECTOR_COUNT)
        return ed_set_error(err, EDPD_ERR_INVALID, "detector", "must be one of stable, naive-halt, naive-miss, naive-rewind");
    if (!(sc->gravity > 0.0 && sc->gravity <= 1e6))
        return ed_set_error(err, EDPD_ERR_INVALID, "gravity", "must be in (0, 1e6], got %g", sc->gravity);
    if (sc->count > 100000000ull || sc->first > (1ull << 40))
        return ed_set_error(err, EDPD_ERR_INVALID, "samples", "must be at most 1e8 per call (first below 2^40)");
    if (sc->max_events < 1 || sc->max_events > 1000000000ull)
        return ed_set_error(err, EDPD_ERR_INVALID, "max_events", "must be in [1, 1e9]");
    if (!(sc->t_max > 0.0 && sc->t_max <= 1e9))
        return ed_set_error(err, EDPD_ERR_INVALID, "t_max", "must be in (0, 1e9]");
    edpd_config c = edpd_scenario_config(EDPD_SCENARIO_BOUNCING_BALL);
    c.detector = sc->detector;
    c.restitution = sc->restitution;
    c.gravity[2] = -sc->gravity;
    c.collapse_window = sc->collapse_window;
    if (edpd_validate_config(&c, err) != EDPD_OK) return err ? err->code : EDPD_ERR_INVALID;
    for (uint64_t s = sc->first; s < sc->first + sc->count; s++) {
        c.plate_offset = edpd_sweep_plate_offset(sc->seed, s);
        edpd_world *w = edpd_create(&c, err);
        if (!w) return err ? err->code : EDPD_ERR_MEMORY;
        edpd_stop stop = edpd_advance(w, sc->t_max, sc->max_events, err);
        uint64_t finished_before = acc->samples - acc->halted;
        acc->samples++;
        if (stop == EDPD_STOP_HALTED) {
            uint64_t events = edpd_get_status(w).event;  /* the events before the halt */
            acc->halted++;
            acc->events_at_halt_sum += events;
            acc->hist_events_at_halt[events < EDPD_SWEEP_HIST - 1 ? events : EDPD_SWEEP_HIST - 1]++;
        } else {
            double t = edpd_time(w), r[3];
            if (stop == EDPD_STOP_COLLAPSE) acc->collapsed++;
            if (stop == EDPD_STOP_BUDGET) acc->exhausted++;
            acc->final_time_sum += t;
            if (finished_before == 0 || t < acc->final_time_min) acc->final_time_min = t;
            if (finished_before == 0 || t > acc->final_time_max) acc->final_time_max = t;
            /* entirely below its plate (normal +z): it fell through */
            edpd_get_positions(w, r);
            if (r[2] - c.plate_offset - 0.5 * c.diameter < -c.diameter) acc->fell_through++;
        }
        edpd_destroy(w);
    }
    return EDPD_OK;
}
