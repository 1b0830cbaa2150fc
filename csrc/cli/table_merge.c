/* edpd merge of vibrating-table sweep shards (`edpd sweep --scenario table --shard i/n --json`):
 * the shards of one sweep, checked to agree and to cover its values of Gamma exactly once, joined
 * into the whole sweep's rows (table_rows.h), as JSON or text. */
#include "table_merge.h"
#include "table_rows.h"
#include "shard_file.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_IMPACTS 4096u     /* sweep --impacts */
#define MAX_SAMPLES 100000u   /* sweep --samples */

typedef struct table_shard {
    char detector[32];
    double restitution, phase, gamma_from, gamma_to;
    uint64_t transient, impacts, max_events, samples, first, index, count;
    uint64_t rows;            /* its values of Gamma */
    double *gammas, *phases;  /* rows, rows x impacts */
} table_shard;

/* Where a key's value starts, or NULL (also for a key given twice). */
static const char *after_key(const char *json, const char *key) {
    int twice = 0;
    const char *p = shard_file_key(json, key, &twice);
    return twice ? NULL : p;
}

static int number(const char *json, const char *key, double lo, double hi, double *out) {
    const char *p = after_key(json, key);
    char *end;
    if (!p) return 0;
    *out = strtod(p, &end);
    return end != p && *out >= lo && *out <= hi;
}

static int whole(const char *json, const char *key, uint64_t hi, uint64_t *out) {
    double v;
    if (!number(json, key, 0.0, (double)hi, &v) || v != floor(v)) return 0;
    *out = (uint64_t)v;
    return 1;
}

/* Skips spaces, commas and newlines. */
static const char *skip(const char *p) { while (*p == ' ' || *p == ',' || *p == '\n') p++; return p; }

/* A number or null (NaN) at *p, moving *p past it; 0 if neither. */
static int entry(const char **p, double *out) {
    const char *q = skip(*p);
    if (strncmp(q, "null", 4) == 0) { *out = NAN; *p = q + 4; return 1; }
    char *end;
    *out = strtod(q, &end);
    if (end == q || !isfinite(*out)) return 0;
    *p = end;
    return 1;
}

/* "key": [x, ...] of exactly n entries (rows = 0) or [[...], ...] of n rows of cols (rows = 1). */
static int array(const char *json, const char *key, uint64_t n, uint64_t cols, double *out) {
    const char *p = after_key(json, key);
    if (!p || *p != '[') return 0;
    p++;
    for (uint64_t r = 0; r < n; r++) {
        if (cols) { p = skip(p); if (*p != '[') return 0; p++; }
        for (uint64_t c = 0; c < (cols ? cols : 1); c++)
            if (!entry(&p, &out[r * (cols ? cols : 1) + c])) return 0;
        if (cols) { p = skip(p); if (*p != ']') return 0; p++; }
    }
    p = skip(p);
    return *p == ']';
}

/* One shard read and checked in itself: 1, or 0 with the file and the field named in err. */
static int read_shard(const char *path, table_shard *s, char *err, size_t len) {
    const char *why = "";
    char *json = shard_file_read(path, TABLE_MAX_BYTES, &why);
    if (!json) { snprintf(err, len, "%s: cannot read the file (%s)", path, why); return 0; }
    const char *bad = NULL, *d = after_key(json, "detector");
    if (!d || sscanf(d, "\"%31[^\"]\"", s->detector) != 1) bad = "detector";
    else if (!number(json, "restitution", 0.0, 1.0, &s->restitution)) bad = "restitution: a number in [0, 1]";
    else if (!number(json, "phase", -1e3, 1e3, &s->phase)) bad = "phase: a number in [-1000, 1000]";
    else if (!number(json, "gamma_from", 0.01, 100.0, &s->gamma_from) || !number(json, "gamma_to", 0.01, 100.0, &s->gamma_to))
        bad = "gamma_from, gamma_to: numbers in [0.01, 100] (a shard of `edpd sweep --scenario table --json`)";
    else if (!whole(json, "transient", 1000000, &s->transient)) bad = "transient: a whole number in [0, 10^6]";
    else if (!whole(json, "impacts", MAX_IMPACTS, &s->impacts) || s->impacts < 1) bad = "impacts: a whole number in [1, 4096]";
    else if (!whole(json, "max_events", 1000000000, &s->max_events)) bad = "max_events: a whole number in [0, 10^9]";
    else if (!whole(json, "samples", MAX_SAMPLES, &s->samples) || s->samples < 1) bad = "samples: a whole number in [1, 100000]";
    else if (!whole(json, "shard_count", MAX_SAMPLES, &s->count) || s->count < 1 || !whole(json, "shard_index", s->count - 1, &s->index))
        bad = "shard_index, shard_count: 0 <= index < count";
    else if (!whole(json, "first", MAX_SAMPLES, &s->first) || s->first != s->samples * s->index / s->count) bad = "first: the first sample of its shard";
    if (!bad) {
        s->rows = s->samples * (s->index + 1) / s->count - s->first;
        s->gammas = malloc(sizeof(double) * (s->rows ? s->rows : 1));
        s->phases = malloc(sizeof(double) * (s->rows ? s->rows : 1) * s->impacts);
        if (!s->gammas || !s->phases) bad = "out of memory";
        else if (!array(json, "gamma", s->rows, 0, s->gammas)) bad = "gamma: one number per value of Gamma of its shard";
        else if (!array(json, "phases", s->rows, s->impacts, s->phases)) bad = "phases: one row of `impacts` numbers or nulls per value of Gamma";
    }
    free(json);
    if (bad) snprintf(err, len, "%s: %s", path, bad);
    return !bad;
}

