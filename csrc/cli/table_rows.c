/* A vibrating-table sweep's rows written out (table_rows.h). */
#include "table_rows.h"
#include "json.h"
#include <math.h>
#include <stdio.h>

/* Distinct values among n phases in [0, 1), within tol of each other on the circle. */
static int distinct_phases(const double *p, uint32_t n, double tol) {
    int count = 0;
    for (uint32_t i = 0; i < n; i++) {
        int seen = 0;
        for (uint32_t j = 0; j < i && !seen; j++) {
            double d = fabs(p[i] - p[j]);
            seen = (d < 1.0 - d ? d : 1.0 - d) < tol;
        }
        count += !seen;
    }
    return count;
}

void table_rows_json(const table_rows *r, double seconds) {
    json_out j;
    json_open(&j, stdout);
    json_str(&j, "scenario", "table");
    json_str(&j, "detector", r->detector);
    json_num(&j, "restitution", r->restitution);
    json_num(&j, "phase", r->phase);
    json_num(&j, "gamma_from", r->gamma_from);
    json_num(&j, "gamma_to", r->gamma_to);
    json_u64(&j, "transient", r->transient);
    json_u64(&j, "impacts", r->impacts);
    json_u64(&j, "max_events", r->max_events);
    json_u64(&j, "samples", r->samples);
    json_u64(&j, "first", r->first);
    json_u64(&j, "shard_index", r->shard_index);
    json_u64(&j, "shard_count", r->shard_count);
    json_num_array(&j, "gamma", r->gammas, (int)r->count);
    json_num_rows(&j, "phases", r->phases, (int)r->count, (int)r->impacts);
    json_num(&j, "seconds", seconds);
    json_close(&j);
}

void table_rows_text(const table_rows *r, double seconds) {
    printf("vibrated-table sweep, %s detector, e = %g, %llu values of Gamma, %u impacts each after %u periods",
           r->detector, r->restitution, (unsigned long long)r->count, r->impacts, r->transient);
    if (isfinite(seconds)) printf(", in %.2f s", seconds);  /* a merge's shards ran apart */
    printf("\n");
    for (uint64_t k = 0; k < r->count; k++) {
        const double *p = r->phases + k * r->impacts;
        int d = distinct_phases(p, r->recorded[k], 1e-6);
        printf("Gamma %.4f: %u impacts on %d distinct phase%s", r->gammas[k], r->recorded[k], d, d == 1 ? "" : "s");
        if (d >= 1 && d <= 4) {
            printf(" (");
            for (uint32_t m = 0, shown = 0; m < r->recorded[k] && shown < (uint32_t)d; m++) {
                if (distinct_phases(p, m + 1, 1e-6) > (int)shown) { printf("%s%.6f", shown ? ", " : "", p[m]); shown++; }
            }
            printf(")");
        }
        printf("\n");
    }
}

