/* A shaken box: an inelastic bed on a floor at A + A sin(w t + phi), in a walled box, g = 1, the
 * TC model. Checked against what the code does not produce: the mechanical energy's books (KE +
 * sum m g h changes only by the planes' work and the impacts' losses, to rounding); over a steady
 * window the floor's input equals the impacts' loss within the energy's own fluctuation; a dilute
 * bed in hydrostatic balance, the kinetic pressure n m <v_z^2> falling between two heights by the
 * weight of the grains between them (d(n T_z)/dz = -n m g, the barometric law of the measured
 * granular temperature; collisional stress is below the statistics at area fraction 0.01); the
 * Brazil-nut effect (Rosato, Strandburg, Prinz & Swendsen, Phys. Rev. Lett. 58, 1038 (1987): a
 * large intruder rises to the top of a shaken bed); the textbook detector failing where the
 * stable one runs on; bad input refused by field. */
#include "check.h"
#include "edpd/edpd.h"
#include <stdlib.h>

static edpd_world *box(edpd_config c) {
    edpd_error err;
    edpd_world *w = edpd_create(&c, &err);
    if (!w) fprintf(stderr, "create: %s: %s\n", err.field, err.message);
    return w;
}

/* KE + sum m g h (h along the vertical: y in 2-D, z in 3-D). */
static double mechanical_energy(edpd_world *w, const edpd_config *c) {
    uint32_t n = edpd_particle_count(w);
    double *r = malloc(sizeof(double) * 3 * n), *v = malloc(sizeof(double) * 3 * n), *m = malloc(sizeof(double) * n), e = 0.0;
    edpd_get_positions(w, r);
    edpd_get_velocities(w, v);
    edpd_get_masses(w, m);
    int up = c->dim == 3 ? 2 : 1;
    for (uint32_t i = 0; i < n; i++)
        e += 0.5 * m[i] * (v[3 * i] * v[3 * i] + v[3 * i + 1] * v[3 * i + 1] + v[3 * i + 2] * v[3 * i + 2]) - m[i] * c->gravity[2] * r[3 * i + up];
    free(r); free(v); free(m);
    return e;
}

TEST(energy_books_balance) {
    for (int dim = 2; dim <= 3; dim++) {
        edpd_config c = edpd_scenario_config(EDPD_SCENARIO_SHAKEN_BOX);
        c.dim = dim;
        c.n = dim == 3 ? 300 : 400;
        edpd_world *w = box(c);
        if (!w) { CHECK(0, "no world"); continue; }
        double e0 = mechanical_energy(w, &c), through = 0.0;
        edpd_error err;
        edpd_stats s;
        for (int k = 1; k <= 40; k++) {
            CHECK(edpd_advance(w, 2.5 * k, UINT64_MAX, &err) == EDPD_STOP_TIME, "%d-D: the run stopped before t = %g: %s", dim, 2.5 * k, err.message);
            edpd_get_stats(w, &s);
            through = fabs(s.plane_work) + s.impact_loss;
            double books = e0 + s.plane_work - s.impact_loss, now = mechanical_energy(w, &c);
            CHECK(fabs(now - books) <= 1e-9 * through, "%d-D at t = %g: E = %.12g, books say %.12g (through %g)", dim, 2.5 * k, now, books, through);
        }
        CHECK(s.plane_work > 100.0 && s.impact_loss > 100.0, "%d-D: the floor worked (%g) and the impacts dissipated (%g)", dim, s.plane_work, s.impact_loss);
        CHECK(s.overlapping_pairs == 0 && s.fell_through == 0, "%d-D: %u overlapping pairs, %u through the floor", dim, s.overlapping_pairs, s.fell_through);
        edpd_destroy(w);
    }
}

/* The default box, one run. Over a steady window [100, 400] the floor's net work and the impacts'
 * loss differ by the change of the mechanical energy alone, which is bounded by its fluctuation:
 * sampled every 0.5, the difference must be within 4 standard deviations of E, and each far
 * larger (a run that only counted one side would fail). Its intruder (4 diameters, as dense as
 * the bed) starts at the bottom, 3.7 below the bed's mean height, and rides up: over [400, 600]
 * its mean height is above the bed's mean by more than 2 diameters. */
