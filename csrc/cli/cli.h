/* What the CLI's commands share (main.c): messages, flag values, the clock, progress. */
#ifndef EDPD_CLI_H
#define EDPD_CLI_H
#include "edpd/edpd.h"
#include "args.h"

extern const char *const USAGE;
/* "edpd: msg" on stderr; returns 2, the exit status of bad input. */
int fail(const char *msg);
/* The value after the current flag (NULL at the end), consumed. */
const char *value_of(cli_args *a);
double now_seconds(void);
/* One run to t_end (by_time) or `events` events, in slices that report progress when `report`. */
edpd_stop advance_reporting(edpd_world *w, int by_time, double t_end, uint64_t events, uint64_t ev0, int report, edpd_error *err);
/* A naive run's first failure, in two lines. */
void print_failure(const edpd_failure *f);
/* edpd run (run.c). */
int cmd_run(cli_args *a);
/* edpd sweep --scenario table (table_sweep_cli.c). */
int cmd_table_sweep(cli_args *a);

#endif
