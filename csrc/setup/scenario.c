/* Initial states built from a seed with the project's own RNG: lattice positions and Maxwellian
 * velocities for gases, the paper's Fig. 7 set-up for bouncing balls. A scenario knows nothing of
 * the world: it writes its state as a custom configuration, which creation places (create.c). */
#include "setup/scenario.h"
#include "base/rng.h"
#include "base/vec.h"
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "base/error.h"

static const double PI = 3.14159265358979323846;

static void put(double *a, uint32_t i, vec3 x) { a[3 * i] = x.x; a[3 * i + 1] = x.y; a[3 * i + 2] = x.z; }
static vec3 get(const double *a, uint32_t i) { return v3(a[3 * i], a[3 * i + 1], a[3 * i + 2]); }

/* Particle i's mass: a mixture's (masses), or the config's. */
static double mass_of(const edpd_config *c, const double *masses, uint32_t i) { return masses ? masses[i] : c->mass; }

/* Maxwellian velocities, zero total momentum, scaled to exactly kT = T (scenario.h). */
void ed_maxwell(const edpd_config *c, const double *masses, double *vel, edpd_rng *rng) {
    vec3 mom = v3(0, 0, 0);
    double mass = 0.0;
    for (uint32_t i = 0; i < c->n; i++) {
        double s = sqrt(c->temperature / mass_of(c, masses, i));
        /* one draw per statement: argument evaluation order differs between gcc and clang */
        double vx = s * ed_rng_normal(rng);
        double vy = s * ed_rng_normal(rng);
        double vz = c->dim == 3 ? s * ed_rng_normal(rng) : 0.0;
        vec3 v = v3(vx, vy, vz);
        put(vel, i, v);
        mom = v3_add(mom, v3_scale(v, mass_of(c, masses, i)));
        mass += mass_of(c, masses, i);
    }
    vec3 vcm = v3_scale(mom, 1.0 / mass);
    double twice_ke = 0.0;
    for (uint32_t i = 0; i < c->n; i++) {
        vec3 v = v3_sub(get(vel, i), vcm);
        put(vel, i, v);
        twice_ke += mass_of(c, masses, i) * v3_dot(v, v);
    }
    if (twice_ke <= 0.0) return; /* n = 1: at rest */
    double scale = sqrt(c->temperature * c->dim * c->n / twice_ke);
    for (uint32_t i = 0; i < c->n; i++) put(vel, i, v3_scale(get(vel, i), scale));
}

/* A mixture's particles: species k's count of its diameter and mass, in an order shuffled by the
 * seed (Fisher-Yates), into diameters[0..n) and masses[0..n). Returns the mean of sigma^dim, the
 * volume a lattice site holds on average, and the largest diameter in *largest. */
double ed_mix_species(const edpd_config *c, double *diameters, double *masses, edpd_rng *rng, double *largest) {
    uint32_t i = 0;
    double volume = 0.0;
    *largest = 0.0;
    for (uint32_t k = 0; k < c->species_count; k++) {
        const edpd_species *s = &c->species[k];
        for (uint32_t j = 0; j < s->count; j++, i++) { diameters[i] = s->diameter; masses[i] = s->mass; }
        volume += s->count * (c->dim == 3 ? s->diameter * s->diameter * s->diameter : s->diameter * s->diameter);
        if (s->diameter > *largest) *largest = s->diameter;
    }
    for (uint32_t j = c->n; j > 1; j--) {
        uint32_t r = (uint32_t)(ed_rng_uniform(rng) * j);
        double d = diameters[j - 1], m = masses[j - 1];
        diameters[j - 1] = diameters[r]; masses[j - 1] = masses[r];
        diameters[r] = d; masses[r] = m;
    }
    return volume / c->n;
}

/* A gas on a lattice: FCC in 3-D (4 sites per cubic cell, k^3 cells, the first n filled), a
 * triangular lattice in 2-D (nx columns, ny even rows), in a periodic box. A mixture's sites are
 * as far apart as the mean particle's volume gives, and must clear the largest diameter. */