TEST(steady_box) {
    edpd_config c = edpd_scenario_config(EDPD_SCENARIO_SHAKEN_BOX);
    edpd_world *w = box(c);
    if (!w) { CHECK(0, "no world"); return; }
    edpd_error err;
    edpd_stats a, b;
    edpd_advance(w, 100.0, UINT64_MAX, &err);
    edpd_get_stats(w, &a);
    double sum = 0.0, sum2 = 0.0;
    int count = 0;
    for (double t = 100.5; t <= 400.0; t += 0.5, count++) {
        edpd_advance(w, t, UINT64_MAX, &err);
        double e = mechanical_energy(w, &c);
        sum += e; sum2 += e * e;
    }
    edpd_get_stats(w, &b);
    double sd = sqrt(sum2 / count - (sum / count) * (sum / count));
    double input = b.plane_work - a.plane_work, loss = b.impact_loss - a.impact_loss;
    printf("  steady window: floor's input %.1f, impacts' loss %.1f, E's fluctuation %.1f\n", input, loss, sd);
    CHECK(fabs(input - loss) <= 4.0 * sd, "input %g vs loss %g: differ by more than 4 sd of E (%g)", input, loss, sd);
    CHECK(input > 100.0 * sd, "the window's input %g is not far above E's fluctuation %g", input, sd);

    double *r = malloc(sizeof(double) * 3 * c.n), nut = 0.0, bed = 0.0;
    int samples = 0;
    for (double t = 400.0; t <= 600.0; t += 5.0, samples++) {
        edpd_advance(w, t, UINT64_MAX, &err);
        edpd_get_positions(w, r);
        nut += r[3 * (c.n - 1) + 1];
        for (uint32_t i = 0; i + 1 < c.n; i++) bed += r[3 * i + 1] / (c.n - 1);
    }
    nut /= samples; bed /= samples;
    printf("  Brazil nut: intruder at %.2f, the bed's mean height %.2f\n", nut, bed);
    CHECK(nut > bed + 2.0, "the intruder (mean height %g) did not rise above the bed's mean (%g) + 2", nut, bed);
    free(r);
    edpd_destroy(w);
}

/* dp/dz = -n m g in a dilute 2-D bed: between heights z1 and z2 above the floor's reach the
 * pressure falls by the weight per width of the grains between them. The pressure of inelastic
 * disks, p = n T (1 + (1 + e) nu chi(nu)) (Jenkins & Richman, Phys. Fluids 28, 3485 (1985)), nu
 * the area fraction, chi Henderson's contact value (1 - 7 nu / 16) / (1 - nu)^2, T the measured
 * m <v_z^2> of the height: at nu = 0.01 the collisional part is 2 %, ten standard errors of this
 * test, which without it fails. 10 blocks of the time series give the standard error. */
static double pressure(double count, double sum_vz2, int samples, double area, double e) {
    double n = count / (samples * area), nu = n * 3.14159265358979323846 / 4.0, chi = (1.0 - 7.0 * nu / 16.0) / ((1.0 - nu) * (1.0 - nu));
    return sum_vz2 / (samples * area) * (1.0 + (1.0 + e) * nu * chi);
}
#define BINS 40
#define BLOCKS 10
TEST(dilute_bed_hydrostatic) {
    edpd_config c = edpd_scenario_config(EDPD_SCENARIO_SHAKEN_BOX);
    c.n = 30; c.box_width = 300.0; c.intruder_diameter = 0.0; c.restitution = 0.9;
    edpd_world *w = box(c);
    if (!w) { CHECK(0, "no world"); return; }
    const double dz = 0.5, dt = 0.05, W = c.box_width;
    const int lo = 5, hi = 20;  /* z in [2.5, 3) and [10, 10.5): above the floor's top (1) by 1.5 */
    double r[90], v[90], drop[BLOCKS], weight[BLOCKS];
    edpd_error err;
    edpd_advance(w, 100.0, UINT64_MAX, &err);
    double t = 100.0;
    for (int b = 0; b < BLOCKS; b++) {
        double count[BINS] = {0}, p[BINS] = {0};
        int samples = 0;
        for (int k = 0; k < 8000; k++, samples++) {
            t += dt;
            edpd_advance(w, t, UINT64_MAX, &err);
            edpd_get_positions(w, r);
            edpd_get_velocities(w, v);
            for (uint32_t i = 0; i < c.n; i++) {
                int bin = (int)(r[3 * i + 1] / dz);
                if (bin < BINS) { count[bin] += 1.0; p[bin] += v[3 * i + 1] * v[3 * i + 1]; }
            }
        }
        double between = 0.5 * (count[lo] + count[hi]);  /* bin centre to bin centre */
        for (int k = lo + 1; k < hi; k++) between += count[k];
        drop[b] = pressure(count[lo], p[lo], samples, W * dz, c.restitution) - pressure(count[hi], p[hi], samples, W * dz, c.restitution);
        weight[b] = between / (samples * W);  /* m g = 1 */
    }
    double d = 0, wt = 0, d2 = 0;
    for (int b = 0; b < BLOCKS; b++) { d += (drop[b] - weight[b]) / BLOCKS; wt += weight[b] / BLOCKS; }
    for (int b = 0; b < BLOCKS; b++) d2 += (drop[b] - weight[b] - d) * (drop[b] - weight[b] - d);
    double se = sqrt(d2 / (BLOCKS * (BLOCKS - 1.0)));
    printf("  hydrostatic: pressure drop - weight = %.5f +- %.5f (weight %.5f)\n", d, se, wt);
    CHECK(fabs(d) <= 4.0 * se, "the kinetic pressure's drop differs from the weight between by %g (standard error %g)", d, se);
    CHECK(4.0 * se < 0.2 * wt, "the test cannot tell g from 1.2 g: standard error %g against the weight %g", se, wt);
    edpd_destroy(w);
}

