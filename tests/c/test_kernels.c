/* Kernel agreement: every candidate-scan kernel (engine/scan.h) that applies to a world must find
 * the same event, bit for bit, as the paper's rule applied to one pair at a time in scan order
 * (Eq. 10, or the textbook's Eq. 12 for the naive detectors; a stepped potential's shell_event),
 * and the two-lane kernel's arithmetic must be stable_event's lane by lane.
 *
 * Random candidate sets in random states: overlapping pairs (stabilising events), pairs at
 * contact, grazing and receding pairs, pairs at rest, pairs a box edge's half apart in a small box
 * (their other images), crowded cells (a cell's overflow), one diameter and several, 2-D and 3-D,
 * stepped potentials with random logical states, gravity, and each detector. Compared: the time,
 * the partner, the branch, the edge and the shell of the earliest event, and the two-lane
 * kernel's second-earliest time. A kernel that batched, rejected or reordered differently from
 * the one-at-a-time rule would fail here before any trajectory changed. */
#include "check.h"
#include "edpd/edpd.h"
#include "engine/scan.h"
#include "engine/two_lane.h"
#include "engine/look_ahead.h"
#include "interact/detector.h"
#include <stdlib.h>
#include <string.h>

static uint64_t seed = 0x9E3779B97F4A7C15ull;
static double urand(void) {  /* xorshift64*, in [0, 1) */
    seed ^= seed >> 12; seed ^= seed << 25; seed ^= seed >> 27;
    return (double)((seed * 0x2545F4914F6CDD1Dull) >> 11) * 0x1.0p-53;
}
static double nrand(void) { return (urand() + urand() + urand() + urand() - 2.0) * 1.7; }
static int same_bits(double a, double b) { return memcmp(&a, &b, sizeof a) == 0; }

/* ---- the two lanes against stable_event --------------------------------------------------- */

/* The scalar answer for a pair in shell [in2, out2] (squared radii; out2 = +inf beyond the last
 * step) with |dr|^2 = r2, dr.dv = b, |dv|^2 = v2: shell_event's, the earlier of the two edges
 * by Eq. 10, the outer one only if strictly earlier. */
static edpd_root lane_reference(double r2, double b, double v2, double in2, double out2, int *outer) {
    overlap_fn fi = {r2 - in2, 2.0 * b, 2.0 * v2};
    edpd_root ri = stable_event(fi), ro = EDPD_NO_EVENT;
    if (out2 < INFINITY) {
        overlap_fn fo = {out2 - r2, -2.0 * b, -2.0 * v2};
        ro = stable_event(fo);
    }
    *outer = ro.dt < ri.dt;
    return *outer ? ro : ri;
}

/* A pair state in a shell: random vectors, some at an edge exactly, some grazing or at rest. */
static void lane_case(double *r2, double *b, double *v2, double *in2, double *out2) {
    double rin = 1.0 + (urand() < 0.5 ? 0.0 : urand()), rout = urand() < 0.2 ? INFINITY : rin * (1.05 + urand());
    *in2 = rin * rin;
    *out2 = rout * rout;
    double r = rin * (0.97 + (isfinite(rout) ? rout / rin - 0.94 : 1.0) * urand());
    int kind = (int)(urand() * 6);
    if (kind == 0) r = rin;                           /* at the inner edge */
    if (kind == 1 && isfinite(rout)) r = rout;        /* at the outer edge */
    vec3 u = v3(nrand(), nrand(), nrand()), v = v3(nrand(), nrand(), nrand());
    double un = sqrt(v3_dot(u, u));
    vec3 dr = v3_scale(u, r / un);
    if (kind == 2) v = v3_sub(v, v3_scale(dr, v3_dot(v, dr) / v3_dot(dr, dr)));  /* grazing */
    if (kind == 3) v = v3(0, 0, 0);                                              /* at rest */
    *r2 = v3_dot(dr, dr); *b = v3_dot(dr, v); *v2 = v3_dot(v, v);
}

