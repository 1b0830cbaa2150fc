/* The ball on a vibrating table over Gamma (table_sweep.c): the bifurcation diagram's data. One
 * ball per Gamma, each its own world on a plate oscillating once per time unit (omega = 2 pi,
 * g = 1, A = Gamma / (4 pi^2)), released at rest half a diameter above it; after `transient`
 * periods the table's phase at each of its next `impacts` impacts on the plate. An experiment
 * built on the core's public API, as the Fig. 7 sweep is. */
#ifndef EDPD_TABLE_SWEEP_H
#define EDPD_TABLE_SWEEP_H
#include "edpd.h"

typedef struct edpd_table_sweep_config {
    edpd_detector detector;
    double restitution;      /* default 0.5 */
    double gamma_from, gamma_to;  /* Gamma of the samples: evenly spaced, both ends included (default 1, 4) */
    uint32_t samples;        /* default 100 */
    uint64_t first, count;   /* the samples run, [first, first + count) of `samples`: shards of one sweep */
    double phase;            /* the table's phase at t = 0, radians (default 2) */
    uint32_t transient;      /* periods before the impacts are recorded (default 200) */
    uint32_t impacts;        /* impacts recorded per Gamma (default 32, at most 4096) */
    uint64_t max_events;     /* budget per sample (default 10^6: a ride costs ~2000 events) */
} edpd_table_sweep_config;

EDPD_API edpd_table_sweep_config edpd_default_table_sweep_config(void);
/* Gamma of sample s. */
EDPD_API double edpd_table_sweep_gamma(const edpd_table_sweep_config *cfg, uint64_t s);
/* Runs samples [first, first + count): for the k-th, recorded[k] impacts' table phases, as
 * fractions of a period in [0, 1), into phases[k * impacts ...]. A sample whose ball halted (a
 * naive detector) or ran out of events records fewer. */
EDPD_API edpd_code edpd_table_sweep(const edpd_table_sweep_config *cfg, double *phases, uint32_t *recorded, edpd_error *err);

#endif
