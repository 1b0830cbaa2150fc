/* State files written by run: --dump (the final state) and --trajectory (a frame at every
 * --series sample), each frame one extended XYZ frame from the core (io/xyz_write.c), each file
 * in place only once complete (output_file.h). */
#ifndef EDPD_CLI_FRAMES_H
#define EDPD_CLI_FRAMES_H
#include "edpd/edpd.h"
#include "output_file.h"
#include <stdio.h>

typedef struct frames_out {
    output_file out;  /* out.f: open while the run writes */
    const char *flag;
    char *buf;
    size_t cap;
    unsigned long frames;
    int failed;       /* a write failed: the file stays out of place */
} frames_out;

/* Opens path's temporary for writing before the run, so that a path that cannot be written fails
 * at once. Returns 1, or 0 with a message naming the flag in err. */
int frames_open(frames_out *o, const char *flag, const char *path, uint32_t n, char *err, size_t len);
/* Appends the world's state as one frame. Returns 1, or 0 with a message in err. */
int frames_write(frames_out *o, const edpd_world *w, char *err, size_t len);
/* The file into place with the frames written (if open; with none, a --dump whose run failed,
 * the target stays as it was): 1, or 0 with a message in err (a failed write: disk full). */
int frames_close(frames_out *o, char *err, size_t len);

#endif
