/* The first failure record (edpd_get_first_failure): the overlap function of the pair, or the
 * sphere and plane, where a naive detector first met undefined dynamics, and what each detector
 * answers for it. Checked against what the record does not come from: the positions and
 * velocities of the halted world (the exact f of Eqs. 7 and 11 there), the quadratic's own
 * discriminant, and the paper's rule (Eq. 10) written out again here. */
#include "check.h"
#include "edpd/edpd.h"
#include "world/world.h"  /* the pending ring, wiped below */
#include <float.h>
#include <math.h>
#include <string.h>
#include <stdint.h>
#include <stdlib.h>

#define FIG7_PLATE 0.763774618976614  /* a plate where naive-halt halts (README, app default) */

static edpd_world *make(edpd_config c) {
    edpd_error err;
    edpd_world *w = edpd_create(&c, &err);
    CHECK(w != NULL, "create: %s", err.message);
    if (!w) exit(1);
    return w;
}

static edpd_config ball(edpd_detector d) {
    edpd_config c = edpd_scenario_config(EDPD_SCENARIO_BOUNCING_BALL);
    c.detector = d;
    c.plate_offset = FIG7_PLATE;
    return c;
}

/* The app's default granular gas (2-D, N = 2000, phi = 0.6, e = 0.5, t_c = 1e-9, seed 1). */
static edpd_config gas(edpd_detector d) {
    edpd_config c = edpd_scenario_config(EDPD_SCENARIO_GRANULAR);
    c.detector = d; c.dim = 2; c.n = 2000; c.packing_fraction = 0.6; c.restitution = 0.5; c.tc = 1e-9; c.seed = 1;
    return c;
}

/* Eq. (10) for f(dt) = f0 + f1 dt + f2 dt^2 / 2 with f2 of either sign, written out from the
 * definition (the first dt >= 0 with f <= 0 and f' < 0), not from the detectors' code. */
static double rule_eq10(double f0, double f1, double f2) {
    if (f0 <= 0.0 && f1 < 0.0) return 0.0;                     /* overlapping and approaching: now */
    if (f0 <= 0.0 && f1 >= 0.0 && f2 < 0.0) {                  /* receding inside: turns back at dt* */
        double turn = f1 / -f2;
        if (f0 + 0.5 * f1 * turn <= 0.0) return turn;          /* f(dt*) = f0 + f1^2 / (-2 f2) <= 0 */
    }
    return NAN;  /* the remaining cases have a root, which these tests do not meet */
}

TEST(stable_never_fails) {
    edpd_error err;
    edpd_failure f;
    /* A stable run never fails, and a world starts without a record. */
    {
        edpd_world *w = make(ball(EDPD_DETECTOR_STABLE));
        edpd_get_first_failure(w, &f);
        CHECK(!f.found, "a new world has no failure");
        edpd_advance(w, 10.0, 100000, &err);
        edpd_get_first_failure(w, &f);
        CHECK(!f.found, "the stable ball has no failure");
        edpd_destroy(w);
    }
}

