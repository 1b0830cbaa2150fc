/* Initial states built from a seed with the project's own RNG: lattice positions and
 * Maxwellian velocities for gases, the paper's Fig. 7 set-up for bouncing balls. */
#include "world.h"
#include "rng.h"
#include <math.h>
#include <stdlib.h>

static const double PI = 3.14159265358979323846;

/* Cube root by Newton's method with + - * / only (libm's cbrt may round differently). */
static double det_cbrt(double x) {
    int e;
    frexp(x, &e);                      /* exact; the start is within a factor 2 of the root */
    double y = ldexp(1.0, e / 3);
    for (int k = 0; k < 200; k++) {
        double next = y - (y * y * y - x) / (3.0 * y * y);
        if (next == y) break;
        y = next;
    }
    return y;
}

static void init_particle(particle *q, vec3 r, vec3 v, double sigma, double mass) {
    q->r = r; q->v = v; q->t = 0.0;
    q->sigma = sigma; q->mass = mass;
    q->ev_t = INFINITY; q->cross_t = INFINITY;
    q->partner = PARTNER_NONE; q->predicted = 0; q->changed = 0;
    q->own_plane = -1; q->branch = 0; q->cross_axis = 0; q->cross_dir = 0;
}

/* Maxwellian velocities, zero total momentum, scaled to exactly kT = T. */
static void maxwell(struct edpd_world *w, edpd_rng *rng, double T) {
    vec3 mom = v3(0, 0, 0);
    double mass = 0.0;
    for (uint32_t i = 0; i < w->n; i++) {
        particle *q = &w->p[i];
        double s = sqrt(T / q->mass);
        /* one draw per statement: argument evaluation order differs between gcc and clang */
        double vx = s * rng_normal(rng);
        double vy = s * rng_normal(rng);
        double vz = w->dim == 3 ? s * rng_normal(rng) : 0.0;
        q->v = v3(vx, vy, vz);
        mom = v3_add(mom, v3_scale(q->v, q->mass));
        mass += q->mass;
    }
    vec3 vcm = v3_scale(mom, 1.0 / mass);
    double twice_ke = 0.0;
    for (uint32_t i = 0; i < w->n; i++) {
        particle *q = &w->p[i];
        q->v = v3_sub(q->v, vcm);
        twice_ke += q->mass * v3_dot(q->v, q->v);
    }
    if (twice_ke <= 0.0) return; /* n = 1: at rest */
    double scale = sqrt(T * w->dim * w->n / twice_ke);
    for (uint32_t i = 0; i < w->n; i++) w->p[i].v = v3_scale(w->p[i].v, scale);
}

static edpd_code build_gas(struct edpd_world *w, edpd_rng *rng, edpd_error *err) {
    const edpd_config *c = &w->cfg;
    double sigma = c->diameter, phi = c->packing_fraction;
    uint32_t n = c->n;
    if (w->dim == 3) {
        /* FCC lattice: 4 sites per cubic cell, k^3 cells, first n sites filled. */
        uint32_t k = 1;
        while (4ull * k * k * k < n) k++;
        double L = det_cbrt((double)n * PI * sigma * sigma * sigma / (6.0 * phi));
        double a = L / k;
        if (a * 0.70710678118654752 <= sigma) {
            double max_phi = (double)n * PI / (6.0 * (double)k * k * k * 2.8284271247461903);
            return set_error(err, EDPD_ERR_INVALID, "packing_fraction",
                "%g is too dense for a lattice start with n = %u: must be below %.4f (n = 4k^3, e.g. %llu, allows up to 0.64)",
                phi, n, max_phi, 4ull * k * k * k);
        }
        static const double basis[4][3] = {{0, 0, 0}, {0.5, 0.5, 0}, {0.5, 0, 0.5}, {0, 0.5, 0.5}};
        uint32_t i = 0;
        for (uint32_t z = 0; z < k && i < n; z++)
            for (uint32_t y = 0; y < k && i < n; y++)
                for (uint32_t x = 0; x < k && i < n; x++)
                    for (int b = 0; b < 4 && i < n; b++, i++) {
                        vec3 r = v3((x + basis[b][0] + 0.25) * a, (y + basis[b][1] + 0.25) * a, (z + basis[b][2] + 0.25) * a);
                        init_particle(&w->p[i], r, v3(0, 0, 0), sigma, c->mass);
                    }
        w->box[0] = w->box[1] = w->box[2] = L;
        w->periodic[0] = w->periodic[1] = w->periodic[2] = 1;
    } else {
        /* Triangular lattice: nx columns, ny (even) rows, box nx a by ny a sqrt(3)/2. */
        uint32_t nx = 1;
        while ((uint64_t)nx * nx < n) nx++;
        uint32_t ny = (n + nx - 1) / nx;
        if (ny % 2) ny++;
        const double h = 0.86602540378443865; /* sqrt(3)/2 */
        double a = sqrt((double)n * PI * sigma * sigma / (4.0 * phi * (double)nx * (double)ny * h));
        if (a <= sigma) {
            double max_phi = (double)n * PI / (4.0 * (double)nx * (double)ny * h);
            return set_error(err, EDPD_ERR_INVALID, "packing_fraction",
                "%g is too dense for a lattice start with n = %u: must be below %.4f", phi, n, max_phi);
        }
        uint32_t i = 0;
        for (uint32_t y = 0; y < ny && i < n; y++)
            for (uint32_t x = 0; x < nx && i < n; x++, i++) {
                vec3 r = v3((x + 0.25 + 0.5 * (y % 2)) * a, (y + 0.5) * h * a, 0.0);
                init_particle(&w->p[i], r, v3(0, 0, 0), sigma, c->mass);
            }
        w->box[0] = nx * a; w->box[1] = ny * h * a; w->box[2] = sigma;
        w->periodic[0] = w->periodic[1] = 1; w->periodic[2] = 0;
    }
    for (int a = 0; a < 3; a++)
        if (w->periodic[a] && w->box[a] < 4.0 * sigma)  /* >= 4 cells: see cells.h */
            return set_error(err, EDPD_ERR_INVALID, "n",
                "%u particles at packing fraction %g give a box edge of %g < 4 diameters: use more particles or a lower packing fraction",
                n, phi, w->box[a]);
    maxwell(w, rng, c->temperature);
    w->shared_planes = w->plane_count = 0;
    return EDPD_OK;
}

