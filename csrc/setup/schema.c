/* The configuration's fields (schema.h): the one table the core, the CLI, the WebAssembly module
 * and the app derive from. */
#include "edpd/schema.h"
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/error.h"

static const char *const SCENARIOS[] = {"granular", "elastic", "bouncing-ball", "custom", "shaken-box", "box", NULL};
/* a set of axes: value k has bit a for axis a (1 x, 2 y, 4 z) */
static const char *const WALLS[] = {"none", "x", "y", "xy", "z", "xz", "yz", "xyz", NULL};
static const char *const STARTS[] = {"lattice", "random", "layered", NULL};
static const char *const DETECTORS[] = {"stable", "naive-halt", "naive-miss", "naive-rewind", NULL};
static const char *const NEIGHBOURS[] = {"auto", "cells", "lists", NULL};
static const char *const POTENTIALS[] = {"hard-sphere", "square-well", "steps", NULL};

#define AT(member) offsetof(edpd_config, member)
const edpd_field EDPD_FIELDS[] = {
    {"scenario", "scenario", "--scenario", EDPD_FIELD_ENUM, 0, 5, SCENARIOS, AT(scenario),
     "granular: a freely cooling inelastic gas; elastic: the same with restitution 1; bouncing-ball: the paper's Fig. 7; custom: a state the caller gives (the CLI's --load); shaken-box: an inelastic bed on a vibrated floor; box: an experiment built from parts (walls, gravity, species, start)"},
    {"detector", "detector", "--detector", EDPD_FIELD_ENUM, 0, 3, DETECTORS, AT(detector),
     "stable: the paper's Eq. 10; naive-halt, naive-miss, naive-rewind: the textbook rule and what it does when undefined"},
    {"dim", "dim", "--dim", EDPD_FIELD_INT, 2, 3, NULL, AT(dim), "2 (disks in z = 0) or 3"},
    {"n", "n", "--n", EDPD_FIELD_U32, 1, EDPD_MAX_N, NULL, AT(n), "particles (balls for bouncing-ball)"},
    {"packing_fraction", "packingFraction", "--packing-fraction", EDPD_FIELD_DOUBLE, 1e-6, 0.82, NULL, AT(packing_fraction),
     "the gases' volume (area) fraction, below jamming: 0.64 in 3-D, 0.82 in 2-D"},
    {"restitution", "restitution", "--restitution", EDPD_FIELD_DOUBLE, 0, 1, NULL, AT(restitution),
     "normal restitution of particle impacts (Eq. 5); 1 for elastic"},
    {"seed", "seed", "--seed", EDPD_FIELD_U32, 0, 4294967295.0, NULL, AT(seed), "the initial state's random seed"},
    {"gravity", "gravity", "--gravity", EDPD_FIELD_GRAVITY, 0, 1e6, NULL, AT(gravity), "gravitational acceleration g, down the vertical (z; y for a 2-D shaken-box or box)"},
    {"plate_offset", "plateOffset", "--plate-offset", EDPD_FIELD_DOUBLE, -1e6, 1e6, NULL, AT(plate_offset),
     "the plate's height for one ball (NaN: sampled in [0, 1) from the seed)"},
    {"plate_amplitude", "plateAmplitude", "--plate-amplitude", EDPD_FIELD_DOUBLE, 0, 1e3, NULL, AT(plate_amplitude),
     "the plate oscillates: one ball's as r_plate + A sin(omega t + phase), a shaken-box's or box's floor as A + A sin(omega t + phase) (0: still)"},
    {"plate_frequency", "plateFrequency", "--plate-frequency", EDPD_FIELD_DOUBLE, 0, 1e3, NULL, AT(plate_frequency),
     "the plate's angular frequency omega (> 0 with an amplitude); Gamma = A omega^2 / g"},
    {"plate_phase", "platePhase", "--plate-phase", EDPD_FIELD_DOUBLE, -1e3, 1e3, NULL, AT(plate_phase), "the plate's phase at t = 0, radians"},
    {"box_width", "boxWidth", "--box-width", EDPD_FIELD_DOUBLE, 0, 1e4, NULL, AT(box_width),
     "shaken-box: the box's inner width along each horizontal axis, in diameters (0: 2 sqrt(n) in 2-D, sqrt(n / 6) in 3-D: 0.55 sqrt(n) and 7 layers deep)"},
    {"intruder_diameter", "intruderDiameter", "--intruder", EDPD_FIELD_DOUBLE, 0, 100, NULL, AT(intruder_diameter),
     "shaken-box, box: one large particle (the last), this many diameters (box: species 0's) across, as dense as the bed (0: none)"},
    {"walls", "walls", "--walls", EDPD_FIELD_ENUM, 0, 7, WALLS, AT(walls),
     "box: the axes with a wall at each end (the others periodic), e.g. xy; y is the 2-D vertical, z the 3-D one"},
    {"wall_restitution", "wallRestitution", "--wall-restitution", EDPD_FIELD_DOUBLE, 0, 1, NULL, AT(wall_restitution),
     "box: the walls' normal restitution"},
    {"gravity_angle", "gravityAngle", "--gravity-angle", EDPD_FIELD_DOUBLE, -90, 90, NULL, AT(gravity_angle),
     "box: gravity's tilt from straight down towards +x, degrees"},
    {"start", "start", "--start", EDPD_FIELD_ENUM, 0, 2, STARTS, AT(start),
     "box: lattice (a square or cubic lattice filling the box), random (non-overlapping, largest first) or layered (layers on the floor, under gravity)"},
    {"tc", "tc", "--tc", EDPD_FIELD_DOUBLE, 0, 1e6, NULL, AT(tc), "TC model: impacts within tc of a particle's last one are elastic (0: off)"},
    {"elastic_until", "elasticUntil", "--elastic-until", EDPD_FIELD_DOUBLE, 0, 1e9, NULL, AT(elastic_until),
     "particle impacts before this time are elastic: an equilibrium fluid first (0: off)"},
    {"collapse_window", "collapseWindow", "--collapse-window", EDPD_FIELD_U32, 1, 1e8, NULL, AT(collapse_window),
     "impacts per collapse check: a run stops as a collapse if they advance the clock by at most collapse_dt"},
    {"collapse_dt", "collapseDt", "--collapse-dt", EDPD_FIELD_DOUBLE, 0, 1, NULL, AT(collapse_dt), "the clock's least advance over a collapse window"},
    {"neighbours", "neighbours", "--neighbours", EDPD_FIELD_ENUM, 0, 2, NEIGHBOURS, AT(neighbours),
     "how candidates are found: auto (lists for dense gases), cells or lists; the same physics, rounding differs"},
    {"diameter", "diameter", NULL, EDPD_FIELD_DOUBLE, 1e-3, 1e3, NULL, AT(diameter), "sigma, the particles' diameter"},
    {"mass", "mass", NULL, EDPD_FIELD_DOUBLE, 1e-6, 1e6, NULL, AT(mass), "the particles' mass"},
    {"temperature", "temperature", "--temperature", EDPD_FIELD_DOUBLE, 1e-6, 1e6, NULL, AT(temperature), "the gases' initial kT"},
    {"potential", "potential", "--potential", EDPD_FIELD_ENUM, 0, 2, POTENTIALS, AT(potential),
     "hard-sphere; square-well (a hard core and a well out to well_width, depth well_depth); steps (--steps)"},
    {"well_width", "wellWidth", "--lambda", EDPD_FIELD_DOUBLE, 1.0001, 10, NULL, AT(well_width),
     "the square well's edge in diameters (lambda > 1)"},
    {"well_depth", "wellDepth", "--well-depth", EDPD_FIELD_DOUBLE, 1e-6, 1e6, NULL, AT(well_depth),
     "the square well's depth epsilon_w, the energy unit (kT in units of it)"},
    {"thermostat_rate", "thermostatRate", "--thermostat-rate", EDPD_FIELD_DOUBLE, 0, 1e6, NULL, AT(thermostat_rate),
     "Andersen thermostat: new velocities per particle and unit time from the bath (0: off, energy conserved)"},
    {"bath_temperature", "bathTemperature", "--bath-temperature", EDPD_FIELD_DOUBLE, 1e-6, 1e6, NULL, AT(bath_temperature),
     "the thermostat's kT"},
    {"quench_at", "quenchAt", "--quench-at", EDPD_FIELD_DOUBLE, 0, EDPD_MAX_TIME, NULL, AT(quench_at),
     "the time the bath changes to quench_to (1e100, beyond the clock: never)"},
    {"quench_to", "quenchTo", "--quench-to", EDPD_FIELD_DOUBLE, 1e-6, 1e6, NULL, AT(quench_to), "the bath's kT after quench_at"},
    {"thermostat_until", "thermostatUntil", "--thermostat-until", EDPD_FIELD_DOUBLE, 0, EDPD_MAX_TIME, NULL, AT(thermostat_until),
     "the thermostat's end: no kicks after it, the energy conserved from the last one on (1e100: never)"},
    {"growth_rate", "growthRate", "--growth-rate", EDPD_FIELD_DOUBLE, 0, 1e3, NULL, AT(growth_rate),
     "compression: every diameter grows as sigma(t) = sigma(0) (1 + gamma t) (Lubachevsky-Stillinger; 0: off)"},
    {"rescale_interval", "rescaleInterval", "--rescale-interval", EDPD_FIELD_DOUBLE, 1e-6, 1e6, NULL, AT(rescale_interval),
     "compression: the velocities are rescaled to the temperature this often (sooner once the kinetic energy doubles)"},
    {"jam_pressure", "jamPressure", "--until-pressure", EDPD_FIELD_DOUBLE, 10, 1e15, NULL, AT(jam_pressure),
     "compression: the run stops as jammed once a rescale interval's reduced pressure PV/(NkT) exceeds this (or, elastic, once its clock stalls: the gaps at rounding)"},
};
#undef AT
const int EDPD_FIELD_COUNT = (int)(sizeof EDPD_FIELDS / sizeof EDPD_FIELDS[0]);