TEST(two_lanes_are_eq10_lane_by_lane) {
    int bad = 0, cases = 0;
    for (int k = 0; k < 200000 && bad < 5; k++) {
        double r2[2], b[2], v2[2], in2[2], out2[2];
        for (int l = 0; l < 2; l++) lane_case(&r2[l], &b[l], &v2[l], &in2[l], &out2[l]);
        int why;
        m2 dt = edge_dt(first_edge(m2_set(r2[0], r2[1]), m2_set(b[0], b[1]), m2_set(v2[0], v2[1]), m2_set(in2[0], in2[1]),
                                   m2_set(out2[0], out2[1])), &why);
        for (int l = 0; l < 2; l++) {
            int outer_ref, outer;
            edpd_root ref = lane_reference(r2[l], b[l], v2[l], in2[l], out2[l], &outer_ref);
            double got = l ? m2_hi(dt) : m2_lo(dt);
            int branch = why_branch(why >> l, &outer);
            /* dt is added to the clock: a turning point of a pair at b = 0 is -0 in stable_event
             * and +0 here, the same time */
            int ok = got == ref.dt || (isnan(got) && isnan(ref.dt));
            if (ok && ref.branch != BRANCH_NONE) ok = branch == ref.branch;
            /* the edge wherever one edge's event comes strictly first */
            overlap_fn fi = {r2[l] - in2[l], 2.0 * b[l], 2.0 * v2[l]};
            if (ok && ref.branch != BRANCH_NONE && stable_event(fi).dt != ref.dt) ok = outer == outer_ref;
            cases++;
            if (!ok && bad++ < 5)
                CHECK(0, "lane %d: r2 %.17g b %.17g v2 %.17g edges %.17g %.17g: two lanes %.17g (branch %d, outer %d), Eq. 10 %.17g (branch %d, outer %d)",
                      l, r2[l], b[l], v2[l], in2[l], out2[l], got, branch, outer, ref.dt, ref.branch, outer_ref);
        }
    }
    CHECK(bad == 0, "%d of %d lanes differ from stable_event", bad, cases);
}

/* ---- the kernels on worlds ---------------------------------------------------------------- */

typedef struct found { double best, second; int32_t partner; int branch, outer; uint32_t from; uint32_t overlaps; } found;

/* A scan's context for particle i at the world's clock, as predict.c starts one; best0 < inf: a
 * pending event kept from before (a crossing's new layer), which an equal time must not beat. */
static predict_ctx start(struct edpd_world *w, uint32_t i, double best0, double second0) {
    vec3 r, v;
    particle_at(w, &w->p[i], w->time, &r, &v);
    predict_ctx x = {i, r, v, w->time, best0, isfinite(best0) ? -2 : PARTNER_NONE, 0, isfinite(best0) ? BRANCH_ROOT : BRANCH_NONE,
                     1, 0, 0, 0, 0, second0};
    return x;
}
static found result(const predict_ctx *x) {
    found f = {x->best, x->second, x->partner, x->branch, x->outer, x->from, x->overlaps};
    return f;
}

/* One pair image through the rule, one at a time: the reference. */
typedef struct reference { predict_ctx x; int steps; double times[4096]; uint32_t count; } reference;
static void ref_image(struct edpd_world *w, reference *ref, const scan_consts *s, const pair_cand *c) {
    predict_ctx *x = &ref->x;
    edpd_root root;
    int outer = 0;
    uint32_t shell = 0;
    if (!ref->steps) {
        if (!(c->b < 0.0)) { ref->times[ref->count++] = INFINITY; return; }
        root = detect(s->det, pair_overlap(c->dr, c->dv, c->sigma));
    } else {
        const shells *pot = &w->pot;
        double r2 = v3_dot(c->dr, c->dr), reach = pot->reach * c->sigma;
        int near = r2 < reach * reach * (1.0 + 1e-6);
        shell = !near ? pot->count : s->stable ? w->bonds.map[c->k] : shell_of_distance(pot, r2, c->sigma);
        if (!(c->b < 0.0) && !near) { ref->times[ref->count++] = INFINITY; return; }
        root = shell_event(s->det, pot, shell, c->dr, c->dv, c->sigma, &outer);
    }
    double te = root.branch == BRANCH_NONE || root.branch == BRANCH_IGNORED ? INFINITY : s->T + root.dt;
    if (ref->count < 4096) ref->times[ref->count++] = te;
    if (te < x->best) { x->best = te; x->partner = c->k; x->branch = root.branch; x->outer = outer; x->from = shell; }
}

