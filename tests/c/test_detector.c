/* The overlap-function detector against analytic cases (Eqs. 7-12, Algorithms 1 and 2): head-on,
 * glancing, passing, receding, overlapping-approaching pairs, a ball on a plate, a ceiling, a
 * wall, and the outer boundary of a shell; and the one rule for pairs and planes against the
 * paper's own formulas for each, bit for bit. */
#include "check.h"
#include "interact/detector.h"
#include <stdint.h>
#include <string.h>

static const edpd_detector NAIVE[3] = {EDPD_DETECTOR_NAIVE_HALT, EDPD_DETECTOR_NAIVE_MISS, EDPD_DETECTOR_NAIVE_REWIND};

static void pair_case(const char *name, vec3 dr, vec3 dv, double expect_dt, int expect_branch) {
    edpd_root s = stable_event(pair_overlap(dr, dv, 1.0));
    CHECK(s.branch == expect_branch, "%s: stable branch %d, expected %d", name, s.branch, expect_branch);
    if (expect_branch != BRANCH_NONE) CHECK_NEAR(s.dt, expect_dt, 1e-15, name);
    else CHECK(isinf(s.dt), "%s: no event must be +inf", name);
}

TEST(pair_stable_analytic) {
    /* head-on: |r| = 2, closing speed 1 -> contact at dt = 1 */
    pair_case("head-on", v3(2, 0, 0), v3(-1, 0, 0), 1.0, BRANCH_ROOT);
    /* oblique: dr = (3, 0.6), dv = (-1, 0): contact when (3 - t)^2 + 0.36 = 1 -> t = 3 - 0.8 */
    pair_case("oblique", v3(3, 0.6, 0), v3(-1, 0, 0), 2.2, BRANCH_ROOT);
    pair_case("glancing", v3(3, 1, 0), v3(-1, 0, 0), 0, BRANCH_NONE);  /* impact parameter = sigma: f' = 0 at contact */
    pair_case("passing", v3(3, 1.5, 0), v3(-1, 0, 0), 0, BRANCH_NONE);
    pair_case("receding", v3(2, 0, 0), v3(1, 0, 0), 0, BRANCH_NONE);
    pair_case("at rest", v3(2, 0, 0), v3(0, 0, 0), 0, BRANCH_NONE);
    pair_case("overlapping, approaching", v3(0.9, 0, 0), v3(-1, 0, 0), 0.0, BRANCH_STABILISING);
    pair_case("overlapping, receding", v3(0.9, 0, 0), v3(1, 0, 0), 0, BRANCH_NONE);
    pair_case("touching, approaching", v3(1, 0, 0), v3(-1, 0, 0), 0.0, BRANCH_STABILISING);
}

TEST(pair_naive_variants) {
    /* the naive variants agree on well-posed cases */
    for (int k = 0; k < 3; k++) {
        edpd_root r = naive_event(NAIVE[k], pair_overlap(v3(2, 0, 0), v3(-1, 0, 0), 1.0));
        CHECK(r.branch == BRANCH_ROOT && fabs(r.dt - 1.0) < 1e-15, "naive %d head-on", k);
        r = naive_event(NAIVE[k], pair_overlap(v3(3, 1.5, 0), v3(-1, 0, 0), 1.0));
        CHECK(r.branch == BRANCH_NONE, "naive %d passing", k);
        r = naive_event(NAIVE[k], pair_overlap(v3(0.9, 0, 0), v3(1, 0, 0), 1.0));
        CHECK(r.branch == BRANCH_NONE, "naive %d overlapping receding", k);
    }
    /* ... and differ on an overlapped approaching pair: the textbook root is -0.1 */
    overlap_fn f = pair_overlap(v3(0.9, 0, 0), v3(-1, 0, 0), 1.0);
    edpd_root h = naive_event(EDPD_DETECTOR_NAIVE_HALT, f);
    CHECK(h.branch == BRANCH_HALT_OVERLAP, "naive-halt overlapped approaching halts (branch %d)", h.branch);
    edpd_root m = naive_event(EDPD_DETECTOR_NAIVE_MISS, f);
    CHECK(m.branch == BRANCH_IGNORED && isinf(m.dt), "naive-miss overlapped approaching passes through (ignored, no event)");
    edpd_root w = naive_event(EDPD_DETECTOR_NAIVE_REWIND, f);
    CHECK(w.branch == BRANCH_NEGATIVE, "naive-rewind schedules a negative dt");
    CHECK_NEAR(w.dt, -0.1, 1e-15, "naive-rewind dt");
}

/* Cancellation-free root: fast, nearly touching pairs. Given the same coefficients, the stable
 * form is exact to a few ulp of the extended-precision root; the textbook form
 * (-b - sqrt(disc)) / a loses about log10(b^2 / (a c)) digits. */
