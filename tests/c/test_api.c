/* The C API contract: defaults, validation of every field with a message naming the field and
 * its range, create/destroy, errors as codes (never aborts), budgets that always return. */
#include "check.h"
#include "edpd/edpd.h"
#include <stdlib.h>
#include <string.h>

static void expect_invalid(edpd_config c, const char *field, const char *what) {
    edpd_error err;
    edpd_world *w = edpd_create(&c, &err);
    CHECK(w == NULL, "%s: must be rejected", what);
    if (w) { edpd_destroy(w); return; }
    CHECK(err.code == EDPD_ERR_INVALID, "%s: code %d", what, err.code);
    CHECK(strcmp(err.field, field) == 0, "%s: field '%s', expected '%s' (%s)", what, err.field, field, err.message);
    CHECK(strstr(err.message, field) != NULL, "%s: message names the field: %s", what, err.message);
}

TEST(field_validation) {
    edpd_config d = edpd_default_config(), c = d;
    CHECK(edpd_validate_config(&d, NULL) == EDPD_OK, "defaults are valid");
    for (int s = 0; s < 3; s++) {
        edpd_config c = edpd_scenario_config((edpd_scenario)s);
        edpd_error err;
        CHECK(edpd_validate_config(&c, &err) == EDPD_OK, "scenario %d defaults: %s", s, err.message);
    }
    c = d; c.n = 0; expect_invalid(c, "n", "n = 0");
    c = d; c.n = EDPD_MAX_N + 1; expect_invalid(c, "n", "n above the cap");
    c = d; c.dim = 4; expect_invalid(c, "dim", "dim 4");
    c = d; c.restitution = 1.5; expect_invalid(c, "restitution", "restitution 1.5");
    c = d; c.restitution = NAN; expect_invalid(c, "restitution", "restitution NaN");
    c = d; c.packing_fraction = 0.0; expect_invalid(c, "packing_fraction", "phi 0");
    c = d; c.packing_fraction = 0.65; expect_invalid(c, "packing_fraction", "phi above 3-D jamming");
    c = d; c.dim = 2; c.packing_fraction = 0.83; expect_invalid(c, "packing_fraction", "phi above 2-D jamming");
    c = d; c.packing_fraction = INFINITY; expect_invalid(c, "packing_fraction", "phi inf");
    c = d; c.n = 1000; c.packing_fraction = 0.6; expect_invalid(c, "packing_fraction", "lattice too dense for n");
    c = d; c.n = 2; expect_invalid(c, "n", "box under 4 diameters");
    c = d; c.diameter = -1; expect_invalid(c, "diameter", "negative diameter");
    c = d; c.mass = 0; expect_invalid(c, "mass", "zero mass");
    c = d; c.temperature = NAN; expect_invalid(c, "temperature", "NaN temperature");
    c = d; c.gravity[2] = -1; expect_invalid(c, "gravity", "gravity in a periodic gas");
    c = d; c.tc = -1; expect_invalid(c, "tc", "negative tc");
    c = d; c.collapse_window = 0; expect_invalid(c, "collapse_window", "zero window");
    c = d; c.collapse_dt = NAN; expect_invalid(c, "collapse_dt", "NaN collapse_dt");
    c = d; c.scenario = (edpd_scenario)9; expect_invalid(c, "scenario", "unknown scenario");
    c = d; c.detector = (edpd_detector)-1; expect_invalid(c, "detector", "unknown detector");
    c = edpd_scenario_config(EDPD_SCENARIO_ELASTIC); c.restitution = 0.9; expect_invalid(c, "restitution", "inelastic elastic");
    c = edpd_scenario_config(EDPD_SCENARIO_BOUNCING_BALL); c.gravity[2] = 1; expect_invalid(c, "gravity", "upward gravity");
    c = edpd_scenario_config(EDPD_SCENARIO_BOUNCING_BALL); c.dim = 2; expect_invalid(c, "dim", "2-D ball");
    c = edpd_scenario_config(EDPD_SCENARIO_BOUNCING_BALL); c.n = 3; c.plate_offset = 0.2; expect_invalid(c, "plate_offset", "fixed plate for many balls");
    c = edpd_scenario_config(EDPD_SCENARIO_BOUNCING_BALL); c.plate_offset = INFINITY; expect_invalid(c, "plate_offset", "inf plate");
}

