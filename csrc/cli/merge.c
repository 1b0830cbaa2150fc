/* edpd merge: combine the JSON results of `edpd sweep ... --shard i/n --json` into the result
 * of the whole sweep (shards must come from one sweep and cover it exactly once); a vibrating
 * table's shards go to table_merge.c. */
#include "merge.h"
#include "table_merge.h"
#include "shard_file.h"
#include "edpd/ball_sweep.h"
#include "json.h"
#include "sweep_json.h"
#include "edpd/edpd.h"
#include <errno.h>
#include <stdarg.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct shard {
    char detector[32];
    double restitution, gravity, t_max;
    uint64_t max_events, collapse_window;
    uint64_t seed, total, first, index, count;  /* count: the sweep's shards (--shard index/count) */
    edpd_sweep_result r;  /* final_time_min/max are NaN when every sample halted */
} shard;

#define MERGE_MAX_SAMPLES 100000000ull  /* sweep --samples */
#define MERGE_MAX_SHARDS 100000ull      /* sweep --shard */

#define MERGE_MAX_BYTES (1u << 22)  /* a ball sweep's shard is a few kB */

/* A count: digits only (no sign, which strtoull would wrap), at most 2^64 - 1. Sets *end. */
static int read_count(const char *p, uint64_t *out, const char **end) {
    if (!p || *p < '0' || *p > '9') return 0;
    errno = 0;
    char *e;
    *out = strtoull(p, &e, 10);
    *end = e;
    return errno != ERANGE;
}

typedef struct reader { const char *json, *path, *bad; int twice; char *err; size_t len; } reader;