TEST(cancellation_free_root) {
    double worst_stable = 0.0, worst_naive = 0.0;
    for (int k = 1; k <= 200; k++) {
        vec3 dr = v3(1.0 + k * 1e-9, 1e-5 * k, 0.0), dv = v3(-1.0 - 1e-3 * k, 0.0, 1e-4);
        double b = v3_dot(dr, dv), c = v3_dot(dr, dr) - 1.0, a = v3_dot(dv, dv);
        long double disc = (long double)b * b - (long double)a * c;
        long double ref = (long double)c / (sqrtl(disc) - (long double)b);
        double s = stable_event(pair_overlap(dr, dv, 1.0)).dt;
        double n = naive_event(EDPD_DETECTOR_NAIVE_MISS, pair_overlap(dr, dv, 1.0)).dt;
        double es = fabsl((s - ref) / ref), en = fabsl((n - ref) / ref);
        if (es > worst_stable) worst_stable = es;
        if (en > worst_naive) worst_naive = en;
    }
    CHECK(worst_stable < 1e-15, "stable root relative error %g", worst_stable);
    CHECK(worst_naive > 100 * worst_stable, "the textbook root should show cancellation (%g vs %g)", worst_naive, worst_stable);
}

TEST(plane_ball_under_gravity) {
    /* released 0.5 above contact under g = 1 (Eq. 11): falls for dt = 1 */
    edpd_root b = stable_event(plane_overlap(0.5, 0.0, -1.0));
    CHECK(b.branch == BRANCH_ROOT, "ball: root branch");
    CHECK_NEAR(b.dt, 1.0, 1e-15, "ball: fall time");
    for (int k = 0; k < 3; k++) CHECK_NEAR(naive_event(NAIVE[k], plane_overlap(0.5, 0.0, -1.0)).dt, 1.0, 1e-15, "ball: naive fall time (Eq. 12)");
    /* bounced up at 0.5 from contact: back after 1 */
    CHECK_NEAR(stable_event(plane_overlap(0.0, 0.5, -1.0)).dt, 1.0, 1e-15, "ball: flight after bounce");
    /* overlapped by 1e-16 and rising too slowly to clear it: the naive sqrt argument is negative */
    b = stable_event(plane_overlap(-1e-16, 1e-9, -1.0));
    CHECK(b.branch == BRANCH_TURNING, "ball: stable event at the turning point (branch %d)", b.branch);
    CHECK_NEAR(b.dt, 1e-9, 1e-24, "ball: turning point time u/g");
    CHECK(naive_event(EDPD_DETECTOR_NAIVE_HALT, plane_overlap(-1e-16, 1e-9, -1.0)).branch == BRANCH_HALT_NO_ROOT, "ball: naive-halt halts on no real root");
    CHECK(naive_event(EDPD_DETECTOR_NAIVE_MISS, plane_overlap(-1e-16, 1e-9, -1.0)).branch == BRANCH_IGNORED, "ball: naive-miss sees no event (falls through)");
    /* overlapped and approaching */
    b = stable_event(plane_overlap(-1e-16, -1e-3, -1.0));
    CHECK(b.branch == BRANCH_STABILISING && b.dt == 0.0, "ball: stabilising event now");
    CHECK(naive_event(EDPD_DETECTOR_NAIVE_HALT, plane_overlap(-1e-16, -1e-3, -1.0)).branch == BRANCH_HALT_OVERLAP, "ball: naive-halt negative root halts");
    CHECK(naive_event(EDPD_DETECTOR_NAIVE_REWIND, plane_overlap(-1e-16, -1e-3, -1.0)).branch == BRANCH_NEGATIVE, "ball: naive-rewind negative root");
    /* overlapped, receding fast enough to clear the overlap: the impact is the later root */
    b = stable_event(plane_overlap(-1e-3, 1.0, -1.0));
    CHECK(b.branch == BRANCH_ROOT, "ball: receding out of overlap -> later root");
    CHECK_NEAR(b.dt, 1.0 + sqrt(1.0 - 2e-3), 1e-15, "ball: later root");
}

TEST(plane_ceiling_and_wall) {
    /* acceleration away from the plane: x = 0.25, u = -1, a = +1 -> 1 - sqrt(0.5) */
    CHECK_NEAR(stable_event(plane_overlap(0.25, -1.0, 1.0)).dt, 1.0 - sqrt(0.5), 1e-15, "ceiling root");
    CHECK(stable_event(plane_overlap(1.0, -1.0, 1.0)).branch == BRANCH_NONE, "ceiling: turned back before reaching it");
    /* grazing: turns back exactly at contact, where f' = 0: no impact (Eq. 10 asks f' < 0) */
    CHECK(stable_event(plane_overlap(0.5, -1.0, 1.0)).branch == BRANCH_NONE, "ceiling: grazing is no impact");
    /* no acceleration: a wall */
    CHECK_NEAR(stable_event(plane_overlap(2.0, -0.5, 0.0)).dt, 4.0, 1e-15, "wall root");
    CHECK(stable_event(plane_overlap(2.0, 0.5, 0.0)).branch == BRANCH_NONE, "wall: receding");
    for (int k = 0; k < 3; k++) CHECK_NEAR(naive_event(NAIVE[k], plane_overlap(2.0, -0.5, 0.0)).dt, 4.0, 1e-15, "wall: naive root");
}

