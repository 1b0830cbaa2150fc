#include "sweep_json.h"
#include <math.h>

void sweep_json_fields(json_out *j, const sweep_meta *m, const edpd_sweep_result *r) {
    double ns = (double)r->samples, nh = (double)r->halted;
    int finished = r->samples > r->halted;
    json_str(j, "scenario", "bouncing-ball");
    json_str(j, "detector", m->detector);
    json_num(j, "restitution", m->restitution);
    json_num(j, "gravity", m->gravity);
    json_u64(j, "max_events", m->max_events);
    json_num(j, "t_max", m->t_max);
    json_u64(j, "collapse_window", m->collapse_window);
    json_u64(j, "seed", m->seed);
    json_u64(j, "total_samples", m->total_samples);
    json_u64(j, "first_sample", m->first_sample);
    json_u64(j, "shard_index", m->shard_index);
    json_u64(j, "shard_count", m->shard_count);
    json_u64(j, "samples", r->samples);
    json_u64(j, "halted", r->halted);
    json_u64(j, "fell_through", r->fell_through);
    json_u64(j, "collapsed", r->collapsed);
    json_u64(j, "budget_exhausted", r->exhausted);
    /* the rest ran to --t-max still bouncing: counted, so that the counts add up to the samples */
    json_u64(j, "t_max_reached", r->samples - r->halted - r->collapsed - r->exhausted);
    json_u64(j, "events_at_halt_sum", r->events_at_halt_sum);
    json_num(j, "final_time_sum", r->final_time_sum);
    json_num(j, "final_time_min", finished ? r->final_time_min : NAN);
    json_num(j, "final_time_max", finished ? r->final_time_max : NAN);
    json_num(j, "halted_fraction", ns > 0 ? nh / ns : NAN);
    json_num(j, "mean_events_at_halt", nh > 0 ? (double)r->events_at_halt_sum / nh : NAN);
    json_num(j, "mean_final_time", finished ? r->final_time_sum / (ns - nh) : NAN);
    json_num(j, "fell_through_fraction", ns > 0 ? (double)r->fell_through / ns : NAN);
    json_num(j, "collapse_fraction", ns > 0 ? (double)r->collapsed / ns : NAN);
    json_u64_array(j, "events_at_halt_histogram", r->hist_events_at_halt, EDPD_SWEEP_HIST);
}
