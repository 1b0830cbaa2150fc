/* The square-well fluid against numbers the code did not produce: the virial expansion of its
 * pressure at low density with the exact second and third virial coefficients, the dense fluid's
 * energy and pressure against a published equation of state, the Andersen thermostat's
 * temperature, and the naive detectors' broken energy conservation. */
#include "check.h"
#include "edpd/edpd.h"
#include "sw_eos.h"
#include <math.h>

static const double PI = 3.14159265358979323846;
static edpd_error err;

/* A square-well gas (lambda = 1.5, depth 1) at number density rho and kT = T, held there by the
 * thermostat; Z and its standard error over [equilibrate, equilibrate + t]. */
static void measure_z(int dim, uint32_t n, double rho, double T, double t, double *z, double *dz) {
    edpd_config c = edpd_scenario_config(EDPD_SCENARIO_ELASTIC);
    c.dim = dim; c.n = n; c.packing_fraction = rho * (dim == 3 ? PI / 6.0 : PI / 4.0);
    c.temperature = T; c.potential = EDPD_POTENTIAL_SQUARE_WELL; c.well_width = 1.5; c.well_depth = 1.0;
    c.thermostat_rate = 0.05; c.bath_temperature = T;
    edpd_world *w = edpd_create(&c, &err);
    CHECK(w != NULL, "create: %s", err.message);
    *z = *dz = NAN;
    if (!w) return;
    edpd_advance(w, 100.0, UINT64_MAX, &err);  /* from the lattice's bound start to the gas */
    edpd_reset_measurements(w);
    edpd_advance(w, 100.0 + t, UINT64_MAX, &err);
    edpd_stats s;
    edpd_get_stats(w, &s);
    *z = s.pressure_z; *dz = s.pressure_z_error;
    edpd_destroy(w);
}

/* 3-D: Z = 1 + B2 rho + B3 rho^2 + O(rho^3), b0 = 2 pi sigma^3 / 3, x = exp(epsilon / kT) - 1:
 *   B2 / b0 = 1 - (lambda^3 - 1) x  (exact);
 *   B3 / b0^2 = 5/8 - [(l^6 - 18 l^4 + 32 l^3 - 15) x + (2 l^6 - 36 l^4 + 32 l^3 + 18 l^2 - 16) x^2
 *               + (6 l^6 - 18 l^4 + 18 l^2 - 6) x^3] / 8  for lambda <= 2 (Kihara, Rev. Mod. Phys. 25,
 *   831 (1953); Barker & Henderson, Rev. Mod. Phys. 48, 587 (1976)).
 * At rho = 0.02 the next term, B4 rho^3, is below 1e-4 for |B4| < 10 b0^3. Hard spheres (no well)
 * would give 1.042, a well counted twice (epsilon = 2) 0.87: both far outside the band. */
TEST(virial_expansion_3d) {
    const double l = 1.5, T = 2.0, rho = 0.02, b0 = 2.0 * PI / 3.0, x = exp(1.0 / T) - 1.0;
    double l2 = l * l, l3 = l2 * l, l4 = l2 * l2, l6 = l3 * l3;
    double b2 = b0 * (1.0 - (l3 - 1.0) * x);
    double b3 = b0 * b0 * (0.625 - ((l6 - 18 * l4 + 32 * l3 - 15) * x + (2 * l6 - 36 * l4 + 32 * l3 + 18 * l2 - 16) * x * x
                                    + (6 * l6 - 18 * l4 + 18 * l2 - 6) * x * x * x) / 8.0);
    double zt = 1.0 + b2 * rho + b3 * rho * rho, z, dz;
    measure_z(3, 2000, rho, T, 600.0, &z, &dz);
    CHECK(isfinite(dz) && dz < 2e-3, "Z's error %g", dz);
    CHECK(fabs(z - zt) <= 4.0 * dz + 1e-4, "Z = %.5f +- %.5f, virial expansion %.5f (B2 rho = %.5f, B3 rho^2 = %.5f)", z, dz, zt, b2 * rho, b3 * rho * rho);
    CHECK(fabs(z - (1.0 + b0 * rho)) > 10.0 * dz, "tells the square well from hard spheres");
    printf("  3-D rho = %g, T = %g: Z = %.5f +- %.5f, 1 + B2 rho + B3 rho^2 = %.5f\n", rho, T, z, dz, zt);
}

