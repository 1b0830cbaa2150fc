/* g(r) and the speed distribution from sampled states (structure.h). */
#include "edpd/structure.h"
#include <math.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>

static const double PI = 3.14159265358979323846;

/* Counts of pair distances in [sigma + k dr, sigma + (k + 1) dr) of one sample into hist. */
static void count_pairs(const double *p, uint32_t n, const double L[3], const int periodic[3], double sigma, double dr, uint32_t bins, double *hist) {
    double rmax = sigma + bins * dr, rmax2 = rmax * rmax;
    for (uint32_t i = 0; i < n; i++)
        for (uint32_t j = i + 1; j < n; j++) {
            double d2 = 0.0;
            for (int a = 0; a < 3; a++) {
                double d = p[3 * i + a] - p[3 * j + a];
                if (periodic[a]) d -= L[a] * round(d / L[a]);
                d2 += d * d;
            }
            if (d2 >= rmax2) continue;
            double k = floor((sqrt(d2) - sigma) / dr);
            if (k >= 0.0 && k < bins) hist[(uint32_t)k] += 1.0;
        }
}

/* g at bin k of counts h over m samples (n particles, number density rho). */
static double g_of(const double *h, uint32_t k, double m, uint32_t n, double rho, int dim, double sigma, double dr) {
    double lo = sigma + k * dr, hi = lo + dr;
    double shell = dim == 3 ? 4.0 * PI / 3.0 * (hi * hi * hi - lo * lo * lo) : PI * (hi * hi - lo * lo);
    return 2.0 * h[k] / (m * n * rho * shell);
}

/* g(sigma+): a quadratic through the first 8 bins, in ln g: near contact a dense fluid's g falls
 * nearly exponentially, and a quadratic in g itself bends away from it (1 % low at eta = 0.45,
 * beyond the error it reported); in g where a bin is empty (few samples of a dilute gas). */
static double contact_of(const double *g, double sigma, double dr) {
    int logs = 1;
    for (int k = 0; k < 8; k++) logs &= g[k] > 0.0;
    double s[5] = {0}, t[3] = {0};  /* sums of x^0..x^4 and of y x^0..x^2, x from sigma, y = ln g or g */
    for (int k = 0; k < 8; k++) {
        double x = (k + 0.5) * dr, xp = 1.0, y = logs ? log(g[k]) : g[k];
        for (int e = 0; e < 5; e++) { s[e] += xp; if (e < 3) t[e] += y * xp; xp *= x; }
    }
    /* normal equations [s0 s1 s2; s1 s2 s3; s2 s3 s4] c = t, by Cramer's rule: g(sigma+) = c0 */
    double det = s[0] * (s[2] * s[4] - s[3] * s[3]) - s[1] * (s[1] * s[4] - s[3] * s[2]) + s[2] * (s[1] * s[3] - s[2] * s[2]);
    double d0 = t[0] * (s[2] * s[4] - s[3] * s[3]) - s[1] * (t[1] * s[4] - s[3] * t[2]) + s[2] * (t[1] * s[3] - s[2] * t[2]);
    (void)sigma;
    return logs ? exp(d0 / det) : d0 / det;
}

