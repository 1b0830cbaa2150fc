/* --dump and --trajectory (frames.h). */
#include "frames.h"
#include <errno.h>
#include <stdlib.h>
#include <string.h>

int frames_open(frames_out *o, const char *flag, const char *path, uint32_t n, char *err, size_t len) {
    memset(o, 0, sizeof *o);
    o->flag = flag;
    o->cap = EDPD_XYZ_BOUND(n);
    o->buf = malloc(o->cap);
    if (!o->buf) { snprintf(err, len, "%s: out of memory for a frame of %u particles", flag, n); return 0; }
    if (!output_open(&o->out, flag, path, err, len)) { free(o->buf); o->buf = NULL; return 0; }
    return 1;
}

int frames_write(frames_out *o, const edpd_world *w, char *err, size_t len) {
    size_t k = edpd_write_xyz(w, o->buf, o->cap);
    if (k == 0 || k >= o->cap) { snprintf(err, len, "%s: out of memory for a frame", o->flag); return 0; }
    if (fwrite(o->buf, 1, k, o->out.f) != k) {
        o->failed = 1;  /* a frame cut short: the file is not put in place */
        snprintf(err, len, "%s: could not write '%s': %s", o->flag, o->out.path, strerror(errno));
        return 0;
    }
    o->frames++;
    return 1;
}

int frames_close(frames_out *o, char *err, size_t len) {
    int ok = 1;
    if (o->frames && !o->failed) ok = output_commit(&o->out, o->flag, err, len);
    else output_discard(&o->out);
    free(o->buf);
    memset(o, 0, sizeof *o);
    return ok;
}
