/* Config defaults, names and validation: every field is checked, and an error names the field
 * and its allowed range. */
#include "world/world.h"
#include "interact/shells.h"
#include "edpd/schema.h"
#include <ctype.h>
#include <math.h>
#include <stddef.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *DETECTOR_NAMES[EDPD_DETECTOR_COUNT] = {"stable", "naive-halt", "naive-miss", "naive-rewind"};
static const char *SCENARIO_NAMES[EDPD_SCENARIO_COUNT] = {"granular", "elastic", "bouncing-ball", "custom", "shaken-box", "box"};

/* Random close packing: the jamming limit of hard spheres (3-D) and disks (2-D). */
#define JAMMING_3D 0.64
#define JAMMING_2D 0.82
/* The shaken box's floor: Gamma = A omega^2 / g = 3 at A = 0.5, g = 1, omega = sqrt(6) */
#define SHAKEN_FREQUENCY 2.4494897427831781

const char *edpd_detector_name(edpd_detector d) {
    return (unsigned)d < EDPD_DETECTOR_COUNT ? DETECTOR_NAMES[d] : "unknown";
}
const char *edpd_scenario_name(edpd_scenario s) {
    return (unsigned)s < EDPD_SCENARIO_COUNT ? SCENARIO_NAMES[s] : "unknown";
}
int edpd_detector_from_name(const char *name, edpd_detector *out) {
    for (int k = 0; k < EDPD_DETECTOR_COUNT; k++)
        if (name && strcmp(name, DETECTOR_NAMES[k]) == 0) { *out = (edpd_detector)k; return 1; }
    return 0;
}
int edpd_scenario_from_name(const char *name, edpd_scenario *out) {
    for (int k = 0; k < EDPD_SCENARIO_COUNT; k++)
        if (name && strcmp(name, SCENARIO_NAMES[k]) == 0) { *out = (edpd_scenario)k; return 1; }
    return 0;
}

edpd_config edpd_default_config(void) {
    edpd_config c;
    memset(&c, 0, sizeof c);
    c.scenario = EDPD_SCENARIO_GRANULAR;
    c.detector = EDPD_DETECTOR_STABLE;
    c.dim = 3;
    c.n = 1000;
    c.packing_fraction = 0.3;
    c.restitution = 0.9;
    c.seed = 1;
    c.diameter = 1.0;
    c.mass = 1.0;
    c.temperature = 1.0;
    c.plate_offset = NAN;
    c.tc = 0.0;
    c.elastic_until = 0.0;
    c.collapse_window = 1000;
    c.collapse_dt = 1e-10;
    c.potential = EDPD_POTENTIAL_HARD;
    c.well_width = 1.5;
    c.well_depth = 1.0;
    c.thermostat_rate = 0.0;
    c.bath_temperature = 1.0;
    c.quench_at = EDPD_MAX_TIME;  /* never */
    c.quench_to = 1.0;
    c.thermostat_until = EDPD_MAX_TIME;  /* never */
    c.rescale_interval = 1.0;
    c.jam_pressure = 1e12;
    c.wall_restitution = 1.0;
    return c;
}

edpd_config edpd_scenario_config(edpd_scenario s) {
    edpd_config c = edpd_default_config();
    c.scenario = s;
    if (s == EDPD_SCENARIO_ELASTIC) c.restitution = 1.0;
    if (s == EDPD_SCENARIO_BOUNCING_BALL) { /* the paper's Fig. 7 */
        c.n = 1; c.restitution = 0.5; c.gravity[2] = -1.0;
    }
    if (s == EDPD_SCENARIO_SHAKEN_BOX) {  /* a bed a dozen disks deep at Gamma = 3, an intruder at its bottom */
        c.dim = 2; c.n = 300; c.restitution = 0.8; c.gravity[2] = -1.0; c.intruder_diameter = 4.0;
        c.plate_amplitude = 0.5; c.plate_frequency = SHAKEN_FREQUENCY;
        c.tc = 1e-4;  /* the TC model: a bed at rest on the floor would collapse inelastically */
    }
    if (s == EDPD_SCENARIO_BOX) {  /* an elastic gas of 200 disks in a walled box: the builder's start */
        c.dim = 2; c.n = 200; c.restitution = 1.0; c.walls = 3;
    }
    return c;
}

#define BAD(field, ...) return ed_set_error(err, EDPD_ERR_INVALID, field, __VA_ARGS__)

static int finite_in(double x, double lo, double hi) { return isfinite(x) && x >= lo && x <= hi; }