void edpd_pair_distribution_of(const double *pos, uint32_t count, uint32_t n, int dim, const double box[3], const int periodic[3],
                          double sigma, edpd_pair_distribution *out) {
    memset(out, 0, sizeof *out);
    double half = INFINITY, volume = 1.0;
    for (int a = 0; a < dim; a++) { volume *= box[a]; if (periodic[a] && 0.5 * box[a] < half) half = 0.5 * box[a]; }
    double reach = fmin(5.0 * sigma, half - sigma);
    out->dr = 0.02 * sigma;
    /* none when the box is too small to reach past contact (reach < 0), or its numbers are not finite */
    double bins = floor(reach / out->dr);
    out->bins = bins >= 1.0 ? (uint32_t)fmin(EDPD_GR_BINS, bins) : 0;
    /* the contact value's error over 8 blocks of samples, or one block a sample when there are
     * fewer (a large N's g(r) takes few samples: with empty blocks it was NaN) */
    uint32_t blocks = count < 8 ? count : 8;
    double rho = n / volume, hist[EDPD_GR_BINS] = {0}, block[8][EDPD_GR_BINS];
    memset(block, 0, sizeof block);
    for (uint32_t k = 0; k < count; k++) {
        double h[EDPD_GR_BINS] = {0};
        count_pairs(pos + 3 * (size_t)n * k, n, box, periodic, sigma, out->dr, out->bins, h);
        for (uint32_t b = 0; b < out->bins; b++) { hist[b] += h[b]; block[k * blocks / count][b] += h[b]; }
    }
    for (uint32_t b = 0; b < out->bins; b++) {
        out->r[b] = sigma + (b + 0.5) * out->dr;
        out->g[b] = g_of(hist, b, count, n, rho, dim, sigma, out->dr);
    }
    out->contact = contact_of(out->g, sigma, out->dr);
    double c[8], mean = 0.0, var = 0.0;
    for (uint32_t q = 0; q < blocks; q++) {
        double g[8], m = 0;
        for (uint32_t k = 0; k < count; k++) m += k * blocks / count == q;
        for (int b = 0; b < 8; b++) g[b] = g_of(block[q], (uint32_t)b, m, n, rho, dim, sigma, out->dr);
        c[q] = contact_of(g, sigma, out->dr);
        mean += c[q] / blocks;
    }
    for (uint32_t q = 0; q < blocks; q++) var += (c[q] - mean) * (c[q] - mean) / (blocks - 1.0);
    out->contact_error = blocks >= 2 ? sqrt(var / blocks) : NAN;
}

/* Maxwell-Boltzmann's probability of a speed in [a, b) at kT/m = kt: the 3-D (chi, 3 degrees of
 * freedom) or 2-D (Rayleigh) distribution's cumulative difference. */
static double mb_cdf(double v, int dim, double kt) {
    double x = v / sqrt(2.0 * kt);
    if (dim == 2) return 1.0 - exp(-x * x);
    return erf(x) - 2.0 * x * exp(-x * x) / sqrt(PI);
}

void edpd_speed_distribution_of(const double *vel, uint32_t count, uint32_t n, int dim, double kt, edpd_speed_distribution *out) {
    memset(out, 0, sizeof *out);
    double top = 5.0 * sqrt(kt), w = top / EDPD_SPEED_BINS;
    for (uint32_t k = 0; k < count; k++)
        for (uint32_t i = 0; i < n; i++) {
            const double *v = vel + 3 * ((size_t)n * k + i);
            double s = sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
            int b = s >= top ? EDPD_SPEED_BINS - 1 : (int)(s / w);  /* the last bin takes the tail */
            out->observed[b] += 1.0;
        }
    double total = (double)count * n;
    uint32_t used = 0;
    for (int b = 0; b < EDPD_SPEED_BINS; b++) {
        out->v[b] = (b + 0.5) * w;
        double hi = b == EDPD_SPEED_BINS - 1 ? 1.0 : mb_cdf((b + 1) * w, dim, kt);
        out->expected[b] = total * (hi - mb_cdf(b * w, dim, kt));
        if (out->expected[b] >= 5.0) {
            out->chi2 += (out->observed[b] - out->expected[b]) * (out->observed[b] - out->expected[b]) / out->expected[b];
            used++;
        }
    }
    out->dof = used ? used - 1 : 0;
}

/* The associated Legendre function P_6^m(x), m = 0..6, by the standard upward recursion in l. */
static double legendre6(int m, double x) {
    double pmm = 1.0, s = sqrt((1.0 - x) * (1.0 + x)), odd = 1.0;
    for (int k = 1; k <= m; k++) { pmm *= -odd * s; odd += 2.0; }
    if (m == 6) return pmm;
    double p1 = x * (2 * m + 1) * pmm, p0 = pmm;
    for (int l = m + 2; l <= 6; l++) {
        double pl = ((2 * l - 1) * x * p1 - (l + m - 1) * p0) / (l - m);
        p0 = p1; p1 = pl;
    }
    return p1;
}

/* One bond's Y6m (m = 0..6) added to the sums. */
static void add_bond(const double d[3], double d2, const double norm[7], double re[7], double im[7]) {
    double ct = d[2] / sqrt(d2), phi = atan2(d[1], d[0]);
    for (int m = 0; m <= 6; m++) {
        double y = norm[m] * legendre6(m, ct);
        re[m] += y * cos(m * phi);
        im[m] += y * sin(m * phi);
    }
}

/* The cell of coordinate x on an axis of nc cells of width L / nc (clamped: an open axis's
 * particles may sit outside [0, L)). */