/* Each reader sets *out and returns 1, or names the field in err and returns 0. */
static int get_u64(reader *rd, const char *key, uint64_t *out) {
    const char *end, *p = shard_file_key(rd->json, key, &rd->twice);
    if (read_count(p, out, &end) && !rd->twice) return 1;
    snprintf(rd->err, rd->len, "%s: %s: %s", rd->path, key, rd->twice ? "given twice" : p ? "must be a whole number in [0, 2^64)" : "missing (not a result of `edpd sweep --json`)");
    return 0;
}
static int get_num(reader *rd, const char *key, double lo, double hi, double *out) {
    const char *p = shard_file_key(rd->json, key, &rd->twice);
    char *end = NULL;
    if (p) *out = strtod(p, &end);
    if (p && end != p && !rd->twice && *out >= lo && *out <= hi) return 1;
    snprintf(rd->err, rd->len, "%s: %s: %s in [%g, %g]", rd->path, key, rd->twice ? "given twice; must be one number" : "must be a number", lo, hi);
    return 0;
}
static int refuse(reader *rd, const char *fmt, ...) {
    char what[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    snprintf(rd->err, rd->len, "%s: %s", rd->path, what);
    return 0;
}

/* The counts of one shard agree with each other: every sample ends one way, the histogram
 * holds each halt once, and the shard is the part --shard index/count gives of [0, total). */
static int consistent(reader *rd, const shard *s) {
    const edpd_sweep_result *r = &s->r;
    if (s->total < 1 || s->total > MERGE_MAX_SAMPLES) return refuse(rd, "total_samples: must be in [1, %llu], got %llu", MERGE_MAX_SAMPLES, (unsigned long long)s->total);
    if (s->count < 1 || s->count > MERGE_MAX_SHARDS || s->index >= s->count)
        return refuse(rd, "shard_index %llu of shard_count %llu: must be 0 <= index < count <= %llu", (unsigned long long)s->index,
                      (unsigned long long)s->count, MERGE_MAX_SHARDS);
    uint64_t first = s->total * s->index / s->count, samples = s->total * (s->index + 1) / s->count - first;
    if (s->first != first) return refuse(rd, "first_sample: must be %llu for its shard, got %llu", (unsigned long long)first, (unsigned long long)s->first);
    if (r->samples != samples) return refuse(rd, "samples: must be %llu for its shard, got %llu", (unsigned long long)samples, (unsigned long long)r->samples);
    if (r->halted > r->samples) return refuse(rd, "halted: must be at most samples (%llu), got %llu", (unsigned long long)r->samples, (unsigned long long)r->halted);
    if (r->collapsed > r->samples - r->halted || r->exhausted > r->samples - r->halted - r->collapsed)
        return refuse(rd, "collapsed + budget_exhausted: must be at most the samples that did not halt (%llu), got %llu",
                      (unsigned long long)(r->samples - r->halted), (unsigned long long)r->collapsed + r->exhausted);
    if (r->fell_through > r->samples - r->halted)
        return refuse(rd, "fell_through: must be at most the samples that did not halt (%llu), got %llu",
                      (unsigned long long)(r->samples - r->halted), (unsigned long long)r->fell_through);
    uint64_t in_hist = 0;
    for (int k = 0; k < EDPD_SWEEP_HIST; k++) in_hist += r->hist_events_at_halt[k];  /* each <= 2^64 / 2^8: no wrap */
    if (in_hist != r->halted) return refuse(rd, "events_at_halt_histogram: must hold each halt once (%llu), holds %llu", (unsigned long long)r->halted,
                                        (unsigned long long)in_hist);
    return 1;
}

/* A shard's result, read and checked: 1, or 0 with the file and the field named in err. */
static int parse(const char *path, shard *s, char *err, size_t len) {
    const char *why = "";
    char *json = shard_file_read(path, MERGE_MAX_BYTES, &why);
    if (!json) { snprintf(err, len, "%s: cannot read the file (%s)", path, why); return 0; }
    memset(s, 0, sizeof *s);
    reader rd = {json, path, NULL, 0, err, len};
    edpd_sweep_result *r = &s->r;
    const char *d = shard_file_key(json, "detector", &rd.twice);
    edpd_detector det;
    int ok = d && *d == '"' && sscanf(d + 1, "%31[^\"]", s->detector) == 1 && edpd_detector_from_name(s->detector, &det) && !rd.twice;
    if (!ok) snprintf(err, len, "%s: detector: must be one of stable, naive-halt, naive-miss, naive-rewind", path);
    ok = ok && get_num(&rd, "restitution", 0.0, 1.0, &s->restitution) && get_num(&rd, "gravity", 1e-6, 1e6, &s->gravity) &&
         get_u64(&rd, "max_events", &s->max_events) && get_num(&rd, "t_max", 1e-9, 1e9, &s->t_max) &&
         get_u64(&rd, "collapse_window", &s->collapse_window) && get_u64(&rd, "seed", &s->seed) &&
         get_u64(&rd, "total_samples", &s->total) && get_u64(&rd, "first_sample", &s->first) &&
         get_u64(&rd, "shard_index", &s->index) && get_u64(&rd, "shard_count", &s->count) &&
         get_u64(&rd, "samples", &r->samples) && get_u64(&rd, "halted", &r->halted) &&
         get_u64(&rd, "fell_through", &r->fell_through) && get_u64(&rd, "collapsed", &r->collapsed) &&
         get_u64(&rd, "budget_exhausted", &r->exhausted) && get_u64(&rd, "events_at_halt_sum", &r->events_at_halt_sum) &&
         get_num(&rd, "final_time_sum", 0.0, 1e300, &r->final_time_sum);
    r->final_time_min = r->final_time_max = NAN;
    int unused = 0;
    const char *p;
    char *end;
    if ((p = shard_file_key(json, "final_time_min", &unused))) r->final_time_min = strtod(p, &end); /* null when every sample halted */
    if ((p = shard_file_key(json, "final_time_max", &unused))) r->final_time_max = strtod(p, &end);
    const char *h = ok ? shard_file_key(json, "events_at_halt_histogram", &rd.twice) : NULL;
    if (ok && !(h && *h == '[' && !rd.twice)) ok = refuse(&rd, "events_at_halt_histogram: missing or given twice");
    if (ok) h++;
    for (int k = 0; k < EDPD_SWEEP_HIST && ok; k++) {
        const char *e;
        if (!read_count(h, &r->hist_events_at_halt[k], &e) || r->hist_events_at_halt[k] > (UINT64_MAX >> 8))
            ok = refuse(&rd, "events_at_halt_histogram: entry %d must be a whole number below 2^56", k);
        else h = e;
        while (*h == ',' || *h == ' ') h++;
    }
    ok = ok && consistent(&rd, s);
    free(json);
    return ok;
}

/* Whether the first file given is a vibrating-table sweep's shard ("scenario": "table"). */
static int table_shards(int argc, char **argv) {
    for (int k = 2; k < argc; k++) {
        if (strcmp(argv[k], "--json") == 0) continue;
        const char *why;
        char *json = shard_file_read(argv[k], TABLE_MAX_BYTES, &why);
        int table = json && strstr(json, "\"scenario\": \"table\"") != NULL;
        free(json);
        return table;
    }
    return 0;
}

static int by_first(const void *a, const void *b) {  /* then by index: empty shards share a first */
    const shard *x = a, *y = b;
    return x->first != y->first ? (x->first < y->first ? -1 : 1) : (x->index > y->index) - (x->index < y->index);
}

int cmd_merge(int argc, char **argv) {
    int json = 0, nfiles = 0;
    for (int k = 2; k < argc; k++) {
        if (strcmp(argv[k], "--json") == 0) json = 1;
        else if (argv[k][0] == '-' && argv[k][1] == '-') { fprintf(stderr, "edpd: merge: unknown flag '%s' (allowed: --json)\n", argv[k]); return 2; }
        else nfiles++;
    }
    if (nfiles == 0) { fprintf(stderr, "edpd: merge: give the shard files: edpd merge shard-*.json [--json]\n"); return 2; }
    if (table_shards(argc, argv)) {  /* shards of `edpd sweep --scenario table` */
        char **files = malloc(sizeof(char *) * (size_t)nfiles);
        if (!files) { fprintf(stderr, "edpd: merge: out of memory\n"); return 1; }
        for (int k = 2, m = 0; k < argc; k++) if (strcmp(argv[k], "--json") != 0) files[m++] = argv[k];
        int code = cmd_table_merge(nfiles, files, json);
        free(files);
        return code;
    }
    shard *s = calloc((size_t)nfiles, sizeof *s);
    if (!s) { fprintf(stderr, "edpd: merge: out of memory\n"); return 1; }
    char err[512];
    int n = 0;
    for (int k = 2; k < argc; k++) {
        if (strcmp(argv[k], "--json") == 0) continue;
        if (!parse(argv[k], &s[n++], err, sizeof err)) { fprintf(stderr, "edpd: merge: %s\n", err); free(s); return 2; }
    }
    qsort(s, (size_t)n, sizeof *s, by_first);
    shard t = s[0];
    uint64_t next = 0;
    for (int k = 0; k < n; k++) {
        if (strcmp(s[k].detector, t.detector) != 0 || s[k].seed != t.seed || s[k].total != t.total || s[k].restitution != t.restitution ||
            s[k].gravity != t.gravity || s[k].max_events != t.max_events || s[k].t_max != t.t_max ||
            s[k].collapse_window != t.collapse_window || s[k].count != t.count) {
            fprintf(stderr, "edpd: merge: shard %llu/%llu belongs to another sweep than shard %llu/%llu (detector, seed, restitution, gravity, "
                    "max_events, t_max, collapse_window, total_samples and shard_count must agree)\n", (unsigned long long)s[k].index, (unsigned long long)s[k].count,
                    (unsigned long long)t.index, (unsigned long long)t.count);
            free(s);
            return 2;
        }
        if (k > 0 && s[k].index == s[k - 1].index) {
            fprintf(stderr, "edpd: merge: shard %llu/%llu is given twice\n", (unsigned long long)s[k].index, (unsigned long long)s[k].count);
            free(s);
            return 2;
        }
        if (s[k].first != next) {
            fprintf(stderr, "edpd: merge: samples %llu.. are %s (shards must cover [0, %llu) exactly once)\n",
                    (unsigned long long)next, s[k].first > next ? "missing" : "duplicated", (unsigned long long)t.total);
            free(s);
            return 2;
        }
        next += s[k].r.samples;
        if (k == 0) continue;
        edpd_sweep_result *a = &t.r;
        const edpd_sweep_result *b = &s[k].r;
        a->samples += b->samples; a->halted += b->halted; a->fell_through += b->fell_through;
        a->collapsed += b->collapsed; a->exhausted += b->exhausted;
        a->events_at_halt_sum += b->events_at_halt_sum; a->final_time_sum += b->final_time_sum;
        a->final_time_min = fmin(a->final_time_min, b->final_time_min); /* fmin/fmax skip NaN */
        a->final_time_max = fmax(a->final_time_max, b->final_time_max);
        for (int h = 0; h < EDPD_SWEEP_HIST; h++) a->hist_events_at_halt[h] += b->hist_events_at_halt[h];
    }
    free(s);
    if (next != t.total) {
        fprintf(stderr, "edpd: merge: samples %llu..%llu are missing\n", (unsigned long long)next, (unsigned long long)t.total);
        return 2;
    }
    if (json) {
        json_out j;
        json_open(&j, stdout);
        sweep_meta m = {t.detector, t.restitution, t.gravity, t.t_max, t.max_events, t.collapse_window, t.seed, t.total, 0, 0, 1};
        sweep_json_fields(&j, &m, &t.r);
        json_close(&j);
    } else {
        double ns = (double)t.r.samples;
        printf("merged %d shards: %s, %llu samples: halted %.6f, fell through %.6f, collapsed %.6f\n", n, t.detector,
               (unsigned long long)t.r.samples, (double)t.r.halted / ns, (double)t.r.fell_through / ns, (double)t.r.collapsed / ns);
    }
    return 0;
}
