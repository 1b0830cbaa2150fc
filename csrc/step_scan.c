/* A stepped potential's pair tests (steps.h): particle i against its candidates, one at a time,
 * each pair in its shell, with the event at the shell's inner or outer boundary. Every candidate
 * within reach counts, approaching or not: a bound pair meets its outer step receding. (Batches
 * in two passes, as the hard spheres', were slower here: most pairs are in a well and need more
 * than one test.) */
#include "scan.h"
#include "detector.h"
#include "failure.h"
#include <math.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

/* Whether a pair inside its shell (both boundaries valid) certainly meets neither before
 * `horizon`, the best event so far: then its square roots are not needed. The inner edge's root
 * is at least f0 / (-f1) (as batch_detect's, predict.c); the outer edge, a concave f with
 * f(0) > 0, is not crossed before horizon if f(horizon) > 0. Margins far above rounding keep the
 * answer the full test's. */
static inline int steps_later(const shells *pot, uint32_t shell /* < pot->count */, const pair_cand *c, double r2, double horizon) {
    double r_in = shell_inner(pot, shell, c->sigma), f0 = r2 - r_in * r_in;
    if (!(f0 > 0.0)) return 0;
    if (c->b < 0.0 && f0 * (1.0 - 1e-9) < -2.0 * c->b * horizon) return 0;
    double r_out = pot->radius[shell] * c->sigma, g0 = r_out * r_out - r2, v2 = v3_dot(c->dv, c->dv);
    double g = g0 - 2.0 * c->b * horizon - v2 * horizon * horizon;
    return g0 > 0.0 && g > 1e-9 * (g0 + fabs(2.0 * c->b * horizon) + v2 * horizon * horizon);
}

/* The shell is the pair's logical state for the stable detector, and what the distance says for
 * the naive ones, as textbook code reads it. Inlined: a call per candidate passed the pair's
 * state through memory (+11 % collisions per second, 3-D square well). */
static inline __attribute__((always_inline)) void step_image(struct edpd_world *w, const scan_consts *s, predict_ctx *x, int32_t k, const pair_cand *c) {
    const shells *pot = &w->pot;
    double r2 = v3_dot(c->dr, c->dr), reach = pot->reach * c->sigma, reach2 = reach * reach;
    /* a bound pair is within rounding of its outermost step (Eq. 10 keeps it there): beyond
     * that, the pair is free without a look at the bonds */
    int near = r2 < reach2 * (1.0 + 1e-6);
    uint32_t shell;
    if (s->stable) {
        shell = near ? w->bonds.map[k] : pot->count;
    } else {
        /* textbook code has no state but the distance: where that disagrees with the pair's
         * history, it has moved the pair to another step without an event (steps_adopt) */
        shell = near ? shell_of_distance(pot, r2, c->sigma) : pot->count;
        uint32_t logical = w->bonds.map[k];
        if (logical != shell) {
            steps_adopt(w, x->i, (uint32_t)k, logical, shell);
            w->bonds.map[k] = (uint8_t)bond_shell(&w->bonds, pot->count, x->i, (uint32_t)k);  /* shell, unless out of memory */
        }
    }
    if (!(c->b < 0.0) && !near) return;  /* receding beyond every step */
    if (shell == pot->count && s->stable) {
        /* approaching from beyond every step: the root c / (sqrt(disc) - b) is at least c / (-2b),
         * so a pair that cannot beat the best needs no square root (as batch_detect) */
        double cc = r2 - reach2;
        if (cc > 0.0 && cc * (1.0 - 1e-9) >= -2.0 * c->b * (x->best - s->T)) return;
    }
    if (s->stable && shell < pot->count && steps_later(pot, shell, c, r2, x->best - s->T)) return;
    int outer;
    edpd_root root = shell_event(s->det, pot, shell, c->dr, c->dv, c->sigma, &outer);
    if (root.branch == BRANCH_NONE) return;
    if (root.branch >= BRANCH_NEGATIVE) {  /* a naive answer undefined: only ever at an inner boundary */
        failure_seen_pair(w, x->i, (uint32_t)k, s->T, c->dr, c->dv, shell_inner(pot, shell, c->sigma), root);
        if (root.branch == BRANCH_IGNORED) { note_ignored(w); return; }
    }
    double te = s->T + root.dt;
    if (te < x->best) { x->best = te; x->partner = k; x->fresh = 1; x->branch = root.branch; x->outer = outer; x->from = shell; }
}

static void step_candidate(struct edpd_world *w, const scan_consts *s, predict_ctx *x, int32_t k) {
    pair_cand c;
    pair_state(s, &s->p[k], &c, s->gravity);
    x->overlaps += c.c < 0.0;
    step_image(w, s, x, k, &c);
    if (!s->ties) return;
    /* a small box: the pair's other images near L/2 too (predict.c, other_images) */
    int tie = image_ties(s, c.dr);
    for (int combo = 1; combo < 8; combo++) {
        if ((combo & tie) != combo) continue;
        pair_cand e = other_image(s, &c, combo);
        step_image(w, s, x, k, &e);
    }
}

