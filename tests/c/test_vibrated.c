/* A ball on a vibrating table: its plate at A sin(w t + phi), gravity g = 1. The engine's impacts
 * against the exact impact map solved here independently, in long double by bracketing and
 * bisection (not the engine's conservative advancement); the period-1 orbit's impact phase against
 * its analytic value cos(theta*) = pi (1 - e) / (Gamma (1 + e)) (Luck & Mehta, Phys. Rev. E 47,
 * 3988 (1993); the flight of one period T = 2 pi / w leaves at V = g T / 2 and the restitution acts
 * on the velocity relative to the plate); the take-off of a ball locked on the plate at the exact
 * phase where the plate's acceleration is -g (sin(theta) = 1/Gamma); a still plate as before; bad
 * oscillation parameters refused by field. */
#include "check.h"
#include "edpd/edpd.h"
#include "edpd/table_sweep.h"
#include <stdlib.h>

static const double PI = 3.14159265358979323846;

typedef struct impacts { double t[4096]; int n; } impacts;
static void on_event(const edpd_event *e, void *user) {
    impacts *s = user;
    if (e->kind == EDPD_EVENT_PLANE && s->n < 4096) s->t[s->n++] = e->time;
}

static edpd_world *ball(double e, double A, double w, double phase, edpd_detector det) {
    edpd_config c = edpd_default_config();
    c.scenario = EDPD_SCENARIO_BOUNCING_BALL;
    c.detector = det;
    c.n = 1;
    c.plate_offset = 0.0;
    c.restitution = e;
    c.gravity[2] = -1.0;
    c.plate_amplitude = A;
    c.plate_frequency = w;
    c.plate_phase = phase;
    edpd_error err;
    edpd_world *wd = edpd_create(&c, &err);
    if (!wd) fprintf(stderr, "create: %s: %s\n", err.field, err.message);
    return wd;
}

/* ---- the exact map, independently: the ball's centre height less half a diameter against the
 * plate, from just after an impact at (t0, z0 = plate(t0), v0) ---------------------------------- */
typedef struct exact { long double A, w, phase, e; } exact;
static long double plate(const exact *x, long double t) { return x->A * sinl(x->w * t + x->phase); }
static long double plate_v(const exact *x, long double t) { return x->A * x->w * cosl(x->w * t + x->phase); }
static long double gap(const exact *x, long double t0, long double z0, long double v0, long double t) {
    long double s = t - t0;
    return z0 + v0 * s - 0.5L * s * s - plate(x, t);
}
/* The next impact after t0 (the first sign change of the gap, bracketed on a grid of 1/4000 of a
 * period and bisected to long double), and the velocity the restitution leaves. */
static void next_impact(const exact *x, long double *t, long double *z, long double *v) {
    long double t0 = *t, z0 = *z, v0 = *v, h = 2.0L * PI / x->w / 4000.0L, a = t0 + h * 1e-3L, b = a;
    while (gap(x, t0, z0, v0, b) > 0.0L) { a = b; b += h; }
    for (int k = 0; k < 200; k++) {
        long double m = 0.5L * (a + b);
        if (gap(x, t0, z0, v0, m) > 0.0L) a = m; else b = m;
    }
    long double vin = v0 - (a - t0), wv = plate_v(x, a);
    *t = a; *z = plate(x, a); *v = wv - x->e * (vin - wv);
}

/* The engine's impacts against the exact map, from a ball released at rest half a diameter above
 * the plate (as the scenario starts it): on the stable period-1 orbit (Gamma = 1.2, e = 0.5, the
 * plate's phase 2 at t = 0) every impact to t = 100 to 1e-9; in the chaos of Gamma = 2.5 the two
 * agree to rounding at first and part as the chaos amplifies it (by ~1.4 per impact), so the first
 * 20 impacts to 1e-10. */
