/* The stable detector's stepped pair tests without branches on the pairs' geometry (natively,
 * with SSE2). Whether a candidate lies in a well and whether it approaches are coin tosses, so
 * step_image's tests, which branch on both and on bounds that spare square roots, mispredict
 * about once a candidate; here every candidate's event time is computed, both edges of its
 * shell in the two lanes of one square root and one division, and the earliest kept. In
 * WebAssembly, without packed doubles, the branchy pruned test is faster (13 %, paired A/B). */
#include "scan.h"
#include "detector.h"
#ifdef __SSE2__
#include <emmintrin.h>

typedef __m128d m2;
static inline m2 m2_select(m2 mask, m2 a, m2 b) { return _mm_or_pd(_mm_and_pd(mask, a), _mm_andnot_pd(mask, b)); }

/* The time to a pair's event in its shell: lane 0 the inner edge, f = (r2 - R_in^2, 2b, 2 v2);
 * lane 1 the outer, f = (R_out^2 - r2, -2b, -2 v2) (a multiple of -1 of lane 0's form, which is
 * exact); each by stable_event's rule in its arithmetic, so the time is shell_event's bit for
 * bit: the outer edge only if strictly earlier. rr = (R_in^2, R_out^2); beyond the last step
 * R_out = +inf, and lane 1 gives +inf or NaN, which never wins. */
static inline double shell_dt(double r2, double b, double v2, m2 rr) {
    const m2 sign = _mm_set_pd(-1.0, 1.0), two_sign = _mm_set_pd(-2.0, 2.0), two = _mm_set1_pd(2.0), zero = _mm_setzero_pd();
    m2 f0 = _mm_mul_pd(sign, _mm_sub_pd(_mm_set1_pd(r2), rr));
    m2 f1 = _mm_mul_pd(two_sign, _mm_set1_pd(b)), f2 = _mm_mul_pd(two_sign, _mm_set1_pd(v2));
    m2 disc = _mm_sub_pd(_mm_mul_pd(f1, f1), _mm_mul_pd(_mm_mul_pd(two, f2), f0));
    m2 real = _mm_cmpgt_pd(disc, zero), appr = _mm_cmplt_pd(f1, zero);
    m2 sq = _mm_sqrt_pd(_mm_and_pd(real, disc));
    /* approaching: 2 f0 / (sqrt(disc) - f1); receding, turning back: (f1 + sqrt(disc)) / -f2,
     * or f1 / -f2 at the turning point if disc <= 0 */
    m2 num = m2_select(appr, _mm_mul_pd(two, f0), m2_select(real, _mm_add_pd(f1, sq), f1));
    m2 den = m2_select(appr, _mm_sub_pd(sq, f1), _mm_sub_pd(zero, f2));
    m2 dt = _mm_div_pd(num, den);
    m2 invalid = _mm_cmple_pd(f0, zero);
    dt = _mm_andnot_pd(_mm_and_pd(appr, invalid), dt);  /* approaching an edge already past: now */
    m2 none = _mm_or_pd(_mm_andnot_pd(_mm_or_pd(invalid, real), appr), _mm_andnot_pd(appr, _mm_cmpge_pd(f2, zero)));
    dt = m2_select(none, _mm_set1_pd(INFINITY), dt);
    return _mm_cvtsd_f64(_mm_min_sd(_mm_unpackhi_pd(dt, dt), dt));  /* outer < inner ? outer : inner */
}

/* Candidate q's separation from the scanned particle and their relative velocity at the scan's
 * time, as pair_state (scan.h) forms them without gravity, with z's minimum image in a vector
 * register too (a scalar select there became a branch). */
static inline void pair_at(const scan_consts *s, const particle *q, m2 *d_xy, m2 *d_z, m2 *dv_xy, m2 *dv_z) {
    m2 dt = _mm_set1_pd(s->T - q->t);
    m2 rk_xy = _mm_add_pd(_mm_loadu_pd(&q->r.x), _mm_mul_pd(_mm_loadu_pd(&q->v.x), dt));
    m2 rk_z = _mm_add_sd(_mm_load_sd(&q->r.z), _mm_mul_sd(_mm_load_sd(&q->v.z), dt));
    m2 d = _mm_sub_pd((m2)s->ri_xy, rk_xy), L = (m2)s->L_xy, half = (m2)s->half_xy;
    *d_xy = _mm_sub_pd(d, _mm_sub_pd(_mm_and_pd(L, _mm_cmpgt_pd(d, half)), _mm_and_pd(L, _mm_cmplt_pd(d, _mm_sub_pd(_mm_setzero_pd(), half)))));
    m2 dz = _mm_sub_sd(_mm_set_sd(s->ri.z), rk_z), Lz = _mm_set_sd(s->wrap_L[2]), hz = _mm_set_sd(s->half[2]);
    *d_z = _mm_sub_sd(dz, _mm_sub_sd(_mm_and_pd(Lz, _mm_cmpgt_sd(dz, hz)), _mm_and_pd(Lz, _mm_cmplt_sd(dz, _mm_sub_sd(_mm_setzero_pd(), hz)))));
    *dv_xy = _mm_sub_pd((m2)s->vi_xy, _mm_loadu_pd(&q->v.x));
    *dv_z = _mm_sub_sd(_mm_set_sd(s->vi.z), _mm_load_sd(&q->v.z));
}