/* 2-D: B2 = (pi sigma^2 / 2) [1 - (lambda^2 - 1) x] (exact). At rho = 0.01 the next term B3 rho^2
 * is below 1e-3 for |B3| < 10 b0^2 (hard disks: 0.78 b0^2); hard disks would give 1.0157. */
TEST(virial_expansion_2d) {
    const double l = 1.5, T = 2.0, rho = 0.01, b0 = PI / 2.0, x = exp(1.0 / T) - 1.0;
    double zt = 1.0 + b0 * (1.0 - (l * l - 1.0) * x) * rho, z, dz;
    measure_z(2, 2000, rho, T, 600.0, &z, &dz);
    CHECK(isfinite(dz) && dz < 2e-3, "Z's error %g", dz);
    CHECK(fabs(z - zt) <= 4.0 * dz + 1e-3, "Z = %.5f +- %.5f, 1 + B2 rho %.5f", z, dz, zt);
    CHECK(fabs(z - (1.0 + b0 * rho)) > 4.0 * dz + 1e-3, "tells the square well from hard disks");
    printf("  2-D rho = %g, T = %g: Z = %.5f +- %.5f, 1 + B2 rho = %.5f\n", rho, T, z, dz, zt);
}

/* The dense fluid (lambda = 1.5, rho sigma^3 = 0.5, kT = 2 epsilon, well above the critical
 * kT of 1.22) against the equation of state of Espindola-Heredia et al. (sw_eos.h), fitted to Monte
 * Carlo data. The thermostat holds kT (its rate changes no static average). U/N's error: the
 * spread of 8 block means; Z's: the engine's blocks. The allowances for the equation itself, 1 %
 * in U and 4 % in Z, are its fit's, not ours: Z there is the difference of the hard spheres' 3.26
 * and an attraction of -1.9, so a 2 % error in the fitted attraction moves Z by 3 %.
 * Plausible wrong answers fall outside both bands: lambda = 1.45 (U = -3.32, Z = 1.48), no step
 * virial (Z = 3.26), a well counted twice (U = -7.3). */
TEST(published_equation_of_state) {
    const double l = 1.5, T = 2.0, rho = 0.5;
    CHECK(fabs(sw_eos_check()) < 1e-12, "the equation as transcribed: teqp's test point off by %g", sw_eos_check());
    edpd_config c = edpd_scenario_config(EDPD_SCENARIO_ELASTIC);
    c.n = 1000; c.packing_fraction = rho * PI / 6.0; c.temperature = T; c.seed = 2;
    c.potential = EDPD_POTENTIAL_SQUARE_WELL; c.well_width = l; c.well_depth = 1.0;
    c.thermostat_rate = 0.5; c.bath_temperature = T;
    edpd_world *w = edpd_create(&c, &err);
    CHECK(w != NULL, "create: %s", err.message);
    if (!w) return;
    edpd_advance(w, 60.0, UINT64_MAX, &err);  /* the lattice's bound start relaxes, the bath restores kT */
    edpd_reset_measurements(w);
    enum { BLOCKS = 8, PER_BLOCK = 20 };
    double block[BLOCKS] = {0}, u = 0.0, du = 0.0;
    for (int k = 0; k < BLOCKS * PER_BLOCK; k++) {  /* a sample every 0.5 time units over 80 */
        edpd_advance(w, 60.0 + 0.5 * (k + 1), UINT64_MAX, &err);
        edpd_stats s; edpd_get_stats(w, &s);
        block[k / PER_BLOCK] += s.potential_energy / c.n / PER_BLOCK;
    }
    for (int b = 0; b < BLOCKS; b++) u += block[b] / BLOCKS;
    for (int b = 0; b < BLOCKS; b++) du += (block[b] - u) * (block[b] - u) / (BLOCKS * (BLOCKS - 1));
    du = sqrt(du);
    edpd_stats s; edpd_get_stats(w, &s);
    double ue = sw_eos_u(T, rho, l), ze = sw_eos_z(T, rho, l);
    CHECK(fabs(u - ue) <= 4.0 * du + 0.01 * fabs(ue), "U/N = %.4f +- %.4f, equation of state %.4f", u, du, ue);
    CHECK(isfinite(s.pressure_z_error) && fabs(s.pressure_z - ze) <= 4.0 * s.pressure_z_error + 0.04 * ze,
          "Z = %.4f +- %.4f, equation of state %.4f", s.pressure_z, s.pressure_z_error, ze);
    CHECK(fabs(u - sw_eos_u(T, rho, 1.45)) > 0.05 * fabs(ue), "tells lambda = 1.5 from 1.45");
    /* the engine's own time average of U over the window (every event, not 160 samples) and its
     * error from its blocks: the equation of state's within 4 errors and its fit's 1 %, the
     * sampled mean's within their errors together; and KE's time average at the bath's kT */
    double um = s.potential_energy_mean / c.n, dum = s.potential_energy_mean_error / c.n;
    CHECK(isfinite(dum) && dum > 0.2 * du && dum < 5.0 * du, "U/N's time average's error %.5f against the sampled blocks' %.5f", dum, du);
    CHECK(fabs(um - ue) <= 4.0 * dum + 0.01 * fabs(ue), "U/N's time average %.4f +- %.4f, equation of state %.4f", um, dum, ue);
    CHECK(fabs(um - u) <= 4.0 * sqrt(dum * dum + du * du), "U/N's time average %.4f against the samples' %.4f", um, u);
    double kt = 2.0 * s.kinetic_energy_mean / (3.0 * c.n), dkt = 2.0 * s.kinetic_energy_mean_error / (3.0 * c.n);
    CHECK(isfinite(dkt) && fabs(kt - T) <= 4.0 * dkt + 0.01, "kT's time average %.4f +- %.4f, the bath's %g", kt, dkt, T);
    printf("  3-D rho = %g, T = %g: U/N = %.4f +- %.4f sampled, %.4f +- %.4f time-averaged (equation of state %.4f), Z = %.4f +- %.4f (%.4f), kT %.4f +- %.4f\n",
           rho, T, u, du, um, dum, ue, s.pressure_z, s.pressure_z_error, ze, kt, dkt);
    edpd_destroy(w);
}

