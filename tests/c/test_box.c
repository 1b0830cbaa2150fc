/* The box scenario, an experiment built from parts. Checked against what the code does not
 * produce: every start (lattice, random, layered; 2-D and 3-D; one size, a mixture, an intruder)
 * places the particles inside the walls and clear of each other; a dilute elastic gas under a
 * tilted gravity settles into the barometric law along both axes, exp(-m g_a x_a / kT), its mean
 * position given by the ideal gas's formula at the run's own temperature (the temperature it
 * started at is the plausible wrong answer, and the test tells them apart); the mechanical
 * energy's books balance on inelastic walls and a vibrated floor; bad input is refused by field. */
#include "check.h"
#include "edpd/edpd.h"
#include "edpd/schema.h"
#include <stdlib.h>

static edpd_world *made(edpd_config c) {
    edpd_error err;
    edpd_world *w = edpd_create(&c, &err);
    if (!w) fprintf(stderr, "create: %s: %s\n", err.field, err.message);
    return w;
}

/* Every particle inside the box's walls by its radius, and no pair closer than its contact
 * distance (nearest images along periodic axes). */
static void check_clear(edpd_world *w, const char *what) {
    uint32_t n = edpd_particle_count(w);
    double *r = malloc(sizeof(double) * 3 * n), *s = malloc(sizeof(double) * n), box[3];
    int periodic[3];
    edpd_get_positions(w, r);
    edpd_get_diameters(w, s);
    edpd_get_box(w, box);
    edpd_get_periodic(w, periodic);
    edpd_plane planes[6];
    uint32_t np = edpd_get_planes(w, planes, 6);
    int inside = 1, clear = 1;
    for (uint32_t i = 0; i < n; i++) {
        for (uint32_t k = 0; k < np; k++) {
            double gap = planes[k].normal[0] * r[3 * i] + planes[k].normal[1] * r[3 * i + 1] + planes[k].normal[2] * r[3 * i + 2] - planes[k].offset;
            if (gap < 0.5 * s[i]) inside = 0;
        }
        for (uint32_t j = 0; j < i; j++) {
            double d2 = 0.0;
            for (int a = 0; a < 3; a++) {
                double d = r[3 * i + a] - r[3 * j + a];
                if (periodic[a]) d -= box[a] * floor(d / box[a] + 0.5);
                d2 += d * d;
            }
            double c = 0.5 * (s[i] + s[j]);
            if (d2 < c * c) clear = 0;
        }
    }
    CHECK(inside, "%s: a particle starts beyond a wall", what);
    CHECK(clear, "%s: two particles start overlapping", what);
    free(r); free(s);
}

TEST(starts_inside_and_clear) {
    static const char *STARTS[] = {"lattice", "random", "layered"};
    for (int dim = 2; dim <= 3; dim++)
        for (int start = 0; start < 3; start++)
            for (int kind = 0; kind < 3; kind++) {  /* one size, a mixture, a mixture and an intruder */
                edpd_config c = edpd_scenario_config(EDPD_SCENARIO_BOX);
                c.dim = dim; c.walls = dim == 3 ? 7u : 3u; c.start = (edpd_start)start;
                c.gravity[2] = start == EDPD_START_LAYERED ? -1.0 : 0.0;
                /* a layered 3-D mixture's layers are 1.1 large diameters apart: room for less */
                c.packing_fraction = dim == 3 && start == EDPD_START_LAYERED && kind > 0 ? 0.12 : 0.25;
                c.n = 300;
                if (kind > 0) {
                    c.species_count = 2;
                    c.species[0] = (edpd_species){150, 1.0, 1.0};
                    c.species[1] = (edpd_species){150, 1.4, 2.0};
                    if (kind == 2) { c.intruder_diameter = 3.0; c.n = 301; }
                }
                char what[96];
                snprintf(what, sizeof what, "%d-D %s start, %s", dim, STARTS[start], kind == 0 ? "one size" : kind == 1 ? "a mixture" : "a mixture and an intruder");
                edpd_world *w = made(c);
                CHECK(w != NULL, "%s: not created", what);
                if (!w) continue;
                check_clear(w, what);
                if (kind == 2) {
                    double s[301];
                    edpd_get_diameters(w, s);
                    CHECK(s[300] == 3.0, "%s: the intruder is the last particle, 3 species-0 diameters across (got %g)", what, s[300]);
                }
                edpd_destroy(w);
            }
}