#define STAT(member, js, type) {#member, js, type, offsetof(edpd_stats, member)}
const edpd_stat_field EDPD_STATS_FIELDS[] = {
    STAT(time, "time", EDPD_STAT_DOUBLE),
    STAT(events, "events", EDPD_STAT_U64),
    STAT(collisions, "collisions", EDPD_STAT_U64),
    STAT(plane_impacts, "planeImpacts", EDPD_STAT_U64),
    STAT(cell_crossings, "cellCrossings", EDPD_STAT_U64),
    STAT(list_rebuilds, "listRebuilds", EDPD_STAT_U64),
    STAT(stale_events, "staleEvents", EDPD_STAT_U64),
    STAT(stabilizing_events, "stabilizingEvents", EDPD_STAT_U64),
    STAT(negative_dt_events, "negativeDtEvents", EDPD_STAT_U64),
    STAT(three_body_events, "threeBodyEvents", EDPD_STAT_U64),
    STAT(three_body_collisions, "threeBodyCollisions", EDPD_STAT_U64),
    STAT(ignored_undefined, "ignoredUndefined", EDPD_STAT_U64),
    STAT(first_failure_event, "firstFailureEvent", EDPD_STAT_U64),
    STAT(overlapping_pairs, "overlappingPairs", EDPD_STAT_U32),
    STAT(plane_overlaps, "planeOverlaps", EDPD_STAT_U32),
    STAT(max_overlap, "maxOverlap", EDPD_STAT_DOUBLE),
    STAT(fell_through, "fellThrough", EDPD_STAT_U32),
    STAT(halted_particles, "haltedParticles", EDPD_STAT_U32),
    STAT(resting_particles, "restingParticles", EDPD_STAT_U32),
    STAT(plate_locks, "plateLocks", EDPD_STAT_U64),
    STAT(plate_takeoffs, "plateTakeoffs", EDPD_STAT_U64),
    STAT(captures, "captures", EDPD_STAT_U64),
    STAT(releases, "releases", EDPD_STAT_U64),
    STAT(step_bounces, "stepBounces", EDPD_STAT_U64),
    STAT(inward_stabilizing_events, "inwardStabilizingEvents", EDPD_STAT_U64),
    STAT(outward_stabilizing_events, "outwardStabilizingEvents", EDPD_STAT_U64),
    STAT(thermostat_kicks, "thermostatKicks", EDPD_STAT_U64),
    STAT(potential_energy, "potentialEnergy", EDPD_STAT_DOUBLE),
    STAT(total_energy, "totalEnergy", EDPD_STAT_DOUBLE),
    STAT(energy_drift, "energyDrift", EDPD_STAT_DOUBLE),
    STAT(positions_potential_energy, "positionsPotentialEnergy", EDPD_STAT_DOUBLE),
    STAT(disagreeing_pairs, "disagreeingPairs", EDPD_STAT_U32),
    STAT(rounding_pairs, "roundingPairs", EDPD_STAT_U32),
    STAT(kinetic_energy, "kineticEnergy", EDPD_STAT_DOUBLE),
    STAT(temperature, "temperature", EDPD_STAT_DOUBLE),
    STAT(pressure_z, "pressureZ", EDPD_STAT_DOUBLE),
    STAT(pressure_z_error, "pressureZError", EDPD_STAT_DOUBLE),
    STAT(mean_free_time, "meanFreeTime", EDPD_STAT_DOUBLE),
    STAT(potential_energy_mean, "potentialEnergyMean", EDPD_STAT_DOUBLE),
    STAT(potential_energy_mean_error, "potentialEnergyMeanError", EDPD_STAT_DOUBLE),
    STAT(kinetic_energy_mean, "kineticEnergyMean", EDPD_STAT_DOUBLE),
    STAT(kinetic_energy_mean_error, "kineticEnergyMeanError", EDPD_STAT_DOUBLE),
    STAT(state_hash, "stateHash", EDPD_STAT_HASH),
    STAT(packing_fraction_now, "packingFractionNow", EDPD_STAT_DOUBLE),
    STAT(interval_pressure_z, "intervalPressureZ", EDPD_STAT_DOUBLE),
    STAT(rescales, "rescales", EDPD_STAT_U64),
    STAT(rescaled_energy, "rescaledEnergy", EDPD_STAT_DOUBLE),
    STAT(plane_work, "planeWork", EDPD_STAT_DOUBLE),
    STAT(impact_loss, "impactLoss", EDPD_STAT_DOUBLE),
};
#undef STAT
const int EDPD_STATS_FIELD_COUNT = (int)(sizeof EDPD_STATS_FIELDS / sizeof EDPD_STATS_FIELDS[0]);

