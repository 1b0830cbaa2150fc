/* Strict command-line parsing: every flag value is checked and a bad one is reported with the
 * flag's name and allowed range. */
#ifndef EDPD_CLI_ARGS_H
#define EDPD_CLI_ARGS_H
#include <stdint.h>
#include <stdio.h>

#define CLI_MAX_FLAGS 48
typedef struct cli_args {
    int argc; char **argv; int pos; char error[300];
    const char *seen[CLI_MAX_FLAGS]; int nseen;  /* flags given so far (arg_once) */
} cli_args;

/* Returns 1 and stores the value, or 0 with args->error set. */
int arg_double(cli_args *a, const char *flag, const char *text, double lo, double hi, double *out);
int arg_u64(cli_args *a, const char *flag, const char *text, uint64_t lo, uint64_t hi, uint64_t *out);
int arg_fail(cli_args *a, const char *fmt, ...);
/* A sweep's --shard i/n: 0 <= i < n <= 100000. */
int arg_shard(cli_args *a, const char *text, uint64_t *i, uint64_t *n);
/* Each flag at most once: a second --time would otherwise silently win (or, for --scenario, lose). */
int arg_once(cli_args *a, const char *flag);

struct edpd_field;
struct edpd_config;
/* A configuration flag (schema.h): its text read as the field's type (an enum by name) and set
 * in c, the range checked by the core, so the message is the core's ("--n: n: must be an
 * integer in [1, 4194304], got 0"). */
int arg_field(cli_args *a, const char *flag, const char *text, const struct edpd_field *f, struct edpd_config *c);
/* The configuration flags, with their ranges and help, from the schema. */
void print_field_help(FILE *out, int sweep);

#endif
