/* edpd merge: combine the JSON results of `edpd sweep ... --shard i/n --json` into the result
 * of the whole sweep (shards must come from one sweep and cover it exactly once). */
#include "merge.h"
#include "json.h"
#include "../edpd.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct shard {
    char detector[32];
    double restitution;
    uint64_t seed, total, first, samples, halted, fell, collapsed, exhausted, halt_sum;
    double final_sum, final_min, final_max; /* min/max NaN when every sample halted */
    uint64_t hist[EDPD_SWEEP_HIST];
} shard;

static char *read_all(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    if (n < 0 || n > (1 << 22)) { fclose(f); return NULL; }
    char *buf = malloc((size_t)n + 1);
    if (!buf) { fclose(f); return NULL; }
    size_t got = fread(buf, 1, (size_t)n, f);
    buf[got] = 0;
    fclose(f);
    return buf;
}

/* Pointer just after `"key":` (and spaces), or NULL. */
static const char *field(const char *json, const char *key) {
    char pat[64];
    snprintf(pat, sizeof pat, "\"%s\":", key);
    const char *p = strstr(json, pat);
    if (!p) return NULL;
    p += strlen(pat);
    while (*p == ' ') p++;
    return p;
}

static int get_u64(const char *json, const char *key, uint64_t *out) {
    const char *p = field(json, key);
    if (!p) return 0;
    char *end;
    *out = strtoull(p, &end, 10);
    return end != p;
}
static int get_num(const char *json, const char *key, double *out) {
    const char *p = field(json, key);
    if (!p) return 0;
    char *end;
    *out = strtod(p, &end);
    return end != p;
}

static int parse(const char *path, shard *s, char *err, size_t len) {
    char *json = read_all(path);
    if (!json) { snprintf(err, len, "%s: cannot read the file", path); return 0; }
    memset(s, 0, sizeof *s);
    const char *d = field(json, "detector");
    int ok = d && *d == '"' && sscanf(d + 1, "%31[^\"]", s->detector) == 1;
    ok = ok && get_num(json, "restitution", &s->restitution) && get_u64(json, "seed", &s->seed) &&
         get_u64(json, "total_samples", &s->total) && get_u64(json, "first_sample", &s->first) &&
         get_u64(json, "samples", &s->samples) && get_u64(json, "halted", &s->halted) &&
         get_u64(json, "fell_through", &s->fell) && get_u64(json, "collapsed", &s->collapsed) &&
         get_u64(json, "budget_exhausted", &s->exhausted) && get_u64(json, "events_at_halt_sum", &s->halt_sum) &&
         get_num(json, "final_time_sum", &s->final_sum);
    s->final_min = s->final_max = NAN;
    get_num(json, "final_time_min", &s->final_min); /* null when every sample halted */
    get_num(json, "final_time_max", &s->final_max);
    const char *h = field(json, "events_at_halt_histogram");
    if (ok && h && *h == '[') {
        h++;
        for (int k = 0; k < EDPD_SWEEP_HIST && ok; k++) {
            char *end;
            s->hist[k] = strtoull(h, &end, 10);
            if (end == h) ok = 0;
            h = end;
            while (*h == ',' || *h == ' ') h++;
        }
    } else ok = 0;
    free(json);
    if (!ok) snprintf(err, len, "%s: not a sweep result of `edpd sweep --json` (missing or malformed fields)", path);
    return ok;
}

static int by_first(const void *a, const void *b) {
    const shard *x = a, *y = b;
    return x->first < y->first ? -1 : x->first > y->first;
}

int cmd_merge(int argc, char **argv) {
    int json = 0, nfiles = 0;
    for (int k = 2; k < argc; k++) {
        if (strcmp(argv[k], "--json") == 0) json = 1;
        else if (argv[k][0] == '-' && argv[k][1] == '-') { fprintf(stderr, "edpd: merge: unknown flag '%s' (allowed: --json)\n", argv[k]); return 2; }
        else nfiles++;
    }
    if (nfiles == 0) { fprintf(stderr, "edpd: merge: give the shard files: edpd merge shard-*.json [--json]\n"); return 2; }
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
        if (strcmp(s[k].detector, t.detector) != 0 || s[k].seed != t.seed || s[k].total != t.total || s[k].restitution != t.restitution) {
            fprintf(stderr, "edpd: merge: shard %d belongs to another sweep (detector, seed, restitution and total_samples must agree)\n", k);
            free(s);
            return 2;
        }
        if (s[k].first != next) {
            fprintf(stderr, "edpd: merge: samples %llu.. are %s (shards must cover [0, %llu) exactly once)\n",
                    (unsigned long long)next, s[k].first > next ? "missing" : "duplicated", (unsigned long long)t.total);
            free(s);
            return 2;
        }
        next += s[k].samples;
        if (k == 0) continue;
        t.samples += s[k].samples; t.halted += s[k].halted; t.fell += s[k].fell; t.collapsed += s[k].collapsed;
        t.exhausted += s[k].exhausted; t.halt_sum += s[k].halt_sum; t.final_sum += s[k].final_sum;
        t.final_min = fmin(t.final_min, s[k].final_min); /* fmin/fmax skip NaN (no sample finished) */
        t.final_max = fmax(t.final_max, s[k].final_max);
        for (int b = 0; b < EDPD_SWEEP_HIST; b++) t.hist[b] += s[k].hist[b];
    }
    free(s);
    if (next != t.total) {
        fprintf(stderr, "edpd: merge: samples %llu..%llu are missing\n", (unsigned long long)next, (unsigned long long)t.total);
        return 2;
    }
    double ns = (double)t.samples, nh = (double)t.halted;
    if (json) {
        json_out j;
        json_open(&j, stdout);
        json_str(&j, "scenario", "bouncing-ball");
        json_str(&j, "detector", t.detector);
        json_num(&j, "restitution", t.restitution);
        json_u64(&j, "seed", t.seed);
        json_u64(&j, "total_samples", t.total);
        json_u64(&j, "first_sample", 0);
        json_u64(&j, "samples", t.samples);
        json_u64(&j, "halted", t.halted);
        json_u64(&j, "fell_through", t.fell);
        json_u64(&j, "collapsed", t.collapsed);
        json_u64(&j, "budget_exhausted", t.exhausted);
        json_u64(&j, "events_at_halt_sum", t.halt_sum);
        json_num(&j, "final_time_sum", t.final_sum);
        json_num(&j, "final_time_min", t.final_min);
        json_num(&j, "final_time_max", t.final_max);
        json_num(&j, "halted_fraction", nh / ns);
        json_num(&j, "mean_events_at_halt", nh > 0 ? (double)t.halt_sum / nh : NAN);
        json_num(&j, "mean_final_time", ns > nh ? t.final_sum / (ns - nh) : NAN);
        json_num(&j, "fell_through_fraction", (double)t.fell / ns);
        json_num(&j, "collapse_fraction", (double)t.collapsed / ns);
        json_u64_array(&j, "events_at_halt_histogram", t.hist, EDPD_SWEEP_HIST);
        json_close(&j);
    } else {
        printf("merged %d shards: %s, %llu samples: halted %.6f, fell through %.6f, collapsed %.6f\n", n, t.detector,
               (unsigned long long)t.samples, nh / ns, (double)t.fell / ns, (double)t.collapsed / ns);
    }
    return 0;
}
