/* The paper's Fig. 4 on a line, counted as its Fig. 5 counts. Restitution 0 keeps a pair that
 * rounding left overlapped at its impact overlapped: A runs into B, the two run into C. If both
 * impacts landed inside sigma, B is doubly overlapped after the second: one three-body collision.
 * A then approaches B while they overlap: a stabilising impact, which three_body_events counts
 * again and three_body_collisions does not. */
#include "check.h"
#include "edpd/edpd.h"
#include <string.h>

/* On a line at angle a (off the axes, so that positions round): A runs at unit speed into B at
 * gap g1, C waits at gap g2 beyond B. */
static edpd_world *line_of_three(double a, double g1, double g2) {
    double ux = cos(a), uy = sin(a);
    double r[9] = {10.0, 10.0, 0.0, 10.0 + (1.0 + g1) * ux, 10.0 + (1.0 + g1) * uy, 0.0,
                   10.0 + (2.0 + g1 + g2) * ux, 10.0 + (2.0 + g1 + g2) * uy, 0.0};
    double v[9] = {ux, uy, 0.0};
    edpd_config c = edpd_default_config();
    c.scenario = EDPD_SCENARIO_CUSTOM; c.dim = 2; c.n = 3; c.restitution = 0.0;
    c.positions = r; c.velocities = v;
    c.box[0] = c.box[1] = 40.0; c.box[2] = 1.0; c.periodic[0] = c.periodic[1] = 1;
    edpd_error err;
    edpd_world *w = edpd_create(&c, &err);
    CHECK(w != NULL, "create: %s", err.message);
    return w;
}

/* Runs to the next impact (cell crossings are events too); returns the stats after it. */
static edpd_stats next_impact(edpd_world *w) {
    edpd_stats s;
    edpd_get_stats(w, &s);
    uint64_t impacts = s.collisions;  /* stabilising impacts included */
    edpd_error err;
    for (int k = 0; k < 1000 && s.collisions == impacts; k++) {
        edpd_advance(w, 1e9, 1, &err);
        edpd_get_stats(w, &s);
    }
    return s;
}

static int overlapped(const double *x, int i, int j) {
    double dx = x[3 * j] - x[3 * i], dy = x[3 * j + 1] - x[3 * i + 1];
    return dx * dx + dy * dy < 1.0;
}

/* The oracle from positions and velocities alone, impact by impact: the pair is the two whose
 * velocities changed; a collision (not a stabilising impact) inside sigma while B, the middle one,
 * also overlaps the third is a three-body collision; any impact of B while it overlaps both
 * others is a three-body event. Restitution 0 soon equalises the velocities: each case is
 * followed until an impact changes none. */
TEST(fig4_counted_once) {
    int met = 0, impacts = 0;
    for (int k = 0; k < 96; k++) {
        edpd_world *w = line_of_three(0.3 + 0.01 * k, 0.1 + 1e-3 * k, 0.2 + 7e-4 * k);
        if (!w) continue;
        double x[9], v0[9], v1[9];
        edpd_stats s0, s1;
        edpd_get_stats(w, &s0);
        edpd_get_velocities(w, v0);
        for (int e = 0; e < 6; e++, s0 = s1, memcpy(v0, v1, sizeof v0)) {
            s1 = next_impact(w);
            edpd_get_positions(w, x);
            edpd_get_velocities(w, v1);
            int moved[3], m = 0;
            for (int i = 0; i < 3; i++) m += moved[i] = v0[3 * i] != v1[3 * i] || v0[3 * i + 1] != v1[3 * i + 1];
            CHECK(s1.collisions == s0.collisions + 1, "case %d impact %d: one impact", k, e);
            if (m != 2) break;  /* a zero impulse (the pair's velocities already equal): the pair is unknown */
            int i = moved[0] ? 0 : 1, j = moved[2] ? 2 : 1;
            int stabilising = s1.stabilizing_events > s0.stabilizing_events;
            int b_doubly = overlapped(x, 0, 1) && overlapped(x, 1, 2);
            int tbc = !stabilising && overlapped(x, i, j) && b_doubly;
            met += tbc; impacts++;
            CHECK(s1.three_body_collisions - s0.three_body_collisions == (uint64_t)tbc, "case %d impact %d (%c-%c, %s): three-body collisions +%llu, expected +%d",
                  k, e, 'A' + i, 'A' + j, stabilising ? "stabilising" : "collision",
                  (unsigned long long)(s1.three_body_collisions - s0.three_body_collisions), tbc);
            CHECK(s1.three_body_events - s0.three_body_events == (uint64_t)b_doubly, "case %d impact %d: three-body events +%llu, expected +%d",
                  k, e, (unsigned long long)(s1.three_body_events - s0.three_body_events), b_doubly);
        }
        edpd_destroy(w);
    }
    /* rounding lands about half the impacts inside sigma (Fig. 3): both outcomes were met */
    CHECK(met > 5 && impacts - met > 5, "three-body collisions at %d of %d impacts", met, impacts);
}

int main(void) {
    RUN(fig4_counted_once);
    return check_report("three_body");
}