/* KE + sum m (-g . r): the mechanical energy under a uniform gravity vector. */
static double mechanical_energy(edpd_world *w) {
    uint32_t n = edpd_particle_count(w);
    double *r = malloc(sizeof(double) * 3 * n), *v = malloc(sizeof(double) * 3 * n), *m = malloc(sizeof(double) * n), g[3], e = 0.0;
    edpd_get_positions(w, r);
    edpd_get_velocities(w, v);
    edpd_get_masses(w, m);
    edpd_get_gravity(w, g);
    for (uint32_t i = 0; i < n; i++)
        for (int a = 0; a < 3; a++) e += 0.5 * m[i] * v[3 * i + a] * v[3 * i + a] - m[i] * g[a] * r[3 * i + a];
    free(r); free(v); free(m);
    return e;
}

/* The mean of x in [0, H] under the density exp(-x / l) (l = kT / (m g)): l - H / (e^{H/l} - 1). */
static double barometric_mean(double H, double l) { return l - H / expm1(H / l); }

/* A dilute elastic gas (area fraction 0.001, 200 disks) in a walled box under gravity g tilted
 * 30 degrees towards +x: every particle's centre in [r, L - r] along each axis is distributed as
 * exp(-m g_a x / kT) at the gas's own kT (its kinetic energy over n in 2-D), falling along y and
 * piling up against the wall at +x. The mean over 20 blocks of 1000 time units, the tolerance
 * four standard errors of the block means. Its kT is not the start's: the gas fell, and its
 * potential energy became heat; the start's kT gives means the test must tell apart. */
TEST(tilted_barometric_gas) {
    edpd_config c = edpd_scenario_config(EDPD_SCENARIO_BOX);
    c.packing_fraction = 0.001; c.n = 200; c.start = EDPD_START_RANDOM;
    c.gravity[2] = -0.0067; c.gravity_angle = 30.0;
    edpd_world *w = made(c);
    if (!w) { CHECK(0, "no world"); return; }
    double box[3], g[3], *r = malloc(sizeof(double) * 3 * c.n), e0 = mechanical_energy(w);
    edpd_get_box(w, box);
    edpd_get_gravity(w, g);
    CHECK(g[0] > 0.0 && g[1] < 0.0 && fabs(g[0] / -g[1] - tan(30.0 * 3.14159265358979323846 / 180.0)) < 1e-12,
          "gravity tilted 30 degrees towards +x: (%g, %g)", g[0], g[1]);
    edpd_error err;
    edpd_stats s;
    enum { BLOCKS = 20 };
    double t = 2000.0, mean[2][BLOCKS], kt_sum = 0.0;  /* 2000 time units to settle first */
    CHECK(edpd_advance(w, t, UINT64_MAX, &err) == EDPD_STOP_TIME, "settling: %s", err.message);
    int samples = 0;
    for (int b = 0; b < BLOCKS; b++) {
        double sum[2] = {0, 0};
        int m = 0;
        for (int k = 0; k < 100; k++, m++) {
            t += 10.0;
            edpd_advance(w, t, UINT64_MAX, &err);
            edpd_get_positions(w, r);
            edpd_get_stats(w, &s);
            kt_sum += s.kinetic_energy / c.n; samples++;
            for (uint32_t i = 0; i < c.n; i++) { sum[0] += box[0] - 0.5 - r[3 * i]; sum[1] += r[3 * i + 1] - 0.5; }
        }
        mean[0][b] = sum[0] / (m * (double)c.n);
        mean[1][b] = sum[1] / (m * (double)c.n);
    }
    double kT = kt_sum / samples, H = box[0] - 1.0;  /* centres move in [0.5, L - 0.5] */
    CHECK(fabs(mechanical_energy(w) - e0) < 1e-9 * s.kinetic_energy, "an elastic box conserves KE + PE: %.12g, at the start %.12g", mechanical_energy(w), e0);
    for (int a = 0; a < 2; a++) {
        double avg = 0.0, var = 0.0, ga = fabs(g[a]);
        for (int b = 0; b < BLOCKS; b++) avg += mean[a][b] / BLOCKS;
        for (int b = 0; b < BLOCKS; b++) var += (mean[a][b] - avg) * (mean[a][b] - avg) / (BLOCKS - 1);
        double se = sqrt(var / BLOCKS), want = barometric_mean(H, kT / ga), wrong = barometric_mean(H, 1.0 / ga);
        printf("  %s: mean distance from the %s wall %.3f +- %.3f; barometric at the gas's kT %.4f: %.3f; at the start's kT 1: %.3f\n",
               a ? "y" : "x", a ? "lower" : "+x", avg, se, kT, want, wrong);
        CHECK(fabs(avg - want) <= 4.0 * se, "axis %d: mean %.4f vs barometric %.4f (4 se = %.4f)", a, avg, want, 4.0 * se);
        CHECK(fabs(avg - wrong) > 4.0 * se, "axis %d: the start's kT (mean %.4f) must be told apart from the run's (%.4f +- %.4f)", a, wrong, avg, se);
    }
    free(r);
    edpd_destroy(w);
}

