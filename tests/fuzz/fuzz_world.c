/* libFuzzer harness: arbitrary bytes -> a config and a sequence of event budgets, for every
 * scenario and detector. After each call: no crash (ASan/UBSan), no NaN/Inf in the state,
 * consistent counters, overlap counts that a count over all pairs confirms, the stable detector never lets an overlap deepen in free flight, and a
 * rejected config is an error code with a message naming a field; every event log record sane;
 * an observer's samples taken or refused with a message. Then the same gas with a stepped
 * potential of several steps, and a built box (walls, tilted gravity, a start, species).
 *
 * Built two ways (CMakeLists.txt): with clang -fsanitize=fuzzer for fuzzing (scripts/fuzz.sh),
 * and with EDPD_FUZZ_MAIN as a regression runner over tests/fuzz/corpus in ctest. */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    reader r = {data, size, 0};
    edpd_scenario sc = (edpd_scenario)(u32(&r) % 4);
    edpd_config c = edpd_scenario_config(sc == EDPD_SCENARIO_CUSTOM ? EDPD_SCENARIO_GRANULAR : sc);
    c.detector = (edpd_detector)(u32(&r) % 5);            /* 4 = invalid on purpose */
    c.dim = 2 + (int)(u32(&r) % 3);                       /* 4 = invalid */
    c.n = u32(&r) % 260;                                  /* 0 = invalid */
    c.packing_fraction = wild(&r, 0.0, 0.7);
    c.restitution = wild(&r, 0.0, 1.05);
    c.seed = u32(&r);
    if (u32(&r) % 4 == 0) c.gravity[2] = -wild(&r, 0.0, 10.0);
    if (sc == EDPD_SCENARIO_BOUNCING_BALL && u32(&r) % 2) { c.n = 1; c.plate_offset = wild(&r, -2.0, 2.0); }
    if (u32(&r) % 3 == 0) c.tc = wild(&r, 0.0, 1e-3);
    c.collapse_window = 1 + u32(&r) % 2000;
    if (c.scenario == EDPD_SCENARIO_ELASTIC && u32(&r) % 2) c.restitution = 1.0;
    /* from the seed, not from new bytes: the saved corpus keeps its meaning */
    c.neighbours = (edpd_neighbours)((c.seed >> 8) % 3);
    if ((c.seed >> 12) % 3 == 0 && sc != EDPD_SCENARIO_BOUNCING_BALL) {  /* a square well, also thermostatted */
        c.potential = EDPD_POTENTIAL_SQUARE_WELL;
        c.well_width = 1.1 + 0.1 * (double)((c.seed >> 14) % 10);
        c.thermostat_rate = (c.seed >> 18) % 2 ? 0.5 : 0.0;
        c.n %= 120;  /* a well's events cost several hard-sphere ones: a unit stays within seconds under the sanitizers */
    }

    if (getenv("EDPD_FUZZ_VERBOSE"))
        fprintf(stderr, "scenario %d detector %d dim %d n %u phi %g e %g seed %u g %g plate %g tc %g window %u neighbours %d\n", c.scenario,
                c.detector, c.dim, c.n, c.packing_fraction, c.restitution, c.seed, c.gravity[2], c.plate_offset, c.tc, c.collapse_window, (int)c.neighbours);
    edpd_world *w = create_and_exercise(&c, &r);
    if (w) { observe_briefly(w); edpd_destroy(w); }
    /* the same gas with a stepped potential of 2 to 4 steps (repulsive shoulders, wells, steps of
     * no height among them), from the bytes after the first world's (zeros past the input's end:
     * a saved input's first world runs as before, and a default one follows) */
    if (c.scenario != EDPD_SCENARIO_BOUNCING_BALL && c.n > 1) {
        edpd_config s = c;
        s.potential = EDPD_POTENTIAL_STEPS;
        s.well_width = 1.5; s.well_depth = 1.0;
        s.step_count = 2 + u32(&r) % 3;
        double radius = 1.0;
        for (uint32_t k = 0; k < s.step_count; k++) {
            radius += 0.02 + 0.3 * unit(&r);
            s.steps[k].radius = radius;
            uint32_t kind = u32(&r) % 4;
            s.steps[k].energy = kind == 0 ? 0.0 : kind == 1 ? wild(&r, -3.0, 3.0) : -1.0 + 2.0 * unit(&r);
        }
        s.n %= 100;
        if (getenv("EDPD_FUZZ_VERBOSE")) fprintf(stderr, "steps: %u, n %u\n", s.step_count, s.n);
        w = create_and_exercise(&s, &r);
        if (w) { observe_briefly(w); edpd_destroy(w); }
    }
    /* a built box from the same gas and the bytes after (zeros past the input's end: walls none,
     * no gravity, a lattice start, one species): walls, tilted gravity, a start, two species and an
     * intruder, a vibrated floor, all wild; a box that cannot be built must be refused by field */
    if (c.scenario != EDPD_SCENARIO_BOUNCING_BALL) {
        edpd_config b = edpd_scenario_config(EDPD_SCENARIO_BOX);
        b.detector = c.detector; b.dim = c.dim; b.seed = c.seed; b.tc = c.tc; b.collapse_window = c.collapse_window;
        b.restitution = c.restitution; b.packing_fraction = c.packing_fraction;
        b.walls = u32(&r) % 9;                               /* 8 = invalid */
        b.start = (edpd_start)(u32(&r) % 4);                 /* 3 = invalid */
        if (u32(&r) % 2) { b.gravity[2] = -wild(&r, 0.0, 5.0); b.gravity_angle = wild(&r, -100.0, 100.0); }
        b.wall_restitution = wild(&r, 0.0, 1.05);
        b.n = 1 + c.n % 150;
        if (u32(&r) % 2) {
            b.species_count = 2;
            b.species[0] = (edpd_species){b.n / 2 + 1, 1.0, 1.0};
            b.species[1] = (edpd_species){b.n / 2 + 1, wild(&r, 0.0, 3.0), wild(&r, 0.0, 9.0)};
            b.n = b.species[0].count + b.species[1].count;
        }
        if (u32(&r) % 3 == 1) { b.intruder_diameter = wild(&r, 0.0, 5.0); b.n += b.intruder_diameter > 0.0 && b.species_count; }
        if (u32(&r) % 3 == 1) { b.plate_amplitude = wild(&r, 0.0, 1.0); b.plate_frequency = wild(&r, 0.0, 5.0); }
        if (getenv("EDPD_FUZZ_VERBOSE"))
            fprintf(stderr, "box: walls %u start %d g %g angle %g n %u species %u intruder %g A %g\n", b.walls, (int)b.start, b.gravity[2], b.gravity_angle, b.n,
                    b.species_count, b.intruder_diameter, b.plate_amplitude);
        w = create_and_exercise(&b, &r);
        if (w) { observe_briefly(w); edpd_destroy(w); }
    }
    return 0;
}
