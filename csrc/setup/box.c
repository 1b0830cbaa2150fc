/* The box scenario: an experiment built from parts (edpd.h) — a square or cubic box, walls on
 * some axes and periodic images along the others, gravity down the vertical (tilted towards +x),
 * species, an intruder, a vibrated floor, and one of three starts: a lattice, random
 * non-overlapping positions, or layers on the floor. Like every scenario it writes a custom
 * configuration and knows nothing of the world. */
#include "setup/scenario.h"
#include "base/error.h"
#include "base/rng.h"
#include "base/vec.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

static const double PI = 3.14159265358979323846;
/* a new particle clears every placed one by this fraction of their contact distance */
#define CLEARANCE 1e-6
/* random placement gives up on a particle after this many tries: the box is too full */
#define TRIES 20000

typedef struct box_geometry {
    int d, up;          /* dimension; the vertical axis (y in 2-D, z in 3-D) */
    double L;           /* the edge every particle's volume gives at the packing fraction */
    double lift;        /* a vibrated floor's stroke 2 A: the particles start above it */
    double lo[3], hi[3];/* the region centres may take along each axis, before a particle's radius */
    int walled[3];
} box_geometry;

static double volume_of(int d, double sigma) { return d == 3 ? PI / 6.0 * sigma * sigma * sigma : PI / 4.0 * sigma * sigma; }

/* The largest diameter of the bed, the particles but the intruder: a lattice's or a layer's pitch. */
static double bed_largest(const edpd_config *c, const double *diam) {
    uint32_t bed = c->intruder_diameter > 0.0 ? c->n - 1 : c->n;
    double m = 0.0;
    for (uint32_t i = 0; i < bed; i++) if (diam[i] > m) m = diam[i];
    return m;
}

/* The particles' diameters and masses: the species' (shuffled by the seed) or all `diameter` and
 * `mass`, then the intruder, D species-0 diameters across and as dense as species 0. Returns the
 * largest diameter. */
static double box_sizes(const edpd_config *c, double *diam, double *mass, edpd_rng *rng) {
    uint32_t bed = c->intruder_diameter > 0.0 ? c->n - 1 : c->n;
    double largest = c->diameter, unit = c->diameter, unit_mass = c->mass;
    if (c->species_count) {
        edpd_config bed_only = *c;
        bed_only.n = bed;
        ed_mix_species(&bed_only, diam, mass, rng, &largest);
        unit = c->species[0].diameter; unit_mass = c->species[0].mass;
    } else {
        for (uint32_t i = 0; i < bed; i++) { diam[i] = c->diameter; mass[i] = c->mass; }
    }
    if (c->intruder_diameter > 0.0) {
        diam[c->n - 1] = c->intruder_diameter * unit;
        mass[c->n - 1] = unit_mass * pow(c->intruder_diameter, c->dim);
        if (diam[c->n - 1] > largest) largest = diam[c->n - 1];
    }
    return largest;
}

static void geometry(const edpd_config *c, const double *diam, box_geometry *g) {
    double volume = 0.0;
    for (uint32_t i = 0; i < c->n; i++) volume += volume_of(c->dim, diam[i]);
    g->d = c->dim;
    g->up = c->dim == 3 ? 2 : 1;
    g->L = c->dim == 3 ? ed_det_cbrt(volume / c->packing_fraction) : sqrt(volume / c->packing_fraction);
    g->lift = 2.0 * c->plate_amplitude;
    for (int a = 0; a < 3; a++) {
        g->walled[a] = (c->walls >> a) & 1u;
        g->lo[a] = a == g->up ? g->lift : 0.0;
        g->hi[a] = g->lo[a] + g->L;
    }
}

/* The walls: on each walled axis a plane facing in at each end, of wall_restitution (or each its
 * own, wall_restitutions: x-, x+, y-, y+, z-, z+); the
 * vertical's lower one is the floor, oscillating as A + A sin(omega t + phase) if A > 0. */
static uint32_t box_planes(const edpd_config *c, const box_geometry *g, edpd_plane *planes) {
    uint32_t k = 0;
    for (int a = 0; a < g->d; a++) {
        if (!g->walled[a]) continue;
        edpd_plane *lo = &planes[k++], *hi = &planes[k++];
        memset(lo, 0, sizeof *lo); memset(hi, 0, sizeof *hi);
        lo->normal[a] = 1.0; lo->offset = 0.0;
        hi->normal[a] = -1.0; hi->offset = -g->hi[a];
        if (a == g->up && c->plate_amplitude > 0.0) {
            lo->offset = c->plate_amplitude;
            lo->amplitude = c->plate_amplitude; lo->angular_frequency = c->plate_frequency; lo->phase = c->plate_phase;
        }
        lo->restitution = c->wall_restitution_count ? c->wall_restitutions[2 * a] : c->wall_restitution;
        hi->restitution = c->wall_restitution_count ? c->wall_restitutions[2 * a + 1] : c->wall_restitution;
    }
    return k;
}