TEST(custom_world) {
    edpd_config d = edpd_default_config(), c = d;
    {   /* custom: overlapping start, NaN position, planes */
        double r[6] = {2, 2, 2, 2.5, 2, 2}, v[6] = {0};
        c = d; c.scenario = EDPD_SCENARIO_CUSTOM; c.n = 2; c.positions = r; c.velocities = v;
        c.box[0] = c.box[1] = c.box[2] = 5; c.periodic[0] = c.periodic[1] = c.periodic[2] = 1;
        expect_invalid(c, "positions", "overlapping start");
        c.positions = NULL; expect_invalid(c, "positions", "no positions");
        r[3] = NAN; c.positions = r; expect_invalid(c, "positions", "NaN position");
        r[3] = 4.0;
        edpd_plane pl = {.normal = {0, 0, 2}, .offset = 0, .restitution = 1};
        c.periodic[2] = 0; c.planes = &pl; c.plane_count = 1; expect_invalid(c, "planes", "non-unit normal");
        pl.normal[2] = 1; pl.restitution = 2; expect_invalid(c, "planes", "plane restitution 2");
        /* a wall tilted into a periodic axis: a particle wrapping along that axis would jump
         * through it (found by the custom-world fuzzer, corpus-custom/regress-plane-across-periodic-axis) */
        pl.restitution = 1; pl.normal[0] = 0.6; pl.normal[2] = 0.8; expect_invalid(c, "planes", "plane normal along a periodic axis");
        pl.normal[0] = 0; pl.normal[2] = 1;
        pl.restitution = 1; c.box[0] = 3.5; expect_invalid(c, "box", "periodic edge under 4 diameters");
        c.box[0] = 5;
        edpd_error err;
        edpd_world *w = edpd_create(&c, &err);
        CHECK(w != NULL, "valid custom world: %s", err.message);
        if (w) {  /* the getters a viewer draws from: diameters (the default 1) and the plane */
            double dia[2] = {0, 0};
            edpd_plane got[2];
            edpd_get_diameters(w, dia);
            CHECK(dia[0] == 1 && dia[1] == 1, "diameters %g %g", dia[0], dia[1]);
            CHECK(edpd_get_planes(w, got, 2) == 1 && got[0].normal[2] == 1 && got[0].offset == pl.offset && got[0].restitution == 1,
                  "the one plane comes back");
            CHECK(edpd_get_planes(w, NULL, 0) == 1, "plane count without copying");
            int per[3];
            edpd_get_periodic(w, per);
            CHECK(per[0] == 1 && per[1] == 1 && per[2] == 0, "periodic x, y; z bounded by the plane: %d %d %d", per[0], per[1], per[2]);
        }
        edpd_destroy(w);
    }
}

