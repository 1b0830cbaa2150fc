/* edpd run's options and collected rows (run.c), shared with its report (run_report.c). */
#ifndef EDPD_CLI_RUN_H
#define EDPD_CLI_RUN_H
#include "edpd/edpd.h"
#include "edpd/xyz.h"
#include "observe.h"
#include "seeds.h"
#include <stdint.h>

/* Everything a run's flags say, and what --load read. */
typedef struct run_opts {
    edpd_config c;
    const char *load_path, *dump_path, *trajectory_path, *event_log_path;
    int frame, json, progress, have_events, have_time, have_until;
    int dim_given, gravity_given, restitution_given, tc_given, potential_given, steps_given;
    int jamming;                  /* --scenario jamming: elastic, growing, a 50:50 mixture 1 : 1.4 unless --species */
    int species_given, n_given;
    const char *wall_restitutions;  /* --wall-restitutions: read once --dim is known */
    double until_phi;             /* --until-packing-fraction: the compression's end (0: not given) */
    uint64_t events, checkpoint;
    uint64_t trajectory_every;    /* --trajectory-every K: a frame at every K-th --series sample (1) */
    double t_end, until, equilibrate, elastic_for, series_dt;
    double density;               /* --density: the number density n sigma^dim, 0 if not given */
    int packing_given;
    double start;                 /* the clock at the start: a loaded state's Time, else 0 */
    int file_restitution, file_tc, loaded_frame, loaded_frames;
    edpd_xyz_state loaded;             /* what --load read; freed once the world is made */
    observe_opts obs;             /* --observe, --sample-dt */
    observe_result obs_r;
    int seeds;                    /* --seeds K: Z over K independent runs (0: this run's blocks) */
    seeds_result *seeds_r;
} run_opts;

/* The rows a run collects: --series (time, kT, collisions, Z, overlaps, U) or --checkpoint-events. */
enum { SERIES_COLS = 6, CHECK_COLS = 8 };
typedef struct run_rows { double *v; int count, cols; } run_rows;

/* The run's result as one JSON object (docs/cli.md lists the fields), or as text; eps: events per second. */
void run_print_json(edpd_world *w, const run_opts *o, const run_rows *rows, double eps);
void run_print_text(edpd_world *w, const run_opts *o, double eps);

#endif