TEST(naive_fails_stable_runs) {
    edpd_config c = edpd_scenario_config(EDPD_SCENARIO_SHAKEN_BOX);
    c.detector = EDPD_DETECTOR_NAIVE_HALT;
    edpd_world *w = box(c);
    edpd_error err;
    CHECK(edpd_advance(w, 20.0, UINT64_MAX, &err) == EDPD_STOP_HALTED, "the textbook detector did not halt within 20 time units");
    edpd_destroy(w);
    c.detector = EDPD_DETECTOR_STABLE;
    w = box(c);
    CHECK(edpd_advance(w, 20.0, UINT64_MAX, &err) == EDPD_STOP_TIME, "the stable detector stopped: %s", err.message);
    edpd_destroy(w);
    /* without the TC model the bed's rest on the floor is an inelastic collapse: said, not hung */
    c.tc = 0.0;
    w = box(c);
    edpd_stop stop = edpd_advance(w, 200.0, UINT64_MAX, &err);
    edpd_status st = edpd_get_status(w);
    CHECK(stop == EDPD_STOP_COLLAPSE && st.state == EDPD_STATE_COLLAPSE, "tc = 0: stop %d, state %d", stop, st.state);
    edpd_destroy(w);
}

static void refused(edpd_config c, const char *field) {
    edpd_error err;
    edpd_world *w = edpd_create(&c, &err);
    CHECK(!w && strcmp(err.field, field) == 0, "expected an error naming %s, got '%s': %s", field, err.field, err.message);
    edpd_destroy(w);
}

TEST(bad_input) {
    edpd_config c = edpd_scenario_config(EDPD_SCENARIO_SHAKEN_BOX), d;
    d = c; d.plate_amplitude = -0.1; refused(d, "plate_amplitude");
    d = c; d.plate_frequency = 0.0; refused(d, "plate_frequency");
    d = c; d.plate_phase = NAN; refused(d, "plate_phase");
    d = c; d.box_width = 3.0; refused(d, "box_width");
    d = c; d.box_width = 4.5; refused(d, "box_width");  /* narrower than the intruder + 1 */
    d = c; d.intruder_diameter = 0.5; refused(d, "intruder_diameter");
    d = c; d.gravity[2] = 0.0; refused(d, "gravity");
    d = c; d.growth_rate = 0.01; refused(d, "growth_rate");
    d = c; d.plate_offset = 1.0; refused(d, "plate_offset");
    d = edpd_scenario_config(EDPD_SCENARIO_GRANULAR); d.box_width = 20.0; refused(d, "box_width");
    d = edpd_scenario_config(EDPD_SCENARIO_GRANULAR); d.intruder_diameter = 3.0; refused(d, "intruder_diameter");
    /* an oscillating plane's normal along a periodic axis (a custom world) */
    double r[3] = {2, 2, 2}, v[3] = {0, 0, 0};
    edpd_plane pl = {{0, 0, 1}, 0.5, 1.0, 0.1, 1.0, 0.0};
    d = edpd_default_config();
    d.scenario = EDPD_SCENARIO_CUSTOM; d.n = 1; d.positions = r; d.velocities = v;
    d.box[0] = d.box[1] = d.box[2] = 5.0; d.periodic[0] = d.periodic[1] = d.periodic[2] = 1;
    d.planes = &pl; d.plane_count = 1;
    refused(d, "planes");
}

int main(void) {
    RUN(energy_books_balance);
    RUN(steady_box);
    RUN(dilute_bed_hydrostatic);
    RUN(naive_fails_stable_runs);
    RUN(bad_input);
    return check_report("test_shaken");
}