/* Where centre coordinates along axis a may lie for a particle of diameter s: inside the walls
 * by its radius, anywhere on a periodic axis. */
static void reach(const box_geometry *g, int a, double s, double *from, double *to) {
    *from = g->walled[a] ? g->lo[a] + 0.5 * s : g->lo[a];
    *to = g->walled[a] ? g->hi[a] - 0.5 * s : g->hi[a];
}

static double gap2(const box_geometry *g, const double *x, const double *y) {
    double r2 = 0.0;
    for (int a = 0; a < g->d; a++) {
        double dx = x[a] - y[a];
        if (!g->walled[a]) dx -= g->L * floor(dx / g->L + 0.5);  /* the nearest image */
        r2 += dx * dx;
    }
    return r2;
}

/* A square (cubic) lattice of k sites per axis filling the box, k the least with room for all,
 * sites as far apart as the largest particle but the intruder; sites overlapping the intruder
 * (at the centre) are skipped. */
static edpd_code lattice_start(const edpd_config *c, const box_geometry *g, const double *diam, double *pos, edpd_error *err) {
    uint32_t n = c->n, bed = c->intruder_diameter > 0.0 ? n - 1 : n;
    double largest = bed_largest(c, diam);
    double centre[3] = {0.5 * (g->lo[0] + g->hi[0]), 0.5 * (g->lo[1] + g->hi[1]), g->d == 3 ? 0.5 * (g->lo[2] + g->hi[2]) : 0.0};
    double D = bed < n ? diam[n - 1] : 0.0;
    for (uint32_t k = (uint32_t)ceil(pow((double)bed, 1.0 / g->d) - 1e-9); ; k++) {
        double a = g->L / k;
        if (a < largest * (1.0 + CLEARANCE)) {  /* the edge scales as phi^(-1/d): sites a apart hold sigma_max at phi (a / sigma_max)^d */
            return ed_set_error(err, EDPD_ERR_INVALID, "packing_fraction",
                "%g is too dense for a lattice start of these particles (%u sites per axis, %.4g apart, for a largest diameter of %g): at most %.4g, or start random or layered",
                c->packing_fraction, k, a, largest, c->packing_fraction * pow(a / (largest * (1.0 + CLEARANCE)), g->d));
        }
        uint32_t i = 0, kz = g->d == 3 ? k : 1;
        for (uint32_t z = 0; z < kz && i < bed; z++)
            for (uint32_t y = 0; y < k && i < bed; y++)
                for (uint32_t x = 0; x < k && i < bed; x++) {
                    double r[3] = {g->lo[0] + (x + 0.5) * a, g->lo[1] + (y + 0.5) * a, g->d == 3 ? g->lo[2] + (z + 0.5) * a : 0.0};
                    if (D > 0.0) {
                        double reach2 = 0.5 * (D + diam[i]) * (1.0 + CLEARANCE);
                        if (gap2(g, r, centre) < reach2 * reach2) continue;
                    }
                    memcpy(pos + 3 * (size_t)i++, r, sizeof r);
                }
        if (i < bed) continue;  /* the intruder took sites: one more per axis */
        if (D > 0.0) memcpy(pos + 3 * (size_t)(n - 1), centre, sizeof centre);
        return EDPD_OK;
    }
}

/* A coarse grid over the box for random placement: cells at least the largest diameter wide
 * (at most about 4 n of them), each a list of the particles placed in it. */
typedef struct rsa_grid { uint32_t m[3]; double w[3]; int32_t *head, *next; } rsa_grid;

static uint32_t cell_of(const rsa_grid *s, const box_geometry *g, const double *r, uint32_t *cc) {
    uint32_t flat = 0;
    for (int a = 2; a >= 0; a--) {
        int64_t k = (int64_t)floor((r[a] - g->lo[a]) / s->w[a]);
        if (k < 0) k = 0;
        if (k >= (int64_t)s->m[a]) k = s->m[a] - 1;
        cc[a] = (uint32_t)k;
        flat = flat * s->m[a] + cc[a];
    }
    return flat;
}

