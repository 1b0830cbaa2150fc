/* KERNEL_TWO_LANE: the stable detector's stepped pair tests without branches on the pairs'
 * geometry. Whether a candidate lies in a well and whether it approaches are coin tosses, so
 * step_scan.c's tests, which branch on both and on bounds that spare square roots, mispredict
 * about once a candidate; here two candidates share each register (m2.h) and every candidate's
 * event time is computed, at the one edge of its shell that the pair meets first (two_lane.h: one
 * square root and one division for two candidates), and the earliest kept, with its edge and
 * branch read off the same masks, and the earliest of the others (predict.c puts a stale event's
 * new scan off until nearly that time). The times and branches are KERNEL_STEPS' bit for bit,
 * and so is the edge wherever one edge comes strictly first (a tie of the two, which the
 * geometry rules out, would go to the inner edge here, to the outer in shell_event). */
#include "engine/scan.h"
#include "engine/two_lane.h"

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

void ed_two_lane_indices(scan_run *r, const int32_t *cand, uint32_t m) {
    const struct edpd_world *w = r->w;
    predict_ctx *x = r->x;
    pass_state st = {m2_splat(x->best), m2_splat(x->second), -1, 0, 0, 0};
    int flat = w->dim == 2;
    if (w->one_sigma && flat) stable_pass(w, &r->s, cand, m, 1, 1, &st);
    else if (w->one_sigma) stable_pass(w, &r->s, cand, m, 1, 0, &st);
    else stable_pass(w, &r->s, cand, m, 0, flat, &st);
    x->second = m2_lo(st.second);
    r->overlaps += st.overlaps;
    if (st.who < 0) return;
    int outer, branch = why_branch((int)st.why, &outer);
    x->best = m2_lo(st.best); x->partner = cand[st.who]; x->fresh = 1; x->branch = branch; x->outer = outer; x->from = st.shell;
}