/* A plane of field `field` ("planes": plane k; "own_planes": particle k's plate). */
static edpd_code check_plane(const edpd_config *c, const edpd_plane *p, const char *field, const char *what, uint32_t k, edpd_error *err) {
    double nn = 0;
    for (int a = 0; a < 3; a++) {
        if (!isfinite(p->normal[a])) BAD(field, "%s %u: normal must be finite", what, k);
        nn += p->normal[a] * p->normal[a];
    }
    if (fabs(nn - 1.0) > 1e-12) BAD(field, "%s %u: normal must be a unit vector (|n|^2 = %g)", what, k, nn);
    /* a particle wrapping along a periodic axis would jump across a plane tilted into it */
    for (int a = 0; a < 3; a++)
        if (c->periodic[a] && p->normal[a] != 0.0)
            BAD(field, "%s %u: normal must be 0 along periodic axis %d (got %g); make the axis open", what, k, a, p->normal[a]);
    if (!finite_in(p->offset, -1e9, 1e9)) BAD(field, "%s %u: offset must be finite in [-1e9, 1e9]", what, k);
    if (!finite_in(p->restitution, 0.0, 1.0)) BAD(field, "%s %u: restitution must be in [0, 1]", what, k);
    if (!finite_in(p->amplitude, 0.0, 1e3)) BAD(field, "%s %u: amplitude must be in [0, 1000], got %g", what, k, p->amplitude);
    if (p->amplitude > 0.0) {
        if (!finite_in(p->angular_frequency, 1e-6, 1e3)) BAD(field, "%s %u: angular_frequency must be in [1e-06, 1000] for an oscillating plane, got %g", what, k, p->angular_frequency);
        if (!finite_in(p->phase, -1e3, 1e3)) BAD(field, "%s %u: phase must be finite in [-1000, 1000], got %g", what, k, p->phase);
    }
    return EDPD_OK;
}

/* How far a pair's distance may lie from the step between its logical shell and the distance's:
 * a logical state differs from what the distance says only where rounding put the pair across
 * the step (Eq. 10 keeps it within rounding of it); a million times rounding is room enough, and a
 * forged state (a pair 5 sigma apart "bound" in a 1.5 sigma well) is far beyond it. */
#define BOND_SLACK 1e-6

static int by_pair(const void *x, const void *y) {
    const uint32_t *a = x, *b = y;
    return a[0] != b[0] ? (a[0] > b[0]) - (a[0] < b[0]) : (a[1] > b[1]) - (a[1] < b[1]);
}

/* The bonds a state file carries (bond_exceptions): pairs of a stepped potential whose logical
 * shell is not the one their distance says, each named once, each in a shell next to its
 * distance's and within rounding of the step between them. */
static edpd_code check_bonds(const edpd_config *c, edpd_error *err) {
    if (!c->bond_count) return EDPD_OK;
    if (c->potential == EDPD_POTENTIAL_HARD) BAD("bonds", "only with a stepped potential (square well or steps): hard spheres have no logical states, got %u", c->bond_count);
    shells pot;
    ed_shells_from_config(&pot, c, 1.0);
    uint32_t *pairs = malloc(sizeof(uint32_t) * 2 * c->bond_count);
    if (!pairs) return ed_set_error(err, EDPD_ERR_MEMORY, "bonds", "out of memory for %u bonds", c->bond_count);
    for (uint32_t k = 0; k < c->bond_count; k++) {
        const uint32_t *b = c->bonds + 3 * (size_t)k;
        uint32_t i = b[0], j = b[1];
        double d[3], r2 = 0.0;
        for (int a = 0; a < 3; a++) {
            d[a] = c->positions[3 * i + a] - c->positions[3 * j + a];
            if (c->periodic[a]) d[a] -= c->box[a] * floor(d[a] / c->box[a] + 0.5);  /* the nearest image */
            r2 += d[a] * d[a];
        }
        double sigma = 0.5 * ((c->diameters ? c->diameters[i] : c->diameter) + (c->diameters ? c->diameters[j] : c->diameter));
        uint32_t s = shell_of_distance(&pot, r2, sigma), shell = b[2];
        double edge = (shell < s ? pot.radius[shell] : s < pot.count ? pot.radius[s] : 0.0) * sigma, r = sqrt(r2);
        if (!(shell + 1 == s || s + 1 == shell) || !(fabs(r - edge) <= BOND_SLACK * edge)) {
            free(pairs);
            BAD("bonds", "entry %u: pair %u-%u in shell %u at distance %.17g (its distance's shell %u): a logical state differs from the distance "
                "only within rounding of the step between them (%.6g), so this one cannot be the run's", k, i, j, shell, r, s, edge);
        }
        pairs[2 * k] = i < j ? i : j;
        pairs[2 * k + 1] = i < j ? j : i;
    }
    qsort(pairs, c->bond_count, 2 * sizeof(uint32_t), by_pair);
    for (uint32_t k = 1; k < c->bond_count; k++)
        if (pairs[2 * k] == pairs[2 * k - 2] && pairs[2 * k + 1] == pairs[2 * k - 1]) {
            uint32_t i = pairs[2 * k], j = pairs[2 * k + 1];
            free(pairs);
            BAD("bonds", "pair %u-%u is named twice: a pair has one logical state", i, j);
        }
    free(pairs);
    return EDPD_OK;
}