TEST(given_diameters_and_start_time) {
    edpd_config d = edpd_default_config(), c = d;
    {   /* the periodic-edge floor is 4 of the largest *given* diameter, not of the default
         * `diameter` (1): two disks of σ = 0.1 in a 0.5 box, head-on at speed 1 each. Analytic:
         * the gap 0.1 closes at 2, so they touch at t = 0.05, swap velocities (ε = 1, equal
         * masses) and stand at their starting places again at t = 0.1. */
        double r[6] = {0.1, 0.25, 0, 0.3, 0.25, 0}, v[6] = {1, 0, 0, -1, 0, 0}, s[2] = {0.1, 0.1};
        c = d; c.scenario = EDPD_SCENARIO_CUSTOM; c.dim = 2; c.n = 2; c.restitution = 1;
        c.positions = r; c.velocities = v; c.diameters = s;
        c.box[0] = c.box[1] = 0.5; c.box[2] = 1; c.periodic[0] = c.periodic[1] = 1; c.periodic[2] = 0;
        edpd_error err;
        edpd_world *w = edpd_create(&c, &err);
        CHECK(w != NULL, "σ = 0.1 in a 0.5 box (≥ 4 σ): %s", err.message);
        if (w) {
            CHECK(edpd_advance(w, 0.1, 1000, &err) == EDPD_STOP_TIME, "small disks reach t = 0.1: %s", err.message);
            double p[6], u[6];
            edpd_get_positions(w, p); edpd_get_velocities(w, u);
            CHECK(fabs(p[0] - 0.1) < 1e-12 && fabs(p[3] - 0.3) < 1e-12, "small disks back at 0.1, 0.3: %.17g %.17g", p[0], p[3]);
            CHECK(fabs(u[0] + 1) < 1e-12 && fabs(u[3] - 1) < 1e-12 && fabs(u[1]) < 1e-12, "small disks swapped velocities: %.17g %.17g", u[0], u[3]);
            double dia[2];
            edpd_get_diameters(w, dia);
            CHECK(dia[0] == 0.1 && dia[1] == 0.1, "the given diameters come back: %g %g", dia[0], dia[1]);
            edpd_destroy(w);
        }
        /* start_time: the same disks on a clock that starts at 1000.25 touch at 1000.30 and are
         * back at 1000.35; the clock, the status and the measurements run from there */
        c.start_time = 1000.25;
        w = edpd_create(&c, &err);
        CHECK(w != NULL && edpd_time(w) == 1000.25, "the clock starts at start_time: %s", err.message);
        if (w) {
            CHECK(edpd_advance(w, 1000.35, 1000, &err) == EDPD_STOP_TIME && edpd_time(w) == 1000.35, "to t = 1000.35: %s", err.message);
            double p[6], u[6];
            edpd_get_positions(w, p); edpd_get_velocities(w, u);
            CHECK(fabs(p[0] - 0.1) < 1e-11 && fabs(p[3] - 0.3) < 1e-11 && fabs(u[0] + 1) < 1e-12, "started at 1000.25, back at 0.1, 0.3: %.17g %.17g", p[0], p[3]);
            edpd_stats st;
            edpd_get_stats(w, &st);
            /* one collision of 2 disks in 0.1: mean free time N t / (2 collisions) = 0.1 */
            CHECK(st.collisions == 1 && fabs(st.mean_free_time - 0.1) < 1e-9, "measurements from start_time: %llu collisions, mean free time %g",
                  (unsigned long long)st.collisions, st.mean_free_time);
            CHECK(edpd_advance(w, 1000.3, 10, &err) == EDPD_STOP_ERROR && strcmp(err.field, "t_end") == 0, "no advance to before the clock");
            edpd_destroy(w);
        }
        /* a cooling gas's clock, far on, with its slow motion: its dump must load again; the same
         * clock with the disks' first speed is beyond the range where it resolves their motion
         * (edpd_exact_clock: 4.5e6 times the 0.1 a disk takes to cross a diameter) */
        c.start_time = 1.6e20;
        v[0] = 1e-15; v[3] = -1e-15;
        w = edpd_create(&c, &err);
        CHECK(w != NULL && edpd_time(w) == 1.6e20, "a clock at 1.6e20, speed 1e-15: %s", w ? "" : err.message);
        CHECK(w && fabs(edpd_exact_clock(w) / (4.5036e6 * 0.1 / 1e-15) - 1) < 1e-4, "its exact range: %g", w ? edpd_exact_clock(w) : 0);
        edpd_destroy(w);
        v[0] = 1; v[3] = -1;
        expect_invalid(c, "start_time", "a clock at 1.6e20 cannot resolve a speed of 1");
        c.start_time = NAN; expect_invalid(c, "start_time", "NaN start_time");
        c.start_time = -2e100; expect_invalid(c, "start_time", "start_time below -1e100");
        c.start_time = 0;
        c.box[0] = 0.35; expect_invalid(c, "box", "periodic edge under 4 of the largest given diameter");
    }
}