TEST(ball_naive_halt) {
    edpd_error err;
    edpd_failure f;
    /* The ball under naive-halt: after its last bounce it sits delta below contact; f(dt) =
     * delta + u dt - dt^2 / 2 has no real root (the square root of Eq. 12 is of a negative number). */
    {
        edpd_world *w = make(ball(EDPD_DETECTOR_NAIVE_HALT));
        edpd_stop stop = edpd_advance(w, 10.0, 100000, &err);
        edpd_status st = edpd_get_status(w);
        edpd_stats s;
        edpd_get_stats(w, &s);
        CHECK(stop == EDPD_STOP_HALTED && st.reason && !strcmp(st.reason, "no-real-root"), "ball halts: no-real-root");
        edpd_get_first_failure(w, &f);
        CHECK(f.found, "halted ball: a failure record");
        CHECK(f.event == s.first_failure_event, "record at the first failure event (%llu vs %llu)",
              (unsigned long long)f.event, (unsigned long long)s.first_failure_event);
        CHECK(f.time == st.time, "record at the halt's time (%.17g vs %.17g)", f.time, st.time);
        CHECK(f.particle_a == 0 && f.particle_b == -1, "ball 0 and plane 0 (%d, %d)", f.particle_a, f.particle_b);
        double r[3], v[3];
        edpd_get_positions(w, r);
        edpd_get_velocities(w, v);
        double delta = r[2] - FIG7_PLATE - 0.5;
        CHECK(f.f0 == delta, "f(0): the gap to contact from the positions (%.17g vs %.17g)", f.f0, delta);
        CHECK(f.f1 == v[2], "f'(0): the ball's velocity (%.17g vs %.17g)", f.f1, v[2]);
        CHECK(f.f2 == -1.0, "f'': gravity (%.17g)", f.f2);
        CHECK(f.f0 < 0.0 && f.f0 > -1e-14, "overlapping the plate by rounding: f(0) = %.3g", f.f0);
        CHECK(f.f1 * f.f1 - 2.0 * f.f2 * f.f0 < 0.0, "no real root: discriminant %.3g", f.f1 * f.f1 - 2.0 * f.f2 * f.f0);
        CHECK(isnan(f.naive_dt) && !strcmp(f.naive_answer, "no-real-root"), "naive: no real root (%s, %g)", f.naive_answer, f.naive_dt);
        CHECK(!strcmp(f.naive_action, "halted"), "naive-halt halted (%s)", f.naive_action);
        double want = rule_eq10(f.f0, f.f1, f.f2);
        CHECK(f.stable_dt == want, "stable: Eq. 10's dt %.17g (record %.17g)", want, f.stable_dt);
        CHECK(!strcmp(f.stable_answer, f.f1 < 0.0 ? "stabilising" : "turning-point"), "stable answer %s", f.stable_answer);
        edpd_destroy(w);
    }
}

TEST(ball_naive_miss) {
    edpd_error err;
    /* naive-miss ignores the same missing root, and the ball falls through: the record is the same. */
    {
        edpd_world *halt = make(ball(EDPD_DETECTOR_NAIVE_HALT)), *miss = make(ball(EDPD_DETECTOR_NAIVE_MISS));
        edpd_advance(halt, 10.0, 100000, &err);
        edpd_advance(miss, 10.0, 100000, &err);
        edpd_failure a, b;
        edpd_get_first_failure(halt, &a);
        edpd_get_first_failure(miss, &b);
        edpd_stats s;
        edpd_get_stats(miss, &s);
        CHECK(b.found && s.fell_through == 1, "naive-miss: a record, and the ball fell through (%u)", s.fell_through);
        CHECK(b.time == a.time && b.f0 == a.f0 && b.f1 == a.f1 && b.f2 == a.f2,
              "naive-miss records the state naive-halt halted at (t = %.17g vs %.17g)", b.time, a.time);
        /* counted while the impact before it is executed, where a halt waits for its own event */
        CHECK(b.event == s.first_failure_event && b.event + 1 == a.event, "events before it: %llu (naive-halt %llu)",
              (unsigned long long)b.event, (unsigned long long)a.event);
        CHECK(!strcmp(b.naive_action, "ignored"), "naive-miss ignored it (%s)", b.naive_action);
        edpd_destroy(halt);
        edpd_destroy(miss);
    }
}

