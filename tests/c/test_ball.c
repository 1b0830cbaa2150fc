/* The bouncing ball of the paper's Sect. 5 against its exact solution: released at rest 1/2
 * above contact under g = 1 with restitution 1/2, it hits at t_k = 3 - 2 (1/2)^(k-1) and comes
 * to rest at t = 3 (inelastic collapse) after infinitely many impacts. */
#include "check.h"
#include "edpd/ball_sweep.h"
#include "edpd/edpd.h"
#include <stdlib.h>

#define COLLAPSE_TOL 8.4e-8

static double exact_height(double t, double plate) {
    double hc = plate + 0.5;
    if (t < 1.0) return plate + 1.0 - 0.5 * t * t;
    double tk = 1.0, u = 0.5;
    while (t >= tk + 2.0 * u) { tk += 2.0 * u; u *= 0.5; }
    double s = t - tk;
    return hc + u * s - 0.5 * s * s;
}

static edpd_world *ball(edpd_detector d, double plate) {
    edpd_config c = edpd_scenario_config(EDPD_SCENARIO_BOUNCING_BALL);
    c.detector = d;
    c.plate_offset = plate;
    edpd_error err;
    edpd_world *w = edpd_create(&c, &err);
    CHECK(w != NULL, "create ball: %s", err.message);
    return w;
}

/* An array of balls in one world is its balls alone, each with its own plate: a ball that halts
 * or comes to rest stops by itself and the rest run on; each stops at the same event of its own
 * history, at the same clock and in the same state (bit for bit) as the ball in a world of its
 * own. Under naive-halt some balls halt and the others rest at t = 3, so both kinds of stop meet
 * in one world; the world stops when its last ball does. */
static void compare_array(edpd_detector d) {
    enum { N = 64 };
    edpd_error err;
    edpd_config c = edpd_scenario_config(EDPD_SCENARIO_BOUNCING_BALL);
    c.n = N; c.detector = d; c.seed = 3;
    edpd_world *w = edpd_create(&c, &err);
    CHECK(w != NULL, "ball array: %s", err.message);
    if (!w) return;
    edpd_stop stop = edpd_advance(w, 10.0, 10000000, &err);
    edpd_status st = edpd_get_status(w);
    edpd_stats s;
    edpd_get_stats(w, &s);
    CHECK(stop == (st.state == EDPD_STATE_HALTED ? EDPD_STOP_HALTED : EDPD_STOP_COLLAPSE) && st.state != EDPD_STATE_RUNNING,
          "%s array: stops when its last ball does (stop %d)", edpd_detector_name(d), (int)stop);
    CHECK(s.halted_particles + s.resting_particles == N, "%s array: %u halted + %u resting of %d", edpd_detector_name(d),
          s.halted_particles, s.resting_particles, N);
    CHECK(d == EDPD_DETECTOR_STABLE ? s.halted_particles == 0 : s.halted_particles > 0 && s.resting_particles > 0,
          "%s array: %u halted", edpd_detector_name(d), s.halted_particles);
    /* halted if any ball halted, its status the first halt (before the rest at t = 3); else at rest */
    CHECK(d == EDPD_DETECTOR_STABLE ? st.state == EDPD_STATE_COLLAPSE : st.state == EDPD_STATE_HALTED && st.reason && st.time < 3.0,
          "%s array: status %d at t = %.17g", edpd_detector_name(d), (int)st.state, st.time);
    uint8_t state[N];
    uint32_t impacts[N];
    edpd_plane plates[N];
    double r[3 * N];
    edpd_get_particle_states(w, state);
    edpd_get_plate_impacts(w, impacts);
    edpd_get_own_planes(w, plates);
    edpd_get_positions(w, r);
    int same = 0;
    for (int i = 0; i < N; i++) {
        edpd_world *one = ball(d, plates[i].offset);
        edpd_stop alone = edpd_advance(one, 10.0, 10000000, &err);
        edpd_stats so;
        edpd_get_stats(one, &so);
        double r1[3];
        edpd_get_positions(one, r1);
        int kind = alone == EDPD_STOP_HALTED ? EDPD_STATE_HALTED : alone == EDPD_STOP_COLLAPSE ? EDPD_STATE_COLLAPSE : -1;
        same += state[i] == kind && impacts[i] == so.plane_impacts && r[3 * i + 2] == r1[2];
        edpd_destroy(one);
    }
    CHECK(same == N, "%s array: %d of %d balls as alone (state, plate impacts, height bit for bit)", edpd_detector_name(d), same, N);
    /* a stopped world stays stopped and says so */
    CHECK(edpd_advance(w, 20.0, 10, &err) == stop, "%s array: advance after the stop reports it", edpd_detector_name(d));
    edpd_destroy(w);
}

