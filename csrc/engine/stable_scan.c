/* The stable detector's stepped pair tests without branches on the pairs' geometry. Whether a
 * candidate lies in a well and whether it approaches are coin tosses, so step_image's tests,
 * which branch on both and on bounds that spare square roots, mispredict about once a candidate;
 * here two candidates share each register (m2.h) and every candidate's event time is computed,
 * at the one edge of its shell that the pair meets first (one square root and one division for
 * two candidates), and the earliest kept, with its edge and branch read off the same masks, and
 * the earliest of the others (world.c puts a stale event's new scan off until nearly that time).
 * The arithmetic is stable_event's, so the times and branches are those of step_image bit for
 * bit, and so is the edge wherever one edge comes strictly first (a tie of the two, which the
 * geometry rules out, would go to the inner edge here, to the outer in shell_event). */
#include "engine/scan.h"
#include "interact/detector.h"
#include "base/m2.h"

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

/* The scan's constants in registers: particle i at the scan's time, each axis splat, and the
 * minimum image per axis (L and L/2 on periodic axes, 0 and +inf on others). */
typedef struct scan2 { m2 ri[3], vi[3], L[3], half[3], T; } scan2;

static inline m2 wrap2(m2 d, m2 L, m2 half) {
    m2 up = m2_lt(half, d), down = m2_lt(d, m2_sub(m2_splat(0.0), half));
    return m2_sub(d, m2_sub(m2_and(L, up), m2_and(L, down)));
}

/* Candidates a (lane 0) and b (lane 1): separation d and relative velocity dv per axis at the
 * scan's time, as pair_state (scan.h) forms them without gravity; `flat` (2-D): no z. */
static inline void pair_at2(const scan2 *s, const particle *a, const particle *b, int flat, m2 d[3], m2 dv[3]) {
    m2 dt = m2_sub(s->T, m2_set(a->t, b->t));
    m2 ra = m2_load(&a->r.x), rb = m2_load(&b->r.x), va = m2_load(&a->v.x), vb = m2_load(&b->v.x);
    m2 r[3] = {m2_los(ra, rb), m2_his(ra, rb), m2_set(a->r.z, b->r.z)};
    m2 v[3] = {m2_los(va, vb), m2_his(va, vb), m2_set(a->v.z, b->v.z)};
    for (int x = 0; x < 3 - flat; x++) {
        d[x] = wrap2(m2_sub(s->ri[x], m2_add(r[x], m2_mul(v[x], dt))), s->L[x], s->half[x]);
        dv[x] = m2_sub(s->vi[x], v[x]);
    }
}

/* x.x' + y.y' + z.z' in v3_dot's order, (x + y) + z */
static inline m2 dot2(const m2 a[3], const m2 b[3], int flat) {
    m2 xy = m2_add(m2_mul(a[0], b[0]), m2_mul(a[1], b[1]));
    return flat ? xy : m2_add(xy, m2_mul(a[2], b[2]));
}

/* What a pass keeps: the earliest time (lane 0) with its candidate, that pair's shell and
 * edge_dt's bits, the earliest of the others (lane 0), and the overlapping pairs seen. */
typedef struct pass_state { m2 best, second; int64_t who; uint32_t shell, why, overlaps; } pass_state;

/* Candidates cand[k] and cand[k + 1] (lane 1 unused if `last`: the list's odd one out).
 * `one` and `flat` are constants where inlined: every diameter is sigma_one (the shells' squared
 * radii precomputed, steps.h), and the world is 2-D. */