TEST(advance_budgets_and_errors) {
    edpd_config d = edpd_default_config();
    edpd_destroy(NULL); /* allowed, like free */

    /* advance: budgets always return; bad arguments are errors, not aborts */
    {
        edpd_error err;
        edpd_world *w = edpd_create(&d, &err);
        CHECK(edpd_advance(w, NAN, 10, &err) == EDPD_STOP_ERROR && strcmp(err.field, "t_end") == 0, "NaN t_end");
        CHECK(edpd_advance(w, INFINITY, 1000, &err) == EDPD_STOP_BUDGET, "event budget");
        edpd_stats s;
        edpd_get_stats(w, &s);
        CHECK(s.events == 1000, "exactly the budget: %llu", (unsigned long long)s.events);
        double t = s.time;
        CHECK(edpd_advance(w, t - 1.0, 10, &err) == EDPD_STOP_ERROR, "t_end in the past");
        CHECK(edpd_advance(w, t + 0.5, UINT64_MAX, &err) == EDPD_STOP_TIME, "time stop");
        CHECK(edpd_time(w) == t + 0.5, "the clock is at t_end");
        CHECK(edpd_advance(w, t + 0.5, 0, &err) == EDPD_STOP_TIME, "zero budget at t_end");
        uint64_t h[EDPD_HIST_BINS], total = 0;
        edpd_get_impact_histogram(w, h);
        for (int k = 0; k < EDPD_HIST_BINS; k++) total += h[k];
        edpd_get_stats(w, &s);
        CHECK(total == s.collisions, "every collision is in the impact histogram (%llu vs %llu)",
              (unsigned long long)total, (unsigned long long)s.collisions);
        CHECK(s.events == s.collisions + s.cell_crossings + s.list_rebuilds + s.plane_impacts, "events add up");
        edpd_destroy(w);
    }
}

TEST(clock_range) {
    /* A clock beyond EDPD_MAX_TIME would overflow positions under gravity (g t^2 / 2 > 1e308): a
     * naive-rewind ball that missed its plate and was sent to t = 1e300 ended at z = -inf (found
     * by the fuzzer, tests/fuzz/corpus/regress-clock-jump-1e300). */
    {
        edpd_config c = edpd_scenario_config(EDPD_SCENARIO_BOUNCING_BALL);
        c.detector = EDPD_DETECTOR_NAIVE_REWIND;
        c.plate_offset = 0.5;
        edpd_error err;
        edpd_world *w = edpd_create(&c, &err);
        CHECK(w != NULL, "ball: %s", err.message);
        CHECK(edpd_advance(w, 1e300, 0, &err) == EDPD_STOP_ERROR && strcmp(err.field, "t_end") == 0 &&
              strstr(err.message, "1e+100") != NULL, "t_end = 1e300: %s", err.message);
        CHECK(edpd_advance(w, -1e300, 0, &err) == EDPD_STOP_ERROR && strcmp(err.field, "t_end") == 0, "t_end = -1e300 (rewind)");
        CHECK(edpd_advance(w, EDPD_MAX_TIME, 0, &err) == EDPD_STOP_BUDGET, "t_end = EDPD_MAX_TIME is allowed");
        CHECK(edpd_advance(w, INFINITY, 100000, &err) != EDPD_STOP_ERROR, "t_end = +inf is allowed");
        double r[3], v[3];
        edpd_get_positions(w, r);
        edpd_get_velocities(w, v);
        CHECK(isfinite(r[2]) && isfinite(v[2]), "finite state");
        edpd_destroy(w);
    }
}

TEST(events_beyond_the_clock) {
    /* ...and events predicted beyond it never happen: two spheres closing at 1e-152 under
     * g = 1e6 in an open box would meet at t = 1e152, where g t^2 / 2 overflows (found by the
     * custom-world fuzzer, tests/fuzz/corpus-custom/regress-event-beyond-max-time). */
    {
        edpd_config c = edpd_scenario_config(EDPD_SCENARIO_CUSTOM);
        double pos[6] = {2, 5, 5, 4, 5, 5}, vel[6] = {0.5e-152, 0, 0, -0.5e-152, 0, 0};
        c.n = 2; c.positions = pos; c.velocities = vel;
        c.box[0] = c.box[1] = c.box[2] = 10; c.periodic[0] = c.periodic[1] = c.periodic[2] = 0;
        c.gravity[2] = -1e6;
        edpd_error err;
        edpd_world *w = edpd_create(&c, &err);
        CHECK(w != NULL, "two slow spheres: %s", err.message);
        edpd_stop stop = edpd_advance(w, INFINITY, 1000, &err);
        CHECK(stop == EDPD_STOP_TIME, "no event within the clock's range: stop %d", (int)stop);
        CHECK(fabs(edpd_time(w)) <= EDPD_MAX_TIME, "clock %g within EDPD_MAX_TIME", edpd_time(w));
        double r[6], v[6];
        edpd_get_positions(w, r);
        edpd_get_velocities(w, v);
        for (int k = 0; k < 6; k++) CHECK(isfinite(r[k]) && isfinite(v[k]), "finite state (component %d)", k);
        edpd_destroy(w);
    }
}