const edpd_field *edpd_field_named(const char *name) {
    for (int k = 0; name && k < EDPD_FIELD_COUNT; k++)
        if (strcmp(name, EDPD_FIELDS[k].name) == 0 || strcmp(name, EDPD_FIELDS[k].js) == 0) return &EDPD_FIELDS[k];
    return NULL;
}

const edpd_field *edpd_field_of_flag(const char *flag) {
    for (int k = 0; flag && k < EDPD_FIELD_COUNT; k++)
        if (EDPD_FIELDS[k].flag && strcmp(flag, EDPD_FIELDS[k].flag) == 0) return &EDPD_FIELDS[k];
    return NULL;
}

int edpd_field_value(const edpd_field *f, const char *name) {
    for (int k = 0; f->values && f->values[k]; k++)
        if (name && strcmp(name, f->values[k]) == 0) return k;
    return -1;
}

double edpd_field_get(const edpd_config *c, const edpd_field *f) {
    const char *at = (const char *)c + f->offset;
    switch (f->type) {
    case EDPD_FIELD_ENUM:
    case EDPD_FIELD_INT: { int v; memcpy(&v, at, sizeof v); return v; }
    case EDPD_FIELD_U32: { uint32_t v; memcpy(&v, at, sizeof v); return v; }
    case EDPD_FIELD_GRAVITY: return -c->gravity[2];
    default: { double v; memcpy(&v, at, sizeof v); return v; }
    }
}