static int same_sweep(const table_shard *a, const table_shard *b) {
    return strcmp(a->detector, b->detector) == 0 && a->restitution == b->restitution && a->phase == b->phase &&
           a->gamma_from == b->gamma_from && a->gamma_to == b->gamma_to && a->transient == b->transient && a->impacts == b->impacts &&
           a->max_events == b->max_events && a->samples == b->samples && a->count == b->count;
}

static int by_index(const void *x, const void *y) {
    const table_shard *a = x, *b = y;
    return (a->index > b->index) - (a->index < b->index);
}

/* The shards in order, each once, all of one sweep: 1, or 0 with the reason in err. */
static int cover(table_shard *s, int n, char *err, size_t len) {
    qsort(s, (size_t)n, sizeof *s, by_index);
    for (int k = 0; k < n; k++) {
        if (!same_sweep(&s[k], &s[0])) {
            snprintf(err, len, "shard %llu/%llu belongs to another sweep than shard %llu/%llu (detector, restitution, phase, gamma_from, gamma_to, "
                     "transient, impacts, max_events, samples and shard_count must agree)", (unsigned long long)s[k].index,
                     (unsigned long long)s[k].count, (unsigned long long)s[0].index, (unsigned long long)s[0].count);
            return 0;
        }
        if (s[k].index != (uint64_t)k) {
            snprintf(err, len, "shard %llu/%llu is %s", (unsigned long long)(s[k].index < (uint64_t)k ? s[k].index : (uint64_t)k),
                     (unsigned long long)s[0].count, s[k].index < (uint64_t)k ? "given twice" : "missing");
            return 0;
        }
    }
    if ((uint64_t)n != s[0].count) { snprintf(err, len, "shard %d/%llu is missing", n, (unsigned long long)s[0].count); return 0; }
    return 1;
}

int cmd_table_merge(int nfiles, char **files, int json) {
    table_shard *s = calloc((size_t)nfiles, sizeof *s);
    char err[512] = "";
    int ok = s != NULL;
    if (!ok) snprintf(err, sizeof err, "out of memory");
    for (int k = 0; k < nfiles && ok; k++) ok = read_shard(files[k], &s[k], err, sizeof err);
    ok = ok && cover(s, nfiles, err, sizeof err);
    uint64_t total = ok ? s[0].samples : 0, impacts = ok ? s[0].impacts : 0;
    double *gammas = ok ? malloc(sizeof(double) * total) : NULL, *phases = ok ? malloc(sizeof(double) * total * impacts) : NULL;
    uint32_t *recorded = ok ? calloc(total, sizeof(uint32_t)) : NULL;
    if (ok && (!gammas || !phases || !recorded)) { ok = 0; snprintf(err, sizeof err, "out of memory"); }
    for (int k = 0; ok && k < nfiles; k++) {
        memcpy(gammas + s[k].first, s[k].gammas, sizeof(double) * s[k].rows);
        memcpy(phases + s[k].first * impacts, s[k].phases, sizeof(double) * s[k].rows * impacts);
    }
    for (uint64_t r = 0; ok && r < total; r++)  /* a row's recorded phases come first, NaN after */
        while (recorded[r] < impacts && !isnan(phases[r * impacts + recorded[r]])) recorded[r]++;
    if (ok) {
        table_rows rows = {s[0].detector, s[0].restitution, s[0].phase, s[0].gamma_from, s[0].gamma_to, (uint32_t)s[0].transient, (uint32_t)impacts,
                           s[0].max_events, total, 0, total, 0, 1, gammas, phases, recorded};
        if (json) table_rows_json(&rows, NAN);
        else { printf("merged %d shards: ", nfiles); table_rows_text(&rows, NAN); }
    }
    for (int k = 0; s && k < nfiles; k++) { free(s[k].gammas); free(s[k].phases); }
    free(s); free(gammas); free(phases); free(recorded);
    if (!ok) { fprintf(stderr, "edpd: merge: %s\n", err); return 2; }
    return 0;
}