TEST(names_round_trip) {
    /* names round-trip */
    for (int k = 0; k < EDPD_DETECTOR_COUNT; k++) {
        edpd_detector x;
        CHECK(edpd_detector_from_name(edpd_detector_name((edpd_detector)k), &x) && (int)x == k, "detector name %d", k);
    }
    edpd_detector x;
    CHECK(!edpd_detector_from_name("bogus", &x) && !edpd_detector_from_name(NULL, &x), "unknown detector names");
}

TEST(many_worlds) {
    /* many worlds: create/destroy is clean (leaks show under the sanitiser build) */
    for (int k = 0; k < 200; k++) {
        edpd_config b = edpd_scenario_config(EDPD_SCENARIO_BOUNCING_BALL);
        b.seed = (uint32_t)k;
        edpd_world *w = edpd_create(&b, NULL);
        CHECK(w != NULL, "ball world %d", k);
        edpd_advance(w, 1.0, 100, NULL);
        edpd_destroy(w);
    }
}

TEST(lone_particle_at_rest) {
    /* A lone particle at rest has no event, ever: advancing to t = +inf stops at once instead
     * of executing an "event" at infinity (the fuzzer found this crash). */
    for (int mode = EDPD_NEIGHBOURS_CELLS; mode <= EDPD_NEIGHBOURS_LISTS; mode++) {
        double r[3] = {2, 2, 2}, v[3] = {0, 0, 0};
        edpd_config c = edpd_default_config();
        c.scenario = EDPD_SCENARIO_CUSTOM; c.n = 1; c.positions = r; c.velocities = v;
        c.box[0] = c.box[1] = c.box[2] = 5; c.periodic[0] = c.periodic[1] = c.periodic[2] = 1;
        c.neighbours = (edpd_neighbours)mode;
        edpd_error e;
        edpd_world *w = edpd_create(&c, &e);
        CHECK(w != NULL, "resting particle: %s", e.message);
        if (w) {
            CHECK(edpd_advance(w, INFINITY, 100, &e) == EDPD_STOP_TIME, "no event at infinity");
            edpd_stats s;
            edpd_get_stats(w, &s);
            CHECK(s.events == 0 && s.time == 0.0, "resting: %llu events, t = %g", (unsigned long long)s.events, s.time);
            edpd_destroy(w);
        }
    }
}

TEST(elastic_until) {
    edpd_config d = edpd_default_config(), c = d;
    /* elastic_until: elastic sphere impacts before it; planes keep their restitution */
    c = d; c.elastic_until = -1; expect_invalid(c, "elastic_until", "elastic_until -1");
    c = d; c.elastic_until = NAN; expect_invalid(c, "elastic_until", "elastic_until NaN");
    c = d; c.elastic_until = INFINITY; expect_invalid(c, "elastic_until", "elastic_until inf");
}

TEST(ball_unchanged_by_elastic_until) {
    {   /* a ball's trajectory (plate impacts only) does not change */
        uint64_t h[2] = {0, 1};
        for (int k = 0; k < 2; k++) {
            edpd_config b = edpd_scenario_config(EDPD_SCENARIO_BOUNCING_BALL);
            b.n = 1; b.plate_offset = 0.5; b.elastic_until = k ? 100 : 0;
            edpd_error e;
            edpd_world *w = edpd_create(&b, &e);
            CHECK(w != NULL, "ball with elastic_until: %s", e.message);
            if (!w) break;
            edpd_advance(w, 2.5, 100000, &e);
            h[k] = edpd_state_hash(w);
            edpd_destroy(w);
        }
        CHECK(h[0] == h[1], "a plate keeps its restitution under elastic_until");
    }
}

