/* Observables from the exact trajectory (observer.c), outside the core: a world sampled at equal
 * intervals by its caller; the mean-squared displacement (positions unwrapped through the periodic
 * box), the velocity autocorrelation, the self-diffusion coefficient from each, g(r) and the speed
 * distribution (structure.h). The CLI's --observe and the WebAssembly module use it.
 *
 *     edpd_observer *o = edpd_observer_create(w, 1000, &err);
 *     for (k = 0; k < 1000; k++) { edpd_advance(w, t0 + k * dt, UINT64_MAX, &err); edpd_observer_sample(o, w, &err); }
 *     edpd_observables *r = malloc(sizeof *r); edpd_observer_results(o, EDPD_OBSERVE_ALL, r, &err);
 */
#ifndef EDPD_OBSERVER_H
#define EDPD_OBSERVER_H
#include "edpd.h"
#include "structure.h"

#define EDPD_OBSERVE_MAX_SAMPLES 4096u
#define EDPD_OBSERVE_MAX_BYTES (1u << 30)   /* samples x N x 48 bytes at most */

enum { EDPD_OBSERVE_MSD = 1, EDPD_OBSERVE_VACF = 2, EDPD_OBSERVE_GR = 4, EDPD_OBSERVE_SPEEDS = 8, EDPD_OBSERVE_ALL = 15 };
#define EDPD_FLIGHT_BINS 48   /* free flights: log-spaced bins, 8 per decade from 1e-4 of the mean up */

typedef struct edpd_observer edpd_observer;

typedef struct edpd_observables {
    double sample_dt;                       /* the interval between samples (they must be equal) */
    uint32_t samples;
    uint32_t msd_lags;                      /* MSD on log-spaced lags */
    double msd_t[64], msd[64];
    double d_msd, d_msd_error;              /* D from the MSD's slope (a tenth to half the run), error over 8 particle groups */
    uint32_t vacf_lags;                     /* VACF at k sample_dt, k < vacf_lags (half the samples) */
    double vacf[EDPD_OBSERVE_MAX_SAMPLES / 2];
    double d_gk, d_gk_error;                /* D = (1/d) integral of the VACF */
    edpd_pair_distribution gr;                   /* g(r) over up to 64 samples spread over the run */
    edpd_speed_distribution speeds;              /* over 16 samples spread over the run */
    double speeds_kt;                       /* the kT/m they are compared at: their own <v^2> / d */
    uint64_t flights;                       /* free flights (edpd_observer_event): complete ones, between two impacts */
    double flight_mean;                     /* their mean */
    double flight_edge[EDPD_FLIGHT_BINS + 1], flight_count[EDPD_FLIGHT_BINS];  /* histogram, bin k = [edge k, edge k+1) */
} edpd_observables;

/* An observer of w for up to max_samples samples (16 to 4096, within 1 GiB): NULL and err if not. */
EDPD_API edpd_observer *edpd_observer_create(const edpd_world *w, uint32_t max_samples, edpd_error *err);
/* A sample of w now: EDPD_OK, or EDPD_ERR_STATE when full, or when a particle moved more than a
 * quarter box since the last sample (sample more often), or the interval changed. */
EDPD_API edpd_code edpd_observer_sample(edpd_observer *o, const edpd_world *w, edpd_error *err);
EDPD_API uint32_t edpd_observer_samples(const edpd_observer *o);
/* The observables `what` asks for (EDPD_OBSERVE_...) from the samples so far (at least 16). */
EDPD_API edpd_code edpd_observer_results(const edpd_observer *o, unsigned what, edpd_observables *out, edpd_error *err);
EDPD_API void edpd_observer_destroy(edpd_observer *o);
/* Free flights: hand the observer every event of the world's event log (edpd_set_event_log; the
 * observer's function or the caller's forwarding). Impacts (particle or plane) end a flight. */
EDPD_API void edpd_observer_event(const edpd_event *e, void *observer);

#endif