edpd_code edpd_field_check(const edpd_field *f, double v, edpd_error *err) {
    if (f->type == EDPD_FIELD_ENUM) {
        if (v >= f->min && v <= f->max && v == floor(v)) return EDPD_OK;
        char names[160] = "";
        for (int k = 0; f->values[k]; k++) {
            strncat(names, k ? ", " : "", sizeof names - strlen(names) - 1);
            strncat(names, f->values[k], sizeof names - strlen(names) - 1);
        }
        return ed_set_error(err, EDPD_ERR_INVALID, f->name, "must be one of %s, got %g", names, v);
    }
    if (isnan(v) && f->offset == offsetof(edpd_config, plate_offset)) return EDPD_OK;  /* NaN: sample it */
    int whole = f->type != EDPD_FIELD_DOUBLE && f->type != EDPD_FIELD_GRAVITY;
    if (!(v >= f->min && v <= f->max) || (whole && v != floor(v)))
        return ed_set_error(err, EDPD_ERR_INVALID, f->name, "must be %s in [%.10g, %.10g], got %.10g", whole ? "an integer" : "a number",
                         f->min, f->max, v);
    return EDPD_OK;
}

edpd_code edpd_field_set(edpd_config *c, const edpd_field *f, double v, edpd_error *err) {
    if (edpd_field_check(f, v, err) != EDPD_OK) return EDPD_ERR_INVALID;
    char *at = (char *)c + f->offset;
    switch (f->type) {
    case EDPD_FIELD_ENUM:
    case EDPD_FIELD_INT: { int x = (int)v; memcpy(at, &x, sizeof x); break; }
    case EDPD_FIELD_U32: { uint32_t x = (uint32_t)v; memcpy(at, &x, sizeof x); break; }
    case EDPD_FIELD_GRAVITY: c->gravity[0] = c->gravity[1] = 0.0; c->gravity[2] = v == 0.0 ? 0.0 : -v; break;  /* no -0 */
    default: memcpy(at, &v, sizeof v);
    }
    return EDPD_OK;
}