/* The stable detector's event time of a pair in shell `shell` (dr.dv = b, |dv|^2 = v2, |dr|^2 =
 * r2), at both edges at once and without branches: lane 0 the inner edge, f = (r2 - R_in^2, 2b,
 * 2 v2), lane 1 the outer, f = (R_out^2 - r2, -2b, -2 v2), each by stable_event's rule and in its
 * arithmetic, so the time is shell_event's bit for bit (the outer edge wins only if earlier).
 * Which edge, and which branch of the rule, is left to the winner's scalar test (stable_scan).
 * Natively only: in WebAssembly, without packed doubles, the branchy pruned test is faster. */
#ifdef __SSE2__
static inline v2d v2_select(v2i m, v2d a, v2d b) { return (v2d)(((v2i)a & m) | ((v2i)b & ~m)); }
static inline double stable_shell_dt(double r2, double b, double v2, double rin2, double rout2) {
    const v2d inf = v2_splat(INFINITY);
    v2d f0 = {r2 - rin2, rout2 - r2}, f1 = {2.0 * b, -2.0 * b}, f2 = {2.0 * v2, -2.0 * v2};
    v2d disc = f1 * f1 - v2_splat(2.0) * f2 * f0;
    v2i real = disc > 0.0, appr = f1 < 0.0;
    v2d sq = (v2d)_mm_sqrt_pd((__m128d)(v2d)((v2i)disc & real));
    v2d num = v2_select(appr, v2_splat(2.0) * f0, v2_select(real, f1 + sq, f1));
    v2d den = v2_select(appr, sq - f1, -f2);
    v2d dt = num / den;
    dt = v2_select(appr & (f0 <= 0.0), v2_splat(0.0), dt);                           /* stabilising */
    dt = v2_select((appr & (f0 > 0.0) & ~real) | (~appr & (f2 >= 0.0)), inf, dt);   /* no event */
    return dt[1] < dt[0] ? dt[1] : dt[0];  /* beyond the last step R_out is +inf: lane 1 is +inf or NaN */
}

/* The stable detector over candidates cand[0..m) of a world without gravity or image ties: every
 * pair's time computed without a branch on its geometry (a pair's shell and whether it approaches
 * are coin tosses), the earliest kept (the first in list order on a tie, as step_image keeps it);
 * the winner is then tested again as step_image tests it, for its edge and branch. */
static void stable_scan(struct edpd_world *w, const scan_consts *sp, predict_ctx *x, const int32_t *cand, uint32_t m) {
    const scan_consts s = *sp;
    const shells *pot = &w->pot;
    const uint8_t *map = w->bonds.map;
    double in_r[EDPD_MAX_STEPS + 1], out_r[EDPD_MAX_STEPS + 1];  /* each shell's edges in sigma; none beyond the last */
    for (uint32_t k = 0; k <= pot->count; k++) {
        in_r[k] = k == 0 ? 1.0 : pot->radius[k - 1];
        out_r[k] = k < pot->count ? pot->radius[k] : INFINITY;
    }
    double best = x->best;
    int64_t who = -1;
    uint32_t overlaps = 0;
    for (uint32_t k = 0; k < m; k++) {
        pair_cand c;
        pair_state(&s, &s.p[cand[k]], &c, 0);
        overlaps += c.c < 0.0;
        double r2 = v3_dot(c.dr, c.dr), reach = pot->reach * c.sigma, reach2 = reach * reach;
        uint32_t mapped = map[cand[k]], shell = r2 < reach2 * (1.0 + 1e-6) ? mapped : pot->count;
        double r_in = in_r[shell] * c.sigma, r_out = out_r[shell] * c.sigma;
        double te = s.T + stable_shell_dt(r2, c.b, v3_dot(c.dv, c.dv), r_in * r_in, r_out * r_out);
        int better = te < best;
        best = better ? te : best;
        who = better ? (int64_t)k : who;
    }
    x->overlaps += overlaps;
    if (who >= 0) {
        pair_cand c;
        pair_state(sp, &sp->p[cand[who]], &c, 0);
        double r2 = v3_dot(c.dr, c.dr), reach = pot->reach * c.sigma;
        uint32_t shell = r2 < reach * reach * (1.0 + 1e-6) ? map[cand[who]] : pot->count;
        int outer;
        edpd_root root = shell_event(EDPD_DETECTOR_STABLE, pot, shell, c.dr, c.dv, c.sigma, &outer);
        x->best = best; x->partner = cand[who]; x->fresh = 1; x->branch = root.branch; x->outer = outer; x->from = shell;
    }
}
#endif

void step_scan(struct edpd_world *w, const scan_consts *s, predict_ctx *x, const int32_t *cand, uint32_t m,
               const block_plan *overflow) {
    uint32_t overlaps = x->overlaps;
    bonds_spread(&w->bonds, x->i);
#ifdef __SSE2__
    if (s->stable && !s->ties && !s->gravity) stable_scan(w, s, x, cand, m);
    else
#endif
    for (uint32_t k = 0; k < m; k++) step_candidate(w, s, x, cand[k]);
    if (overflow && overflow->overflow)  /* a crowded cell's particles beyond its record */
        for (int c = 0; c < overflow->count; c++)
            for (int32_t k = cells_overflow(&w->cells, overflow->cells[c]); k >= 0; k = w->cells.next[k])
                if (k != s->self) step_candidate(w, s, x, k);
    bonds_unspread(&w->bonds, w->pot.count, x->i);
    if (!x->count_overlaps) x->overlaps = overlaps;
}
