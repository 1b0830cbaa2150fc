/* The stable detector's stepped pair tests without branches on the pairs' geometry. Whether a
 * candidate lies in a well and whether it approaches are coin tosses, so step_image's tests,
 * which branch on both and on bounds that spare square roots, mispredict about once a candidate;
 * here every candidate's event time is computed, both edges of its shell in the two lanes of one
 * square root and one division (m2.h), and the earliest kept, with the earliest of the others
 * (world.c puts a stale event's new scan off until nearly that time). The arithmetic is
 * stable_event's, so the times are those of step_image bit for bit. */
#include "scan.h"
#include "detector.h"
#include "m2.h"

/* The time to a pair's event in its shell: lane 0 the inner edge, f = (r2 - R_in^2, 2b, 2 v2);
 * lane 1 the outer, f = (R_out^2 - r2, -2b, -2 v2) (lane 0's form times -1, which is exact);
 * each by stable_event's rule, the outer edge only if strictly earlier (lane 0 of the result).
 * rr = (R_in^2, R_out^2); beyond the last step R_out = +inf: no outer edge. */
static inline m2 shell_dt(double r2, double b, double v2, m2 rr) {
    const m2 sign = m2_set(1.0, -1.0), two_sign = m2_set(2.0, -2.0), two = m2_splat(2.0), zero = m2_splat(0.0);
    m2 f0 = m2_mul(sign, m2_sub(m2_splat(r2), rr));
    m2 f1 = m2_mul(two_sign, m2_splat(b)), f2 = m2_mul(two_sign, m2_splat(v2));
    m2 disc = m2_sub(m2_mul(f1, f1), m2_mul(m2_mul(two, f2), f0));
    m2 real = m2_lt(zero, disc), appr = m2_lt(f1, zero);
    m2 sq = m2_sqrt(m2_and(real, disc));
    /* approaching: 2 f0 / (sqrt(disc) - f1); receding, turning back: (f1 + sqrt(disc)) / -f2,
     * or f1 / -f2 at the turning point if disc <= 0 */
    m2 num = m2_select(appr, m2_mul(two, f0), m2_select(real, m2_add(f1, sq), f1));
    m2 den = m2_select(appr, m2_sub(sq, f1), m2_sub(zero, f2));
    m2 dt = m2_div(num, den);
    m2 invalid = m2_le(f0, zero);
    dt = m2_andnot(m2_and(appr, invalid), dt);  /* approaching an edge already past: now */
    m2 none = m2_or(m2_andnot(m2_or(invalid, real), appr), m2_andnot(appr, m2_le(zero, f2)));
    m2 edge = m2_lt(rr, m2_splat(INFINITY));
    dt = m2_select(m2_andnot(none, edge), dt, m2_splat(INFINITY));
    m2 swapped = m2_swap(dt);
    return m2_select(m2_lt(swapped, dt), swapped, dt);
}

/* The scan's constants in registers: particle i at the scan's time, and the minimum image (L and
 * L/2 on periodic axes, 0 and +inf on others); z in lane 0 of its own register, lane 1 idle. */
typedef struct scan2 { m2 ri_xy, ri_z, vi_xy, vi_z, L_xy, L_z, half_xy, half_z; double T; } scan2;

static inline m2 wrap2(m2 d, m2 L, m2 half) {
    m2 up = m2_lt(half, d), down = m2_lt(d, m2_sub(m2_splat(0.0), half));
    return m2_sub(d, m2_sub(m2_and(L, up), m2_and(L, down)));
}

/* Candidate q's separation from particle i and their relative velocity at the scan's time, as
 * pair_state (scan.h) forms them without gravity; `flat` (2-D): z is 0 throughout. */
static inline void pair_at(const scan2 *s, const particle *q, int flat, m2 *d_xy, m2 *d_z, m2 *dv_xy, m2 *dv_z) {
    m2 dt = m2_splat(s->T - q->t), v_xy = m2_load(&q->v.x);
    m2 rk_xy = m2_add(m2_load(&q->r.x), m2_mul(v_xy, dt));
    *d_xy = wrap2(m2_sub(s->ri_xy, rk_xy), s->L_xy, s->half_xy);
    *dv_xy = m2_sub(s->vi_xy, v_xy);
    if (flat) return;
    m2 v_z = m2_set(q->v.z, 0.0), rk_z = m2_add(m2_set(q->r.z, 0.0), m2_mul(v_z, dt));
    *d_z = wrap2(m2_sub(s->ri_z, rk_z), s->L_z, s->half_z);
    *dv_z = m2_sub(s->vi_z, v_z);
}