TEST(xyz_bound_with_planes) {
    {   /* EDPD_XYZ_BOUND suffices for the longest state file: every plane a custom world may have,
         * each number at its longest (-1.2345678901234567e-308 style), a sphere among them */
        static edpd_plane pl[EDPD_MAX_PLANES];
        for (unsigned k = 0; k < EDPD_MAX_PLANES; k++) {
            pl[k].normal[0] = -0.60000000000000009; pl[k].normal[1] = -0.79999999999999993; pl[k].normal[2] = 0;
            pl[k].offset = -123456.78901234567 - k; pl[k].restitution = 0.12345678901234566;
        }
        double r[3] = {-9.8765432109876543e5, -8.7654321098765432e5, 0.5}, v[3] = {-1.2345678901234567e-5, -2.3456789012345678e-5, 0};
        edpd_config cc = edpd_scenario_config(EDPD_SCENARIO_CUSTOM);
        cc.n = 1; cc.positions = r; cc.velocities = v; cc.planes = pl; cc.plane_count = EDPD_MAX_PLANES;
        cc.box[0] = cc.box[1] = 1e9; cc.box[2] = 1; cc.gravity[0] = -1.2345678901234567e-7;
        cc.restitution = 0.12345678901234566; cc.tc = 1.2345678901234567e-7; cc.start_time = -1.2345678901234567e8;
        edpd_error e;
        edpd_world *w = edpd_create(&cc, &e);
        CHECK(w != NULL, "a sphere among %u planes: %s", EDPD_MAX_PLANES, e.message);
        if (w) {
            size_t len = edpd_write_xyz(w, NULL, 0), cap = EDPD_XYZ_BOUND(1);
            CHECK(len > 0 && len < cap, "xyz of 1 sphere and %u planes: %zu bytes, EDPD_XYZ_BOUND(1) = %zu", EDPD_MAX_PLANES, len, cap);
            char *buf = malloc(cap);
            CHECK(buf && edpd_write_xyz(w, buf, cap) == len && strlen(buf) == len, "the file fits the bound, NUL-terminated");
            free(buf);
            edpd_destroy(w);
        }
    }
}

TEST(own_planes_round_trip) {
    {   /* own_planes: a ball array rebuilt as a custom world from the getters (positions,
         * velocities, box, its plates from edpd_get_own_planes) runs the same trajectory, bit for
         * bit: the plates land where the scenario puts them, each met by its ball alone */
        edpd_config bc = edpd_scenario_config(EDPD_SCENARIO_BOUNCING_BALL);
        bc.n = 5; bc.seed = 3;
        edpd_error e;
        edpd_world *a = edpd_create(&bc, &e);
        double r[15], v[15], box[3];
        edpd_plane own[5];
        edpd_get_positions(a, r); edpd_get_velocities(a, v); edpd_get_box(a, box);
        CHECK(edpd_get_own_planes(a, own) == 5 && edpd_get_planes(a, NULL, 0) == 0, "a ball array: 5 own plates, no shared plane");
        edpd_config cc = edpd_scenario_config(EDPD_SCENARIO_CUSTOM);
        cc.n = 5; cc.positions = r; cc.velocities = v; cc.own_planes = own; cc.restitution = bc.restitution;
        for (int k = 0; k < 3; k++) { cc.box[k] = box[k]; cc.periodic[k] = 0; cc.gravity[k] = bc.gravity[k]; }
        edpd_world *b = edpd_create(&cc, &e);
        CHECK(b != NULL, "the custom ball array: %s", e.message);
        if (a && b) {
            edpd_advance(a, 2.9999, 1000000, &e);
            edpd_advance(b, 2.9999, 1000000, &e);
            edpd_stats sa, sb;
            edpd_get_stats(a, &sa); edpd_get_stats(b, &sb);
            CHECK(sa.events > 50 && sa.events == sb.events && sa.state_hash == sb.state_hash,
                  "the same run (%llu / %llu events)", (unsigned long long)sa.events, (unsigned long long)sb.events);
            edpd_plane back[5];
            edpd_get_own_planes(b, back);
            CHECK(memcmp(back, own, sizeof own) == 0, "edpd_get_own_planes gives the plates back");
        }
        edpd_destroy(a); edpd_destroy(b);
        /* a particle without a plate (all-zero normal) has none; a bad plate names own_planes */
        own[2].normal[2] = 0.0;
        b = edpd_create(&cc, &e);
        CHECK(b && edpd_get_own_planes(b, own) == 4 && own[2].normal[2] == 0.0 && own[2].offset == 0.0, "four plates, one particle without");
        edpd_destroy(b);
        own[2].normal[2] = 0.5;
        expect_invalid(cc, "own_planes", "a plate whose normal is not a unit vector");
        own[2].normal[2] = 1.0; own[2].restitution = -0.1;
        expect_invalid(cc, "own_planes", "a plate with restitution below 0");
        own[2].restitution = 0.5; cc.periodic[0] = 1;
        own[2].normal[0] = 1.0; own[2].normal[2] = 0.0;
        expect_invalid(cc, "own_planes", "a plate across a periodic axis");
    }
}

