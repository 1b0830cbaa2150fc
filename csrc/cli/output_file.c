/* A file a run writes, whole or not at all (output_file.h). */
#include "output_file.h"
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int output_open(output_file *o, const char *flag, const char *path, char *err, size_t len) {
    memset(o, 0, sizeof *o);
    o->path = path;
    /* the temporary in the target's own folder: a rename there is atomic (no copy across disks) */
    const char *slash = strrchr(path, '/');
    size_t dir = slash ? (size_t)(slash - path) + 1 : 0;
    size_t k = strlen(path);
    o->tmp = malloc(k + 16);
    if (!o->tmp) { snprintf(err, len, "%s: out of memory", flag); return 0; }
    snprintf(o->tmp, k + 16, "%.*s.%s.XXXXXX", (int)dir, path, path + dir);
    int fd = mkstemp(o->tmp);
    if (fd >= 0) {
        /* mkstemp makes it 0600: the file gets the permissions an ordinary new file would */
        mode_t mask = umask(0);
        umask(mask);
        fchmod(fd, 0666 & ~mask);
        o->f = fdopen(fd, "w");
        if (!o->f) close(fd);
    }
    if (!o->f) {
        int e = errno;
        if (fd >= 0) unlink(o->tmp);
        snprintf(err, len, "%s: cannot write '%s': %s", flag, path, strerror(e));
        free(o->tmp);
        o->tmp = NULL;
        return 0;
    }
    return 1;
}

int output_commit(output_file *o, const char *flag, char *err, size_t len) {
    if (!o->f) return 1;
    int bad = ferror(o->f), e = 0;
    if (fclose(o->f) != 0 && !bad) { bad = 1; e = errno; }
    o->f = NULL;
    if (!bad && rename(o->tmp, o->path) != 0) { bad = 1; e = errno; }
    if (bad) {
        unlink(o->tmp);
        snprintf(err, len, "%s: could not write '%s': %s", flag, o->path, e ? strerror(e) : "a write failed (disk full?)");
    }
    free(o->tmp);
    o->tmp = NULL;
    return !bad;
}

void output_discard(output_file *o) {
    if (o->f) { fclose(o->f); unlink(o->tmp); }
    o->f = NULL;
    free(o->tmp);
    o->tmp = NULL;
}
