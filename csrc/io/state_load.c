/* A world from a state file's text, as `edpd run --load` makes one: the reader (xyz_read.c), the
 * custom world it describes (edpd_xyz_config), and the caller's detector, neighbour search and any
 * restitution or t_c it sets. The WebAssembly module and the Python package load states by it. */
#define _POSIX_C_SOURCE 200809L  /* fmemopen */
#include "edpd/xyz.h"
#include "edpd/edpd.h"
#include <math.h>
#include <stdio.h>
#include <string.h>

edpd_world *edpd_load_state(const char *text, size_t len, const char *name, int frame, edpd_detector detector, double restitution,
                            double tc, edpd_neighbours neighbours, int frames[2], edpd_error *err) {
    memset(err, 0, sizeof *err);
    if (!name) name = "state";
    FILE *f = text && len > 0 ? fmemopen((void *)text, len, "r") : NULL;  /* no stream of 0 bytes */
    edpd_xyz_state s;
    int ok = f ? edpd_xyz_read_stream(f, name, frame, &s, err->message, sizeof err->message) : 0;
    if (f) fclose(f);
    else snprintf(err->message, sizeof err->message, text && len > 0 ? "%s: out of memory for its text" : "%s: empty file (extended XYZ starts with the particle count)", name);
    if (!ok) {
        err->code = EDPD_ERR_INVALID;
        snprintf(err->field, sizeof err->field, "state");
        return NULL;
    }
    if (frames) { frames[0] = s.frame; frames[1] = s.frames; }
    edpd_config c = edpd_scenario_config(EDPD_SCENARIO_CUSTOM);
    edpd_xyz_config(&s, &c);
    c.detector = detector;
    if (!isnan(restitution)) c.restitution = restitution;
    if (!isnan(tc)) c.tc = tc;
    c.neighbours = neighbours;
    edpd_world *w = edpd_create(&c, err);
    edpd_xyz_free(&s);  /* the world keeps its own copy */
    return w;
}