static edpd_code build_gas(const edpd_config *c, double *pos, double *vel, double *sizes, edpd_config *out, edpd_rng *rng, edpd_error *err) {
    double sigma = c->diameter, phi = c->packing_fraction, mean = c->dim == 3 ? sigma * sigma * sigma : sigma * sigma;
    double *masses = NULL;
    if (c->species_count) {
        masses = sizes + c->n;
        mean = ed_mix_species(c, sizes, masses, rng, &sigma);
        out->diameters = sizes;
        out->masses = masses;
    }
    uint32_t n = c->n;
    if (c->dim == 3) {
        uint32_t k = 1;
        while (4ull * k * k * k < n) k++;
        /* one species: the arithmetic of the monodisperse start as it always was (golden hashes) */
        double volume = c->species_count ? (double)n * PI * mean : (double)n * PI * sigma * sigma * sigma;
        double L = ed_det_cbrt(volume / (6.0 * phi));
        double a = L / k;
        if (a * 0.70710678118654752 <= sigma) {
            double max_phi = volume / (sigma * sigma * sigma * 6.0 * (double)k * k * k * 2.8284271247461903);
            return ed_set_error(err, EDPD_ERR_INVALID, "packing_fraction",
                "%g is too dense for a lattice start with n = %u: must be below %.4f (n = 4k^3, e.g. %llu, allows up to 0.64)",
                phi, n, max_phi, 4ull * k * k * k);
        }
        static const double basis[4][3] = {{0, 0, 0}, {0.5, 0.5, 0}, {0.5, 0, 0.5}, {0, 0.5, 0.5}};
        uint32_t i = 0;
        for (uint32_t z = 0; z < k && i < n; z++)
            for (uint32_t y = 0; y < k && i < n; y++)
                for (uint32_t x = 0; x < k && i < n; x++)
                    for (int b = 0; b < 4 && i < n; b++, i++)
                        put(pos, i, v3((x + basis[b][0] + 0.25) * a, (y + basis[b][1] + 0.25) * a, (z + basis[b][2] + 0.25) * a));
        out->box[0] = out->box[1] = out->box[2] = L;
        out->periodic[0] = out->periodic[1] = out->periodic[2] = 1;
    } else {
        uint32_t nx = 1;
        while ((uint64_t)nx * nx < n) nx++;
        uint32_t ny = (n + nx - 1) / nx;
        if (ny % 2) ny++;
        const double h = 0.86602540378443865; /* sqrt(3)/2 */
        double area = c->species_count ? (double)n * PI * mean : (double)n * PI * sigma * sigma;
        double a = sqrt(area / (4.0 * phi * (double)nx * (double)ny * h));
        if (a <= sigma) {
            double max_phi = area / (sigma * sigma * 4.0 * (double)nx * (double)ny * h);
            return ed_set_error(err, EDPD_ERR_INVALID, "packing_fraction",
                "%g is too dense for a lattice start with n = %u: must be below %.4f", phi, n, max_phi);
        }
        uint32_t i = 0;
        for (uint32_t y = 0; y < ny && i < n; y++)
            for (uint32_t x = 0; x < nx && i < n; x++, i++)
                put(pos, i, v3((x + 0.25 + 0.5 * (y % 2)) * a, (y + 0.5) * h * a, 0.0));
        out->box[0] = nx * a; out->box[1] = ny * h * a; out->box[2] = sigma;
        out->periodic[0] = out->periodic[1] = 1; out->periodic[2] = 0;
    }
    for (int a = 0; a < 3; a++)
        if (out->periodic[a] && out->box[a] < 4.0 * sigma)  /* >= 4 cells: see cells.h */
            return ed_set_error(err, EDPD_ERR_INVALID, "n",
                "%u particles at packing fraction %g give a box edge of %g < 4 diameters: use more particles or a lower packing fraction",
                n, phi, out->box[a]);
    ed_maxwell(c, masses, vel, rng);
    return EDPD_OK;
}

/* The paper's Fig. 7: sigma = 1 balls at rest at r_plate + 1 above their own plates at r_plate;
 * ball i's r_plate is the sweep's sample i of the same seed (`edpd sweep`, the app's ball array). */
