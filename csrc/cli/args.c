#include "args.h"
#include "edpd/schema.h"
#include <stddef.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int arg_fail(cli_args *a, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(a->error, sizeof a->error, fmt, ap);
    va_end(ap);
    return 0;
}

int arg_once(cli_args *a, const char *flag) {
    for (int k = 0; k < a->nseen; k++)
        if (strcmp(a->seen[k], flag) == 0) return arg_fail(a, "%s: given twice (give each flag once)", flag);
    if (a->nseen < CLI_MAX_FLAGS) a->seen[a->nseen++] = flag;
    return 1;
}

int arg_double(cli_args *a, const char *flag, const char *text, double lo, double hi, double *out) {
    if (!text) return arg_fail(a, "%s: needs a value (a number in [%g, %g])", flag, lo, hi);
    char *end = NULL;
    double v = strtod(text, &end);
    if (end == text || *end != 0 || isnan(v))
        return arg_fail(a, "%s: '%s' is not a number (allowed: [%g, %g])", flag, text, lo, hi);
    /* strtod's ERANGE is not an error here: an overflow gives inf, which fails the range test, and
     * an underflow (1e-320) is a valid tiny value */
    if (v < lo || v > hi) return arg_fail(a, "%s: %s is out of range (allowed: [%g, %g])", flag, text, lo, hi);
    *out = v;
    return 1;
}

int arg_shard(cli_args *a, const char *text, uint64_t *i, uint64_t *n) {
    unsigned long long si = 0, sn = 0;
    char extra;
    if (!text || sscanf(text, "%llu/%llu%c", &si, &sn, &extra) != 2 || sn < 1 || sn > 100000 || si >= sn)
        return arg_fail(a, "--shard: must be i/n with 0 <= i < n <= 100000, e.g. 0/8");
    *i = si; *n = sn;
    return 1;
}

int arg_u64(cli_args *a, const char *flag, const char *text, uint64_t lo, uint64_t hi, uint64_t *out) {
    if (!text) return arg_fail(a, "%s: needs a value (an integer in [%llu, %llu])", flag,
                               (unsigned long long)lo, (unsigned long long)hi);
    char *end = NULL;
    errno = 0;
    if (text[0] == '-') return arg_fail(a, "%s: '%s' must be an integer in [%llu, %llu]", flag, text,
                                        (unsigned long long)lo, (unsigned long long)hi);
    unsigned long long v = strtoull(text, &end, 10);
    if (end == text || *end != 0 || errno == ERANGE)
        return arg_fail(a, "%s: '%s' is not an integer (allowed: [%llu, %llu])", flag, text,
                        (unsigned long long)lo, (unsigned long long)hi);
    if (v < lo || v > hi) return arg_fail(a, "%s: %s is out of range (allowed: [%llu, %llu])", flag, text,
                                          (unsigned long long)lo, (unsigned long long)hi);
    *out = v;
    return 1;
}

int arg_field(cli_args *a, const char *flag, const char *text, const edpd_field *f, edpd_config *c) {
    double v;
    if (f->type == EDPD_FIELD_ENUM) {
        int k = text ? edpd_field_value(f, text) : -1;
        if (k < 0) {
            char names[160] = "";
            for (int j = 0; f->values[j]; j++) {
                if (f->offset == offsetof(edpd_config, scenario) && j == EDPD_SCENARIO_CUSTOM) break;  /* --load's */
                strncat(names, j ? ", " : "", sizeof names - strlen(names) - 1);
                strncat(names, f->values[j], sizeof names - strlen(names) - 1);
            }
            return arg_fail(a, "%s: must be one of %s, got '%.80s'", flag, names, text ? text : "");
        }
        v = k;
    } else {
        char *end = NULL;
        if (!text) return arg_fail(a, "%s: needs a value (%s)", flag, f->help);
        v = strtod(text, &end);
        if (end == text || *end != 0 || isnan(v))
            return arg_fail(a, "%s: '%.80s' is not a number (allowed: [%.10g, %.10g])", flag, text, f->min, f->max);
    }
    edpd_error err;
    if (edpd_field_set(c, f, v, &err) != EDPD_OK) {
        size_t skip = strlen(err.field) + 2;  /* "name: " — the flag names the field here */
        return arg_fail(a, "%s: %s", flag, strncmp(err.message, err.field, strlen(err.field)) == 0 ? err.message + skip : err.message);
    }
    return 1;
}

void print_field_help(FILE *out, int sweep) {
    fprintf(out, "Configuration flags (the core's schema: edpd_schema_json):\n");
    for (int k = 0; k < EDPD_FIELD_COUNT; k++) {
        const edpd_field *f = &EDPD_FIELDS[k];
        if (!f->flag || (sweep && f->offset != offsetof(edpd_config, detector) && f->offset != offsetof(edpd_config, restitution)
                         && f->offset != offsetof(edpd_config, seed) && f->offset != offsetof(edpd_config, collapse_window))) continue;
        char range[200];
        if (f->type == EDPD_FIELD_ENUM) {
            range[0] = 0;
            for (int j = 0; f->values[j]; j++) {
                if (f->offset == offsetof(edpd_config, scenario) && j == EDPD_SCENARIO_CUSTOM) break;  /* --load's */
                strncat(range, j ? "|" : "{", sizeof range - strlen(range) - 1);
                strncat(range, f->values[j], sizeof range - strlen(range) - 1);
            }
            strncat(range, "}", sizeof range - strlen(range) - 1);
        } else snprintf(range, sizeof range, "[%.10g, %.10g]", f->min, f->max);
        fprintf(out, "  %-20s %-30s %s\n", f->flag, range, f->help);
    }
}
