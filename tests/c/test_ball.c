/* The bouncing ball of the paper's Sect. 5 against its exact solution: released at rest 1/2
 * above contact under g = 1 with restitution 1/2, it hits at t_k = 3 - 2 (1/2)^(k-1) and comes
 * to rest at t = 3 (inelastic collapse) after infinitely many impacts. */
#include "check.h"
#include "experiments/ball_sweep.h"
#include "edpd.h"

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
    /* an array of balls in one world: the stable world collapses at t = 3 */
    {
        edpd_config c = edpd_scenario_config(EDPD_SCENARIO_BOUNCING_BALL);
        c.n = 64;
        edpd_world *w = edpd_create(&c, &err);
        CHECK(w != NULL, "ball array: %s", err.message);
        edpd_stop stop = edpd_advance(w, 10.0, 10000000, &err);
        edpd_status s = edpd_get_status(w);
        CHECK(stop == EDPD_STOP_COLLAPSE && s.state == EDPD_STATE_COLLAPSE, "ball array collapses (stop %d)", (int)stop);
        CHECK_NEAR(s.time, 3.0, COLLAPSE_TOL, "ball array collapse time");
        edpd_destroy(w);
        c.detector = EDPD_DETECTOR_NAIVE_HALT;
        w = edpd_create(&c, &err);
        stop = edpd_advance(w, 10.0, 10000000, &err);
        s = edpd_get_status(w);
        CHECK(stop == EDPD_STOP_HALTED && s.reason && s.time < 3.0, "naive-halt ball array halts before t = 3 (stop %d)", (int)stop);
        /* a halted world stays halted and says so */
        CHECK(edpd_advance(w, 20.0, 10, &err) == EDPD_STOP_HALTED, "advance after halt reports the halt");
        edpd_destroy(w);
    }
    return check_report("ball");
}