TEST(gas_naive_halt) {
    edpd_error err;
    edpd_failure f;
    /* The granular gas under naive-halt: a pair overlapping by rounding approaches; f(dt) =
     * |dr + dv dt|^2 - sigma^2 has a negative earlier root. */
    {
        edpd_world *w = make(gas(EDPD_DETECTOR_NAIVE_HALT));
        edpd_stop stop = edpd_advance(w, 30.0, 100000000, &err);
        edpd_status st = edpd_get_status(w);
        CHECK(stop == EDPD_STOP_HALTED && st.reason && !strcmp(st.reason, "overlap-approaching"), "gas halts: overlap-approaching");
        edpd_get_first_failure(w, &f);
        CHECK(f.found && f.time == st.time, "gas: record at the halt (%.17g vs %.17g)", f.time, st.time);
        CHECK(f.particle_a == st.particle_a && f.particle_b == st.particle_b, "the halted pair (%d %d vs %d %d)",
              f.particle_a, f.particle_b, st.particle_a, st.particle_b);
        uint32_t n = edpd_particle_count(w);
        double *r = malloc(sizeof(double) * 3 * n), *v = malloc(sizeof(double) * 3 * n), box[3];
        edpd_get_positions(w, r);
        edpd_get_velocities(w, v);
        edpd_get_box(w, box);
        double dr[2], dv[2];
        for (int k = 0; k < 2; k++) {
            dr[k] = r[3 * f.particle_a + k] - r[3 * f.particle_b + k];
            if (dr[k] > 0.5 * box[k]) dr[k] -= box[k];
            else if (dr[k] < -0.5 * box[k]) dr[k] += box[k];
            dv[k] = v[3 * f.particle_a + k] - v[3 * f.particle_b + k];
        }
        double c = dr[0] * dr[0] + dr[1] * dr[1] - 1.0, b = dr[0] * dv[0] + dr[1] * dv[1], a = dv[0] * dv[0] + dv[1] * dv[1];
        /* positions are wrapped into the box by the getter: allow a few roundings of sigma^2 */
        CHECK(fabs(f.f0 - c) <= 4 * 2.3e-16, "f(0) = |dr|^2 - sigma^2 from the positions (%.17g vs %.17g)", f.f0, c);
        CHECK(fabs(f.f1 - 2 * b) <= 1e-12 * fabs(b) && fabs(f.f2 - 2 * a) <= 1e-12 * a, "f', f'' from the velocities");
        CHECK(f.f0 < 0.0 && f.f0 > -1e-12 && f.f1 < 0.0, "overlapping by rounding (%.3g) and approaching (%.3g)", f.f0, f.f1);
        /* roots of f0 + f1 dt + f2 dt^2 / 2: one negative (f0 < 0 < f2), the textbook's */
        double disc = f.f1 * f.f1 - 2.0 * f.f2 * f.f0;
        double lower = (-f.f1 - sqrt(disc)) / f.f2;
        CHECK(disc > 0.0 && f.naive_dt < 0.0 && fabs(f.naive_dt - lower) <= 1e-9 * fabs(lower),
              "naive: the negative root %.17g (quadratic: %.17g)", f.naive_dt, lower);
        CHECK(!strcmp(f.naive_answer, "negative-root") && !strcmp(f.naive_action, "halted"), "%s, %s", f.naive_answer, f.naive_action);
        CHECK(f.stable_dt == 0.0 && !strcmp(f.stable_answer, "stabilising"), "stable: impact now (%s %g)", f.stable_answer, f.stable_dt);
        free(r); free(v);
        edpd_destroy(w);
    }
}

TEST(gas_naive_rewind) {
    edpd_error err;
    edpd_failure f;
    /* naive-rewind executes such a negative dt; the record is its first. */
    {
        edpd_world *w = make(gas(EDPD_DETECTOR_NAIVE_REWIND));
        edpd_advance(w, 13.0, 100000000, &err);
        edpd_stats s;
        edpd_get_stats(w, &s);
        edpd_get_first_failure(w, &f);
        CHECK(s.negative_dt_events + s.ignored_undefined > 0 && f.found, "naive-rewind failed and has a record");
        CHECK(f.event == s.first_failure_event, "at the first failure event (%llu vs %llu)",
              (unsigned long long)f.event, (unsigned long long)s.first_failure_event);
        CHECK(!strcmp(f.naive_action, "executed") ? f.naive_dt < 0.0 : !strcmp(f.naive_action, "ignored"),
              "executed a negative dt (%s %g)", f.naive_action, f.naive_dt);
        CHECK(f.f0 <= 0.0 && f.f1 < 0.0 && f.stable_dt == 0.0, "overlapping and approaching; stable: now");
        edpd_destroy(w);
    }
}