TEST(array_is_balls_alone) {
    for (int d = 0; d < EDPD_DETECTOR_COUNT; d++)
        if (d != EDPD_DETECTOR_NAIVE_MISS && d != EDPD_DETECTOR_NAIVE_REWIND) compare_array((edpd_detector)d);
}

/* Ball i of an array of seed s sits on the plate of the sweep's sample i (`edpd sweep`), so that
 * an array and a sweep of the same seed are the same balls. */
TEST(array_plates_are_sweep_samples) {
    edpd_config c = edpd_scenario_config(EDPD_SCENARIO_BOUNCING_BALL);
    c.n = 16; c.seed = 11;
    edpd_error err;
    edpd_world *w = edpd_create(&c, &err);
    edpd_plane plates[16];
    edpd_get_own_planes(w, plates);
    int same = 0;
    for (int i = 0; i < 16; i++) same += plates[i].offset == edpd_sweep_plate_offset(11, (uint64_t)i);
    CHECK(same == 16, "%d of 16 plates are the sweep's samples", same);
    edpd_destroy(w);
}

/* A ball stopped dead (e = 0) on its plate is at rest; with a gap of a rounding error above
 * contact it does not stop at one instant, as a ball at or below contact does: it falls through
 * that gap and stops again, an impact every sqrt(2 x 1.1e-16 / g) = 1.5e-8, for ever. Such hops
 * at the rounding of its height are rest too: every ball of a 64-ball array (both kinds among
 * them) comes to rest at its first impact, t = 1 (released 1/2 above contact, g = 1), and the
 * run to t = 100 ends there, within a few thousand events. */
TEST(rest_at_rounding_height) {
    edpd_config c = edpd_scenario_config(EDPD_SCENARIO_BOUNCING_BALL);
    c.n = 64; c.restitution = 0.0; c.seed = 1;
    edpd_error err;
    edpd_world *w = edpd_create(&c, &err);
    CHECK(w != NULL, "e = 0 array: %s", err.message);
    if (!w) return;
    edpd_stop stop = edpd_advance(w, 100.0, 10000000, &err);
    edpd_stats s;
    edpd_get_stats(w, &s);
    CHECK(stop == EDPD_STOP_COLLAPSE && s.resting_particles == 64, "e = 0: %u of 64 balls at rest (stop %d, %llu events, t = %.17g)",
          s.resting_particles, (int)stop, (unsigned long long)s.events, s.time);
    CHECK(s.events <= 64 * 2 * 1000 + 64, "e = 0: at most two collapse windows of impacts per ball: %llu events", (unsigned long long)s.events);
    CHECK(fabs(s.time - 1.0) < 1e-4, "e = 0: all at rest by t = 1 + a few windows of hops: %.17g", s.time);
    edpd_destroy(w);
}

/* A large array lies in rows of about sqrt(n) balls, 2 diameters apart, so that each of its
 * cells holds about one ball (in one row of a million, each held hundreds: 10^5 events a second,
 * and 20 s to create); the first row is where a single row was, so one ball is where it was. */
TEST(array_in_rows) {
    edpd_config c = edpd_scenario_config(EDPD_SCENARIO_BOUNCING_BALL);
    c.n = 1000000;
    edpd_error err;
    edpd_world *w = edpd_create(&c, &err);
    CHECK(w != NULL, "a million balls: %s", err.message);
    if (!w) return;
    double box[3], *r = malloc(sizeof(double) * 3 * c.n);
    edpd_get_box(w, box);
    edpd_get_positions(w, r);
    CHECK(box[0] == 2000.0 && box[1] == 1999.0, "a million balls in 1000 rows of 1000: box %g x %g", box[0], box[1]);
    CHECK(r[0] == 1.0 && r[1] == 0.5 && r[3 * 999] == 1999.0 && r[3 * 1000 + 1] == 2.5 && r[3 * 999999 + 1] == 1998.5,
          "rows 2 diameters apart from (1, 0.5): ball 999 at x = %g, ball 1000 at y = %g", r[3 * 999], r[3 * 1000 + 1]);
    free(r);
    edpd_destroy(w);
    c.n = 1;
    w = edpd_create(&c, &err);
    if (w) {
        edpd_get_box(w, box);
        CHECK(box[0] == 2.0 && box[1] == 1.0, "one ball's box as before: %g x %g", box[0], box[1]);
        edpd_destroy(w);
    }
}

