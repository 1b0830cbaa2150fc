/* A vibrating-table sweep's result, `edpd sweep --scenario table` (a shard's) or `edpd merge`'s
 * (the whole sweep): per Gamma the table's phase at each recorded impact (NaN: none), and how the
 * sweep was made; as JSON, or as text that counts the distinct phases of each Gamma (1: period 1,
 * 2: period 2, many: chaos). */
#ifndef EDPD_CLI_TABLE_ROWS_H
#define EDPD_CLI_TABLE_ROWS_H
#include <stdint.h>

typedef struct table_rows {
    const char *detector;
    double restitution, phase, gamma_from, gamma_to;
    uint32_t transient, impacts;
    uint64_t max_events;
    uint64_t samples, first, count;      /* the sweep's values of Gamma; these rows' first and count */
    uint64_t shard_index, shard_count;   /* the shard they are (0 of 1: the whole sweep) */
    const double *gammas, *phases;       /* count, and count x impacts */
    const uint32_t *recorded;            /* count: the phases recorded in each row */
} table_rows;

void table_rows_json(const table_rows *r, double seconds);
void table_rows_text(const table_rows *r, double seconds);

#endif