static edpd_code validate_custom(const edpd_config *c, edpd_error *err) {
    if (!c->positions) BAD("positions", "required for the custom scenario (n*3 doubles)");
    if (!c->velocities) BAD("velocities", "required for the custom scenario (n*3 doubles)");
    for (int a = 0; a < 3; a++) {
        if (!finite_in(c->box[a], 1e-6, 1e9)) BAD("box", "each edge must be a finite number in [1e-6, 1e9]");
        if (c->periodic[a] != 0 && c->periodic[a] != 1) BAD("periodic", "each flag must be 0 or 1");
        if (c->periodic[a] && c->gravity[a] != 0.0)
            BAD("gravity", "must be 0 along periodic axes (axis %d is periodic)", a);
    }
    if (c->dim == 2 && c->periodic[2]) BAD("periodic", "the z axis cannot be periodic in 2-D");
    /* the world sizes its cells from the particles' own diameters, so the floor below does too;
     * `diameter` is then only the unit of max_overlap (it was a floor here, refusing small spheres) */
    double max_sigma = c->diameters ? 0.0 : c->diameter;
    for (uint32_t i = 0; i < c->n; i++) {
        if (c->diameters && !finite_in(c->diameters[i], 1e-3, 1e3))
            BAD("diameters", "entry %u must be in [0.001, 1000], got %g", i, c->diameters[i]);
        if (c->masses && !finite_in(c->masses[i], 1e-6, 1e6))
            BAD("masses", "entry %u must be in [1e-6, 1e6], got %g", i, c->masses[i]);
        if (c->diameters && c->diameters[i] > max_sigma) max_sigma = c->diameters[i];
    }
    for (int a = 0; a < 3; a++)
        if (c->periodic[a] && c->box[a] < 4.0 * max_sigma)
            BAD("box", "a periodic edge must be at least 4 of the largest diameter (%g), got %g", 4.0 * max_sigma, c->box[a]);
    for (uint64_t k = 0; k < 3ull * c->n; k++) {
        if (!isfinite(c->positions[k]) || fabs(c->positions[k]) > 1e9)
            BAD("positions", "entry %llu is not a finite number within [-1e9, 1e9]", (unsigned long long)k);
        if (!isfinite(c->velocities[k]) || fabs(c->velocities[k]) > 1e9)
            BAD("velocities", "entry %llu is not a finite number within [-1e9, 1e9]", (unsigned long long)k);
        int axis = (int)(k % 3);
        if (c->periodic[axis] && (c->positions[k] < 0.0 || c->positions[k] >= c->box[axis]))
            BAD("positions", "entry %llu lies outside the periodic box [0, %g)", (unsigned long long)k, c->box[axis]);
        if (c->dim == 2 && axis == 2 && (c->positions[k] != 0.0 || c->velocities[k] != 0.0))
            BAD("positions", "2-D particles need z = 0 and v_z = 0 (entry %llu)", (unsigned long long)k);
    }
    /* the clock's whole range: a cooling gas's clock runs far beyond 1e9, and its dump must load */
    if (!finite_in(c->start_time, -EDPD_MAX_TIME, EDPD_MAX_TIME)) BAD("start_time", "must be a finite number in [-1e100, 1e100], got %g", c->start_time);
    uint32_t shells = c->potential == EDPD_POTENTIAL_SQUARE_WELL ? 1 : c->potential == EDPD_POTENTIAL_STEPS ? c->step_count : 0;
    if (c->bond_count && !c->bonds) BAD("bonds", "bond_count > 0 but no bonds given");
    for (uint32_t k = 0; k < c->bond_count; k++) {
        const uint32_t *b = c->bonds + 3 * (size_t)k;
        if (b[0] >= c->n || b[1] >= c->n || b[0] == b[1] || b[2] > shells)
            BAD("bonds", "entry %u: (%u, %u, %u) must be two different particles below %u and a shell in [0, %u]", k, b[0], b[1], b[2], c->n, shells);
    }
    if (check_bonds(c, err) != EDPD_OK) return EDPD_ERR_INVALID;
    if (c->plane_count > EDPD_MAX_PLANES) BAD("plane_count", "must be in [0, %u], got %u", EDPD_MAX_PLANES, c->plane_count);
    if (c->plane_count && !c->planes) BAD("planes", "plane_count > 0 but no planes given");
    for (uint32_t k = 0; k < c->plane_count; k++)
        if (check_plane(c, &c->planes[k], "planes", "plane", k, err) != EDPD_OK) return EDPD_ERR_INVALID;
    if (c->own_planes)
        for (uint32_t i = 0; i < c->n; i++) {
            const edpd_plane *p = &c->own_planes[i];
            if (p->normal[0] == 0.0 && p->normal[1] == 0.0 && p->normal[2] == 0.0) continue;  /* none */
            if (check_plane(c, p, "own_planes", "particle", i, err) != EDPD_OK) return EDPD_ERR_INVALID;
        }
    return EDPD_OK;
}

