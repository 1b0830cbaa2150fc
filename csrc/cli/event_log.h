/* --event-log FILE (event_log.c): every event that changes a velocity, streamed to a file as the
 * run goes (bounded memory however long the run): CSV for a name ending in .csv, else binary;
 * whole records only, and the file in place once the run ends (output_file.h). */
#ifndef EDPD_CLI_EVENT_LOG_H
#define EDPD_CLI_EVENT_LOG_H
#include "edpd/edpd.h"
#include "output_file.h"
#include <stdio.h>

/* The binary format (docs/cli.md): a 16-byte header, "EDPDLOG1" then the particle count and the
 * record size as little-endian uint32; then one 40-byte record per event: time (f64), a, b (i32),
 * impulse, separation (f64), kind (u32), 0 (u32). */
#define EVENT_LOG_RECORD 40u

typedef struct event_log {
    output_file out;
    FILE *f;          /* out.f while open */
    const char *path;
    int csv, failed;
    unsigned long long records;
} event_log;

/* Opens and writes the header: 1, or 0 with a message naming the flag and the file. */
int event_log_open(event_log *l, const char *path, uint32_t n, char *m, size_t len);
/* The world's event function (edpd_set_event_log), user = the log. */
void event_log_write(const edpd_event *e, void *user);
/* The file into place with every record written (a log not opened: nothing): 1, or 0 with a
 * message if any write failed. */
int event_log_close(event_log *l, char *m, size_t len);

#endif
