/* Reading a state: one frame of extended XYZ (what edpd_write_xyz, --dump and --trajectory
 * write; also OVITO and ASE), for the core's custom scenario; io/xyz_write.c is the writer. */
#ifndef EDPD_XYZ_READ_H
#define EDPD_XYZ_READ_H
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "edpd.h"

typedef struct edpd_xyz_state {
    uint32_t n;
    int dim;                  /* from a dim= key in the comment line; 0 if none */
    double box[3];            /* the diagonal of Lattice */
    int periodic[3];          /* pbc (default T T T) */
    double *positions;        /* n*3, minus Origin, wrapped into [0, L) on periodic axes */
    double *velocities;       /* n*3 (velo; zero if the file has none) */
    double *diameters;        /* n (2 radius), or NULL: the file has no radius column */
    double *masses;           /* n, or NULL: no mass column */
    edpd_plane *own_planes;   /* n, or NULL: no plate:R:5 column (each particle's own plate, a ball
                               * array's: nx ny nz offset restitution, all zero for none) */
    double time;              /* Time= (the clock of the state), 0 if none */
    double restitution, tc;   /* restitution= and tc= (what --dump writes), NAN if none */
    int has_gravity;          /* a gravity="gx gy gz" key */
    double gravity[3];
    uint32_t plane_count;     /* planes="nx ny nz offset restitution; ..." (at most EDPD_MAX_PLANES) */
    edpd_plane planes[EDPD_MAX_PLANES];
    edpd_potential potential; /* potential= (hard-sphere without it), with well_width= and well_depth=, or steps= */
    double well_width, well_depth;
    uint32_t step_count;
    edpd_step steps[EDPD_MAX_STEPS];
    uint32_t bond_count;      /* bond_exceptions="i j shell; ...": pairs whose logical shell the distance does not tell */
    uint32_t bonds[3 * EDPD_XYZ_MAX_EXCEPTIONS];
    int frame;                /* the frame read (0 the first) */
    int frames;               /* the file's frame count when it was read to its end (last or
                               * only frame), else 0: reading stops at the frame asked for */
} edpd_xyz_state;

/* Which frame to read: k >= 0 (0 the first), the last, or the only one (a trajectory refused). */
enum { EDPD_XYZ_LAST_FRAME = -1, EDPD_XYZ_ONLY_FRAME = -2 };
/* Returns 1, or 0 with a message naming the file, the line and what was expected in err. */
EDPD_API int edpd_xyz_read(const char *path, int frame, edpd_xyz_state *s, char *err, size_t errlen);
/* The same from an open stream; name is used in messages. */
EDPD_API int edpd_xyz_read_stream(FILE *f, const char *name, int frame, edpd_xyz_state *s, char *err, size_t errlen);
EDPD_API void edpd_xyz_free(edpd_xyz_state *s);
/* The custom world of a state: particles, box, planes and clock (start_time), gravity if the file
 * has it, its potential and logical states, restitution and tc from the file or else 1 and 0, dim from the file or else 3, and
 * `diameter` = the largest diameter (the unit of max_overlap). c's arrays point into s, which must
 * outlive edpd_create. Other fields of c (detector, neighbours, ...) are left as they are. */
EDPD_API void edpd_xyz_config(const edpd_xyz_state *s, edpd_config *c);

/* A world from a state file's text (len bytes; name starts the messages), as `run --load` makes
 * it: frame k >= 0, EDPD_XYZ_LAST_FRAME or EDPD_XYZ_ONLY_FRAME; the detector and neighbour search
 * given; restitution and tc the file's where NaN. NULL with err filled (field "state" for the
 * file, else the config's). frames (or NULL): the frame read, and the file's frame count when it
 * was read to its end, else 0. */
EDPD_API edpd_world *edpd_load_state(const char *text, size_t len, const char *name, int frame, edpd_detector detector, double restitution,
                                     double tc, edpd_neighbours neighbours, int frames[2], edpd_error *err);

#endif