/* x.x' + y.y' + z.z' in v3_dot's order, (x + y) + z */
static inline double dot3(m2 a_xy, m2 a_z, m2 b_xy, m2 b_z) {
    m2 p = _mm_mul_pd(a_xy, b_xy);
    return _mm_cvtsd_f64(_mm_add_sd(_mm_add_sd(p, _mm_unpackhi_pd(p, p)), _mm_mul_sd(a_z, b_z)));
}

/* Every candidate's event time and the earliest (the first in list order on a tie, as step_image
 * keeps it). `one` (a constant where inlined): every diameter is sigma, the shells' squared
 * radii are precomputed. */
static inline __attribute__((always_inline)) void stable_pass(const struct edpd_world *w, const scan_consts *s, const int32_t *cand,
                                                             uint32_t m, int one, double *best_out, int64_t *who_out, uint32_t *overlaps_out) {
    const shells *pot = &w->pot;
    const uint8_t *map = w->bonds.map;
    const uint32_t out = pot->count;
    double in_r[EDPD_MAX_STEPS + 1], out_r[EDPD_MAX_STEPS + 1];  /* each shell's edges, in sigma */
    m2 rr_one[EDPD_MAX_STEPS + 1];
    double sigma = w->max_sigma, near_one = 0.0;
    for (uint32_t k = 0; k <= out; k++) {
        in_r[k] = k == 0 ? 1.0 : pot->radius[k - 1];
        out_r[k] = k < out ? pot->radius[k] : INFINITY;
        double ri = in_r[k] * sigma, ro = out_r[k] * sigma;  /* shell_inner's and shell_event's radii */
        rr_one[k] = _mm_set_pd(ro * ro, ri * ri);
    }
    if (one) { double reach = pot->reach * sigma; near_one = reach * reach * (1.0 + 1e-6); }
    double best = *best_out, T = s->T;
    int64_t who = -1;
    uint32_t overlaps = 0;
    for (uint32_t k = 0; k < m; k++) {
        const particle *q = &s->p[cand[k]];
        m2 d_xy, d_z, dv_xy, dv_z;
        pair_at(s, q, &d_xy, &d_z, &dv_xy, &dv_z);
        double r2 = dot3(d_xy, d_z, d_xy, d_z), b = dot3(d_xy, d_z, dv_xy, dv_z), v2 = dot3(dv_xy, dv_z, dv_xy, dv_z);
        uint32_t mapped = map[cand[k]], shell;
        m2 rr;
        if (one) {
            overlaps += r2 - sigma * sigma < 0.0;
            shell = r2 < near_one ? mapped : out;
            rr = rr_one[shell];
        } else {
            double sg = 0.5 * (s->sigma_i + q->sigma), reach = pot->reach * sg;
            overlaps += r2 - sg * sg < 0.0;
            shell = r2 < reach * reach * (1.0 + 1e-6) ? mapped : out;
            double ri = in_r[shell] * sg, ro = out_r[shell] * sg;
            rr = _mm_set_pd(ro * ro, ri * ri);
        }
        double te = T + shell_dt(r2, b, v2, rr);
        int better = te < best;
        best = better ? te : best;
        who = better ? (int64_t)k : who;
    }
    *best_out = best; *who_out = who; *overlaps_out = overlaps;
}

void stable_scan(struct edpd_world *w, const scan_consts *s, predict_ctx *x, const int32_t *cand, uint32_t m) {
    double best = x->best;
    int64_t who;
    uint32_t overlaps;
    if (w->one_sigma) stable_pass(w, s, cand, m, 1, &best, &who, &overlaps);
    else stable_pass(w, s, cand, m, 0, &best, &who, &overlaps);
    x->overlaps += overlaps;
    if (who < 0) return;
    /* the winner's edge and branch, from the scalar test of step_image */
    pair_cand c;
    pair_state(s, &s->p[cand[who]], &c, 0);
    double r2 = v3_dot(c.dr, c.dr), reach = w->pot.reach * c.sigma;
    uint32_t shell = r2 < reach * reach * (1.0 + 1e-6) ? w->bonds.map[cand[who]] : w->pot.count;
    int outer;
    edpd_root root = shell_event(EDPD_DETECTOR_STABLE, &w->pot, shell, c.dr, c.dv, c.sigma, &outer);
    x->best = best; x->partner = cand[who]; x->fresh = 1; x->branch = root.branch; x->outer = outer; x->from = shell;
}
#endif