int main(void) {
    edpd_error err;
    /* trajectory: every detector follows the exact solution until numbers run out */
    for (int d = 0; d < EDPD_DETECTOR_COUNT; d++) {
        for (int s = 0; s < 20; s++) {
            double plate = edpd_sweep_plate_offset(7, (uint64_t)s);
            edpd_world *w = ball((edpd_detector)d, plate);
            double worst = 0.0;
            for (double t = 0.05; t < 2.99; t += 0.0371) {
                edpd_stop stop = edpd_advance(w, t, 1000000, &err);
                CHECK(stop == EDPD_STOP_TIME, "advance to %g stopped with %d", t, (int)stop);
                double r[3];
                edpd_get_positions(w, r);
                double e = fabs(r[2] - exact_height(t, plate));
                if (e > worst) worst = e;
            }
            CHECK(worst < 1e-12, "detector %s plate %g: max height error %g", edpd_detector_name((edpd_detector)d), plate, worst);
            edpd_destroy(w);
        }
    }
    /* first impact at t = 1 exactly, rebound speed 1/2 */
    {
        edpd_world *w = ball(EDPD_DETECTOR_STABLE, 0.25);
        edpd_advance(w, 1.5, 100, &err);
        edpd_stats s;
        edpd_get_stats(w, &s);
        CHECK(s.plane_impacts == 1, "one impact by t = 1.5, got %llu", (unsigned long long)s.plane_impacts);
        double v[3];
        edpd_get_velocities(w, v);
        CHECK_NEAR(v[2], 0.5 - 0.5, 1e-15, "velocity at the apex t = 1.5");
        edpd_destroy(w);
    }
    /* stable: the collapse at t = 3 for every plate offset, never a halt or a fall */
    {
        edpd_sweep_config sc = edpd_default_sweep_config();
        sc.count = 2000;
        edpd_sweep_result st = {0}, halt = {0}, miss = {0}, rew = {0};
        CHECK(edpd_ball_sweep(&sc, &st, &err) == EDPD_OK, "stable sweep: %s", err.message);
        CHECK(st.halted == 0 && st.fell_through == 0, "stable never halts or falls (%llu, %llu)",
              (unsigned long long)st.halted, (unsigned long long)st.fell_through);
        CHECK(st.collapsed == st.samples, "stable: every sample collapses (%llu of %llu)",
              (unsigned long long)st.collapsed, (unsigned long long)st.samples);
        /* Once the apex u^2/2g of a rebound falls below the spacing of doubles at the ball's
         * height (ulp ~ 2.2e-16 at 1..2), the flights cannot be resolved: the remaining time
         * 4u = 4 sqrt(2 ulp) ~ 8.4e-8 is the precision of the collapse time. */
        CHECK_NEAR(st.final_time_sum / st.samples, 3.0, COLLAPSE_TOL, "stable: mean collapse time");

        sc.detector = EDPD_DETECTOR_NAIVE_HALT;
        edpd_ball_sweep(&sc, &halt, &err);
        double frac = (double)halt.halted / halt.samples;
        CHECK(frac > 0.1, "naive-halt must halt for a sizeable share (paper: ~50%%), got %g", frac);
        /* No halt is possible before the rebound apex u^2/2g = 2^-2k/2 drops below the
         * rounding overlap (a few ulp of ~1.5, < 2e-15): k >= 24. */
        int first = 0;
        while (first < EDPD_SWEEP_HIST && halt.hist_events_at_halt[first] == 0) first++;
        CHECK(first >= 24, "naive-halt halted after only %d impacts", first);
        double mean = (double)halt.events_at_halt_sum / (double)halt.halted;
        CHECK(mean > 24 && mean < 40, "mean events at halt %g (paper: ~30)", mean);

        /* the same trajectories: where naive-halt stops, naive-miss and -rewind fall through */
        sc.detector = EDPD_DETECTOR_NAIVE_MISS;
        edpd_ball_sweep(&sc, &miss, &err);
        CHECK(miss.fell_through == halt.halted && miss.halted == 0, "naive-miss falls through exactly where naive-halt halts (%llu vs %llu)",
              (unsigned long long)miss.fell_through, (unsigned long long)halt.halted);
        sc.detector = EDPD_DETECTOR_NAIVE_REWIND;
        edpd_ball_sweep(&sc, &rew, &err);
        CHECK(rew.fell_through == halt.halted, "naive-rewind falls through where naive-halt halts");
    }
    RUN(array_is_balls_alone);
    RUN(array_plates_are_sweep_samples);
    RUN(rest_at_rounding_height);
    RUN(array_in_rows);
    return check_report("ball");
}