/* The balls 2 diameters apart in rows of k = ceil(sqrt(n)) (the first row where a single row
 * was), so that the cells that hold them stay about one ball each at any n: a ball meets only
 * its own plate, but the cells serve every world alike, and in one row of a million balls each
 * cell held hundreds. */
static void build_balls(const edpd_config *c, double *pos, double *vel, edpd_plane *plates, edpd_config *out) {
    uint32_t k = 1;
    while ((uint64_t)k * k < c->n) k++;
    uint32_t rows = (c->n + k - 1) / k;
    for (uint32_t i = 0; i < c->n; i++) {
        double plate = isnan(c->plate_offset) ? ed_rng_uniform_at(c->seed, i) : c->plate_offset;
        edpd_plane *pl = &plates[i];
        memset(pl, 0, sizeof *pl);
        pl->normal[2] = 1;
        pl->offset = plate;
        pl->restitution = c->restitution;
        if (c->plate_amplitude > 0.0) {  /* the ball starts at rest half a diameter above the plate as it is at t = 0 */
            pl->amplitude = c->plate_amplitude; pl->angular_frequency = c->plate_frequency; pl->phase = c->plate_phase;
            plate += c->plate_amplitude * sin(c->plate_phase);
        }
        put(pos, i, v3(2.0 * c->diameter * (i % k + 0.5), c->diameter * (2.0 * (i / k) + 0.5), plate + 1.0 * c->diameter));
        put(vel, i, v3(0, 0, 0));
    }
    out->own_planes = plates;
    out->box[0] = 2.0 * c->diameter * k; out->box[1] = c->diameter * (2.0 * rows - 1.0); out->box[2] = 2.0 * c->diameter;
    out->periodic[0] = out->periodic[1] = out->periodic[2] = 0;
}

/* A shaken box's 2 dim planes, width W and height H: the floor (its lowest point at 0, oscillating
 * as A + A sin(omega t + phase)), the lid, then the side walls, all of the bed's restitution. */
static void box_walls(const edpd_config *c, edpd_plane *walls, double W, double H) {
    int d = c->dim, up = d == 3 ? 2 : 1;
    double A = c->plate_amplitude;
    memset(walls, 0, sizeof(edpd_plane) * 2 * (size_t)d);
    walls[0].normal[up] = 1.0; walls[0].offset = A;
    walls[0].amplitude = A; walls[0].angular_frequency = A > 0.0 ? c->plate_frequency : 0.0; walls[0].phase = A > 0.0 ? c->plate_phase : 0.0;
    walls[1].normal[up] = -1.0; walls[1].offset = -H;
    for (int a = 0; a < d - 1; a++) {
        walls[2 + 2 * a].normal[a] = 1.0; walls[2 + 2 * a].offset = 0.0;
        walls[3 + 2 * a].normal[a] = -1.0; walls[3 + 2 * a].offset = -W;
    }
    for (int k = 0; k < 2 * d; k++) walls[k].restitution = c->restitution;
}

/* A shaken box (edpd.h): the floor, a lid and the side walls as planes, the vertical axis y in
 * 2-D and z in 3-D; the intruder (if any) at the bottom of the middle, the bed in layers on a
 * square lattice 1.1 diameters apart above it and around it, Maxwellian velocities at
 * `temperature`. The lid is above the bed's top by twice the height 2 A (1 + Gamma) and 2
 * diameters: a fluidised bed rarely reaches it, and the picture is mostly bed. */