TEST(record_made_at_execution) {
    edpd_error err;
    /* A record whose prediction fell out of the pending ring (more undefined answers waiting
     * than it has slots) is made when its event is executed, from the states at the clock: the
     * same event, partners and answers, and the same overlap function with its origin moved by
     * s = (its time) - (the ring's record's time): f0 + f1 s + f2 s^2 / 2 and f1 + f2 s, to the
     * rounding of |r|^2 - sigma^2. The ring is wiped between one-event advances, which do not
     * change the run (the state hash). */
    for (int d = 0; d < 2; d++) {
        edpd_config c = d ? gas(EDPD_DETECTOR_NAIVE_REWIND) : ball(EDPD_DETECTOR_NAIVE_HALT);
        double t_end = d ? 13.0 : 10.0;
        edpd_world *w = make(c), *v = make(c);
        edpd_advance(w, t_end, 100000000, &err);
        edpd_failure ring, now;
        edpd_stats s, sv;
        edpd_get_first_failure(w, &ring);
        edpd_get_stats(w, &s);
        edpd_stop stop;
        do {
            memset(v->pending, 0, sizeof v->pending);
            stop = edpd_advance(v, t_end, 1, &err);
            edpd_get_stats(v, &sv);
        } while (stop == EDPD_STOP_BUDGET && sv.first_failure_event == UINT64_MAX);
        edpd_get_first_failure(v, &now);
        CHECK(ring.found && now.found && now.event == ring.event && now.particle_a == ring.particle_a && now.particle_b == ring.particle_b,
              "%s: the same failure (events %llu, %llu)", d ? "gas" : "ball", (unsigned long long)ring.event, (unsigned long long)now.event);
        CHECK(!strcmp(now.naive_action, ring.naive_action) && !strcmp(now.naive_answer, ring.naive_answer) &&
              !strcmp(now.stable_answer, ring.stable_answer) && (isnan(now.naive_dt) == isnan(ring.naive_dt)),
              "%s: the same answers (%s %s %s / %s %s %s)", d ? "gas" : "ball", ring.naive_action, ring.naive_answer,
              ring.stable_answer, now.naive_action, now.naive_answer, now.stable_answer);
        double sh = now.time - ring.time, tol = 16.0 * DBL_EPSILON * 4.0;  /* |r|^2, sigma^2 ~ 1 and the ball's height^2 ~ 4 */
        CHECK(sh >= 0.0 && sh < 1e-3, "%s: made at execution, %g after the prediction", d ? "gas" : "ball", sh);
        CHECK(fabs(now.f0 - (ring.f0 + ring.f1 * sh + 0.5 * ring.f2 * sh * sh)) <= tol, "%s: f0 moved by s (%.3e vs %.3e)",
              d ? "gas" : "ball", now.f0, ring.f0 + ring.f1 * sh + 0.5 * ring.f2 * sh * sh);
        CHECK(fabs(now.f1 - (ring.f1 + ring.f2 * sh)) <= tol * (1.0 + fabs(ring.f1)) && fabs(now.f2 - ring.f2) <= 1e-12 * fabs(ring.f2),
              "%s: f1 and f2 moved by s", d ? "gas" : "ball");
        edpd_advance(v, t_end, 100000000, &err);
        edpd_get_stats(v, &sv);
        CHECK(sv.state_hash == s.state_hash, "%s: the sliced run is the run", d ? "gas" : "ball");
        edpd_destroy(w);
        edpd_destroy(v);
    }
}

TEST(stable_gas_none) {
    edpd_error err;
    edpd_failure f;
    /* and the stable gas none */
    {
        edpd_world *w = make(gas(EDPD_DETECTOR_STABLE));
        edpd_advance(w, 13.0, 100000000, &err);
        edpd_get_first_failure(w, &f);
        CHECK(!f.found, "the stable gas has no failure");
        edpd_destroy(w);
    }
}

int main(void) {
    RUN(stable_never_fails);
    RUN(ball_naive_halt);
    RUN(ball_naive_miss);
    RUN(gas_naive_halt);
    RUN(gas_naive_rewind);
    RUN(record_made_at_execution);
    RUN(stable_gas_none);
    return check_report("failure");
}