static void ref_candidate(struct edpd_world *w, reference *ref, const scan_consts *s, int32_t k) {
    pair_cand c;
    pair_state(s, &s->p[k], &c, s->gravity);
    c.k = k;
    ref->x.overlaps += c.c < 0.0;
    int tie = s->ties ? image_ties(s, c.dr) : 0;
    for (int combo = 0; combo < 8; combo++) {
        if ((combo & tie) != combo) continue;
        static const scan_growth none = {0, 1.0, 0.0};
        pair_cand e = combo ? other_image(s, &none, &c, combo) : c;
        ref_image(w, ref, s, &e);
    }
}

/* The candidates a block plan holds, its crowded cells' overflow after them, in the pipeline's order. */
static uint32_t plan_members(struct edpd_world *w, const block_plan *pl, int32_t self, int32_t *out) {
    uint32_t m = 0;
    for (uint32_t k = 0; k < pl->m; k++) out[m++] = pl->cand[k];
    if (pl->overflow)
        for (int c = 0; c < pl->count; c++)
            for (int32_t k = cells_overflow(&w->cells, pl->cells[c]); k >= 0; k = w->cells.next[k])
                if (k != self) out[m++] = k;
    return m;
}

/* The earliest of the others: the second least of the times seen (the pending best's included),
 * or the context's own second if less. */
static double ref_second(const reference *ref, double best0, double second0) {
    double lo = best0, hi = INFINITY;
    for (uint32_t k = 0; k < ref->count; k++) {
        double t = ref->times[k];
        if (t < lo) { hi = lo; lo = t; } else if (t < hi) hi = t;
    }
    return hi < second0 ? hi : second0;
}

static int found_equal(const found *a, const found *b, int steps) {
    return same_bits(a->best, b->best) && a->partner == b->partner && (a->partner == PARTNER_NONE || a->branch == b->branch) &&
           (!steps || a->partner < 0 || (a->outer == b->outer && a->from == b->from)) && a->overlaps == b->overlaps;
}

typedef struct tally { int scans, events, stabilising, differ; } tally;

/* Particle i against candidates cand[0..m) (or a block plan's, overflow included) through every
 * kernel that applies, each against the reference. */
static void agree(struct edpd_world *w, uint32_t i, const int32_t *cand, uint32_t m, const block_plan *pl, const char *what, tally *t) {
    double best0 = INFINITY, second0 = INFINITY;
    if (urand() < 0.3) { best0 = w->time + urand(); second0 = best0 + urand(); }  /* an event kept from before */
    int steps = w->pot.count > 0;
    int32_t all[4096];
    uint32_t n = pl ? plan_members(w, pl, (int32_t)i, all) : m;
    if (!pl) memcpy(all, cand, sizeof(int32_t) * m);

    reference ref;
    ref.x = start(w, i, best0, second0);
    ref.steps = steps;
    ref.count = 0;
    scan_consts s;
    {
        /* the constants as the pipeline sets them up */
        predict_ctx *x = &ref.x;
        s.p = w->p; s.ri = x->r; s.vi = x->v; s.g = w->g; s.T = x->T; s.sigma_i = w->p[i].sigma;
        for (int a = 0; a < 3; a++) {
            s.L[a] = w->box[a]; s.periodic[a] = w->periodic[a];
            s.half[a] = w->periodic[a] ? 0.5 * w->box[a] : INFINITY;
            s.wrap_L[a] = w->periodic[a] ? w->box[a] : 0.0;
        }
#ifdef __SSE2__
        s.ri_xy = (v2d){x->r.x, x->r.y}; s.vi_xy = (v2d){x->v.x, x->v.y}; s.g_xy = (v2d){w->g.x, w->g.y};
        s.L_xy = (v2d){s.wrap_L[0], s.wrap_L[1]}; s.half_xy = (v2d){s.half[0], s.half[1]};
#endif
        s.gravity = w->has_gravity; s.det = w->cfg.detector; s.stable = s.det == EDPD_DETECTOR_STABLE;
        s.self = (int32_t)i; s.ties = w->image_ties;
    }
    if (steps) bonds_spread(&w->bonds, i);
    for (uint32_t k = 0; k < n; k++) ref_candidate(w, &ref, &s, all[k]);
    if (steps) bonds_unspread(&w->bonds, w->pot.count, i);
    found want = result(&ref.x);

    scan_kernel kernels[3];
    int nk = 0;
    if (!steps) kernels[nk++] = KERNEL_HARD;
    else {
        kernels[nk++] = KERNEL_STEPS;
        if (s.stable && !w->has_gravity && !w->image_ties) kernels[nk++] = KERNEL_TWO_LANE;
    }
    t->scans++;
    if (want.partner != PARTNER_NONE && want.partner >= 0) t->events++;
    if (want.branch == BRANCH_STABILISING && want.partner >= 0) t->stabilising++;
    for (int q = 0; q < nk; q++) {
        predict_ctx x = start(w, i, best0, second0);
        if (pl) ed_scan_with(w, kernels[q], pl->cand, pl->m, pl, &x);
        else ed_scan_with(w, kernels[q], cand, m, NULL, &x);
        found got = result(&x);
        static const char *names[] = {"hard", "steps", "two-lane"};
        if (!found_equal(&got, &want, steps)) {
            if (t->differ++ < 4)
                CHECK(0, "%s, particle %u, %u candidates, kernel %s: t %.17g partner %d branch %d outer %d shell %u overlaps %u; "
                      "one at a time: t %.17g partner %d branch %d outer %d shell %u overlaps %u",
                      what, i, n, names[kernels[q]], got.best, got.partner, got.branch, got.outer, got.from, got.overlaps,
                      want.best, want.partner, want.branch, want.outer, want.from, want.overlaps);
        }
        if (kernels[q] == KERNEL_TWO_LANE && !pl) {  /* its second: the earliest of the others */
            double second = ref_second(&ref, best0, second0);
            if (!same_bits(got.second, second) && t->differ++ < 4)
                CHECK(0, "%s, particle %u: two-lane second %.17g, the others' earliest %.17g", what, i, got.second, second);
        }
    }
}