static void build_shaken_box(const edpd_config *c, double *pos, double *vel, edpd_plane *walls, double *sizes, edpd_config *out, edpd_rng *rng) {
    int up = c->dim == 3 ? 2 : 1, d = c->dim;
    double sigma = c->diameter, D = c->intruder_diameter * sigma, A = c->plate_amplitude, g = -c->gravity[2];
    double W = c->box_width * sigma;
    if (W == 0.0) {
        W = ceil(d == 3 ? sqrt(c->n / 6.0) : 2.0 * sqrt((double)c->n)) * sigma;  /* about 0.55 sqrt(n) layers; 7 in 3-D */
        double least = (D > 0.0 ? D / sigma + 1.0 : 0.0) > 4.0 ? D / sigma + 1.0 : 4.0;
        if (W < least * sigma) W = least * sigma;
    }
    double s = 1.1 * sigma, floor_top = 2.0 * A, base = floor_top + 0.05 * sigma;
    uint32_t per_row = (uint32_t)floor(W / s), i = 0, layer_sites = d == 3 ? per_row * per_row : per_row;
    vec3 centre = v3(0.5 * W, 0.5 * W, base + 0.5 * D);
    if (D > 0.0) {  /* the intruder is the last particle */
        for (uint32_t k = 0; k + 1 < c->n; k++) { sizes[k] = sigma; sizes[c->n + k] = c->mass; }
        sizes[c->n - 1] = D; sizes[2 * c->n - 1] = c->mass * pow(c->intruder_diameter, d);
        out->diameters = sizes; out->masses = sizes + c->n;
    }
    uint32_t bed = D > 0.0 ? c->n - 1 : c->n;
    for (uint64_t site = 0; i < bed; site++) {
        uint32_t layer = (uint32_t)(site / layer_sites), in = (uint32_t)(site % layer_sites);
        double h = base + 0.5 * sigma + layer * s, x = (in % per_row + 0.5) * s + 0.5 * (W - per_row * s);
        double y = d == 3 ? (in / per_row + 0.5) * s + 0.5 * (W - per_row * s) : h;
        vec3 r = d == 3 ? v3(x, y, h) : v3(x, h, 0.0);
        if (D > 0.0) {  /* clear of the intruder by a tenth of a diameter */
            vec3 cr = d == 3 ? centre : v3(centre.x, centre.z, 0.0), dr = v3_sub(r, cr);
            double reach = 0.5 * (D + sigma) + 0.1 * sigma;
            if (v3_dot(dr, dr) < reach * reach) continue;
        }
        put(pos, i++, r);
    }
    if (D > 0.0) put(pos, c->n - 1, d == 3 ? centre : v3(centre.x, centre.z, 0.0));
    double top = 0.0;
    for (uint32_t k = 0; k < c->n; k++) if (pos[3 * k + up] > top) top = pos[3 * k + up];
    double gamma = A > 0.0 ? A * c->plate_frequency * c->plate_frequency / g : 0.0;
    double H = top + 4.0 * A * (1.0 + gamma) + 2.0 * sigma;
    box_walls(c, walls, W, H);
    out->planes = walls;
    out->plane_count = 2 * (uint32_t)d;
    out->box[0] = W; out->box[1] = d == 3 ? W : H; out->box[2] = d == 3 ? H : sigma;
    out->periodic[0] = out->periodic[1] = out->periodic[2] = 0;
    out->gravity[0] = out->gravity[1] = out->gravity[2] = 0.0;
    out->gravity[up] = -g;
    ed_maxwell(c, out->masses, vel, rng);
}

edpd_code ed_scenario_state(const edpd_config *c, double *positions, double *velocities, edpd_plane *plates, double *sizes, edpd_config *out, edpd_error *err) {
    *out = *c;
    out->scenario = EDPD_SCENARIO_CUSTOM;
    out->positions = positions;
    out->velocities = velocities;
    out->diameters = out->masses = NULL;
    out->planes = out->own_planes = NULL;
    out->plane_count = 0;
    out->start_time = 0.0;
    edpd_rng rng;
    ed_rng_seed(&rng, c->seed);
    if (c->scenario == EDPD_SCENARIO_BOUNCING_BALL) {
        build_balls(c, positions, velocities, plates, out);
        return EDPD_OK;
    }
    if (c->scenario == EDPD_SCENARIO_SHAKEN_BOX) {
        build_shaken_box(c, positions, velocities, plates, sizes, out, &rng);
        return EDPD_OK;
    }
    if (c->scenario == EDPD_SCENARIO_BOX) return ed_build_box(c, positions, velocities, plates, sizes, out, &rng, err);
    return build_gas(c, positions, velocities, sizes, out, &rng, err);
}