static double worst_against_map(double gamma, double phase, double t_end, int count, int *n_out) {
    const double e = 0.5, w = 2.0 * PI, A = gamma / (w * w);
    edpd_world *wd = ball(e, A, w, phase, EDPD_DETECTOR_STABLE);
    if (!wd) return INFINITY;
    impacts *got = calloc(1, sizeof *got);
    edpd_set_event_log(wd, on_event, got);
    edpd_error err;
    edpd_advance(wd, t_end, 100000, &err);
    exact x = {A, w, phase, e};
    /* the release: a free fall from 0.5 above the plate's contact height at t = 0, rest */
    long double t = 0.0L, z = 0.5L + x.A * sinl(x.phase), v = 0.0L;
    {
        long double a = 0.0L, b = 0.0L, h = 1.0L / 4000.0L;
        while (gap(&x, 0.0L, z, 0.0L, b) > 0.0L) { a = b; b += h; }
        for (int k = 0; k < 200; k++) { long double m = 0.5L * (a + b); if (gap(&x, 0.0L, z, 0.0L, m) > 0.0L) a = m; else b = m; }
        long double vin = -a, wv = plate_v(&x, a);
        t = a; z = plate(&x, a); v = wv - e * (vin - wv);
    }
    double worst = 0.0;
    int n = got->n < count ? got->n : count;
    for (int k = 0; k < n; k++) {
        double d = fabs((double)t - got->t[k]);
        if (d > worst) worst = d;
        next_impact(&x, &t, &z, &v);
    }
    *n_out = n;
    free(got);
    edpd_destroy(wd);
    return worst;
}

TEST(impacts_against_the_exact_map) {
    int n;
    double periodic = worst_against_map(1.2, 2.0, 100.0, 4096, &n);
    printf("  Gamma 1.2 (period 1): %d impacts within %.2g of the exact map's times\n", n, periodic);
    CHECK(n >= 99 && periodic < 1e-9, "period 1: %d impacts, off the exact map by %g", n, periodic);
    double chaos = worst_against_map(2.5, 0.0, 60.0, 20, &n);
    printf("  Gamma 2.5 (chaos): the first %d impacts within %.2g of the exact map's times\n", n, chaos);
    CHECK(n == 20 && chaos < 1e-10, "chaos: %d impacts, off the exact map by %g", n, chaos);
}

/* The period-1 orbit of Gamma = 1.2, e = 0.5: every impact a period T = 1 after the one before, at
 * the phase of cos(theta*) = pi (1 - e) / (Gamma (1 + e)) (the flight of T leaves at V = g T / 2 and
 * the restitution acts on the velocity relative to the plate), the root with sin(theta*) > 0. It
 * doubles its period where Gamma^2 = Gamma_1^2 + (2 (1 + e^2) / (1 + e)^2)^2, Gamma_1 = pi (1 - e) /
 * (1 + e) (Luck & Mehta, Phys. Rev. E 47, 3988 (1993); Tufillaro, Abbott & Reilly, An Experimental
 * Approach to Nonlinear Dynamics and Chaos (1992)): 1.5268 at e = 0.5; one flight time below it,
 * two alternating above. */
static void last_flights(double gamma, double t_end, double *f1, double *f2, double *phase) {
    const double w = 2.0 * PI;
    edpd_world *wd = ball(0.5, gamma / (w * w), w, 2.0, EDPD_DETECTOR_STABLE);
    if (!wd) { *f1 = *f2 = *phase = NAN; return; }
    impacts *got = calloc(1, sizeof *got);
    edpd_set_event_log(wd, on_event, got);
    edpd_error err;
    edpd_advance(wd, t_end, 100000, &err);
    int k = got->n - 1;
    *f1 = got->t[k] - got->t[k - 1];
    *f2 = got->t[k - 1] - got->t[k - 2];
    *phase = fmod(w * got->t[k] + 2.0, 2.0 * PI);
    free(got);
    edpd_destroy(wd);
}