/* ---- worlds --------------------------------------------------------------------------------- */

typedef struct world_spec {
    const char *name;
    int dim, gravity, steps, mixed;
    edpd_detector det;
    double box;
    uint32_t n;
} world_spec;

/* A custom world of n particles on a jittered lattice (no overlap at creation), then every
 * particle's state redrawn: positions anywhere (overlaps included), flights started at random
 * past times, some pairs set at contact, grazing or at rest, random logical states. */
static edpd_world *make_world(const world_spec *ws) {
    uint32_t n = ws->n;
    double *r = calloc(3 * n, sizeof(double)), *v = calloc(3 * n, sizeof(double)), *d = calloc(n, sizeof(double));
    int per = (int)ceil(pow((double)n, 1.0 / ws->dim));
    double a = ws->box / per;
    for (uint32_t k = 0; k < n; k++) {
        int ix = (int)(k % (uint32_t)per), iy = (int)((k / (uint32_t)per) % (uint32_t)per), iz = ws->dim == 3 ? (int)(k / ((uint32_t)per * per)) : 0;
        r[3 * k] = (ix + 0.5) * a; r[3 * k + 1] = (iy + 0.5) * a; r[3 * k + 2] = ws->dim == 3 ? (iz + 0.5) * a : 0.0;
        d[k] = ws->mixed ? 0.7 + 0.3 * urand() : 1.0;
        if (d[k] > 0.9 * a) d[k] = 0.9 * a;
    }
    edpd_config c = edpd_default_config();
    c.scenario = EDPD_SCENARIO_CUSTOM; c.n = n; c.dim = ws->dim; c.detector = ws->det;
    c.positions = r; c.velocities = v; c.diameters = d; c.diameter = 1.0;
    for (int k = 0; k < 3; k++) { c.box[k] = ws->box; c.periodic[k] = k < ws->dim; }
    edpd_plane floor_plane = {.normal = {0, 0, 1}, .offset = 0.0, .restitution = 1.0};
    if (ws->gravity) {  /* z walled, a floor under the particles */
        c.gravity[2] = -1.0; c.periodic[2] = 0; c.planes = &floor_plane; c.plane_count = 1;
    }
    if (ws->steps) { c.potential = EDPD_POTENTIAL_SQUARE_WELL; c.well_width = 1.5; c.well_depth = 1.0; }
    edpd_error err;
    edpd_world *w = edpd_create(&c, &err);
    CHECK(w != NULL, "%s: %s", ws->name, err.message);
    free(r); free(v); free(d);
    if (!w) return NULL;
    for (uint32_t k = 0; k < n; k++) {
        particle *q = &w->p[k];
        q->r = v3(urand() * ws->box, urand() * ws->box, ws->dim == 3 ? urand() * ws->box : 0.0);
        if (ws->gravity) q->r.z = 0.5 + urand() * (ws->box - 1.0);
        q->v = v3(nrand(), nrand(), ws->dim == 3 ? nrand() : 0.0);
        q->t = w->time - (urand() < 0.5 ? 0.0 : 0.3 * urand());
    }
    /* special pairs: at contact, overlapping by ulps, grazing, at rest together */
    for (uint32_t k = 0; k + 1 < n; k += 7) {
        particle *p = &w->p[k], *q = &w->p[k + 1];
        q->t = p->t;
        double sig = 0.5 * (p->sigma + q->sigma) * (w->pot.count && urand() < 0.5 ? 1.5 : 1.0);
        vec3 u = v3(nrand(), nrand(), ws->dim == 3 ? nrand() : 0.0);
        u = v3_scale(u, 1.0 / sqrt(v3_dot(u, u)));
        double gap = (int)(urand() * 3) == 0 ? 0.0 : (urand() - 0.5) * 1e-14;
        q->r = v3_add(p->r, v3_scale(u, sig + gap));
        int kind = (int)(urand() * 3);
        if (kind == 0) q->v = v3_sub(p->v, v3_scale(u, 0.3));                                  /* approaching */
        if (kind == 1) q->v = v3_add(p->v, v3(u.y, -u.x, 0.0));                                 /* grazing */
        if (kind == 2) q->v = p->v;                                                             /* at rest together */
    }
    if (ws->steps)  /* random logical states for pairs within reach */
        for (uint32_t k = 0; k < n; k++)
            for (uint32_t j = k + 1; j < n; j++) {
                vec3 dr = min_image(w, v3_sub(w->p[k].r, w->p[j].r));
                double reach = 1.5 * 0.5 * (w->p[k].sigma + w->p[j].sigma);
                if (v3_dot(dr, dr) < reach * reach * 1.1 && urand() < 0.7)
                    ed_bond_set(&w->bonds, w->pot.count, k, j, urand() < 0.8 ? 0 : 1);
            }
    return w;
}