/* A mixture with an intruder on a vibrated floor, inelastic walls and particles, tilted gravity:
 * the mechanical energy changes by the floor's work less the impacts' loss, to rounding. */
TEST(books_balance_on_a_vibrated_floor) {
    edpd_config c = edpd_scenario_config(EDPD_SCENARIO_BOX);
    c.species_count = 2;
    c.species[0] = (edpd_species){120, 1.0, 1.0};
    c.species[1] = (edpd_species){60, 1.5, 3.375};
    c.intruder_diameter = 3.0; c.n = 181;
    c.restitution = 0.85; c.wall_restitution = 0.7; c.tc = 1e-4;
    c.gravity[2] = -1.0; c.gravity_angle = 10.0; c.start = EDPD_START_LAYERED;
    c.plate_amplitude = 0.5; c.plate_frequency = 2.5;
    edpd_world *w = made(c);
    if (!w) { CHECK(0, "no world"); return; }
    double e0 = mechanical_energy(w);
    edpd_error err;
    edpd_stats s;
    CHECK(edpd_advance(w, 100.0, UINT64_MAX, &err) == EDPD_STOP_TIME, "the run stopped before t = 100: %s", err.message);
    edpd_get_stats(w, &s);
    double through = fabs(s.plane_work) + s.impact_loss, now = mechanical_energy(w), books = e0 + s.plane_work - s.impact_loss;
    CHECK(fabs(now - books) <= 1e-9 * through, "E = %.12g, the books say %.12g (through %g)", now, books, through);
    CHECK(s.plane_work > 100.0 && s.impact_loss > 100.0, "the floor worked (%g) and the impacts dissipated (%g)", s.plane_work, s.impact_loss);
    CHECK(s.overlapping_pairs == 0 && s.fell_through == 0, "%u overlapping pairs, %u through a wall", s.overlapping_pairs, s.fell_through);
    edpd_destroy(w);
}

static void refused(edpd_config c, const char *field) {
    edpd_error err;
    edpd_world *w = edpd_create(&c, &err);
    CHECK(!w && strcmp(err.field, field) == 0, "expected a refusal naming %s, got %s (%s)", field, w ? "a world" : err.field, w ? "" : err.message);
    if (w) edpd_destroy(w);
}