TEST(period_one_orbit_and_its_doubling) {
    const double e = 0.5, gamma = 1.2;
    double f1, f2, phase, theta = acos(PI * (1.0 - e) / (gamma * (1.0 + e)));
    last_flights(gamma, 100.0, &f1, &f2, &phase);
    printf("  period 1: impact phase %.12f (analytic %.12f), flights %.12f, %.12f (T = 1)\n", phase, theta, f1, f2);
    CHECK_NEAR(phase, theta, 1e-9, "impact phase");
    CHECK_NEAR(f1, 1.0, 1e-9, "one period between impacts");
    double g1 = PI * (1.0 - e) / (1.0 + e), g2 = sqrt(g1 * g1 + pow(2.0 * (1.0 + e * e) / ((1.0 + e) * (1.0 + e)), 2.0));
    double b1, b2, a1, a2, ph;
    last_flights(g2 - 0.025, 400.0, &b1, &b2, &ph);
    last_flights(g2 + 0.02, 400.0, &a1, &a2, &ph);
    printf("  period doubling at Gamma_2 = %.4f: below (%.3f) flights %.9f, %.9f; above (%.3f) %.9f, %.9f\n", g2, g2 - 0.025, b1, b2, g2 + 0.02, a1, a2);
    CHECK(fabs(b1 - 1.0) < 1e-9 && fabs(b2 - 1.0) < 1e-9, "below Gamma_2: period 1 (flights %g, %g)", b1, b2);
    CHECK(fabs(a1 - a2) > 0.02 && fabs(a1 + a2 - 2.0) < 1e-9, "above Gamma_2: period 2 (flights %g, %g, together two periods)", a1, a2);
}

/* Below Gamma = 1 the plate never falls away faster than gravity: a ball that chattered to a stop
 * rides it for ever (its height the plate's plus 0.5 at every moment); above, it takes off where
 * sin(w t + phi) = 1/Gamma, rising. Gamma = 1.3, e = 0.2: chattering, a ride, a take-off each period. */
TEST(locking_and_take_off) {
    const double w = 2.0 * PI;
    edpd_world *still = ball(0.2, 0.9 / (w * w), w, 0.0, EDPD_DETECTOR_STABLE);
    if (!still) { CHECK(0, "world"); return; }
    edpd_error err;
    edpd_advance(still, 30.0, 1000000, &err);
    edpd_stats s;
    edpd_get_stats(still, &s);
    double r[3], v[3], t = edpd_time(still), A = 0.9 / (w * w);
    edpd_get_positions(still, r);
    edpd_get_velocities(still, v);
    CHECK(s.plate_locks == 1 && s.plate_takeoffs == 0, "Gamma 0.9: %llu locks, %llu take-offs", (unsigned long long)s.plate_locks, (unsigned long long)s.plate_takeoffs);
    CHECK_NEAR(r[2], A * sin(w * t) + 0.5, 1e-12, "Gamma 0.9: riding the plate");
    CHECK_NEAR(v[2], A * w * cos(w * t), 1e-12, "Gamma 0.9: at the plate's velocity");
    edpd_destroy(still);

    const double gamma = 1.3, A2 = gamma / (w * w), theta = asin(1.0 / gamma);
    edpd_world *wd = ball(0.2, A2, w, 0.0, EDPD_DETECTOR_STABLE);
    if (!wd) { CHECK(0, "world"); return; }
    int takeoffs = 0;
    double worst = 0.0;
    for (int k = 0; k < 2000000 && edpd_time(wd) < 20.0; k++) {
        edpd_stats before;
        edpd_get_stats(wd, &before);
        edpd_advance(wd, 20.0, 1, &err);
        edpd_stats after;
        edpd_get_stats(wd, &after);
        if (after.plate_takeoffs > before.plate_takeoffs) {
            double ph = fmod(w * edpd_time(wd), 2.0 * PI), d = fabs(ph - theta);
            if (d > worst) worst = d;
            takeoffs++;
        }
    }
    printf("  Gamma 1.3, e = 0.2: %d take-offs by t = 20, each within %.2g rad of asin(1/Gamma) = %.12f\n", takeoffs, worst, theta);
    CHECK(takeoffs >= 10, "take-offs: %d", takeoffs);
    CHECK(worst < 1e-9, "take-off phase off by %g", worst);
    edpd_destroy(wd);
}

/* The bifurcation diagram's data (edpd_table_sweep): below Gamma_2 every recorded impact on the
 * period-1 orbit's phase, acos(pi (1 - e) / (Gamma (1 + e))) / 2 pi of a period; above it two
 * phases in turn; bad sweep parameters refused by field. */
