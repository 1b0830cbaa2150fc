/* KERNEL_GROWTH: a compression's growing hard spheres, one pair at a time. Each candidate's
 * contact distance and overlap function include the growth (scan.h's pair_grow, detector.h's
 * growing_pair_overlap); a pair that recedes is still a candidate once its contact distance
 * outgrows its relative speed. Ties go to the first candidate in scan order, as in every kernel. */
#include "engine/scan.h"
#include "interact/detector.h"
#include "measure/failure.h"

static void grow_test(scan_run *r, const pair_cand *c) {
    if (!grow_approaching(&r->growth, c)) return;
    predict_ctx *x = r->x;
    /* Cheap rejection before the square root, as the hard kernel's: where the pair approaches
     * (b < 0) and f2 >= 0, f > c + 2 b dt > 0 before c / (-2b), so the root comes no sooner; the
     * margin keeps the choice bit-identical to the full computation. */
    double sd = c->sigma * r->growth.rate;
    if (r->s.stable && c->b < 0.0 && c->c > 0.0 && v3_dot(c->dv, c->dv) >= sd * sd
        && c->c * (1.0 - 1e-9) >= -2.0 * c->b * (x->best - r->s.T)) return;
    overlap_fn f = growing_pair_overlap(c->dr, c->dv, c->sigma, c->sigma * r->growth.rate);
    edpd_root root = detect(r->s.det, f);
    if (root.branch == BRANCH_NONE) return;
    if (root.branch >= BRANCH_NEGATIVE) {  /* a naive detector's undefined answer */
        ed_failure_seen_pair(r->w, x->i, (uint32_t)c->k, r->s.T, f, root);
        if (root.branch == BRANCH_IGNORED) { note_ignored(r->w); return; }
    }
    double te = r->s.T + root.dt;
    if (te < x->best) { x->best = te; x->partner = c->k; x->fresh = 1; x->branch = root.branch; }
}

void ed_grow_indices(scan_run *r, const int32_t *cand, uint32_t m) {
    for (uint32_t k = 0; k < m; k++) {
        pair_cand c;
        pair_state(&r->s, &r->s.p[cand[k]], &c, r->s.gravity);
        pair_grow(&r->growth, &c);
        c.k = cand[k];
        r->overlaps += c.c < 0.0;
        grow_test(r, &c);
    }
}

/* One image of a pair, its growth applied (the pipeline counted the overlaps). */
void ed_grow_image(scan_run *r, const pair_cand *c) { grow_test(r, c); }