/* Settings that would do nothing are refused, not ignored: a thermostat's without a thermostat,
 * a quench after it stops or with no time to happen at, a well's without the well, a thermostat
 * on the bouncing balls. Only values other than the defaults can be told apart here; the CLI also
 * refuses such a flag given at its default value. */
static edpd_code check_does_something(const edpd_config *c, edpd_error *err) {
    if (c->thermostat_rate == 0.0) {
        if (c->bath_temperature != 1.0) BAD("bath_temperature", "only with a thermostat (thermostat_rate > 0): without one there is no bath, got %g", c->bath_temperature);
        if (c->quench_at != EDPD_MAX_TIME) BAD("quench_at", "only with a thermostat (thermostat_rate > 0): a quench cools its bath, got %g", c->quench_at);
        if (c->quench_to != 1.0) BAD("quench_to", "only with a thermostat (thermostat_rate > 0): a quench cools its bath, got %g", c->quench_to);
        if (c->thermostat_until != EDPD_MAX_TIME) BAD("thermostat_until", "only with a thermostat (thermostat_rate > 0), got %g", c->thermostat_until);
    } else {
        if (c->scenario == EDPD_SCENARIO_BOUNCING_BALL) BAD("thermostat_rate", "bouncing-ball's balls have no bath: use 0, got %g", c->thermostat_rate);
        if (c->quench_at != EDPD_MAX_TIME && !(c->quench_at < c->thermostat_until))
            BAD("quench_at", "%g is not before the thermostat stops (thermostat_until %g): the quench would do nothing", c->quench_at, c->thermostat_until);
        if (c->quench_to != 1.0 && c->quench_at == EDPD_MAX_TIME) BAD("quench_to", "needs quench_at, the time of the quench, got quench_to %g alone", c->quench_to);
    }
    if (c->growth_rate == 0.0) {
        if (c->rescale_interval != 1.0) BAD("rescale_interval", "only with growth (growth_rate > 0): nothing heats a gas to rescale, got %g", c->rescale_interval);
        if (c->jam_pressure != 1e12) BAD("jam_pressure", "only with growth (growth_rate > 0): nothing compresses the gas, got %g", c->jam_pressure);
    }
    if (c->potential != EDPD_POTENTIAL_SQUARE_WELL && (c->well_width != 1.5 || c->well_depth != 1.0))
        BAD(c->well_width != 1.5 ? "well_width" : "well_depth", "only with potential square-well, got %g with potential %s",
            c->well_width != 1.5 ? c->well_width : c->well_depth, c->potential == EDPD_POTENTIAL_STEPS ? "steps" : "hard-sphere");
    return EDPD_OK;
}

/* A compression grows hard spheres in a gas or a custom state: a potential's steps would grow
 * with them and a ball's plate has one ball; its candidates come from cells sized for it. */
static edpd_code check_growth(const edpd_config *c, edpd_error *err) {
    if (c->growth_rate == 0.0) return EDPD_OK;
    if (c->potential != EDPD_POTENTIAL_HARD) BAD("growth_rate", "only with potential hard-sphere (a compression grows hard spheres), got %g", c->growth_rate);
    if (c->scenario == EDPD_SCENARIO_BOUNCING_BALL) BAD("growth_rate", "bouncing-ball's balls have nothing to be compressed against: use 0, got %g", c->growth_rate);
    if (c->scenario == EDPD_SCENARIO_CUSTOM && c->own_planes) BAD("own_planes", "not with growth: a plate is one ball's");
    return EDPD_OK;
}

