/* edpd sweep --scenario table: the ball on a vibrating table over Gamma, the bifurcation diagram's
 * data (edpd/table_sweep.h): per Gamma the table's phase at each recorded impact, written as
 * table_rows.h says. */
#include "cli.h"
#include "table_rows.h"
#include "edpd/table_sweep.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int cmd_table_sweep(cli_args *a) {
    edpd_table_sweep_config c = edpd_default_table_sweep_config();
    uint64_t u, shard_i = 0, shard_n = 1;
    int json = 0;
    a->nseen = 0;  /* main.c's sweep read up to --scenario: the flags are read anew from the start */
    for (a->pos = 2; a->pos < a->argc; a->pos++) {
        const char *f = a->argv[a->pos];
        if (!arg_once(a, f)) return fail(a->error);
        if (strcmp(f, "--scenario") == 0) value_of(a);  /* table: main.c chose this command by it */
        else if (strcmp(f, "--json") == 0) json = 1;
        else if (strcmp(f, "--detector") == 0) {
            if (!edpd_detector_from_name(value_of(a), &c.detector)) return fail("--detector: must be one of stable, naive-halt, naive-miss, naive-rewind");
        }
        else if (strcmp(f, "--gamma") == 0) {
            const char *v = value_of(a);
            char extra;
            if (!v || sscanf(v, "%lf:%lf%c", &c.gamma_from, &c.gamma_to, &extra) != 2 || !(c.gamma_from >= 0.01 && c.gamma_from <= 100.0)
                || !(c.gamma_to >= 0.01 && c.gamma_to <= 100.0))
                return fail("--gamma: must be FROM:TO with both in [0.01, 100], e.g. 1:4");
        }
        else if (strcmp(f, "--samples") == 0) { if (!arg_u64(a, f, value_of(a), 1, 100000, &u)) return fail(a->error); c.samples = (uint32_t)u; }
        else if (strcmp(f, "--restitution") == 0) { if (!arg_double(a, f, value_of(a), 0, 1, &c.restitution)) return fail(a->error); }
        else if (strcmp(f, "--phase") == 0) { if (!arg_double(a, f, value_of(a), -1e3, 1e3, &c.phase)) return fail(a->error); }
        else if (strcmp(f, "--transient") == 0) { if (!arg_u64(a, f, value_of(a), 0, 1000000, &u)) return fail(a->error); c.transient = (uint32_t)u; }
        else if (strcmp(f, "--impacts") == 0) { if (!arg_u64(a, f, value_of(a), 1, 4096, &u)) return fail(a->error); c.impacts = (uint32_t)u; }
        else if (strcmp(f, "--max-events") == 0) { if (!arg_u64(a, f, value_of(a), 1, 1000000000, &c.max_events)) return fail(a->error); }
        else if (strcmp(f, "--shard") == 0) { if (!arg_shard(a, value_of(a), &shard_i, &shard_n)) return fail(a->error); }
        else { char m[4096]; snprintf(m, sizeof m, "sweep --scenario table: unknown flag '%s'\n%s", f, USAGE); return fail(m); }
    }
    c.first = (uint64_t)c.samples * shard_i / shard_n;
    c.count = (uint64_t)c.samples * (shard_i + 1) / shard_n - c.first;
    double *phases = malloc(sizeof(double) * (c.count ? c.count : 1) * c.impacts), *gammas = malloc(sizeof(double) * (c.count ? c.count : 1));
    uint32_t *recorded = malloc(sizeof(uint32_t) * (c.count ? c.count : 1));
    if (!phases || !gammas || !recorded) { free(phases); free(gammas); free(recorded); return fail("sweep: out of memory for the phases"); }
    edpd_error err;
    double t0 = now_seconds();
    if (edpd_table_sweep(&c, phases, recorded, &err) != EDPD_OK) { free(phases); free(gammas); free(recorded); return fail(err.message); }
    double wall = now_seconds() - t0;
    for (uint64_t k = 0; k < c.count; k++) {
        gammas[k] = edpd_table_sweep_gamma(&c, c.first + k);
        for (uint32_t m = recorded[k]; m < c.impacts; m++) phases[k * c.impacts + m] = NAN;  /* none recorded: null */
    }
    table_rows rows = {edpd_detector_name(c.detector), c.restitution, c.phase, c.gamma_from, c.gamma_to, c.transient, c.impacts, c.max_events,
                       c.samples, c.first, c.count, shard_i, shard_n, gammas, phases, recorded};
    if (json) table_rows_json(&rows, wall);
    else table_rows_text(&rows, wall);
    free(phases); free(gammas); free(recorded);
    return 0;
}