/* The outer boundary of a shell of radius R: a receding pair leaves it when |r| = R; an
 * approaching one that will turn back inside never does; one that rounding has put outside and
 * that still recedes is brought back now (Eq. 10 on f = R^2 - |r|^2). */
TEST(outer_boundary) {
    const double R = 1.5;
    edpd_root e = stable_event(outer_overlap(v3(1.0, 0, 0), v3(1.0, 0, 0), R));
    CHECK(e.branch == BRANCH_ROOT, "shell: receding pair leaves it (branch %d)", e.branch);
    CHECK_NEAR(e.dt, 0.5, 1e-15, "shell: exit time (R - |r|) / v");
    /* approaching (f increasing) with f2 < 0: it passes the centre and leaves on the far side */
    e = stable_event(outer_overlap(v3(1.0, 0.2, 0), v3(-1.0, 0, 0), R));
    double far = 1.0 + sqrt(R * R - 0.04);  /* |(1 - t, 0.2)| = R on the far side */
    CHECK(e.branch == BRANCH_ROOT, "shell: passing through (branch %d)", e.branch);
    CHECK_NEAR(e.dt, far, 1e-14, "shell: exit on the far side");
    e = stable_event(outer_overlap(v3(R * (1 + 1e-15), 0, 0), v3(1e-3, 0, 0), R));
    CHECK(e.branch == BRANCH_STABILISING && e.dt == 0.0, "shell: outside by rounding and receding: event now");
    e = stable_event(outer_overlap(v3(R * (1 + 1e-15), 0, 0), v3(-1e-3, 0, 0), R));
    CHECK(e.branch == BRANCH_ROOT, "shell: outside by rounding but coming back in: its exit comes later, across the shell");
    CHECK(stable_event(outer_overlap(v3(1.0, 0, 0), v3(0, 0, 0), R)).branch == BRANCH_NONE, "shell: at rest inside");
}

static uint64_t bits(double x) { uint64_t u; memcpy(&u, &x, sizeof u); return u; }
static double uniform(uint64_t *s) { *s = *s * 6364136223846793005ull + 1442695040888963407ull; return (double)(*s >> 11) * 0x1.0p-53; }

/* One rule for pairs and planes, bit for bit the paper's own formulas: Algorithm 1's root
 * c / (sqrt(b^2 - a c) - b) and Eq. 12's (-b - sqrt(b^2 - a c)) / a for a pair, Algorithm 2 for
 * a plane. The overlap function of a pair has f1 = 2b and f2 = 2a, and scaling by powers of two is
 * exact in binary floating point, so the general forms round to the same doubles. */
TEST(one_rule_is_the_papers_formulas) {
    uint64_t seed = 7;
    int same = 0, n = 200000;
    for (int k = 0; k < n; k++) {
        vec3 dr = v3(4 * uniform(&seed) - 2, 4 * uniform(&seed) - 2, 4 * uniform(&seed) - 2);
        vec3 dv = v3(2 * uniform(&seed) - 1, 2 * uniform(&seed) - 1, 2 * uniform(&seed) - 1);
        double b = v3_dot(dr, dv), c = v3_dot(dr, dr) - 1.0, a = v3_dot(dv, dv), disc = b * b - a * c;
        double alg1 = b >= 0.0 ? INFINITY : c <= 0.0 ? 0.0 : disc <= 0.0 ? INFINITY : c / (sqrt(disc) - b);
        double eq12 = disc < 0.0 ? NAN : (-b - sqrt(disc)) / a;
        overlap_fn f = pair_overlap(dr, dv, 1.0);
        double t = textbook_root(f);
        same += bits(stable_event(f).dt) == bits(alg1) && (isnan(eq12) ? isnan(t) : bits(t) == bits(eq12));
    }
    CHECK(same == n, "pairs: %d of %d bit-identical to Algorithm 1 and Eq. 12", same, n);
}

int main(void) {
    RUN(pair_stable_analytic);
    RUN(pair_naive_variants);
    RUN(cancellation_free_root);
    RUN(plane_ball_under_gravity);
    RUN(plane_ceiling_and_wall);
    RUN(outer_boundary);
    RUN(one_rule_is_the_papers_formulas);
    return check_report("detector");
}