/* Does a particle of diameter s at r clear every placed one in the cells around it? */
static int clears(const rsa_grid *s, const box_geometry *g, const double *pos, const double *diam, const double *r, double sd) {
    uint32_t cc[3];
    cell_of(s, g, r, cc);
    for (int dz = -1; dz <= 1; dz++)
        for (int dy = -1; dy <= 1; dy++)
            for (int dx = -1; dx <= 1; dx++) {
                int off[3] = {dx, dy, dz};
                uint32_t flat = 0;
                int outside = 0;
                for (int a = 2; a >= 0; a--) {
                    int64_t k = (int64_t)cc[a] + off[a];
                    if (s->m[a] == 1 && off[a] != 0) { outside = 1; break; }  /* one cell: its own */
                    if (k < 0 || k >= (int64_t)s->m[a]) {
                        if (g->walled[a]) { outside = 1; break; }
                        k = (k + s->m[a]) % s->m[a];
                    }
                    flat = flat * s->m[a] + (uint32_t)k;
                }
                if (outside) continue;
                for (int32_t j = s->head[flat]; j >= 0; j = s->next[j]) {
                    double contact = 0.5 * (sd + diam[j]) * (1.0 + CLEARANCE);
                    if (gap2(g, r, pos + 3 * (size_t)j) < contact * contact) return 0;
                }
            }
    return 1;
}

/* The distinct diameters, largest first (at most the species and the intruder): into ds, their count. */
static int distinct_diameters(const double *diam, uint32_t n, double ds[EDPD_MAX_SPECIES + 2]) {
    int m = 0;
    for (uint32_t i = 0; i < n; i++) {
        int k = 0;
        while (k < m && ds[k] != diam[i]) k++;
        if (k < m) continue;
        if (m == EDPD_MAX_SPECIES + 2) break;  /* cannot happen: the species and the intruder */
        for (k = m++; k > 0 && ds[k - 1] < diam[i]; k--) ds[k] = ds[k - 1];
        ds[k] = diam[i];
    }
    return m;
}

/* Particle i at the first of up to TRIES uniform draws that clears the placed ones: 1, or 0. */
static int place_one(rsa_grid *s, const box_geometry *g, double *pos, const double *diam, uint32_t i, edpd_rng *rng) {
    double r[3] = {0, 0, 0};
    for (int t = 0; t < TRIES; t++) {
        for (int a = 0; a < g->d; a++) {
            double from, to;
            reach(g, a, diam[i], &from, &to);
            r[a] = from + (to - from) * ed_rng_uniform(rng);
        }
        if (!clears(s, g, pos, diam, r, diam[i])) continue;
        memcpy(pos + 3 * (size_t)i, r, sizeof r);
        uint32_t cc[3], flat = cell_of(s, g, r, cc);
        s->next[i] = s->head[flat];
        s->head[flat] = (int32_t)i;
        return 1;
    }
    return 0;
}

/* Random sequential addition: the intruder, then the others largest first, each at uniformly
 * drawn positions until one clears all placed particles. */
static edpd_code random_start(const edpd_config *c, const box_geometry *g, const double *diam, double largest, double *pos, edpd_rng *rng, edpd_error *err) {
    uint32_t n = c->n;
    rsa_grid s;
    double per_axis = floor(pow(4.0 * n, 1.0 / g->d));
    size_t cells = 1;
    for (int a = 0; a < 3; a++) {
        double m = a < g->d ? floor(g->L / largest) : 1.0;
        if (m > per_axis) m = per_axis;
        s.m[a] = m < 1.0 ? 1u : (uint32_t)m;
        s.w[a] = a < g->d ? g->L / s.m[a] : 1.0;
        cells *= s.m[a];
    }
    s.head = malloc(sizeof(int32_t) * cells);
    s.next = malloc(sizeof(int32_t) * n);
    edpd_code code = EDPD_OK;
    if (!s.head || !s.next) { code = ed_set_error(err, EDPD_ERR_MEMORY, "n", "out of memory placing %u particles", n); goto done; }
    for (size_t k = 0; k < cells; k++) s.head[k] = -1;
    double ds[EDPD_MAX_SPECIES + 2];
    int sizes = distinct_diameters(diam, n, ds);
    uint32_t placed = 0;
    for (int pass = 0; pass < sizes && code == EDPD_OK; pass++)
        for (uint32_t i = 0; i < n && code == EDPD_OK; i++) {
            if (diam[i] != ds[pass]) continue;
            if (place_one(&s, g, pos, diam, i, rng)) { placed++; continue; }
            code = ed_set_error(err, EDPD_ERR_INVALID, "packing_fraction",
                "%g is too dense for a random start: no room found for particle %u of %u (diameter %g) in %d tries; random placement jams near 0.55 in 2-D and 0.38 in 3-D: lower it or start on a lattice",
                c->packing_fraction, placed + 1, n, diam[i], TRIES);
        }
done:
    free(s.head); free(s.next);
    return code;
}

/* Layers on the floor, shelf by shelf: along x each particle takes its own width (5 % to
 * spare), a row is as deep (along y, in 3-D) and a layer as high as its widest particle; rows
 * fill a layer and layers stack from the floor up, so a mixture packs as densely as its sizes
 * allow. The intruder sits at the bottom of the middle; a particle that would touch it moves on
 * along its row. */