static int cell_of(double x, double L, int nc) {
    double u = x / L;
    u -= floor(u);
    int c = (int)(u * nc);
    return c < 0 ? 0 : c >= nc ? nc - 1 : c;
}

/* The pairs closer than the cutoff are found through cells at least the cutoff wide (an axis
 * shorter than three of them is one cell), so a packing of 10^5 spheres takes well under a
 * second; NaN when out of memory. */
double edpd_bond_order_q6(const double *p, uint32_t n, const double L[3], const int periodic[3], double cutoff) {
    double re[7] = {0}, im[7] = {0}, norm[7], bonds = 0.0, c2 = cutoff * cutoff;
    for (int m = 0; m <= 6; m++) {  /* sqrt(13 / 4 pi (6 - m)! / (6 + m)!) */
        double k = 13.0 / (4.0 * PI);
        for (int t = 7 - m; t <= 6 + m; t++) k /= t;
        norm[m] = sqrt(k);
    }
    int nc[3];
    size_t cells = 1;
    for (int a = 0; a < 3; a++) {
        double k = floor(L[a] / cutoff);
        nc[a] = k >= 3.0 && k <= 1000.0 ? (int)k : 1;
        cells *= (size_t)nc[a];
    }
    int32_t *head = malloc(sizeof(int32_t) * cells), *next = malloc(sizeof(int32_t) * (n ? n : 1));
    uint32_t *home = malloc(sizeof(uint32_t) * (n ? n : 1));
    if (!head || !next || !home) { free(head); free(next); free(home); return NAN; }
    for (size_t c = 0; c < cells; c++) head[c] = -1;
    for (uint32_t i = 0; i < n; i++) {
        size_t c = 0;
        for (int a = 2; a >= 0; a--) c = c * (size_t)nc[a] + (size_t)cell_of(p[3 * i + a], L[a], nc[a]);
        home[i] = (uint32_t)c;
        next[i] = head[c];
        head[c] = (int32_t)i;
    }
    for (uint32_t i = 0; i < n; i++) {
        int ci[3] = {(int)(home[i] % (uint32_t)nc[0]), (int)(home[i] / (uint32_t)nc[0] % (uint32_t)nc[1]), (int)(home[i] / (uint32_t)(nc[0] * nc[1]))};
        int lo[3], hi[3];
        for (int a = 0; a < 3; a++) { lo[a] = nc[a] == 1 ? 0 : -1; hi[a] = nc[a] == 1 ? 0 : 1; }
        for (int dz = lo[2]; dz <= hi[2]; dz++)
            for (int dy = lo[1]; dy <= hi[1]; dy++)
                for (int dx = lo[0]; dx <= hi[0]; dx++) {
                    int o[3] = {ci[0] + dx, ci[1] + dy, ci[2] + dz}, skip = 0;
                    for (int a = 0; a < 3; a++) {
                        if (o[a] < 0 || o[a] >= nc[a]) {
                            if (!periodic[a]) skip = 1;
                            o[a] = (o[a] + nc[a]) % nc[a];
                        }
                    }
                    if (skip) continue;
                    for (int32_t j = head[(size_t)o[0] + (size_t)nc[0] * ((size_t)o[1] + (size_t)nc[1] * (size_t)o[2])]; j >= 0; j = next[j]) {
                        if ((uint32_t)j <= i) continue;  /* each pair once */
                        double d[3], d2 = 0.0;
                        for (int a = 0; a < 3; a++) {
                            d[a] = p[3 * i + a] - p[3 * (uint32_t)j + a];
                            if (periodic[a]) d[a] -= L[a] * round(d[a] / L[a]);
                            d2 += d[a] * d[a];
                        }
                        if (!(d2 < c2) || d2 == 0.0) continue;
                        add_bond(d, d2, norm, re, im);
                        bonds += 1.0;
                    }
                }
    }
    free(head); free(next); free(home);
    if (bonds == 0.0) return NAN;
    double sum = 0.0;  /* |Q6,-m| = |Q6m|: the m < 0 terms twice the m > 0 ones */
    for (int m = 0; m <= 6; m++) sum += (m ? 2.0 : 1.0) * (re[m] * re[m] + im[m] * im[m]) / (bonds * bonds);
    return sqrt(4.0 * PI / 13.0 * sum);
}
