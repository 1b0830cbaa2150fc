/* --observe msd,vacf,gr,speeds (observe.c): the observables of csrc/include/edpd/observer.h from the run
 * sampled every --sample-dt over --time, in the JSON's "observe". */
#ifndef EDPD_CLI_OBSERVE_H
#define EDPD_CLI_OBSERVE_H
#include "edpd/edpd.h"
#include "edpd/observer.h"
#include "json.h"

typedef struct observe_opts {
    int msd, vacf, gr, speeds, flights;  /* what --observe asked for */
    double sample_dt;           /* --sample-dt (0: the run's time / 1000) */
    edpd_event_fn also;         /* --event-log's writer, which the flights' event function forwards to */
    void *also_user;
} observe_opts;

typedef struct observe_result {
    int done;               /* the results are there (a run interrupted early has none) */
    edpd_observables obs;
    double contact_from_collisions, contact_from_pressure;  /* g(sigma+) from the run's collision rate and Z */
} observe_result;

/* Whether --observe asked for anything. */
static inline int observe_any(const observe_opts *o) { return o->msd || o->vacf || o->gr || o->speeds || o->flights; }
/* The flags' combination: NULL, or what is wrong (rows: --series or --checkpoint-events given). */
/* Whether n particles' samples over `duration` fit the observer's memory (1 GiB), checked before
 * the world is built (a large one takes seconds and gigabytes): 1, or 0 with the reason and what
 * can help in m. */
int observe_fits(const observe_opts *o, uint32_t n, double duration, char *m, size_t len);
const char *observe_check(const observe_opts *o, int have_time, int rows);
/* One of --observe / --sample-dt: 1 taken, 0 not one of them, -1 refused (a->error says why). */
struct cli_args;
int observe_flag(struct cli_args *a, const char *f, observe_opts *o);
/* Runs w from its clock over `duration` in samples and measures; 1, or 0 with a message in m
 * (the run's stop, if it halted or collapsed, in *stop). */
int observe_run(edpd_world *w, const observe_opts *o, double duration, observe_result *r, edpd_stop *stop, char *m, size_t len);
void observe_json(json_out *j, const observe_opts *o, const observe_result *r);
/* The same in a few lines of text (the figures; the tables are the JSON's). */
void observe_text(const observe_opts *o, const observe_result *r);

#endif
