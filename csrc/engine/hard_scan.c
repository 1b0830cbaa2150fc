/* KERNEL_HARD: hard spheres' pair tests, in two passes over batches of candidates. Pass 1,
 * without data-dependent branches, forms each pair's relative state at the scan's time and keeps
 * only approaching pairs: about half, in random order, so a branch there would be mispredicted
 * half the time. Pass 2 runs the detector (detector.h) on those. */
#include "engine/scan.h"
#include "interact/detector.h"
#include "measure/failure.h"

/* Pass 2: the detector on every approaching pair of the batch. With the stable detector, the
 * pair of the least lower bound c / (-2b) of its root goes first: its root usually sets a best
 * that the cheap rejection then holds every other pair to, before their square roots. The
 * choice is still that of a scan in candidate order: a root equal to the best wins only if its
 * pair comes earlier in the batch than the best's (`at`, 0 if the best was found before the
 * batch: an earlier scan's best keeps a tie). */
static void batch_detect(scan_run *r) {
    pair_batch *bt = &r->bt;
    predict_ctx *x = r->x;
    const scan_consts *s = &r->s;
    double best = x->best;
    uint32_t first = 0, at = 0;
    if (s->stable)  /* least c_j / (-b_j), compared as c_j (-b_f) < c_f (-b_j): -b > 0 here */
        for (uint32_t j = 1; j < bt->n; j++)
            if (bt->c[j].c * -bt->c[first].b < bt->c[first].c * -bt->c[j].b) first = j;
    for (uint32_t step = 0; step < bt->n; step++) {
        uint32_t j = step == 0 ? first : step <= first ? step - 1 : step;
        const pair_cand *c = &bt->c[j];
        if (s->stable) {
            /* Cheap rejection before the square root: the root c / (sqrt(disc) - b) is at least
             * c / (-2b). The margin keeps the choice bit-identical to the full computation. */
            double cc = c->c;
            if (cc > 0.0 && cc * (1.0 - 1e-9) >= -2.0 * c->b * (best - s->T)) continue;
        }
        edpd_root root = detect(s->det, pair_overlap(c->dr, c->dv, c->sigma));
        if (root.branch == BRANCH_NONE) continue;
        if (root.branch >= BRANCH_NEGATIVE) {  /* a naive detector's undefined answer (rare) */
            ed_failure_seen_pair(r->w, x->i, (uint32_t)c->k, s->T, pair_overlap(c->dr, c->dv, c->sigma), root);
            if (root.branch == BRANCH_IGNORED) { note_ignored(r->w); continue; }
        }
        double te = s->T + root.dt;
        if (te < best || (te == best && j < at)) {
            best = te; at = j; x->partner = c->k; x->fresh = 1; x->branch = root.branch;
        }
    }
    x->best = best;
    bt->n = 0;
}

/* Pass 1 over candidates cand[0..m), m at most the batch's free room: a loop with no call in it,
 * over a copy of the scan's constants and the batch counters in locals (with a call inside the
 * loop, or the constants read through a pointer, the compiler cannot keep them in registers
 * across the stores to the batch). Inlined, so that WebAssembly's LLVM does not reload the
 * constants from linear memory per candidate. */
static inline __attribute__((always_inline)) void pass1_run(const scan_consts *sp, pair_batch *bt, const int32_t *cand,
                                                            uint32_t m, int gravity) {
    const scan_consts s = *sp;
    uint32_t n = bt->n, overlaps = bt->overlaps;
    for (uint32_t k = 0; k < m; k++) {
        pair_cand *c = &bt->c[n];
        pair_state(&s, &s.p[cand[k]], c, gravity);
        c->k = cand[k];
        overlaps += c->c < 0.0;
        n += c->b < 0.0;  /* receding: no event for any detector */
    }
    bt->n = n; bt->overlaps = overlaps;
}

void ed_hard_indices(scan_run *r, const int32_t *cand, uint32_t m) {
    pair_batch *bt = &r->bt;
    while (m > 0) {
        uint32_t run = BATCH - bt->n < m ? BATCH - bt->n : m;
        if (r->s.gravity) pass1_run(&r->s, bt, cand, run, 1);
        else pass1_run(&r->s, bt, cand, run, 0);
        if (bt->n == BATCH) batch_detect(r);
        cand += run; m -= run;
    }
}

/* One image of a pair (the pipeline counts the overlaps of the minimum images). */
void ed_hard_image(scan_run *r, const pair_cand *c) {
    pair_batch *bt = &r->bt;
    if (!(c->b < 0.0)) return;
    bt->c[bt->n++] = *c;
    if (bt->n == BATCH) batch_detect(r);
}

void ed_hard_end(scan_run *r) {
    batch_detect(r);
    r->overlaps += r->bt.overlaps;
}