/* A shaken box: gravity down its vertical, a floor that may oscillate, a box wide enough for its
 * cells and its intruder; no compression (the floor would have to grow with the bed). */
static edpd_code check_shaken_box(const edpd_config *c, edpd_error *err) {
    if (!(c->gravity[2] < 0.0) || c->gravity[0] != 0.0 || c->gravity[1] != 0.0)
        BAD("gravity", "shaken-box needs gravity g > 0 down its vertical (given as a magnitude), got %g", -c->gravity[2]);
    if (!isnan(c->plate_offset)) BAD("plate_offset", "not for shaken-box: its floor's lowest point is at 0, got %g", c->plate_offset);
    if (c->growth_rate != 0.0) BAD("growth_rate", "not for shaken-box (its floor does not grow with the bed): use 0, got %g", c->growth_rate);
    double least = c->intruder_diameter + 1.0 > 4.0 ? c->intruder_diameter + 1.0 : 4.0;
    if (c->box_width != 0.0 && !(c->box_width >= least))
        BAD("box_width", "must be 0 (from n) or at least %g diameters (4, and the intruder's diameter + 1), got %g", least, c->box_width);
    if (c->intruder_diameter != 0.0 && !(c->intruder_diameter >= 1.0))
        BAD("intruder_diameter", "must be 0 (none) or in [1, 100] diameters, got %g", c->intruder_diameter);
    return EDPD_OK;
}

/* A box: walls on the axes it has (z is no axis of a 2-D box), gravity and a vibrated floor only
 * where walls hold the particles in, a density below jamming, an intruder of at least one
 * diameter. Whether the start finds room is the start's to say (box.c). */
static edpd_code check_box(const edpd_config *c, edpd_error *err) {
    static const char *AXES = "xyz";
    int up = c->dim == 3 ? 2 : 1;
    double g = -c->gravity[2];
    if (c->gravity[0] != 0.0 || c->gravity[1] != 0.0 || !(g >= 0.0))
        BAD("gravity", "box takes gravity as a magnitude g >= 0 down its vertical (tilted by gravity_angle), got (%g, %g, %g)", c->gravity[0], c->gravity[1], c->gravity[2]);
    if (c->dim == 2 && (c->walls & 4u)) BAD("walls", "a 2-D box has the axes x and y (z is the plane's normal): use none, x, y or xy, got %s", c->walls == 4 ? "z" : c->walls == 5 ? "xz" : c->walls == 6 ? "yz" : "xyz");
    if (g > 0.0 && !(c->walls >> up & 1u))
        BAD("gravity", "g = %g pulls along %c, which has no walls (particles would fall for ever): add %c to walls or set gravity 0", g, AXES[up], AXES[up]);
    if (g > 0.0 && c->gravity_angle != 0.0 && !(c->walls & 1u))
        BAD("gravity_angle", "a tilt of %g degrees pulls along x too, which has no walls: add x to walls or use 0", c->gravity_angle);
    if (c->gravity_angle != 0.0 && g == 0.0) BAD("gravity_angle", "tilts gravity, which is 0: set gravity > 0 or the angle 0, got %g", c->gravity_angle);
    if (c->start == EDPD_START_LAYERED && g == 0.0) BAD("start", "layered puts the particles in layers on the floor, which needs gravity > 0 (else start lattice or random)");
    if (c->plate_amplitude > 0.0 && !(c->walls >> up & 1u))
        BAD("plate_amplitude", "a vibrated floor is the lower wall of the vertical (%c), which has none: add %c to walls, got %g", AXES[up], AXES[up], c->plate_amplitude);
    if (c->plate_amplitude == 0.0 && (c->plate_frequency != 0.0 || c->plate_phase != 0.0))
        BAD(c->plate_frequency != 0.0 ? "plate_frequency" : "plate_phase", "only with a vibrated floor (plate_amplitude > 0)");
    if (!isnan(c->plate_offset)) BAD("plate_offset", "not for box: its floor's lowest point is at 0, got %g", c->plate_offset);
    if (c->growth_rate != 0.0 && c->plate_amplitude > 0.0) BAD("growth_rate", "not with a vibrated floor (the floor does not grow with the bed): use 0, got %g", c->growth_rate);
    double jam = c->dim == 3 ? JAMMING_3D : JAMMING_2D;
    if (!(c->packing_fraction >= 1e-6 && c->packing_fraction < jam))
        BAD("packing_fraction", "must be a number in [1e-06, %g) in %d-D (below jamming), got %.10g", jam, c->dim, c->packing_fraction);
    if (c->intruder_diameter != 0.0 && !(c->intruder_diameter >= 1.0))
        BAD("intruder_diameter", "must be 0 (none) or in [1, 100] diameters, got %g", c->intruder_diameter);
    if (c->intruder_diameter > 0.0 && c->n < 2) BAD("n", "an intruder is one of n particles: n must be at least 2, got %u", c->n);
    if (c->wall_restitution_count) {
        if (c->wall_restitution_count != 2u * (uint32_t)c->dim) BAD("wall_restitutions", "give %d, each wall's (x- x+ y- y+%s), got %u", 2 * c->dim, c->dim == 3 ? " z- z+" : "", c->wall_restitution_count);
        if (c->wall_restitution != 1.0) BAD("wall_restitution", "give one of wall_restitution (every wall's) and wall_restitutions (each wall's own), got both");
        for (uint32_t k = 0; k < c->wall_restitution_count; k++)
            if (!finite_in(c->wall_restitutions[k], 0.0, 1.0)) BAD("wall_restitutions", "entry %u must be in [0, 1], got %g", k, c->wall_restitutions[k]);
    }
    return EDPD_OK;
}

