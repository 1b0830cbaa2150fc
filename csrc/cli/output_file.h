/* A file a run writes, whole or not at all (output_file.c): written as a temporary file beside
 * its target and renamed into place when complete, so that a kill, a crash or a full disk never
 * leaves a half-written file under the target's name, and two runs writing the same name leave
 * one complete file (the last to finish), not their records interleaved. */
#ifndef EDPD_CLI_OUTPUT_FILE_H
#define EDPD_CLI_OUTPUT_FILE_H
#include <stdio.h>

typedef struct output_file {
    FILE *f;          /* the temporary file, open for writing */
    const char *path; /* the target */
    char *tmp;        /* the temporary's name, in the target's folder */
} output_file;

/* Opens a temporary beside path for writing: 1, or 0 with "FLAG: cannot write 'PATH': why" in err. */
int output_open(output_file *o, const char *flag, const char *path, char *err, size_t len);
/* Closes it and renames it to its target: 1, or 0 with the reason in err (the temporary removed). */
int output_commit(output_file *o, const char *flag, char *err, size_t len);
/* Closes and removes it: the target stays as it was. Nothing open: nothing done. */
void output_discard(output_file *o);

#endif
