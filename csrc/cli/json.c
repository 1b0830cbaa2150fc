#include "json.h"
#include <math.h>

void json_open(json_out *j, FILE *f) { j->f = f; j->first = 1; j->indent = 1; fputs("{", f); }
void json_close(json_out *j) { fputs("\n}\n", j->f); }

static void key(json_out *j, const char *k) {
    fprintf(j->f, "%s\n%*s\"%s\": ", j->first ? "" : ",", 2 * j->indent, "", k);
    j->first = 0;
}

void json_num(json_out *j, const char *k, double v) {
    key(j, k);
    if (isfinite(v)) fprintf(j->f, "%.17g", v); else fputs("null", j->f);
}
void json_u64(json_out *j, const char *k, uint64_t v) { key(j, k); fprintf(j->f, "%llu", (unsigned long long)v); }
void json_str(json_out *j, const char *k, const char *v) {
    key(j, k);
    if (!v) { fputs("null", j->f); return; }
    fputc('"', j->f);
    for (const char *c = v; *c; c++) {
        if (*c == '"' || *c == '\\') fprintf(j->f, "\\%c", *c);
        else if ((unsigned char)*c < 0x20) fprintf(j->f, "\\u%04x", *c);
        else fputc(*c, j->f);
    }
    fputc('"', j->f);
}
void json_bool(json_out *j, const char *k, int v) { key(j, k); fputs(v ? "true" : "false", j->f); }
void json_hex(json_out *j, const char *k, uint64_t v) { key(j, k); fprintf(j->f, "\"%016llx\"", (unsigned long long)v); }
void json_u64_array(json_out *j, const char *k, const uint64_t *v, int n) {
    key(j, k);
    fputc('[', j->f);
    for (int i = 0; i < n; i++) fprintf(j->f, "%s%llu", i ? ", " : "", (unsigned long long)v[i]);
    fputc(']', j->f);
}
void json_num_array(json_out *j, const char *k, const double *v, int n) {
    key(j, k);
    fputc('[', j->f);
    for (int i = 0; i < n; i++) { if (i) fputs(", ", j->f); if (isfinite(v[i])) fprintf(j->f, "%.17g", v[i]); else fputs("null", j->f); }
    fputc(']', j->f);
}
void json_begin_object(json_out *j, const char *k) { key(j, k); fputs("{", j->f); j->first = 1; j->indent++; }
void json_end_object(json_out *j) { j->indent--; fprintf(j->f, "\n%*s}", 2 * j->indent, ""); j->first = 0; }
void json_num_rows(json_out *j, const char *k, const double *v, int rows, int cols) {
    key(j, k);
    fputc('[', j->f);
    for (int r = 0; r < rows; r++) {
        fputs(r ? ",\n    [" : "\n    [", j->f);
        for (int c = 0; c < cols; c++) {
            double x = v[r * cols + c];
            if (c) fputs(", ", j->f);
            if (isfinite(x)) fprintf(j->f, "%.17g", x); else fputs("null", j->f);
        }
        fputc(']', j->f);
    }
    fputc(']', j->f);
}