TEST(bad_input) {
    edpd_config c = edpd_scenario_config(EDPD_SCENARIO_BOX), d;
    d = c; d.walls = 4; refused(d, "walls");                      /* z in 2-D */
    d = c; d.walls = 8; refused(d, "walls");
    d = c; d.walls = 1; d.gravity[2] = -1.0; refused(d, "gravity");  /* falling along a periodic y */
    d = c; d.walls = 2; d.gravity[2] = -1.0; d.gravity_angle = 20.0; refused(d, "gravity_angle");
    d = c; d.gravity_angle = 20.0; refused(d, "gravity_angle");   /* no gravity to tilt */
    d = c; d.gravity[2] = -1.0; d.gravity_angle = 91.0; refused(d, "gravity_angle");
    d = c; d.start = EDPD_START_LAYERED; refused(d, "start");     /* layers without gravity */
    d = c; d.start = (edpd_start)3; refused(d, "start");
    d = c; d.wall_restitution = 1.5; refused(d, "wall_restitution");
    d = c; d.walls = 1; d.plate_amplitude = 0.5; d.plate_frequency = 2.0; refused(d, "plate_amplitude");
    d = c; d.plate_frequency = 2.0; refused(d, "plate_frequency");
    d = c; d.packing_fraction = 0.82; refused(d, "packing_fraction");
    d = c; d.packing_fraction = 0.75; refused(d, "packing_fraction");  /* too dense for the lattice */
    d = c; d.packing_fraction = 0.7; d.start = EDPD_START_RANDOM; refused(d, "packing_fraction");
    d = c; d.walls = 0; d.n = 10; d.packing_fraction = 0.5; refused(d, "packing_fraction");  /* a periodic edge < 4 */
    d = c; d.intruder_diameter = 0.5; refused(d, "intruder_diameter");
    d = c; d.species_count = 1; d.species[0] = (edpd_species){200, 1.0, 1.0}; d.intruder_diameter = 2.0; refused(d, "species");  /* n must be 201 */
    d = edpd_scenario_config(EDPD_SCENARIO_GRANULAR); d.walls = 3; refused(d, "walls");
    d = edpd_scenario_config(EDPD_SCENARIO_GRANULAR); d.start = EDPD_START_RANDOM; refused(d, "start");
    d = edpd_scenario_config(EDPD_SCENARIO_GRANULAR); d.wall_restitution = 0.5; refused(d, "wall_restitution");
    d = c; d.wall_restitution_count = 6; refused(d, "wall_restitutions");  /* 6 walls in 2-D */
    d = c; d.wall_restitution_count = 4; d.wall_restitutions[2] = 1.5; refused(d, "wall_restitutions");
    d = c; d.wall_restitution_count = 4; for (int k = 0; k < 4; k++) d.wall_restitutions[k] = 1.0; d.wall_restitution = 0.5; refused(d, "wall_restitution");
    d = edpd_scenario_config(EDPD_SCENARIO_GRANULAR); d.wall_restitution_count = 6; refused(d, "wall_restitutions");
    edpd_error err;
    d = c; d.dim = 3; d.walls = 7;
    CHECK(edpd_config_set_wall_restitutions(&d, "1 1 0.5", &err) == EDPD_ERR_INVALID && strstr(err.message, "give 6 numbers in 3-D") != NULL, "3 of 6 walls: %s", err.message);
    CHECK(edpd_config_set_wall_restitutions(&d, "1 1 1 1 2 1", &err) == EDPD_ERR_INVALID && strstr(err.message, "entry 4 must be in [0, 1]") != NULL, "a restitution of 2: %s", err.message);
}

/* Each wall its own restitution: the planes carry x-, x+, y-, y+, z-, z+ as given, read from
 * the CLI's text (commas or spaces). */
TEST(each_wall_its_restitution) {
    edpd_config c = edpd_scenario_config(EDPD_SCENARIO_BOX);
    c.dim = 3; c.walls = 7; c.n = 8; c.packing_fraction = 0.001;
    edpd_error err;
    CHECK(edpd_config_set_wall_restitutions(&c, "0.9, 0.8, 0.7, 0.6, 0.5, 0.4", &err) == EDPD_OK, "%s", err.message);
    edpd_world *w = made(c);
    if (!w) { CHECK(0, "no world"); return; }
    edpd_plane pl[6];
    CHECK(edpd_get_planes(w, pl, 6) == 6, "six walls");
    for (int k = 0; k < 6; k++) {
        int axis = k / 2;
        double want = 0.9 - 0.1 * k;
        CHECK(fabs(pl[k].restitution - want) < 1e-15 && pl[k].normal[axis] == (k % 2 ? -1.0 : 1.0), "wall %d: restitution %g (want %g), normal %g along %d", k, pl[k].restitution, want, pl[k].normal[axis], axis);
    }
    edpd_destroy(w);
}

int main(void) {
    RUN(starts_inside_and_clear);
    RUN(tilted_barometric_gas);
    RUN(books_balance_on_a_vibrated_floor);
    RUN(bad_input);
    RUN(each_wall_its_restitution);
    return check_report("test_box");
}