/* x.x' + y.y' + z.z' in v3_dot's order, (x + y) + z; in 2-D x.x' + y.y' (adding z's +0 changes
 * at most the sign of a zero, which no time depends on) */
static inline double dot3(m2 a_xy, m2 a_z, m2 b_xy, m2 b_z, int flat) {
    m2 p = m2_mul(a_xy, b_xy);
    double xy = m2_lo(p) + m2_hi(p);
    return flat ? xy : xy + m2_lo(m2_mul(a_z, b_z));
}

/* Every candidate's event time, the earliest (the first in list order on a tie, as step_image
 * keeps it) and the earliest of the others (*second_out, which holds the earlier scans' too).
 * `one` and `flat` are constants where inlined: every diameter is sigma_one (the shells' squared
 * radii precomputed, steps.h), and the world is 2-D. */
static inline __attribute__((always_inline)) void stable_pass(const struct edpd_world *w, const scan_consts *sc, const int32_t *cand,
                                                             uint32_t m, int one, int flat, double *best_out, double *second_out,
                                                             int64_t *who_out, uint32_t *overlaps_out) {
    const shells *pot = &w->pot;
    const uint8_t *map = w->bonds.map;
    const uint32_t out = pot->count;
    const double sigma2 = pot->sigma_one * pot->sigma_one, near2 = pot->near2;
    const scan2 s = {m2_set(sc->ri.x, sc->ri.y), m2_set(sc->ri.z, 0.0), m2_set(sc->vi.x, sc->vi.y), m2_set(sc->vi.z, 0.0),
                     m2_set(sc->wrap_L[0], sc->wrap_L[1]), m2_set(sc->wrap_L[2], 0.0),
                     m2_set(sc->half[0], sc->half[1]), m2_set(sc->half[2], INFINITY), sc->T};
    m2 best = m2_splat(*best_out), second = m2_splat(*second_out), T = m2_splat(s.T);
    int64_t who = -1;
    uint32_t overlaps = 0;
    for (uint32_t k = 0; k < m; k++) {
        const particle *q = &sc->p[cand[k]];
        m2 d_xy, d_z = s.ri_z, dv_xy, dv_z = s.vi_z;
        pair_at(&s, q, flat, &d_xy, &d_z, &dv_xy, &dv_z);
        double r2 = dot3(d_xy, d_z, d_xy, d_z, flat), b = dot3(d_xy, d_z, dv_xy, dv_z, flat), v2 = dot3(dv_xy, dv_z, dv_xy, dv_z, flat);
        uint32_t mapped = map[cand[k]], shell;
        m2 rr;
        if (one) {
            overlaps += r2 - sigma2 < 0.0;
            shell = r2 < near2 ? mapped : out;
            rr = m2_load(pot->edge2[shell]);
        } else {
            double sg = 0.5 * (sc->sigma_i + q->sigma), reach = pot->reach * sg;
            overlaps += r2 - sg * sg < 0.0;
            shell = r2 < reach * reach * (1.0 + 1e-6) ? mapped : out;
            double e2[2];
            shell_edges2(pot, shell, sg, e2);
            rr = m2_load(e2);
        }
        m2 te = m2_add(T, shell_dt(r2, b, v2, rr));
        m2 better = m2_lt(te, best), later = m2_select(better, best, te);
        second = m2_select(m2_lt(later, second), later, second);
        best = m2_select(better, te, best);
        int64_t take = -(int64_t)m2_lo_set(better);
        who = (who & ~take) | ((int64_t)k & take);
    }
    *best_out = m2_lo(best); *second_out = m2_lo(second); *who_out = who; *overlaps_out = overlaps;
}

void stable_scan(struct edpd_world *w, const scan_consts *s, predict_ctx *x, const int32_t *cand, uint32_t m) {
    double best = x->best;
    int64_t who;
    uint32_t overlaps;
    int flat = w->dim == 2;
    if (w->one_sigma && flat) stable_pass(w, s, cand, m, 1, 1, &best, &x->second, &who, &overlaps);
    else if (w->one_sigma) stable_pass(w, s, cand, m, 1, 0, &best, &x->second, &who, &overlaps);
    else stable_pass(w, s, cand, m, 0, flat, &best, &x->second, &who, &overlaps);
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
