/* Minimal JSON writer for the CLI: one flat object per run, NaN/inf printed as null. */
#ifndef EDPD_CLI_JSON_H
#define EDPD_CLI_JSON_H
#include <stdint.h>
#include <stdio.h>

typedef struct json_out { FILE *f; int first; int indent; } json_out;

void json_open(json_out *j, FILE *f);
void json_close(json_out *j);
void json_num(json_out *j, const char *key, double v);
void json_u64(json_out *j, const char *key, uint64_t v);
void json_str(json_out *j, const char *key, const char *v); /* NULL prints null */
void json_bool(json_out *j, const char *key, int v);
void json_hex(json_out *j, const char *key, uint64_t v);
void json_u64_array(json_out *j, const char *key, const uint64_t *v, int n);
void json_num_array(json_out *j, const char *key, const double *v, int n);  /* non-finite: null */
/* rows x cols numbers as an array of arrays */
void json_num_rows(json_out *j, const char *key, const double *v, int rows, int cols);
/* Nested object under key; close with json_end_object. */
void json_begin_object(json_out *j, const char *key);
void json_end_object(json_out *j);

#endif