/* The thermostat brings a gas started at kT = 1 to the bath's kT = 2, and after the quench to
 * kT = 0.5: means of the kinetic temperature over late stretches, whose error is ~ sqrt(2 / (dim N))
 * per sample and shrinks with the samples; a bath ignored would stay at 1. */
TEST(thermostat_and_quench) {
    edpd_config c = edpd_scenario_config(EDPD_SCENARIO_ELASTIC);
    c.n = 1000; c.packing_fraction = 0.1; c.temperature = 1.0;
    c.thermostat_rate = 0.2; c.bath_temperature = 2.0; c.quench_at = 100.0; c.quench_to = 0.5;
    edpd_world *w = edpd_create(&c, &err);
    CHECK(w != NULL, "create: %s", err.message);
    if (!w) return;
    double sum = 0, after = 0;
    for (int k = 0; k < 50; k++) {  /* t = 51 .. 100: at the bath's 2 */
        edpd_advance(w, 51.0 + k, UINT64_MAX, &err);
        edpd_stats s; edpd_get_stats(w, &s);
        sum += s.temperature;
    }
    for (int k = 0; k < 50; k++) {  /* t = 151 .. 200: quenched to 0.5 */
        edpd_advance(w, 151.0 + k, UINT64_MAX, &err);
        edpd_stats s; edpd_get_stats(w, &s);
        after += s.temperature;
    }
    /* one sample's spread: T sqrt(2 / (3 N)) = 0.026 T; 50 samples 10 time units... apart at least
     * a few relaxation times (1 / rate = 5): 5 standard errors of the mean, 0.02 T */
    CHECK_NEAR(sum / 50, 2.0, 0.04, "mean kT at the bath's 2");
    CHECK_NEAR(after / 50, 0.5, 0.01, "mean kT after the quench to 0.5");
    edpd_stats s; edpd_get_stats(w, &s);
    CHECK(s.thermostat_kicks > 0.9 * 0.2 * 1000 * 200 && s.thermostat_kicks < 1.1 * 0.2 * 1000 * 200, "kicks at rate 0.2 per particle: %llu",
          (unsigned long long)s.thermostat_kicks);
    edpd_destroy(w);
}

/* A thermostat that stops (thermostat_until): the fluid started hot at kT = 4 is brought to the
 * bath's 1.5 and then runs in NVE. After the last kick no more come, the energy is conserved to
 * rounding from that kick on (energy_drift counts from it), and kT stays near the bath's: its mean
 * over t = 6 .. 15 within 0.15, the spread the total energy's NVT fluctuation gives it (kT
 * sqrt(C_V / N) / C_V with C_V ~ 2.5 k at N = 1000: 0.03) four times over, and the structure's
 * own relaxation after t = 5 (about -0.03 over ten seeds).
 * Without the thermostat this start melts to kT = 2.7 (checked below); one that never stops drifts. */
