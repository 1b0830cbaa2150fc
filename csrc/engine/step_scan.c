/* KERNEL_STEPS: a stepped potential's pair tests (shells.h), one pair at a time, each pair in its
 * shell, with the event at the shell's inner or outer boundary. Every candidate within reach
 * counts, approaching or not: a bound pair meets its outer step receding. The naive detectors'
 * tests, and the stable one's with gravity or image ties; the stable detector otherwise tests
 * every candidate without branches (stable_scan.c). This kernel keeps no second-earliest event. */
#include "engine/scan.h"
#include "interact/detector.h"
#include "measure/failure.h"

/* Whether a pair inside its shell (both boundaries valid) certainly meets neither before
 * `horizon`, the best event so far: then its square roots are not needed. The inner edge's root
 * is at least f0 / (-f1) (as hard_scan.c's rejection); the outer edge, a concave f with
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
 * state through memory. */
static inline __attribute__((always_inline)) void step_image(scan_run *r, const pair_cand *c) {
    struct edpd_world *w = r->w;
    const scan_consts *s = &r->s;
    predict_ctx *x = r->x;
    const shells *pot = &w->pot;
    int32_t k = c->k;
    double r2 = v3_dot(c->dr, c->dr), reach = pot->reach * c->sigma, reach2 = reach * reach;
    /* a bound pair is within rounding of its outermost step (Eq. 10 keeps it there): beyond
     * that, the pair is free without a look at the bonds */
    int near = r2 < reach2 * (1.0 + 1e-6);
    uint32_t shell;
    if (s->stable) {
        shell = near ? w->bonds.map[k] : pot->count;
    } else {
        /* textbook code has no state but the distance: where that disagrees with the pair's
         * history, it has moved the pair to another step without an event */
        shell = near ? shell_of_distance(pot, r2, c->sigma) : pot->count;
        if (w->bonds.map[k] != shell) scan_adopt(w, k, shell);
    }
    if (!(c->b < 0.0) && !near) return;  /* receding beyond every step */
    if (shell == pot->count && s->stable) {
        /* approaching from beyond every step: the root c / (sqrt(disc) - b) is at least c / (-2b),
         * so a pair that cannot beat the best needs no square root */
        double cc = r2 - reach2;
        if (cc > 0.0 && cc * (1.0 - 1e-9) >= -2.0 * c->b * (x->best - s->T)) return;
    }
    if (s->stable && shell < pot->count && steps_later(pot, shell, c, r2, x->best - s->T)) return;
    int outer;
    edpd_root root = shell_event(s->det, pot, shell, c->dr, c->dv, c->sigma, &outer);
    if (root.branch == BRANCH_NONE) return;
    if (root.branch >= BRANCH_NEGATIVE) {  /* a naive answer undefined: only ever at an inner boundary */
        ed_failure_seen_pair(w, x->i, (uint32_t)k, s->T, pair_overlap(c->dr, c->dv, shell_inner(pot, shell, c->sigma)), root);
        if (root.branch == BRANCH_IGNORED) { note_ignored(w); return; }
    }
    double te = s->T + root.dt;
    if (te < x->best) { x->best = te; x->partner = k; x->fresh = 1; x->branch = root.branch; x->outer = outer; x->from = shell; }
}

void ed_steps_indices(scan_run *r, const int32_t *cand, uint32_t m) {
    for (uint32_t j = 0; j < m; j++) {
        pair_cand c;
        pair_state(&r->s, &r->s.p[cand[j]], &c, r->s.gravity);
        c.k = cand[j];
        r->overlaps += c.c < 0.0;
        step_image(r, &c);
    }
}

void ed_steps_image(scan_run *r, const pair_cand *c) { step_image(r, c); }