/* The paper's Fig. 7: sigma = 1 balls at rest at r_plate + 1 above their own plate at r_plate. */
static edpd_code build_balls(struct edpd_world *w, edpd_rng *rng) {
    const edpd_config *c = &w->cfg;
    for (uint32_t i = 0; i < w->n; i++) {
        double plate = isnan(c->plate_offset) ? rng_uniform(rng) : c->plate_offset;
        vec3 r = v3(2.0 * c->diameter * (i + 0.5), 0.5 * c->diameter, plate + 1.0 * c->diameter);
        init_particle(&w->p[i], r, v3(0, 0, 0), c->diameter, c->mass);
        edpd_plane *pl = &w->planes[i];
        pl->normal[0] = 0; pl->normal[1] = 0; pl->normal[2] = 1;
        pl->offset = plate;
        pl->restitution = c->restitution;
        w->p[i].own_plane = (int32_t)i;
    }
    w->shared_planes = 0; w->plane_count = w->n;
    w->box[0] = 2.0 * c->diameter * w->n; w->box[1] = c->diameter; w->box[2] = 2.0 * c->diameter;
    w->periodic[0] = w->periodic[1] = w->periodic[2] = 0;
    return EDPD_OK;
}

static edpd_code build_custom(struct edpd_world *w) {
    const edpd_config *c = &w->cfg;
    for (uint32_t i = 0; i < w->n; i++) {
        const double *r = c->positions + 3 * i, *v = c->velocities + 3 * i;
        init_particle(&w->p[i], v3(r[0], r[1], r[2]), v3(v[0], v[1], v[2]),
                      c->diameters ? c->diameters[i] : c->diameter, c->masses ? c->masses[i] : c->mass);
        w->p[i].t = w->time;  /* start_time: the state is of that moment */
    }
    for (uint32_t k = 0; k < c->plane_count; k++) w->planes[k] = c->planes[k];
    w->shared_planes = w->plane_count = c->plane_count;
    /* own plates after the shared planes, in particle order, as build_balls lays them out */
    for (uint32_t i = 0; i < w->n && c->own_planes; i++)
        if (own_plane_given(&c->own_planes[i])) {
            w->planes[w->plane_count] = c->own_planes[i];
            w->p[i].own_plane = (int32_t)w->plane_count++;
        }
    for (int a = 0; a < 3; a++) { w->box[a] = c->box[a]; w->periodic[a] = c->periodic[a]; }
    return EDPD_OK;
}

edpd_code scenario_build(struct edpd_world *w, edpd_error *err) {
    edpd_rng rng;
    rng_seed(&rng, w->cfg.seed);
    switch (w->cfg.scenario) {
    case EDPD_SCENARIO_GRANULAR:
    case EDPD_SCENARIO_ELASTIC: return build_gas(w, &rng, err);
    case EDPD_SCENARIO_BOUNCING_BALL: return build_balls(w, &rng);
    default: return build_custom(w);
    }
}
