#include "args.h"
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
