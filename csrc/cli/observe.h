/* --observe msd,vacf,gr,speeds (observe.c): observables from the exact trajectory, sampled every
 * --sample-dt; g(r) and the speeds (structure.h) from samples spread over the run;
 * the mean-squared displacement on log-spaced lags (unwrapped through the periodic box) and the
 * velocity autocorrelation on a linear grid, with the self-diffusion coefficient from each (the
 * MSD's long-time slope and the Green-Kubo integral) and their errors. */
#ifndef EDPD_CLI_OBSERVE_H
#define EDPD_CLI_OBSERVE_H
#include "../edpd.h"
#include "json.h"
#include "structure.h"

#define OBSERVE_MAX_SAMPLES 4096u

typedef struct observe_opts {
    int msd, vacf, gr, speeds;  /* what --observe asked for */
    double sample_dt;       /* --sample-dt (0: the run's time / 1000) */
} observe_opts;

typedef struct observe_result {
    uint32_t lags;                      /* MSD: lags[k] samples apart */
    double t[64], msd[64];
    uint32_t vlags;                     /* VACF: every lag up to half the run */
    double *vt, *vacf;
    double d_msd, d_msd_error, d_gk, d_gk_error;
    double sample_dt;
    uint32_t samples;
    pair_distribution gr;               /* gr: g(r), its contact value, and the contact value the collision rate implies */
    double contact_from_collisions, contact_from_pressure;
    speed_distribution speeds;          /* speeds */
    double speed_kt;                    /* the kT/m the speeds are compared at (their own mean square / d) */
} observe_result;

/* One of --observe / --sample-dt at a->argv[a->pos] (cli.h's cli_args): 1 taken, 0 not one of them,
 * -1 refused (a->error says why). */
struct cli_args;
int observe_flag(struct cli_args *a, const char *f, observe_opts *o);
/* Runs w from its clock over `duration` in samples and measures; 1, or 0 with a message in m
 * (the run's stop, if it halted or collapsed, in *stop). */
int observe_run(edpd_world *w, const observe_opts *o, double duration, observe_result *r, edpd_stop *stop, char *m, size_t len);
void observe_json(json_out *j, const observe_opts *o, const observe_result *r);
void observe_free(observe_result *r);

#endif
