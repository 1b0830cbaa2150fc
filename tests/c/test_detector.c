/* Analytic cases of every detector: head-on, glancing, passing, receding, overlapping-
 * approaching, and a ball on a plate (Eqs. 7-12, Algorithms 1 and 2). */
#include "check.h"
#include "detector.h"

static const edpd_detector NAIVE[3] = {EDPD_DETECTOR_NAIVE_HALT, EDPD_DETECTOR_NAIVE_MISS, EDPD_DETECTOR_NAIVE_REWIND};

static void pair_case(const char *name, vec3 dr, vec3 dv, double expect_dt, int expect_branch) {
    edpd_root s = detect_pair_stable(dr, dv, 1.0);
    CHECK(s.branch == expect_branch, "%s: stable branch %d, expected %d", name, s.branch, expect_branch);
    if (expect_branch != BRANCH_NONE) CHECK_NEAR(s.dt, expect_dt, 1e-15, name);
    else CHECK(isinf(s.dt), "%s: no event must be +inf", name);
}

int main(void) {
    /* head-on: |r| = 2, closing speed 1 -> contact at dt = 1 */
    pair_case("head-on", v3(2, 0, 0), v3(-1, 0, 0), 1.0, BRANCH_ROOT);
    /* oblique: dr = (3, 0.6), dv = (-1, 0): contact when (3 - t)^2 + 0.36 = 1 -> t = 3 - 0.8 */
    pair_case("oblique", v3(3, 0.6, 0), v3(-1, 0, 0), 2.2, BRANCH_ROOT);
    pair_case("glancing", v3(3, 1, 0), v3(-1, 0, 0), 0, BRANCH_NONE);  /* impact parameter = sigma */
    pair_case("passing", v3(3, 1.5, 0), v3(-1, 0, 0), 0, BRANCH_NONE);
    pair_case("receding", v3(2, 0, 0), v3(1, 0, 0), 0, BRANCH_NONE);
    pair_case("at rest", v3(2, 0, 0), v3(0, 0, 0), 0, BRANCH_NONE);
    pair_case("overlapping, approaching", v3(0.9, 0, 0), v3(-1, 0, 0), 0.0, BRANCH_STABILISING);
    pair_case("overlapping, receding", v3(0.9, 0, 0), v3(1, 0, 0), 0, BRANCH_NONE);
    pair_case("touching, approaching", v3(1, 0, 0), v3(-1, 0, 0), 0.0, BRANCH_STABILISING);

    /* naive variants agree on well-posed cases */
    for (int k = 0; k < 3; k++) {
        edpd_root r = detect_pair_naive(NAIVE[k], v3(2, 0, 0), v3(-1, 0, 0), 1.0);
        CHECK(r.branch == BRANCH_ROOT && fabs(r.dt - 1.0) < 1e-15, "naive %d head-on", k);
        r = detect_pair_naive(NAIVE[k], v3(3, 1.5, 0), v3(-1, 0, 0), 1.0);
        CHECK(r.branch == BRANCH_NONE, "naive %d passing", k);
        r = detect_pair_naive(NAIVE[k], v3(0.9, 0, 0), v3(1, 0, 0), 1.0);
        CHECK(r.branch == BRANCH_NONE, "naive %d overlapping receding", k);
    }
    /* ... and differ on an overlapped approaching pair: the textbook root is -0.1 */
    edpd_root h = detect_pair_naive(EDPD_DETECTOR_NAIVE_HALT, v3(0.9, 0, 0), v3(-1, 0, 0), 1.0);
    CHECK(h.branch == BRANCH_HALT_OVERLAP, "naive-halt overlapped approaching halts (branch %d)", h.branch);
    edpd_root m = detect_pair_naive(EDPD_DETECTOR_NAIVE_MISS, v3(0.9, 0, 0), v3(-1, 0, 0), 1.0);
    CHECK(m.branch == BRANCH_IGNORED && isinf(m.dt), "naive-miss overlapped approaching passes through (ignored, no event)");
    edpd_root w = detect_pair_naive(EDPD_DETECTOR_NAIVE_REWIND, v3(0.9, 0, 0), v3(-1, 0, 0), 1.0);
    CHECK(w.branch == BRANCH_NEGATIVE, "naive-rewind schedules a negative dt");
    CHECK_NEAR(w.dt, -0.1, 1e-15, "naive-rewind dt");

    /* Cancellation-free root: fast, nearly touching pairs. Given the same coefficients a, b, c,
     * the stable form is exact to a few ulp of the extended-precision root; the textbook form
     * (-b - sqrt(disc)) / a loses about log10(b^2 / (a c)) digits. */
    {
        double worst_stable = 0.0, worst_naive = 0.0;
        for (int k = 1; k <= 200; k++) {
            vec3 dr = v3(1.0 + k * 1e-9, 1e-5 * k, 0.0), dv = v3(-1.0 - 1e-3 * k, 0.0, 1e-4);
            double b = v3_dot(dr, dv), c = v3_dot(dr, dr) - 1.0, a = v3_dot(dv, dv);
            long double disc = (long double)b * b - (long double)a * c;
            long double ref = (long double)c / (sqrtl(disc) - (long double)b);
            double s = detect_pair_stable(dr, dv, 1.0).dt;
            double n = detect_pair_naive(EDPD_DETECTOR_NAIVE_MISS, dr, dv, 1.0).dt;
            double es = fabsl((s - ref) / ref), en = fabsl((n - ref) / ref);
            if (es > worst_stable) worst_stable = es;
            if (en > worst_naive) worst_naive = en;
        }
        CHECK(worst_stable < 1e-15, "stable root relative error %g", worst_stable);
        CHECK(worst_naive > 100 * worst_stable, "the textbook root should show cancellation (%g vs %g)", worst_naive, worst_stable);
    }

    /* Ball on a plate under g = 1 (Eq. 11): released 0.5 above contact -> falls for dt = 1 */
    edpd_root b = detect_plane_stable(0.5, 0.0, -1.0);
    CHECK(b.branch == BRANCH_ROOT, "ball: root branch");
    CHECK_NEAR(b.dt, 1.0, 1e-15, "ball: fall time");
    for (int k = 0; k < 3; k++) {
        edpd_root r = detect_plane_naive(NAIVE[k], 0.5, 0.0, -1.0);
        CHECK_NEAR(r.dt, 1.0, 1e-15, "ball: naive fall time (Eq. 12)");
    }
    /* bounced up at 0.5 from contact: back after 1 */
    b = detect_plane_stable(0.0, 0.5, -1.0);
    CHECK_NEAR(b.dt, 1.0, 1e-15, "ball: flight after bounce");
    /* overlapped by 1e-16 and rising too slowly to clear it: the naive sqrt argument is negative */
    b = detect_plane_stable(-1e-16, 1e-9, -1.0);
    CHECK(b.branch == BRANCH_TURNING, "ball: stable event at the turning point (branch %d)", b.branch);
    CHECK_NEAR(b.dt, 1e-9, 1e-24, "ball: turning point time u/g");
    CHECK(detect_plane_naive(EDPD_DETECTOR_NAIVE_HALT, -1e-16, 1e-9, -1.0).branch == BRANCH_HALT_NO_ROOT, "ball: naive-halt halts on no real root");
    CHECK(detect_plane_naive(EDPD_DETECTOR_NAIVE_MISS, -1e-16, 1e-9, -1.0).branch == BRANCH_IGNORED, "ball: naive-miss sees no event (falls through)");
    /* overlapped and approaching */
    b = detect_plane_stable(-1e-16, -1e-3, -1.0);
    CHECK(b.branch == BRANCH_STABILISING && b.dt == 0.0, "ball: stabilising event now");
    CHECK(detect_plane_naive(EDPD_DETECTOR_NAIVE_HALT, -1e-16, -1e-3, -1.0).branch == BRANCH_HALT_OVERLAP, "ball: naive-halt negative root halts");
    CHECK(detect_plane_naive(EDPD_DETECTOR_NAIVE_REWIND, -1e-16, -1e-3, -1.0).branch == BRANCH_NEGATIVE, "ball: naive-rewind negative root");
    /* overlapped, receding fast enough to clear the overlap: the impact is the later root */
    b = detect_plane_stable(-1e-3, 1.0, -1.0);
    CHECK(b.branch == BRANCH_ROOT, "ball: receding out of overlap -> later root");
    CHECK_NEAR(b.dt, 1.0 + sqrt(1.0 - 2e-3), 1e-15, "ball: later root");
    /* a ceiling (acceleration away from the plane): x = 0.25, u = -1, a = +1 -> 1 - sqrt(0.5) */
    b = detect_plane_stable(0.25, -1.0, 1.0);
    CHECK_NEAR(b.dt, 1.0 - sqrt(0.5), 1e-15, "ceiling root");
    CHECK(detect_plane_stable(1.0, -1.0, 1.0).branch == BRANCH_NONE, "ceiling: turned back before reaching it");
    /* no acceleration: a wall */
    b = detect_plane_stable(2.0, -0.5, 0.0);
    CHECK_NEAR(b.dt, 4.0, 1e-15, "wall root");
    CHECK(detect_plane_stable(2.0, 0.5, 0.0).branch == BRANCH_NONE, "wall: receding");
    return check_report("detector");
}
