/* --event-log FILE: the world's event records (edpd_set_event_log) as CSV or binary records. */
#include "event_log.h"
#include <errno.h>
#include <stdint.h>
#include <string.h>

static const char *const KINDS[] = {"collision", "plane", "capture", "release", "bounce", "kick"};

int event_log_open(event_log *l, const char *path, uint32_t n, char *m, size_t len) {
    memset(l, 0, sizeof *l);
    l->path = path;
    size_t k = strlen(path);
    l->csv = k >= 4 && strcmp(path + k - 4, ".csv") == 0;
    if (!output_open(&l->out, "--event-log", path, m, len)) return 0;
    l->f = l->out.f;
    setvbuf(l->f, NULL, _IOFBF, 1 << 20);  /* bounded: the file grows, the memory does not */
    if (l->csv) {
        fprintf(l->f, "time,a,b,kind,impulse,separation\n");
    } else {
        uint32_t head[2] = {n, EVENT_LOG_RECORD};  /* little-endian on every platform edpd builds for */
        if (fwrite("EDPDLOG1", 1, 8, l->f) != 8 || fwrite(head, 4, 2, l->f) != 2) l->failed = 1;
    }
    return 1;
}

void event_log_write(const edpd_event *e, void *user) {
    event_log *l = user;
    if (l->failed) return;
    if (l->csv) {
        if (fprintf(l->f, "%.17g,%d,%d,%s,%.17g,%.17g\n", e->time, e->a, e->b, KINDS[e->kind], e->impulse, e->separation) < 0) l->failed = 1;
    } else {
        unsigned char r[EVENT_LOG_RECORD] = {0};
        uint32_t kind = (uint32_t)e->kind;
        memcpy(r, &e->time, 8); memcpy(r + 8, &e->a, 4); memcpy(r + 12, &e->b, 4);
        memcpy(r + 16, &e->impulse, 8); memcpy(r + 24, &e->separation, 8); memcpy(r + 32, &kind, 4);
        if (fwrite(r, 1, sizeof r, l->f) != sizeof r) l->failed = 1;
    }
    l->records++;
}

int event_log_close(event_log *l, char *m, size_t len) {
    if (!l->f) return 1;
    l->f = NULL;
    if (l->failed) {
        output_discard(&l->out);
        snprintf(m, len, "--event-log: writing %s failed after %llu events (disk full?)", l->path, l->records);
        return 0;
    }
    return output_commit(&l->out, "--event-log", m, len);
}