/* Species: each in the range of a diameter and a mass, counts summing to n; the gas scenarios'. */
static edpd_code check_species(const edpd_config *c, edpd_error *err) {
    if (c->species_count == 0) return EDPD_OK;
    if (c->species_count > EDPD_MAX_SPECIES) BAD("species", "give 1 to %d species, got %u", EDPD_MAX_SPECIES, c->species_count);
    if (c->scenario != EDPD_SCENARIO_GRANULAR && c->scenario != EDPD_SCENARIO_ELASTIC && c->scenario != EDPD_SCENARIO_BOX)
        BAD("species", "only in the gas scenarios (granular, elastic) and box: a custom state gives each particle's diameter and mass");
    uint64_t total = 0;
    for (uint32_t k = 0; k < c->species_count; k++) {
        const edpd_species *s = &c->species[k];
        if (s->count < 1) BAD("species", "species %u: count must be at least 1, got %u", k, s->count);
        if (!finite_in(s->diameter, 1e-3, 1e3)) BAD("species", "species %u: diameter must be in [0.001, 1000], got %g", k, s->diameter);
        if (!finite_in(s->mass, 1e-6, 1e6)) BAD("species", "species %u: mass must be in [1e-06, 1e+06], got %g", k, s->mass);
        total += s->count;
    }
    if (c->scenario == EDPD_SCENARIO_BOX && c->intruder_diameter > 0.0) {  /* the intruder is one more */
        if (total + 1 != c->n) BAD("species", "the counts sum to %llu and the intruder is one more, but n is %u: they must agree", (unsigned long long)total, c->n);
    } else if (total != c->n) BAD("species", "the counts sum to %llu, but n is %u: they must agree", (unsigned long long)total, c->n);
    return EDPD_OK;
}