/* snprintf into buf at *used, never past cap; *used counts the full length */
static void put(char *buf, size_t cap, size_t *used, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(*used < cap ? buf + *used : NULL, *used < cap ? cap - *used : 0, fmt, ap);
    va_end(ap);
    if (n > 0) *used += (size_t)n;
}

static void put_number(char *buf, size_t cap, size_t *used, double v) {
    if (isnan(v)) put(buf, cap, used, "null");
    else put(buf, cap, used, "%.17g", v);
}

size_t edpd_schema_json(char *buf, size_t cap) {
    static const char *TYPES[] = {"enum", "int", "u32", "double", "gravity"};
    static const char *STAT_TYPES[] = {"double", "u32", "u64", "hash"};
    size_t used = 0;
    if (cap) buf[0] = 0;
    put(buf, cap, &used, "{\"config_size\": %u, \"stats_size\": %u,", (unsigned)sizeof(edpd_config), (unsigned)sizeof(edpd_stats));
    /* the API's fixed limits (edpd.h), so that no other language restates them */
    put(buf, cap, &used, "\n\"limits\": {\"max_n\": %u, \"max_planes\": %u, \"max_steps\": %u, \"max_species\": %u, \"hist_half\": %d, \"max_time\": ",
        EDPD_MAX_N, EDPD_MAX_PLANES, (unsigned)EDPD_MAX_STEPS, (unsigned)EDPD_MAX_SPECIES, EDPD_HIST_HALF);
    put_number(buf, cap, &used, EDPD_MAX_TIME);
    put(buf, cap, &used, "},\n\"stats\": [");
    for (int k = 0; k < EDPD_STATS_FIELD_COUNT; k++) {
        const edpd_stat_field *f = &EDPD_STATS_FIELDS[k];
        put(buf, cap, &used, "%s\n{\"name\": \"%s\", \"js\": \"%s\", \"type\": \"%s\", \"offset\": %u}", k ? "," : "",
            f->name, f->js, STAT_TYPES[f->type], (unsigned)f->offset);
    }
    put(buf, cap, &used, "\n],\n\"config\": [");
    for (int k = 0; k < EDPD_FIELD_COUNT; k++) {
        const edpd_field *f = &EDPD_FIELDS[k];
        put(buf, cap, &used, "%s\n{\"name\": \"%s\", \"js\": \"%s\", \"flag\": %s%s%s, \"type\": \"%s\", \"min\": ", k ? "," : "",
            f->name, f->js, f->flag ? "\"" : "", f->flag ? f->flag : "null", f->flag ? "\"" : "", TYPES[f->type]);
        put_number(buf, cap, &used, f->min);
        put(buf, cap, &used, ", \"max\": ");
        put_number(buf, cap, &used, f->max);
        put(buf, cap, &used, ", \"values\": ");
        if (f->values) {
            put(buf, cap, &used, "[");
            for (int v = 0; f->values[v]; v++) put(buf, cap, &used, "%s\"%s\"", v ? ", " : "", f->values[v]);
            put(buf, cap, &used, "]");
        } else put(buf, cap, &used, "null");
        put(buf, cap, &used, ", \"offset\": %u, \"default\": {", (unsigned)f->offset);
        for (int s = 0; s < EDPD_SCENARIO_COUNT; s++) {
            edpd_config c = edpd_scenario_config((edpd_scenario)s);
            put(buf, cap, &used, "%s\"%s\": ", s ? ", " : "", SCENARIOS[s]);
            put_number(buf, cap, &used, edpd_field_get(&c, f));
        }
        put(buf, cap, &used, "}, \"help\": \"%s\"}", f->help);
    }
    put(buf, cap, &used, "\n]}\n");
    return used;
}