TEST(table_sweep_shows_the_doubling) {
    const double e = 0.5, g1 = PI * (1.0 - e) / (1.0 + e), g2 = sqrt(g1 * g1 + pow(2.0 * (1.0 + e * e) / ((1.0 + e) * (1.0 + e)), 2.0));
    edpd_table_sweep_config c = edpd_default_table_sweep_config();
    c.gamma_from = g2 - 0.025; c.gamma_to = g2 + 0.02;
    c.samples = 2; c.count = 2; c.transient = 400; c.impacts = 16;
    double phases[32];
    uint32_t recorded[2];
    edpd_error err;
    CHECK(edpd_table_sweep(&c, phases, recorded, &err) == EDPD_OK, "sweep: %s", err.message);
    double want = acos(PI * (1.0 - e) / (c.gamma_from * (1.0 + e))) / (2.0 * PI), spread = 0.0;
    for (int k = 0; k < 16; k++) spread = fmax(spread, fabs(phases[k] - want));
    int two = 1;
    for (int k = 2; k < 16; k++) two &= fabs(phases[16 + k] - phases[16 + k - 2]) < 1e-6;
    printf("  sweep: Gamma %.4f: 16 impacts within %.2g of the period-1 phase %.9f; Gamma %.4f: phases %.6f, %.6f in turn\n",
           c.gamma_from, spread, want, c.gamma_to, phases[30], phases[31]);
    CHECK(recorded[0] == 16 && recorded[1] == 16, "recorded %u and %u", recorded[0], recorded[1]);
    CHECK(spread < 1e-9, "period 1 off its phase by %g", spread);
    CHECK(two && fabs(phases[31] - phases[30]) > 0.01, "period 2: %g, %g", phases[30], phases[31]);
    edpd_table_sweep_config b = c;
    b.impacts = 0;
    CHECK(edpd_table_sweep(&b, phases, recorded, &err) == EDPD_ERR_INVALID && strcmp(err.field, "impacts") == 0, "impacts 0: %s", err.message);
    b = c; b.gamma_to = NAN;
    CHECK(edpd_table_sweep(&b, phases, recorded, &err) == EDPD_ERR_INVALID && strcmp(err.field, "gamma") == 0, "gamma NaN: %s", err.message);
}

/* An oscillating plate's parameters out of range, and on anything but one ball, are refused. */
TEST(bad_oscillation_refused) {
    edpd_config c = edpd_default_config();
    c.scenario = EDPD_SCENARIO_BOUNCING_BALL;
    c.n = 1;
    c.gravity[2] = -1.0;
    edpd_error err;
    struct { double A, w, phase; uint32_t n; edpd_scenario sc; const char *field; } bad[] = {
        {-0.1, 1.0, 0.0, 1, EDPD_SCENARIO_BOUNCING_BALL, "plate_amplitude"},
        {0.1, 0.0, 0.0, 1, EDPD_SCENARIO_BOUNCING_BALL, "plate_frequency"},
        {0.1, 1.0, NAN, 1, EDPD_SCENARIO_BOUNCING_BALL, "plate_phase"},
        {0.1, 1.0, 0.0, 4, EDPD_SCENARIO_BOUNCING_BALL, "plate_amplitude"},
        {0.1, 1.0, 0.0, 100, EDPD_SCENARIO_GRANULAR, "plate_amplitude"},
    };
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        edpd_config b = c;
        b.plate_amplitude = bad[k].A; b.plate_frequency = bad[k].w; b.plate_phase = bad[k].phase; b.n = bad[k].n; b.scenario = bad[k].sc;
        if (b.scenario == EDPD_SCENARIO_GRANULAR) { b.gravity[2] = 0.0; }
        CHECK(edpd_validate_config(&b, &err) == EDPD_ERR_INVALID && strcmp(err.field, bad[k].field) == 0,
              "case %zu: want %s refused, got field '%s': %s", k, bad[k].field, err.field, err.message);
    }
}

int main(void) {
    RUN(impacts_against_the_exact_map);
    RUN(period_one_orbit_and_its_doubling);
    RUN(locking_and_take_off);
    RUN(table_sweep_shows_the_doubling);
    RUN(bad_oscillation_refused);
    return check_report("test_vibrated");
}