edpd_code edpd_validate_config(const edpd_config *c, edpd_error *err) {
    if (err) { err->code = EDPD_OK; err->field[0] = 0; err->message[0] = 0; }
    if (!c) return ed_set_error(err, EDPD_ERR_INVALID, "config", "is NULL");
    /* every field in its range (schema.c); the ones whose range depends on the scenario below */
    for (int k = 0; k < EDPD_FIELD_COUNT; k++) {
        const edpd_field *f = &EDPD_FIELDS[k];
        if (f->type == EDPD_FIELD_GRAVITY || f->offset == offsetof(edpd_config, packing_fraction)
            || f->offset == offsetof(edpd_config, plate_offset)) continue;
        if (edpd_field_check(f, edpd_field_get(c, f), err) != EDPD_OK) return EDPD_ERR_INVALID;
    }
    for (int a = 0; a < 3; a++)
        if (!finite_in(c->gravity[a], -1e6, 1e6)) BAD("gravity", "each component must be in [-1e6, 1e6]");
    if (c->potential == EDPD_POTENTIAL_STEPS) {
        if (c->step_count < 1 || c->step_count > EDPD_MAX_STEPS) BAD("steps", "give 1 to %d steps, got %u", EDPD_MAX_STEPS, c->step_count);
        for (uint32_t k = 0; k < c->step_count; k++) {
            /* a shell within rounding of its edges (a step an ulp beyond the core) is no shell: its
             * pairs meet both edges at once, and a correct run counted thousands of core
             * stabilising events; 1e-12 of its radius is thousands of ulps */
            double inner = k ? c->steps[k - 1].radius : 1.0, least = inner * (1.0 + 1e-12), r = c->steps[k].radius;
            if (!finite_in(r, 1.0, 10.0) || !(r >= least)) {
                char got[32];  /* as short as reads back: 0.9, not 0.90000000000000002 */
                snprintf(got, sizeof got, "%.15g", r);
                if (strtod(got, NULL) != r) snprintf(got, sizeof got, "%.17g", r);
                BAD("steps", "step %u: radius must be in [%.17g, 10] (diameters: beyond the %s by at least 1e-12 of it, more than rounding), got %s",
                    k, least, k ? "step before" : "core", got);
            }
            if (!finite_in(c->steps[k].energy, -1e6, 1e6)) BAD("steps", "step %u: energy must be a finite number in [-1e6, 1e6], got %g", k, c->steps[k].energy);
        }
    }
    if (c->potential != EDPD_POTENTIAL_HARD && c->scenario == EDPD_SCENARIO_BOUNCING_BALL)
        BAD("potential", "bouncing-ball has one ball per plate: use hard-sphere");
    if ((c->plate_amplitude != 0.0 || c->plate_frequency != 0.0 || c->plate_phase != 0.0) && c->scenario != EDPD_SCENARIO_BOUNCING_BALL
        && c->scenario != EDPD_SCENARIO_SHAKEN_BOX && c->scenario != EDPD_SCENARIO_BOX)
        BAD(c->plate_amplitude != 0.0 ? "plate_amplitude" : c->plate_frequency != 0.0 ? "plate_frequency" : "plate_phase",
            "only for bouncing-ball (one ball on its plate), shaken-box and box (the floor); a state file's planes carry their own oscillation");
    if (c->plate_amplitude > 0.0 && !(c->plate_frequency >= 1e-6))  /* a ball's plate or a shaken box's floor */
        BAD("plate_frequency", "must be in [1e-06, 1000] with plate_amplitude > 0, got %g", c->plate_frequency);
    if (c->box_width != 0.0 && c->scenario != EDPD_SCENARIO_SHAKEN_BOX) BAD("box_width", "only for shaken-box, got %g", c->box_width);
    if (c->intruder_diameter != 0.0 && c->scenario != EDPD_SCENARIO_SHAKEN_BOX && c->scenario != EDPD_SCENARIO_BOX)
        BAD("intruder_diameter", "only for shaken-box and box, got %g", c->intruder_diameter);
    if (c->scenario != EDPD_SCENARIO_BOX) {
        if (c->walls != 0) BAD("walls", "only for box (an experiment built from parts), got %u", c->walls);
        if (c->wall_restitution != 1.0) BAD("wall_restitution", "only for box (an experiment built from parts), got %g", c->wall_restitution);
        if (c->wall_restitution_count) BAD("wall_restitutions", "only for box (an experiment built from parts)");
        if (c->gravity_angle != 0.0) BAD("gravity_angle", "only for box (an experiment built from parts), got %g", c->gravity_angle);
        if (c->start != EDPD_START_LATTICE) BAD("start", "only for box (an experiment built from parts), got %d", (int)c->start);
    }
    if (check_does_something(c, err) != EDPD_OK) return EDPD_ERR_INVALID;

    if (check_growth(c, err) != EDPD_OK || check_species(c, err) != EDPD_OK) return EDPD_ERR_INVALID;
    if (c->neighbours == EDPD_NEIGHBOURS_LISTS && (c->gravity[0] != 0.0 || c->gravity[1] != 0.0 || c->gravity[2] != 0.0))
        BAD("neighbours", "lists need zero gravity (curved flights): use auto or cells");

    switch (c->scenario) {
    case EDPD_SCENARIO_GRANULAR:
    case EDPD_SCENARIO_ELASTIC: {
        double jam = c->dim == 3 ? JAMMING_3D : JAMMING_2D;
        if (!(c->packing_fraction >= 1e-6 && c->packing_fraction < jam))
            BAD("packing_fraction", "must be a number in [1e-06, %g) in %d-D (below jamming), got %.10g", jam, c->dim, c->packing_fraction);
        if (c->scenario == EDPD_SCENARIO_ELASTIC && c->restitution != 1.0)
            BAD("restitution", "must be 1 for the elastic scenario, got %g", c->restitution);
        if (c->gravity[0] != 0.0 || c->gravity[1] != 0.0 || c->gravity[2] != 0.0)
            BAD("gravity", "must be (0, 0, 0) in the periodic gas scenarios");
        break;
    }
    case EDPD_SCENARIO_BOUNCING_BALL:
        if (c->dim != 3) BAD("dim", "bouncing-ball is 3-D (balls fall along z): use 3");
        if (!(c->gravity[2] < 0.0)) BAD("gravity", "the z component must be < 0 for bouncing-ball, got %g", c->gravity[2]);
        if (c->gravity[0] != 0.0 || c->gravity[1] != 0.0) BAD("gravity", "must point along -z for bouncing-ball");
        if (!isnan(c->plate_offset) && !finite_in(c->plate_offset, -1e6, 1e6))
            BAD("plate_offset", "must be NaN (sample in [0, 1)) or in [-1e6, 1e6], got %g", c->plate_offset);
        if (!isnan(c->plate_offset) && c->n != 1) BAD("plate_offset", "can only be fixed for n = 1 (got n = %u)", c->n);
        if (c->plate_amplitude > 0.0 && c->n != 1) BAD("plate_amplitude", "an oscillating plate is one ball's: use n = 1 (got n = %u)", c->n);
        break;
    case EDPD_SCENARIO_SHAKEN_BOX:
        if (check_shaken_box(c, err) != EDPD_OK) return EDPD_ERR_INVALID;
        break;
    case EDPD_SCENARIO_BOX:
        if (check_box(c, err) != EDPD_OK) return EDPD_ERR_INVALID;
        break;
    case EDPD_SCENARIO_CUSTOM: {
        edpd_code e = validate_custom(c, err);
        if (e) return e;
        break;
    }
    default: break;
    }
    return EDPD_OK;
}