TEST(kernels_agree_on_random_candidate_sets) {
    const world_spec specs[] = {
        {"hard spheres 3-D", 3, 0, 0, 0, EDPD_DETECTOR_STABLE, 9.0, 343},
        {"hard spheres 3-D, several diameters", 3, 0, 0, 1, EDPD_DETECTOR_STABLE, 9.0, 343},
        {"hard disks 2-D", 2, 0, 0, 0, EDPD_DETECTOR_STABLE, 16.0, 256},
        {"hard spheres under gravity", 3, 1, 0, 0, EDPD_DETECTOR_STABLE, 9.0, 216},
        {"hard spheres, naive-halt", 3, 0, 0, 0, EDPD_DETECTOR_NAIVE_HALT, 9.0, 343},
        {"hard spheres, naive-rewind", 3, 0, 0, 0, EDPD_DETECTOR_NAIVE_REWIND, 9.0, 343},
        {"hard spheres, a box of 4 (image ties)", 3, 0, 0, 0, EDPD_DETECTOR_STABLE, 4.0, 27},
        {"square well 3-D", 3, 0, 1, 0, EDPD_DETECTOR_STABLE, 12.0, 343},
        {"square well 2-D", 2, 0, 1, 0, EDPD_DETECTOR_STABLE, 20.0, 256},
        {"square well, several diameters", 3, 0, 1, 1, EDPD_DETECTOR_STABLE, 12.0, 343},
        {"square well under gravity", 3, 1, 1, 0, EDPD_DETECTOR_STABLE, 12.0, 216},
        {"square well, naive-miss", 3, 0, 1, 0, EDPD_DETECTOR_NAIVE_MISS, 12.0, 343},
        {"square well, a box of 6 (image ties)", 3, 0, 1, 0, EDPD_DETECTOR_STABLE, 6.0, 27},
    };
    for (size_t k = 0; k < sizeof specs / sizeof specs[0]; k++) {
        edpd_world *w = make_world(&specs[k]);
        if (!w) continue;
        CHECK(!specs[k].name[0] || w->image_ties == (strstr(specs[k].name, "image ties") != NULL),
              "%s: image ties %d", specs[k].name, w->image_ties);
        tally t = {0};
        int32_t cand[600];
        for (int rep = 0; rep < 12; rep++)
            for (uint32_t i = 0; i < w->n; i++) {
                uint32_t m = 0;
                for (uint32_t j = 0; j < w->n; j++)  /* a random subset in random order */
                    if (j != i && urand() < 0.3) cand[m++] = (int32_t)j;
                for (uint32_t a = m; a > 1; a--) { uint32_t b = (uint32_t)(urand() * a); int32_t x = cand[a - 1]; cand[a - 1] = cand[b]; cand[b] = x; }
                agree(w, i, cand, m, NULL, specs[k].name, &t);
            }
        printf("  %s: %d scans, %d with a pair event, %d of them stabilising, %d differ\n", specs[k].name, t.scans, t.events, t.stabilising, t.differ);
        CHECK(t.events > t.scans / 4, "%s: too few events to tell kernels apart (%d of %d)", specs[k].name, t.events, t.scans);
        if (specs[k].det == EDPD_DETECTOR_STABLE && !specs[k].gravity)
            CHECK(t.stabilising > 0, "%s: no stabilising event among the scans", specs[k].name);
        edpd_destroy(w);
    }
}

