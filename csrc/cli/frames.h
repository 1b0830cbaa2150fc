/* State files written by run: --dump (the final state) and --trajectory (a frame at every
 * --series sample), each frame one extended XYZ frame from the core (io/xyz_write.c). */
#ifndef EDPD_CLI_FRAMES_H
#define EDPD_CLI_FRAMES_H
#include "edpd/edpd.h"
#include <stdio.h>

typedef struct frames_out {
    FILE *f;
    const char *flag, *path;
    char *buf;
    size_t cap;
} frames_out;

/* Opens path for writing before the run, so that a path that cannot be written fails at once.
 * Returns 1, or 0 with a message naming the flag in err. */
int frames_open(frames_out *o, const char *flag, const char *path, uint32_t n, char *err, size_t len);
/* Appends the world's state as one frame. Returns 1, or 0 with a message in err. */
int frames_write(frames_out *o, const edpd_world *w, char *err, size_t len);
/* Closes the file (if open). Returns 1, or 0 with a message in err (a failed flush: disk full). */
int frames_close(frames_out *o, char *err, size_t len);

#endif