static inline __attribute__((always_inline)) void pair_step(const struct edpd_world *w, const scan_consts *sc, const scan2 *s,
                                                           const int32_t *cand, uint32_t k, int last, int one, int flat,
                                                           pass_state *st) {
    const shells *pot = &w->pot;
    const uint32_t out = pot->count;
    int32_t ka = cand[k], kb = last ? ka : cand[k + 1];
    const particle *a = &sc->p[ka], *b = &sc->p[kb];
    m2 d[3], dv[3];
    pair_at2(s, a, b, flat, d, dv);
    m2 r2 = dot2(d, d, flat), bb = dot2(d, dv, flat), v2 = dot2(dv, dv, flat);
    m2 sigma2, near2;
    if (one) {
        sigma2 = m2_splat(pot->sigma_one * pot->sigma_one); near2 = m2_splat(pot->near2);
    } else {
        m2 sg = m2_mul(m2_splat(0.5), m2_add(m2_splat(sc->sigma_i), m2_set(a->sigma, b->sigma)));
        m2 reach = m2_mul(m2_splat(pot->reach), sg);
        sigma2 = m2_mul(sg, sg); near2 = m2_mul(m2_mul(reach, reach), m2_splat(1.0 + 1e-6));
    }
    int used = last ? 1 : 3;
    uint32_t over = (uint32_t)(m2_bits_set(m2_lt(m2_sub(r2, sigma2), m2_splat(0.0))) & used);
    st->overlaps += (over & 1) + (over >> 1);
    int near = m2_bits_set(m2_lt(r2, near2));
    uint32_t ma = w->bonds.map[ka], mb = w->bonds.map[kb];
    uint32_t sa = out ^ ((ma ^ out) & -(uint32_t)(near & 1)), sb = out ^ ((mb ^ out) & -(uint32_t)(near >> 1));
    m2 ea, eb;
    if (one) { ea = m2_load(pot->edge2[sa]); eb = m2_load(pot->edge2[sb]); }
    else {
        double e2a[2], e2b[2];
        shell_edges2(pot, sa, 0.5 * (sc->sigma_i + a->sigma), e2a);
        shell_edges2(pot, sb, 0.5 * (sc->sigma_i + b->sigma), e2b);
        ea = m2_load(e2a); eb = m2_load(e2b);
    }
    int why;
    m2 te = m2_add(s->T, edge_dt(first_edge(r2, bb, v2, m2_los(ea, eb), m2_his(ea, eb)), &why));
    if (last) te = m2_set(m2_lo(te), INFINITY);
    /* a then b, as one at a time would take them: the earlier of the two (a on a tie) against
     * the best so far, the later to the others */
    m2 swapped = m2_swap(te), b_first = m2_lt(swapped, te);
    m2 lo = m2_min(swapped, te), hi = m2_max(te, swapped);  /* (b < a ? b : a), and the other */
    m2 better = m2_lt(lo, st->best);
    st->second = m2_min(hi, m2_min(m2_max(st->best, lo), st->second));
    st->best = m2_min(lo, st->best);
    uint32_t lane = (uint32_t)m2_lo_set(b_first), take = -(uint32_t)m2_lo_set(better);
    st->who = (st->who & ~(int64_t)(int32_t)take) | ((int64_t)(k + lane) & (int64_t)(int32_t)take);
    st->shell = (st->shell & ~take) | ((sa ^ ((sa ^ sb) & -lane)) & take);  /* gcc makes lane ? sb : sa a branch */
    st->why = (st->why & ~take) | (((uint32_t)why >> lane) & take);
}

/* Every candidate's event time, the earliest (the first in list order on a tie, as step_image
 * keeps it) and the earliest of the others (st->second, which holds the earlier scans' too). */
static inline __attribute__((always_inline)) void stable_pass(const struct edpd_world *w, const scan_consts *sc, const int32_t *cand,
                                                             uint32_t m, int one, int flat, pass_state *st) {
    scan2 s;
    double ri[3] = {sc->ri.x, sc->ri.y, sc->ri.z}, vi[3] = {sc->vi.x, sc->vi.y, sc->vi.z};
    for (int x = 0; x < 3; x++) {
        s.ri[x] = m2_splat(ri[x]); s.vi[x] = m2_splat(vi[x]);
        s.L[x] = m2_splat(sc->wrap_L[x]); s.half[x] = m2_splat(sc->half[x]);
    }
    s.T = m2_splat(sc->T);
    uint32_t k = 0;
    for (; k + 1 < m; k += 2) pair_step(w, sc, &s, cand, k, 0, one, flat, st);
    if (k < m) pair_step(w, sc, &s, cand, k, 1, one, flat, st);
}

void stable_scan(struct edpd_world *w, const scan_consts *s, predict_ctx *x, const int32_t *cand, uint32_t m) {
    pass_state st = {m2_splat(x->best), m2_splat(x->second), -1, 0, 0, 0};
    int flat = w->dim == 2;
    if (w->one_sigma && flat) stable_pass(w, s, cand, m, 1, 1, &st);
    else if (w->one_sigma) stable_pass(w, s, cand, m, 1, 0, &st);
    else stable_pass(w, s, cand, m, 0, flat, &st);
    x->second = m2_lo(st.second);
    x->overlaps += st.overlaps;
    if (st.who < 0) return;
    int outer, branch = why_branch((int)st.why, &outer);
    x->best = m2_lo(st.best); x->partner = cand[st.who]; x->fresh = 1; x->branch = branch; x->outer = outer; x->from = st.shell;
}
