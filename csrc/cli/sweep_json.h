#ifndef EDPD_CLI_SWEEP_JSON_H
#define EDPD_CLI_SWEEP_JSON_H
/* The JSON object of a sweep result, shared by `edpd sweep` and `edpd merge`. */
#include "edpd/edpd.h"
#include "edpd/ball_sweep.h"
#include "json.h"

typedef struct sweep_meta {
    const char *detector;
    double restitution, gravity, t_max;  /* what one sample runs under: shards of one sweep share it */
    uint64_t max_events, collapse_window;
    uint64_t seed, total_samples, first_sample;
    uint64_t shard_index, shard_count;  /* --shard i/n (0/1: the whole sweep) */
} sweep_meta;

/* Writes every field of the result (fractions, means, histogram) into an open object. */
void sweep_json_fields(json_out *j, const sweep_meta *m, const edpd_sweep_result *r);

#endif
