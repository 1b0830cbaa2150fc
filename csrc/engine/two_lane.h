/* Eq. 10 on two pairs at once (stable_scan.c, KERNEL_TWO_LANE): the edge of its shell each
 * pair meets first, and the stable rule's time there, lane by lane, with the masks that say which
 * edge and which branch. The arithmetic is stable_event's (detector.h) on the chosen edge's
 * overlap function, so each lane's time and branch are stable_event's bit for bit
 * (tests/c/test_kernels.c checks them lane by lane). */
#ifndef EDPD_ENGINE_TWO_LANE_H
#define EDPD_ENGINE_TWO_LANE_H
#include "base/m2.h"
#include "interact/detector.h"

/* The edge a pair meets first, and its overlap function there (lane-wise: two pairs):
 * the inner edge, f = (r2 - R_in^2, 2b, 2 v2), if the pair approaches it and either crosses it
 * (disc > 0) or is already past it (f0 <= 0); else the outer, f = (R_out^2 - r2, -2b, -2 v2) as
 * (-1)(r2 - R_out^2) (the inner form times -1, which is exact). A pair moving inward meets its
 * inner edge before it could reach its outer one (|r + v dt|^2 falls until the closest approach). */
typedef struct edge_fn { m2 f0, f1, f2, disc, rr, inner; } edge_fn;

static inline edge_fn first_edge(m2 r2, m2 b, m2 v2, m2 in2, m2 out2) {
    const m2 two = m2_splat(2.0), zero = m2_splat(0.0);
    m2 f0 = m2_sub(r2, in2), f1 = m2_mul(two, b), f2 = m2_mul(two, v2), f1_sq = m2_mul(f1, f1);
    m2 disc = m2_sub(f1_sq, m2_mul(m2_mul(two, f2), f0));
    m2 inner = m2_and(m2_lt(f1, zero), m2_or(m2_le(f0, zero), m2_lt(zero, disc)));
    /* the outer form: (-1) x and (-2) y are -x and -(2 y) bit for bit, a flip of the sign bit */
    m2 flip = m2_andnot(inner, m2_splat(-0.0)), rr = m2_select(inner, in2, out2);
    m2 g0 = m2_xor(m2_sub(r2, out2), flip), g2 = m2_xor(f2, flip);
    m2 gdisc = m2_sub(f1_sq, m2_mul(m2_mul(two, g2), g0));
    edge_fn e = {m2_select(inner, f0, g0), m2_xor(f1, flip), g2, m2_select(inner, disc, gdisc), rr, inner};
    return e;
}

/* stable_event's time on f, lane-wise, +inf for no event; rr the edge's radius squared (+inf:
 * beyond the last step, no outer edge). *why: the masks that say which edge and which branch,
 * lane 0's in bits 0, 2, 4, 6 and lane 1's in bits 1, 3, 5, 7 (why_branch reads them). */
static inline m2 edge_dt(edge_fn e, int *why) {
    const m2 two = m2_splat(2.0), zero = m2_splat(0.0);
    m2 real = m2_lt(zero, e.disc), appr = m2_lt(e.f1, zero);
    m2 sq = m2_sqrt(m2_and(real, e.disc));
    /* approaching: 2 f0 / (sqrt(disc) - f1); receding, turning back: (f1 + sqrt(disc)) / -f2,
     * or f1 / -f2 at the turning point if disc <= 0 */
    m2 num = m2_select(appr, m2_mul(two, e.f0), m2_add(e.f1, sq));  /* sq = 0 if !real: f1 + 0 */
    m2 den = m2_select(appr, m2_sub(sq, e.f1), m2_sub(zero, e.f2));
    m2 dt = m2_div(num, den);
    m2 invalid = m2_le(e.f0, zero);
    dt = m2_andnot(m2_and(appr, invalid), dt);  /* approaching an edge already past: now */
    m2 none = m2_or(m2_andnot(m2_or(invalid, real), appr), m2_andnot(appr, m2_le(zero, e.f2)));
    m2 edge = m2_lt(e.rr, m2_splat(INFINITY));
    *why = m2_bits_set(e.inner) | m2_bits_set(appr) << 2 | m2_bits_set(invalid) << 4 | m2_bits_set(real) << 6;
    return m2_select(m2_andnot(none, edge), dt, m2_splat(INFINITY));
}

/* One lane's bits of edge_dt's *why (shifted to bits 0, 2, 4, 6): stable_event's branch for an
 * event found, and whether it is at the outer edge. */
enum { WHY_INNER = 1, WHY_APPR = 4, WHY_INVALID = 16, WHY_REAL = 64 };
static inline int why_branch(int why, int *outer) {
    *outer = !(why & WHY_INNER);
    if (why & WHY_APPR) return why & WHY_INVALID ? BRANCH_STABILISING : BRANCH_ROOT;
    return why & WHY_REAL ? BRANCH_ROOT : BRANCH_TURNING;
}

#endif
