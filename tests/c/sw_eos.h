/* The square-well fluid's equation of state of Espíndola-Heredia, del Río & Malijevský,
 * J. Chem. Phys. 130, 024509 (2009): a fourth-order high-temperature expansion of the Helmholtz
 * energy, A_res / (N kT) = a_HS + a1/T + a2/T^2 + a3/T^3 + a4/T^4 (T = kT/epsilon, density
 * rho sigma^3), fitted to Monte Carlo data of the square-well fluid for 1.1 <= lambda <= 2; a_HS is
 * Carnahan-Starling's. The coefficients are the paper's (as NIST's teqp carries them,
 * include/teqp/models/squarewell.hpp); sw_eos_check() evaluates teqp's own test point. */
#ifndef EDPD_TEST_SW_EOS_H
#define EDPD_TEST_SW_EOS_H
#include <math.h>

static const double SW_PHI[2][8] = {
    {-1320.19, 5124.1, -8145.37, 6895.8, -3381.42, 968.739, -151.255, 9.98592},
    {1049.76, -4023.29, 6305.95, -5265.42, 2553.84, -727.3, 113.631, -7.56266}};
static const double SW_THETA[2][8] = {  /* K3, K4 */
    {0.0, -945.597, 1326.61, -471.688, 0.0, 23.2271, -2.63477, 0.0},
    {0.0, 4131.09, -10501.1, 8909.18, -2521.96, -16.7882, 19.5315, -1.27373}};
static const double SW_GAMMA[4][15] = {
    {0, -59.0464, 26.098, 26.4454, 7.40136, 11.0743, -5.49152, 0.781823, -0.0319751, 0.827621, 0.605635, -0.254959, 0.0377111, -0.00210896, 0.0000452328},
    {0, 214.316, -88.1394, 273.3, 95.9759, 71.1228, -40.2656, 5.94069, -0.23842, -2.17558, -1.29255, 0.554993, -0.0857543, 0.00492511, -0.000107067},
    {0, -225.479, 88.8202, 250.472, 90.2606, 57.0274, -33.2376, 4.99527, -0.195714, 1.84677, 0.99813, -0.440314, 0.0708793, -0.00416274, 0.0000917291},
    {0, 65.0504, -25.096, 74.3095, 26.2153, 18.4397, -10.0891, 1.50243, -0.057694, -1.87154, -1.01682, 0.445247, -0.0725107, 0.00427862, -0.0000949723}};

/* The expansion's terms at density r for well width l <= 2: a[0] = a_HS, a[k] = a_k. */
static void sw_eos_terms(double r, double l, double a[5]) {
    const double pi = 3.14159265358979323846, c = pi * pi / 36.0, x = l * l * l - 1.0;
    double l2 = l * l, l3 = l2 * l, l4 = l2 * l2, l6 = l3 * l3;
    double p1 = l6 - 18 * l4 + 32 * l3 - 15, p2 = -2 * l6 + 36 * l4 - 32 * l3 - 18 * l2 + 16, p3 = 6 * l6 - 18 * l4 + 18 * l2 - 6;
    double a2i[5];  /* -2 pi (lambda^3 - 1) / (3 i!) */
    for (int i = 1, f = 1; i <= 4; i++) { f *= i; a2i[i] = -2.0 * pi * x / (3.0 * f); }
    double eta = pi * r / 6.0;
    a[0] = eta * (4.0 - 3.0 * eta) / ((1.0 - eta) * (1.0 - eta));
    a[1] = a2i[1] * r - c * p1 * r * r;
    for (int n = 0; n < 4; n++) {
        const double *g = SW_GAMMA[n];
        double R = g[3], Q = g[9];
        for (int j = 4; j < 9; j++) R += g[j] * pow(x, j - 2);
        for (int j = 10; j < 15; j++) Q += g[j] * pow(x, j - 7);
        a[1] += (g[1] * l + g[2] * l2 + R / Q) * pow(r, n + 3);
    }
    double phi[2] = {0.0, 0.0}, K[2];
    for (int i = 0; i < 2; i++) {
        for (int n = 0; n < 8; n++) phi[i] += SW_PHI[i][n] * pow(l, n);
        double num = 0.0, den = 0.0;
        for (int n = 1; n < 5; n++) num += SW_THETA[i][n] * pow(l, n);
        for (int n = 5; n < 8; n++) den += SW_THETA[i][n] * pow(l, n - 4);
        K[i] = num * r * r / (1.0 + r * den);
    }
    double a32 = c * (p2 - p1 / 2.0), a33 = c * (p2 - p1 / 6.0 - p3), a34 = c * (-p1 / 24.0 + 7.0 * p2 / 12.0 - 1.5 * p3);
    a[2] = a2i[2] * r * (1.0 - r * r / 1.5129) * exp(a32 / a2i[2] * r + phi[0] * r * r * r + phi[1] * r * r * r * r);
    a[3] = a2i[3] * r * exp(a33 / a2i[3] * r + K[0]);
    a[4] = a2i[4] * r * exp(a34 / a2i[4] * r + K[1]);
}

/* A_res / (N kT) at temperature T, density r, well width l. */
static double sw_eos_alphar(double T, double r, double l) {
    double a[5];
    sw_eos_terms(r, l, a);
    return a[0] + a[1] / T + a[2] / (T * T) + a[3] / (T * T * T) + a[4] / (T * T * T * T);
}

/* Z = 1 + rho d(alphar)/d(rho) (a central difference: its error is ~1e-10 here). */
static double sw_eos_z(double T, double r, double l) {
    const double h = 1e-5;
    return 1.0 + r * (sw_eos_alphar(T, r + h, l) - sw_eos_alphar(T, r - h, l)) / (2.0 * h);
}

/* The potential energy per particle, U/(N epsilon) = d(alphar)/d(1/T). */
static double sw_eos_u(double T, double r, double l) {
    double a[5], b = 1.0 / T;
    sw_eos_terms(r, l, a);
    return a[1] + 2.0 * a[2] * b + 3.0 * a[3] * b * b + 4.0 * a[4] * b * b * b;
}

/* teqp's test of this equation (src/tests/catch_test_SW.cxx): lambda = 1.5 at
 * T = 1.3144366466267958, rho = 0.2862336473147125 gives alphar = -0.8061758248466638. */
static double sw_eos_check(void) { return sw_eos_alphar(1.3144366466267958, 0.2862336473147125, 1.5) + 0.8061758248466638; }

#endif
