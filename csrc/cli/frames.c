#include "frames.h"
#include <errno.h>
#include <stdlib.h>
#include <string.h>

int frames_open(frames_out *o, const char *flag, const char *path, uint32_t n, char *err, size_t len) {
    memset(o, 0, sizeof *o);
    o->flag = flag;
    o->path = path;
    o->cap = EDPD_XYZ_BOUND(n);
    o->buf = malloc(o->cap);
    if (!o->buf) { snprintf(err, len, "%s: out of memory for a frame of %u particles", flag, n); return 0; }
    o->f = fopen(path, "w");
    if (!o->f) {
        snprintf(err, len, "%s: cannot write '%s': %s", flag, path, strerror(errno));
        free(o->buf);
        o->buf = NULL;
        return 0;
    }
    return 1;
}

int frames_write(frames_out *o, const edpd_world *w, char *err, size_t len) {
    size_t k = edpd_write_xyz(w, o->buf, o->cap);
    if (k == 0 || k >= o->cap) { snprintf(err, len, "%s: out of memory for a frame", o->flag); return 0; }
    if (fwrite(o->buf, 1, k, o->f) != k) { snprintf(err, len, "%s: could not write '%s': %s", o->flag, o->path, strerror(errno)); return 0; }
    return 1;
}

int frames_close(frames_out *o, char *err, size_t len) {
    int ok = 1;
    if (o->f && fclose(o->f) != 0) {
        snprintf(err, len, "%s: could not write '%s': %s", o->flag, o->path, strerror(errno));
        ok = 0;
    }
    free(o->buf);
    memset(o, 0, sizeof *o);
    return ok;
}