TEST(thermostat_until) {
    edpd_config c = edpd_scenario_config(EDPD_SCENARIO_ELASTIC);
    c.n = 1000; c.packing_fraction = 0.5 * PI / 6.0; c.temperature = 4.0;
    c.potential = EDPD_POTENTIAL_SQUARE_WELL;
    c.thermostat_rate = 2.0; c.bath_temperature = 1.5; c.thermostat_until = 5.0;
    for (int on = 1; on >= 0; on--) {
        if (!on) { c.thermostat_rate = 0.0; c.bath_temperature = 1.0; c.thermostat_until = EDPD_MAX_TIME; }  /* no bath, not one unused */
        edpd_world *w = edpd_create(&c, &err);
        CHECK(w != NULL, "create: %s", err.message);
        if (!w) return;
        edpd_advance(w, 5.0, UINT64_MAX, &err);
        edpd_stats s5, s;
        edpd_get_stats(w, &s5);
        double kt = 0.0;
        for (int k = 0; k < 10; k++) {
            edpd_advance(w, 6.0 + k, UINT64_MAX, &err);
            edpd_get_stats(w, &s);
            kt += s.temperature / 10;
        }
        if (on) {
            CHECK(s5.thermostat_kicks > 0.9 * 2.0 * 1000 * 5 && s.thermostat_kicks == s5.thermostat_kicks,
                  "kicks until t = 5 only: %llu by then, %llu at t = 15", (unsigned long long)s5.thermostat_kicks,
                  (unsigned long long)s.thermostat_kicks);
            CHECK(fabs(s.energy_drift) < 1e-9 * fabs(s.kinetic_energy), "energy conserved after the last kick: drift %g", s.energy_drift);
            CHECK_NEAR(kt, 1.5, 0.15, "mean kT over t = 6 .. 15 after the thermostat stopped at the bath's 1.5");
        } else {
            CHECK(fabs(kt - 1.5) > 0.3, "without the thermostat the start's own kT is far from the bath's: %.3f", kt);
        }
        printf("  thermostat %s until t = 5: mean kT over t = 6 .. 15 = %.4f, drift %g\n", on ? "on" : "off", kt, s.energy_drift);
        edpd_destroy(w);
    }
}

/* The same square-well fluid, the same seed: the stable detector conserves the energy to rounding
 * and keeps every pair's logical state at its distance; a naive one, reading the well from the
 * distance, recaptures a pair that rounding left a hair outside after its capture, gaining the
 * well's depth again at the same instant: energy created until the run stops (a collapse). */
TEST(naive_breaks_energy_conservation) {
    for (int d = 0; d < EDPD_DETECTOR_COUNT; d++) {
        edpd_config c = edpd_scenario_config(EDPD_SCENARIO_ELASTIC);
        c.n = 1000; c.packing_fraction = 0.25; c.temperature = 1.5; c.seed = 4;
        c.potential = EDPD_POTENTIAL_SQUARE_WELL; c.detector = (edpd_detector)d;
        edpd_world *w = edpd_create(&c, &err);
        CHECK(w != NULL, "create: %s", err.message);
        if (!w) return;
        edpd_stop stop = edpd_advance(w, INFINITY, 200000, &err);
        edpd_stats s; edpd_get_stats(w, &s);
        const char *name = edpd_detector_name((edpd_detector)d);
        if (d == EDPD_DETECTOR_STABLE) {
            CHECK(stop == EDPD_STOP_BUDGET && fabs(s.energy_drift) < 1e-9 * fabs(s.total_energy) && s.disagreeing_pairs == 0,
                  "stable: drift %g, %u pairs disagreeing", s.energy_drift, s.disagreeing_pairs);
        } else {
            CHECK(s.energy_drift > 100.0, "%s: energy created, %g well depths (stop %d)", name, s.energy_drift, (int)stop);
        }
        edpd_destroy(w);
    }
}

int main(void) {
    RUN(virial_expansion_3d);
    RUN(virial_expansion_2d);
    RUN(published_equation_of_state);
    RUN(thermostat_and_quench);
    RUN(thermostat_until);
    RUN(naive_breaks_energy_conservation);
    return check_report("square_well");
}
