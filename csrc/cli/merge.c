/* edpd merge: combine the JSON results of `edpd sweep ... --shard i/n --json` into the result
 * of the whole sweep (shards must come from one sweep and cover it exactly once). */
#include "merge.h"
#include "../experiments/ball_sweep.h"
#include "json.h"
#include "sweep_json.h"
#include "../edpd.h"
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

typedef struct shard {
    char detector[32];
    double restitution;
    uint64_t seed, total, first;
    edpd_sweep_result r;  /* final_time_min/max are NaN when every sample halted */
} shard;

/* The whole file, or NULL with *why set: sweep results are small regular files. */
static char *read_all(const char *path, const char **why) {
    FILE *f = fopen(path, "rb");
    if (!f) { *why = strerror(errno); return NULL; }
    struct stat st;  /* a directory opens for reading on Linux */
    if (fstat(fileno(f), &st) != 0 || !S_ISREG(st.st_mode) || st.st_size > (1 << 22)) {
        *why = S_ISDIR(st.st_mode) ? "it is a directory" : !S_ISREG(st.st_mode) ? "not a regular file" : "larger than 4 MB, not a sweep result";
        fclose(f);
        return NULL;
    }
    size_t n = (size_t)st.st_size;
    char *buf = malloc(n + 1);
    if (!buf) { fclose(f); *why = "out of memory"; return NULL; }
    size_t got = fread(buf, 1, n, f);
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
    const char *why = "";
    char *json = read_all(path, &why);
    if (!json) { snprintf(err, len, "%s: cannot read the file (%s)", path, why); return 0; }
    memset(s, 0, sizeof *s);
    const char *d = field(json, "detector");
    int ok = d && *d == '"' && sscanf(d + 1, "%31[^\"]", s->detector) == 1;
    edpd_sweep_result *r = &s->r;
    ok = ok && get_num(json, "restitution", &s->restitution) && get_u64(json, "seed", &s->seed) &&
         get_u64(json, "total_samples", &s->total) && get_u64(json, "first_sample", &s->first) &&
         get_u64(json, "samples", &r->samples) && get_u64(json, "halted", &r->halted) &&
         get_u64(json, "fell_through", &r->fell_through) && get_u64(json, "collapsed", &r->collapsed) &&
         get_u64(json, "budget_exhausted", &r->exhausted) && get_u64(json, "events_at_halt_sum", &r->events_at_halt_sum) &&
         get_num(json, "final_time_sum", &r->final_time_sum);
    r->final_time_min = r->final_time_max = NAN;
    get_num(json, "final_time_min", &r->final_time_min); /* null when every sample halted */
    get_num(json, "final_time_max", &r->final_time_max);
    const char *h = field(json, "events_at_halt_histogram");
    if (ok && h && *h == '[') {
        h++;
        for (int k = 0; k < EDPD_SWEEP_HIST && ok; k++) {
            char *end;
            r->hist_events_at_halt[k] = strtoull(h, &end, 10);
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
        sweep_meta m = {t.detector, t.restitution, t.seed, t.total, 0};
        sweep_json_fields(&j, &m, &t.r);
        json_close(&j);
    } else {
        double ns = (double)t.r.samples;
        printf("merged %d shards: %s, %llu samples: halted %.6f, fell through %.6f, collapsed %.6f\n", n, t.detector,
               (unsigned long long)t.r.samples, (double)t.r.halted / ns, (double)t.r.fell_through / ns, (double)t.r.collapsed / ns);
    }
    return 0;
}