#define SHELF 1.05

typedef struct shelves { double x, y, z, row, layer; } shelves;

/* The next place for a particle of width w (its diameter and room to spare): along the row, else
 * a new row, else (3-D) a new layer. */
static void shelf_place(shelves *c, const box_geometry *g, double w, double r[3]) {
    if (c->x + w > g->L || (g->d == 3 && c->y + w > g->L)) {
        c->x = 0.0;
        if (g->d == 3 && c->y + c->row + w <= g->L) { c->y += c->row; c->row = 0.0; }
        else { c->y = 0.0; c->row = 0.0; c->z += c->layer; c->layer = 0.0; }
    }
    r[0] = c->x + 0.5 * w;
    r[1] = g->d == 3 ? c->y + 0.5 * w : 0.0;
    r[2] = 0.0;
    r[g->up] = c->z + 0.5 * w;
}

static edpd_code layered_start(const edpd_config *c, const box_geometry *g, const double *diam, double *pos, edpd_error *err) {
    uint32_t n = c->n, bed = c->intruder_diameter > 0.0 ? n - 1 : n;
    double D = bed < n ? diam[n - 1] : 0.0, base = g->lo[g->up];
    double centre[3] = {0.5 * g->L, g->d == 3 ? 0.5 * g->L : 0.0, 0.0};
    centre[g->up] = base + 0.5 * SHELF * D;
    shelves cur = {0.0, 0.0, base, 0.0, 0.0};
    for (uint32_t i = 0; i < bed; i++) {
        double w = SHELF * diam[i], r[3];
        if (w > g->L)
            return ed_set_error(err, EDPD_ERR_INVALID, "packing_fraction",
                "%g gives a box %.4g wide, narrower than a particle of diameter %g: lower it", c->packing_fraction, g->L, diam[i]);
        for (;;) {  /* along the row past the intruder */
            shelf_place(&cur, g, w, r);
            double reach1 = 0.5 * SHELF * (D + diam[i]);
            if (!(D > 0.0) || gap2(g, r, centre) >= reach1 * reach1) break;
            cur.x += 0.25 * w;
        }
        if (r[g->up] + 0.5 * diam[i] > g->hi[g->up])
            return ed_set_error(err, EDPD_ERR_INVALID, "packing_fraction",
                "%g is too dense for a layered start: the layers reach the lid at %g with %u of %u particles placed; lower it or start random",
                c->packing_fraction, g->hi[g->up], i, bed);
        memcpy(pos + 3 * (size_t)i, r, sizeof r);
        cur.x += w;
        if (w > cur.row) cur.row = w;
        if (w > cur.layer) cur.layer = w;
    }
    if (D > 0.0) memcpy(pos + 3 * (size_t)(n - 1), centre, sizeof centre);
    return EDPD_OK;
}

edpd_code ed_build_box(const edpd_config *c, double *pos, double *vel, edpd_plane *walls, double *sizes, edpd_config *out, edpd_rng *rng, edpd_error *err) {
    double *diam = sizes, *mass = sizes + c->n;
    double largest = box_sizes(c, diam, mass, rng);
    box_geometry g;
    geometry(c, diam, &g);
    for (int a = 0; a < g.d; a++)
        if (!g.walled[a] && g.L < 4.0 * largest)  /* >= 4 cells: see cells.h */
            return ed_set_error(err, EDPD_ERR_INVALID, "packing_fraction",
                "%g gives a box edge of %.4g < 4 of the largest diameter (%g), too short for a periodic axis: use more particles, a lower packing fraction, or walls on every axis",
                c->packing_fraction, g.L, largest);
    memset(pos, 0, sizeof(double) * 3 * c->n);
    edpd_code code = c->start == EDPD_START_RANDOM ? random_start(c, &g, diam, largest, pos, rng, err)
                   : c->start == EDPD_START_LAYERED ? layered_start(c, &g, diam, pos, err)
                   : lattice_start(c, &g, diam, pos, err);
    if (code != EDPD_OK) return code;
    out->diameters = diam;
    out->masses = mass;
    out->plane_count = box_planes(c, &g, walls);
    out->planes = walls;
    for (int a = 0; a < 3; a++) {
        out->box[a] = a < g.d ? g.hi[a] : largest;
        out->periodic[a] = a < g.d && !g.walled[a];
        out->gravity[a] = 0.0;
    }
    double gmag = -c->gravity[2], tilt = c->gravity_angle * PI / 180.0;
    out->gravity[g.up] = gmag == 0.0 ? 0.0 : -gmag * cos(tilt);
    out->gravity[0] = gmag == 0.0 || c->gravity_angle == 0.0 ? 0.0 : gmag * sin(tilt);
    ed_maxwell(c, mass, vel, rng);
    return EDPD_OK;
}