TEST(xyz_bound_with_plates) {
    {   /* ... and EDPD_XYZ_BOUND with every particle's plate written in full */
        static double r[6] = {-9.8765432109876543e5, -8.7654321098765432e5, 0.5, 9.8765432109876543e5, 8.7654321098765432e5, 0.5};
        static double v[6] = {-1.2345678901234567e-5, -2.3456789012345678e-5, 0, -1.2345678901234567e-5, -2.3456789012345678e-5, 0};
        edpd_plane own[2];
        memset(own, 0, sizeof own);  /* a still plate: no amplitude (an uninitialised one was garbage) */
        for (int k = 0; k < 2; k++) {
            own[k].normal[0] = -0.60000000000000009; own[k].normal[1] = -0.79999999999999993; own[k].normal[2] = 0;
            own[k].offset = -1.2345678901234567e8 - k; own[k].restitution = 0.12345678901234566;
        }
        edpd_config cc = edpd_scenario_config(EDPD_SCENARIO_CUSTOM);
        cc.n = 2; cc.positions = r; cc.velocities = v; cc.own_planes = own;
        cc.box[0] = cc.box[1] = 1e9; cc.box[2] = 1; cc.start_time = -1.2345678901234567e8;
        edpd_error e;
        edpd_world *w = edpd_create(&cc, &e);
        CHECK(w != NULL, "two spheres with own plates: %s", e.message);
        if (w) {
            size_t len = edpd_write_xyz(w, NULL, 0), cap = EDPD_XYZ_BOUND(2);
            CHECK(len > 0 && len < cap && len > 2 * 300, "xyz of 2 spheres with plates: %zu bytes, EDPD_XYZ_BOUND(2) = %zu", len, cap);
            edpd_destroy(w);
        }
    }
}

/* A state may carry overlaps of rounding depth (a dumped granular gas does); deeper ones are refused. */
TEST(start_overlaps) {
    for (int k = 0; k < 2; k++) {
        double depth = k ? 1e-9 : 1e-14;
        double r[6] = {5.0, 5.0, 0.0, 6.0 - depth, 5.0, 0.0}, v[6] = {0};
        edpd_config c = edpd_default_config();
        c.scenario = EDPD_SCENARIO_CUSTOM; c.dim = 2; c.n = 2; c.positions = r; c.velocities = v;
        c.box[0] = c.box[1] = 10.0; c.box[2] = 1.0; c.periodic[0] = c.periodic[1] = 1;
        edpd_error err;
        edpd_world *w = edpd_create(&c, &err);
        if (k == 0) CHECK(w != NULL, "an overlap of 1e-14 sigma loads: %s", err.message);
        else CHECK(!w && !strcmp(err.field, "positions") && strstr(err.message, "more than rounding (1e-12 sigma)"),
                   "an overlap of 1e-9 sigma is refused: %s", w ? "created" : err.message);
        edpd_destroy(w);
    }
}

int main(void) {
    RUN(start_overlaps);
    RUN(field_validation);
    RUN(custom_world);
    RUN(given_diameters_and_start_time);
    RUN(advance_budgets_and_errors);
    RUN(clock_range);
    RUN(events_beyond_the_clock);
    RUN(names_round_trip);
    RUN(many_worlds);
    RUN(lone_particle_at_rest);
    RUN(elastic_until);
    RUN(ball_unchanged_by_elastic_until);
    RUN(xyz_bound_with_planes);
    RUN(own_planes_round_trip);
    RUN(xyz_bound_with_plates);
    return check_report("api");
}