edpd_code edpd_config_set_species(edpd_config *c, const char *text, edpd_error *err) {
    edpd_code e = edpd_parse_species(text, c->species, &c->species_count, err);
    if (e != EDPD_OK) return e;
    uint64_t n = 0;
    for (uint32_t k = 0; k < c->species_count; k++) n += c->species[k].count;
    if (n < 1 || n > EDPD_MAX_N) return ed_set_error(err, EDPD_ERR_INVALID, "species", "the counts sum to %llu: n must be in [1, %u]", (unsigned long long)n, EDPD_MAX_N);
    /* a box's intruder is one particle more than the species' counts */
    if (c->scenario == EDPD_SCENARIO_BOX && c->intruder_diameter > 0.0 && n < EDPD_MAX_N) n++;
    c->n = (uint32_t)n;
    return EDPD_OK;
}

edpd_code edpd_config_set_steps(edpd_config *c, const char *text, edpd_error *err) {
    edpd_code e = edpd_parse_steps(text, c->steps, &c->step_count, err);
    if (e == EDPD_OK) c->potential = EDPD_POTENTIAL_STEPS;
    return e;
}

edpd_code edpd_config_set_wall_restitutions(edpd_config *c, const char *text, edpd_error *err) {
    double v[7];
    int got = 0;
    const char *p = text ? text : "";
    for (char *end; got < 7; got++, p = end) {
        while (*p == ' ' || *p == ',' || *p == ';' || *p == '\t') p++;
        if (!*p) break;
        v[got] = strtod(p, &end);
        if (end == p) return ed_set_error(err, EDPD_ERR_INVALID, "wall_restitutions", "entry %d is not a number: '%.20s'", got, p);
    }
    int want = 2 * (c->dim == 3 ? 3 : 2);
    if (got != want)
        return ed_set_error(err, EDPD_ERR_INVALID, "wall_restitutions", "give %d numbers in %d-D, each wall's (x- x+ y- y+%s), got %d", want, c->dim, want == 6 ? " z- z+" : "", got);
    for (int k = 0; k < got; k++) {
        if (!(v[k] >= 0.0 && v[k] <= 1.0)) return ed_set_error(err, EDPD_ERR_INVALID, "wall_restitutions", "entry %d must be in [0, 1], got %g", k, v[k]);
        c->wall_restitutions[k] = v[k];
    }
    c->wall_restitution_count = (uint32_t)got;
    return EDPD_OK;
}