/* A crowded cell: 48 small spheres (and a large one, which sets the cells' width) in one cell,
 * beyond its record's 16 places; the pipeline scans its overflow with the same kernel. */
TEST(kernels_agree_on_crowded_cells) {
    for (int steps = 0; steps < 2; steps++) {
        uint32_t n = 60;
        double r[180], v[180] = {0}, d[60];
        d[0] = 1.0; r[0] = 4.5; r[1] = 4.5; r[2] = 4.5;
        for (uint32_t k = 1; k < n; k++) {  /* a 4 x 4 x 4 lattice of spacing 0.2 in the cell [0, 1.x)^3 */
            uint32_t j = k - 1;
            d[k] = 0.12;
            r[3 * k] = 0.1 + 0.2 * (j % 4); r[3 * k + 1] = 0.1 + 0.2 * ((j / 4) % 4); r[3 * k + 2] = 0.1 + 0.2 * (j / 16);
        }
        edpd_config c = edpd_default_config();
        c.scenario = EDPD_SCENARIO_CUSTOM; c.n = n; c.positions = r; c.velocities = v; c.diameters = d; c.diameter = 1.0;
        c.neighbours = EDPD_NEIGHBOURS_CELLS;
        for (int a = 0; a < 3; a++) { c.box[a] = 9.0; c.periodic[a] = 1; }
        if (steps) { c.potential = EDPD_POTENTIAL_SQUARE_WELL; c.well_width = 1.5; c.well_depth = 1.0; }
        edpd_error err;
        edpd_world *w = edpd_create(&c, &err);
        CHECK(w != NULL, "crowded: %s", err.message);
        if (!w) continue;
        tally t = {0};
        int overflowed = 0;
        for (int rep = 0; rep < 20; rep++) {
            for (uint32_t k = 0; k < n; k++) {  /* new flights each round; positions stay in their cells */
                w->p[k].v = v3(nrand(), nrand(), nrand());
                w->p[k].t = w->time;
            }
            for (uint32_t i = 1; i < n; i++) {
                particle *q = &w->p[i];
                int cc[3] = {q->cc[0], q->cc[1], q->cc[2]};
                block_plan pl;
                ed_plan_cells(w, cc, -1, &pl);
                ed_plan_gather(w, (int32_t)i, &pl);
                overflowed += pl.overflow != 0;
                agree(w, i, NULL, 0, &pl, steps ? "crowded square well" : "crowded hard spheres", &t);
            }
        }
        printf("  crowded %s: %d scans (%d with overflow), %d with a pair event, %d differ\n", steps ? "square well" : "hard spheres",
               t.scans, overflowed, t.events, t.differ);
        CHECK(overflowed == t.scans, "every scan of the crowded cell meets its overflow (%d of %d)", overflowed, t.scans);
        CHECK(t.events > 0, "crowded: some pair events");
        edpd_destroy(w);
    }
}

int main(void) {
    RUN(two_lanes_are_eq10_lane_by_lane);
    RUN(kernels_agree_on_random_candidate_sets);
    RUN(kernels_agree_on_crowded_cells);
    return check_report("kernels");
}
