/* A sweep shard's JSON read back (shard_file.h). */
#include "shard_file.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

char *shard_file_read(const char *path, size_t max, const char **why) {
    FILE *f = fopen(path, "rb");
    if (!f) { *why = strerror(errno); return NULL; }
    struct stat st;  /* a directory opens for reading on Linux */
    if (fstat(fileno(f), &st) != 0 || !S_ISREG(st.st_mode) || (size_t)st.st_size > max) {
        *why = S_ISDIR(st.st_mode) ? "it is a directory" : !S_ISREG(st.st_mode) ? "not a regular file" : "too large for a sweep result";
        fclose(f);
        return NULL;
    }
    size_t n = (size_t)st.st_size;
    char *buf = malloc(n + 1);
    if (!buf) { fclose(f); *why = "out of memory"; return NULL; }
    buf[fread(buf, 1, n, f)] = 0;
    fclose(f);
    return buf;
}

const char *shard_file_key(const char *json, const char *key, int *twice) {
    char pat[64];
    snprintf(pat, sizeof pat, "\"%s\":", key);
    const char *p = strstr(json, pat);
    if (!p) return NULL;
    if (strstr(p + 1, pat)) *twice = 1;
    for (p += strlen(pat); *p == ' ' || *p == '\n'; p++) {}
    return p;
}
