/* The state as a file: one frame of extended XYZ, the text format OVITO and ASE read (and a
 * few lines of Python or JS parse), so that a run's particles can be checked outside edpd —
 * e.g. its overlap count against a brute-force count over all pairs (tests/js/snapshot.test.js).
 * The same function writes the CLI's --dump and the app's export, so the two are byte-equal for
 * the same run: a link and its command line give the same file. */
#include "world/world.h"
#include "measure/logical_states.h"
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct text_out {
    char *buf;
    size_t cap, len;  /* len counts every byte asked for, also those that did not fit */
} text_out;

static void put(text_out *o, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    size_t room = o->len < o->cap ? o->cap - o->len : 0;
    int k = vsnprintf(room ? o->buf + o->len : NULL, room, fmt, ap);
    va_end(ap);
    if (k > 0) o->len += (size_t)k;
}

size_t edpd_write_xyz(const edpd_world *w, char *buf, size_t cap) {
    text_out o = {buf, cap, 0};
    if (cap) buf[0] = '\0';
    uint32_t n = w->n;
    double *rv = malloc(sizeof(double) * 6 * (n ? n : 1));
    uint8_t *flags = malloc(n ? n : 1);
    if (!rv || !flags) { free(rv); free(flags); return 0; }
    edpd_get_positions(w, rv);
    edpd_get_velocities(w, rv + 3 * (size_t)n);
    edpd_get_overlap_flags(w, flags);
    edpd_stats s;
    edpd_get_stats(w, &s);
    edpd_status st = edpd_get_status(w);
    const edpd_config *c = &w->cfg;
    int own_column = w->plane_count > w->shared_planes && n > 1;  /* a ball array's plates */
    /* %.17g: every double reads back exactly (round-trip), in C, JS and Python alike */
    put(&o, "%u\n", n);
    put(&o, "Lattice=\"%.17g 0 0 0 %.17g 0 0 0 %.17g\" Origin=\"0 0 0\" pbc=\"%c %c %c\" "
            "Properties=species:S:1:pos:R:3:velo:R:3:radius:R:1:mass:R:1:overlap:I:1%s Time=%.17g ",
        w->box[0], w->box[1], w->box[2], w->periodic[0] ? 'T' : 'F', w->periodic[1] ? 'T' : 'F',
        w->periodic[2] ? 'T' : 'F', own_column ? ":plate:R:5" : "", w->time);
    /* what moves the particles besides impacts: gravity, and the planes (normal, offset,
     * restitution), so that the file alone is the whole state (run --load reads both). A ball's
     * own plate is one of them when it is the only ball; plates of several balls (a ball array)
     * are each ball's plate:R:5 column, zeros for a particle without one. */
    /* + 0.0: a zero given as -0 (the JS wrapper's -g for g = 0) prints as 0 on every side */
    put(&o, "gravity=\"%.17g %.17g %.17g\" ", w->g.x + 0.0, w->g.y + 0.0, w->g.z + 0.0);
    uint32_t listed = own_column ? w->shared_planes : w->plane_count;
    if (listed > 0) {
        put(&o, "planes=\"");
        for (uint32_t k = 0; k < listed; k++) {
            const edpd_plane *pl = &w->planes[k];
            put(&o, "%s%.17g %.17g %.17g %.17g %.17g", k ? "; " : "", pl->normal[0] + 0.0, pl->normal[1] + 0.0, pl->normal[2] + 0.0,
                pl->offset + 0.0, pl->restitution);
            if (pl->amplitude != 0.0) put(&o, " %.17g %.17g %.17g", pl->amplitude, pl->angular_frequency, pl->phase);
        }
        put(&o, "\" ");
    }
    /* a stepped potential, and the pairs whose logical shell the written distances do not tell
     * (a pair a rounding error past its step's edge): the rest follow from the positions */
    if (w->pot.count) {
        if (c->potential == EDPD_POTENTIAL_SQUARE_WELL) put(&o, "potential=square-well well_width=%.17g well_depth=%.17g ", c->well_width, c->well_depth);
        else {
            put(&o, "potential=steps steps=\"");
            for (uint32_t k = 0; k < c->step_count; k++) put(&o, "%s%.17g %.17g", k ? "; " : "", c->steps[k].radius, c->steps[k].energy);
            put(&o, "\" ");
        }
        uint32_t tri[3 * EDPD_XYZ_MAX_EXCEPTIONS];
        uint32_t m = ed_logical_states_exceptions(w, rv, tri, EDPD_XYZ_MAX_EXCEPTIONS);
        if (m > EDPD_XYZ_MAX_EXCEPTIONS) put(&o, "bond_exceptions=\"more than %u\" ", EDPD_XYZ_MAX_EXCEPTIONS);
        else if (m) {
            put(&o, "bond_exceptions=\"");
            for (uint32_t k = 0; k < m; k++) put(&o, "%s%u %u %u", k ? "; " : "", tri[3 * k], tri[3 * k + 1], tri[3 * k + 2]);
            put(&o, "\" ");
        }
    }
    /* restitution and tc: the impacts' physics, which run --load takes unless told otherwise */
    put(&o, "scenario=%s detector=%s dim=%d seed=%u restitution=%.17g tc=%.17g events=%llu collisions=%llu "
            "overlapping_pairs=%u max_overlap=%.17g status=%s state_hash=%016llx\n",
        edpd_scenario_name(c->scenario), edpd_detector_name(c->detector), c->dim, c->seed, c->restitution, c->tc,
        (unsigned long long)s.events, (unsigned long long)s.collisions, s.overlapping_pairs, s.max_overlap,
        st.state == EDPD_STATE_HALTED ? st.reason : st.state == EDPD_STATE_COLLAPSE ? "collapse" : "running",
        (unsigned long long)s.state_hash);
    for (uint32_t i = 0; i < n; i++) {
        const double *r = rv + 3 * (size_t)i, *v = rv + 3 * ((size_t)n + i);
        /* sigma / 2 is exact in binary: the radius loses nothing (a compression's: as it is now) */
        put(&o, "P %.17g %.17g %.17g %.17g %.17g %.17g %.17g %.17g %d", r[0], r[1], r[2], v[0], v[1], v[2],
            0.5 * sigma_at(w, &w->p[i], w->time), w->p[i].mass, flags[i]);
        if (own_column) {
            int32_t k = w->p[i].own_plane;
            if (k < 0) put(&o, " 0 0 0 0 0");
            else {
                const edpd_plane *pl = &w->planes[k];
                put(&o, " %.17g %.17g %.17g %.17g %.17g", pl->normal[0] + 0.0, pl->normal[1] + 0.0, pl->normal[2] + 0.0, pl->offset + 0.0, pl->restitution);
            }
        }
        put(&o, "\n");
    }
    free(rv);
    free(flags);
    return o.len;
}
