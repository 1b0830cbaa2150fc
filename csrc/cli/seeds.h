/* --seeds K (seeds.c): Z's and U's (the time-averaged potential energy's) errors from K
 * independent runs instead of one run's blocks. A run's blocks cannot see a relaxation slower
 * than the run itself (a start not yet forgotten); the spread over independent starts does. */
#ifndef EDPD_CLI_SEEDS_H
#define EDPD_CLI_SEEDS_H
#include "edpd/edpd.h"
#include "json.h"

#define SEEDS_MAX 1000

typedef struct seeds_result {
    int count;                 /* K: the run's own seed and the K - 1 after it */
    double z[SEEDS_MAX];       /* each run's Z */
    double mean, error;        /* their mean and its standard error */
    double u[SEEDS_MAX];       /* each run's time-averaged U (potential_energy_mean) */
    double u_mean, u_error;
} seeds_result;

/* Runs seeds c->seed + 1 .. c->seed + K - 1 as the run was run (elastic to start + equilibrate,
 * measurements from there, then to t_end or for `events`), after the run's own Z z0 and U u0. 1,
 * or 0 with a message in m. */
int seeds_run(const edpd_config *c, double equilibrate, int by_time, double t_end, uint64_t events, int k, double z0, double u0,
              seeds_result *r, char *m, size_t len);
void seeds_json(json_out *j, const seeds_result *r);
#endif
