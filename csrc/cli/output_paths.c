/* The files a run names, each once (output_paths.h). Names are compared as files, not as text:
 * "o.xyz", "./o.xyz" and a link to it are one file. */
#include "output_paths.h"
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* The file a name means: the file it reaches if it exists (its device and inode), else its
 * folder's real path and its own last part (a file a run will make). 0 if its folder is not
 * there (then opening it fails later, with its own message). */
typedef struct file_id { int exists; dev_t dev; ino_t ino; char path[PATH_MAX + NAME_MAX + 2]; } file_id;

static int file_of(const char *name, file_id *id) {
    struct stat st;
    memset(id, 0, sizeof *id);
    if (stat(name, &st) == 0) { id->exists = 1; id->dev = st.st_dev; id->ino = st.st_ino; return 1; }
    const char *slash = strrchr(name, '/');
    char dir[PATH_MAX], real[PATH_MAX];
    if (slash) snprintf(dir, sizeof dir, "%.*s", (int)(slash - name) + 1, name);
    else snprintf(dir, sizeof dir, ".");
    if (!realpath(dir, real)) return 0;
    snprintf(id->path, sizeof id->path, "%s/%s", real, slash ? slash + 1 : name);
    return 1;
}

static int same_file(const file_id *a, const file_id *b) {
    if (a->exists != b->exists) return 0;
    return a->exists ? a->dev == b->dev && a->ino == b->ino : strcmp(a->path, b->path) == 0;
}

int output_paths_check(const char *const *flags, const char *const *paths, int n, const char *input, char *m, size_t len) {
    file_id in, ids[8];
    int have_in = input && file_of(input, &in);
    for (int k = 0; k < n && k < 8; k++) {
        if (!paths[k] || !file_of(paths[k], &ids[k])) { ids[k].exists = -1; continue; }
        if (have_in && same_file(&ids[k], &in)) {
            snprintf(m, len, "%s: '%s' is the state file --load reads: the run would replace its own input; write to another file",
                     flags[k], paths[k]);
            return 0;
        }
        for (int j = 0; j < k; j++)
            if (ids[j].exists >= 0 && same_file(&ids[j], &ids[k])) {
                snprintf(m, len, "%s and %s: both name the file '%s'; give each output a file of its own", flags[j], flags[k], paths[k]);
                return 0;
            }
    }
    return 1;
}