/* One entry of a ';'-separated list: up to `most` numbers, then ';' or the end. How many numbers
 * it read (0 if the entry is not that). */
static int entry_numbers(const char **at, double *v, int most) {
    const char *p = *at;
    int got = 0;
    for (char *end; got < most; got++, p = end) {
        v[got] = strtod(p, &end);
        if (end == p) break;
    }
    while (isspace((unsigned char)*p)) p++;
    if (*p && *p != ';') return 0;
    *at = *p ? p + 1 : p;
    return got;
}

/* A list's entry k from its numbers: 1, or 0 if they do not make one. */
typedef int (*list_entry)(void *list, uint32_t k, const double *v, int got);

static int step_put(void *list, uint32_t k, const double *v, int got) {
    if (got != 2) return 0;
    ((edpd_step *)list)[k] = (edpd_step){v[0], v[1]};
    return 1;
}

static int species_put(void *list, uint32_t k, const double *v, int got) {  /* the mass may be left out: 1 */
    if (got < 2 || !(v[0] >= 0.0 && v[0] <= 4294967295.0) || v[0] != floor(v[0])) return 0;
    ((edpd_species *)list)[k] = (edpd_species){(uint32_t)v[0], v[1], got == 3 ? v[2] : 1.0};
    return 1;
}

/* The steps' and the species' text: 1 to `most` entries of up to 3 numbers, separated by ';'. The
 * errors name `field`, the entry's `form` and `hint`, and an example. */
typedef struct list_form { const char *field, *plural, *form, *hint, *example; uint32_t most; list_entry put; } list_form;

static edpd_code parse_list(const char *text, const list_form *f, void *list, uint32_t *count, edpd_error *err) {
    *count = 0;
    const char *p = text ? text : "";
    for (;;) {
        while (isspace((unsigned char)*p)) p++;
        if (!*p) break;  /* the end, also after a last ';' */
        if (*count == f->most) return ed_set_error(err, EDPD_ERR_INVALID, f->field, "more than %u %s", f->most, f->plural);
        const char *entry = p;
        double v[3];
        if (!f->put(list, *count, v, entry_numbers(&p, v, 3)))
            return ed_set_error(err, EDPD_ERR_INVALID, f->field, "entry %u must be \"%s\" (%s), got '%.40s'", *count, f->form, f->hint, entry);
        ++*count;
    }
    if (*count == 0) return ed_set_error(err, EDPD_ERR_INVALID, f->field, "give 1 to %u entries \"%s\" separated by ';', e.g. \"%s\"", f->most, f->form, f->example);
    return EDPD_OK;
}

edpd_code edpd_parse_species(const char *text, edpd_species species[EDPD_MAX_SPECIES], uint32_t *count, edpd_error *err) {
    static const list_form form = {"species", "species", "count diameter [mass]", "a whole count; entries separated by ';'", "500 1; 500 1.4", EDPD_MAX_SPECIES, species_put};
    return parse_list(text, &form, species, count, err);
}

edpd_code edpd_parse_steps(const char *text, edpd_step steps[EDPD_MAX_STEPS], uint32_t *count, edpd_error *err) {
    static const list_form form = {"steps", "steps", "radius energy", "entries separated by ';', innermost first", "1.2 -2; 1.5 -1", EDPD_MAX_STEPS, step_put};
    return parse_list(text, &form, steps, count, err);
}
