/* The paper's Fig. 7 experiment (ball_sweep.c): many independent balls, each its own world, over
 * plate offsets r_plate in [0, 1). An experiment built on the core's public API, not part of it:
 * the CLI's `edpd sweep`, the WebAssembly module's sweep and the tests use it. */
#ifndef EDPD_BALL_SWEEP_H
#define EDPD_BALL_SWEEP_H
#include "edpd.h"

#define EDPD_SWEEP_HIST 256  /* events-at-halt histogram: bins of one event, last = overflow */

typedef struct edpd_sweep_config {
    edpd_detector detector;
    double restitution;      /* default 0.5 */
    double gravity;          /* magnitude, default 1 */
    uint32_t seed;
    uint64_t first, count;   /* samples [first, first+count): shards of one sweep combine exactly */
    uint64_t max_events;     /* budget per sample, default 100000 */
    double t_max;            /* time limit per sample, default 10 (collapse is at t = 3) */
    uint32_t collapse_window;/* default 32 */
} edpd_sweep_config;

typedef struct edpd_sweep_result {
    uint64_t samples, halted, fell_through, collapsed, exhausted;
    uint64_t events_at_halt_sum;
    double final_time_sum;   /* over samples that did not halt */
    double final_time_min, final_time_max; /* over samples that did not halt (0 if none) */
    uint64_t hist_events_at_halt[EDPD_SWEEP_HIST];
} edpd_sweep_result;

EDPD_API edpd_sweep_config edpd_default_sweep_config(void);
/* Plate offset of sample s: uniform in [0, 1), a function of (seed, s) only. */
EDPD_API double edpd_sweep_plate_offset(uint32_t seed, uint64_t s);
/* Runs the samples and ADDS their outcome to *acc (zero it first). */
EDPD_API edpd_code edpd_ball_sweep(const edpd_sweep_config *cfg, edpd_sweep_result *acc, edpd_error *err);

#endif
