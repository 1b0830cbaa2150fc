/* The world's record, shared by every layer above it: its particles and the structures kept with
 * them, the clocks and counters, and the kinematics every part flies particles with. */
#ifndef EDPD_WORLD_WORLD_H
#define EDPD_WORLD_WORLD_H
#include "edpd/edpd.h"
#include "base/error.h"
#include <math.h>
#include "base/vec.h"
#include "space/cells.h"
#include "base/det_trig.h"
#include "space/event_queue.h"
#include "world/neighbours.h"
#include "interact/shells.h"
#include "space/bonds.h"
#include "base/rng.h"

#define PARTNER_NONE INT32_MIN
/* No pair event known before ev_t, when every pair of the particle must be tested again: its
 * pending pair event went stale, and the other pairs' events, bounded below by second[] from its
 * last scan, come no sooner (engine/predict.c, ed_predict_stale) */
#define PARTNER_RESCAN (INT32_MIN + 1)

/* 128 bytes, 64-byte aligned: what a neighbour scan reads (r, v, t, sigma) is the first cache line. */
typedef struct particle {
    vec3 r, v;
    double t;               /* r and v are valid at time t ("delayed states") */
    double sigma;
    double ev_t;            /* time of the next impact (pair or plane), +inf if none */
    double cross_t;         /* time of the next cell crossing or neighbour-shell exit, +inf if none */
    double mass;
    int32_t partner;        /* >= 0 particle; < 0 plane -1-k; PARTNER_NONE, PARTNER_RESCAN */
    int32_t own_plane;      /* index into planes of this particle's own plate, or -1 */
    /* Stale-event rejection: an impact predicted with partner j is void once j has had an impact
     * since, that is, once j's `changed` exceeds the `predicted` of the prediction. Both are counts
     * of the world's impacts (collisions + plane impacts, each impact's serial number), so that a
     * prediction reads nothing of its partner: an impact counter would have to be copied from the
     * partner's second cache line. */
    uint64_t predicted;     /* impacts so far when the pending pair impact's partner was chosen */
    uint64_t changed;       /* the serial number of this particle's last impact (0: none) */
    int32_t cell;           /* cell of the position (cell crossings) or of the list centre (lists) */
    uint16_t cc[3];         /* the cell's coordinates (no divisions to recover them) */
    int8_t branch;          /* edpd_branch of the predicted impact */
    int8_t cross_axis, cross_dir;
    int8_t state;           /* edpd_state: a halt or a rest on its own plate froze it (engine/loop.c) */
    int8_t step_outer;      /* a stepped potential: the pending pair event is at the shell's outer boundary */
    uint8_t step_from;      /* ... and the shell it starts from (interact/shells.h) */
} particle;
_Static_assert(sizeof(particle) == 128, "particle is two cache lines");

/* The candidates of a block scan, gathered before any pair test. A scan at large N waits on
 * two rounds of cache misses (the cells' records, then the candidates), so both rounds are
 * requested first (memory.h), and a pair impact plans both particles' scans before running
 * either: four rounds of misses overlap into two. */
typedef struct block_plan {
    uint32_t cells[27];
    int count, overflow;
    uint32_t m;
    int32_t cand[27 * CELL_MAX_INLINE];
} block_plan;

/* The scan of a coming event, planned while the event before it runs (large N, engine/look_ahead.c). */
typedef enum ahead_state {
    AHEAD_NONE = 0,      /* no plan */
    AHEAD_RECORDS = 1,   /* the block's cell records requested */
    AHEAD_READY = 2,     /* checked against the event it is for: its scan may use it */
    AHEAD_GATHERED = 3,  /* candidates gathered, not yet checked */
} ahead_state;
typedef struct ahead_plan {
    block_plan pl;
    uint32_t who;        /* the particle whose event it is for */
    ahead_state state;
    double ev_t, cross_t;
    int32_t cell;        /* the particle's event and cell when planned: unchanged, or void */
} ahead_plan;

/* Block averages of the pressure for its standard error (measure/pressure.c). The measurement window
 * is cut into blocks of length tau from its start; at each edge the cumulative virial and KE
 * integral are kept. 32 blocks full, pairs merge and tau doubles, so a run of any length ends
 * with 16 to 32 blocks in fixed memory, each as long as the run allows. */
#define Z_BLOCKS_MAX 32
typedef struct z_blocks {
    double t0, tau, end;            /* window start, block length, the next edge (t0 + count tau) */
    int count;                      /* edges recorded, the window's start included */
    double virial[Z_BLOCKS_MAX + 1], ke_int[Z_BLOCKS_MAX + 1], pe_int[Z_BLOCKS_MAX + 1];
} z_blocks;

/* A particle's impacts on its own plate, and its own collapse window (engine/loop.c): a ball of a
 * ball array comes to rest as it would alone. */
typedef struct plate_count {
    uint32_t impacts, window_impacts; double window_time;
    double launched;  /* an oscillating plate's: when the ball last took off (-inf: never), and */
    double clear;     /* ... how long after that it is surely clear of the plate (moving_plane.h) */
} plate_count;

/* The overlap diagnostics' own grid, rebuilt from the positions at each scan: cells at least
 * max sigma wide, so an overlapping pair is always in neighbouring cells (measure/overlaps.c). */
typedef struct overlap_grid {
    uint32_t n[3];            /* cells per axis */
    double width[3];
    uint32_t *start;          /* n[0] n[1] n[2] + 1 offsets into order */
    uint32_t *order;          /* particle indices sorted by cell */
    uint32_t *cell;           /* each particle's cell */
    struct { vec3 r; double half_sigma; } *at;  /* by grid order: the position at the scan (in the
                                 box on periodic axes) and half the diameter, read in sequence */
    uint8_t *flags;           /* the last scan's result, kept for a second reader of the same state: */
    uint32_t pairs, planes, fell;
    double deepest;
    uint64_t at_events;       /* ... the state it was made at (events, clock) */
    double at_time;
    int valid;
} overlap_grid;

/* A naive halt or negative dt predicted, recorded in case its event is executed (measure/failure.c). */
#define FAILURE_PENDING 8
typedef struct failure_pending { uint32_t i; int32_t partner; double te; edpd_failure rec; } failure_pending;

/* A naive detector's scan reports the pairs whose shell it read off the distance (engine/scan.h);
 * the pairs move when the scan ends (world/pair_states.h). */
typedef struct adoptions { int32_t *k; uint8_t *shell; uint32_t count, cap; } adoptions;

struct edpd_world {
    edpd_config cfg;          /* validated copy; caller pointers cleared */
    uint32_t n;
    int dim;
    particle *p;
    cell_grid cells;          /* by position (cell crossings), or by list centre (neighbour lists) */
    neighbour_lists nl;       /* on: list rebuilds replace cell crossings */
    event_queue queue;
    edpd_plane *planes;       /* shared planes first, then per-particle plates */
    uint32_t shared_planes, plane_count;
    plate_count *plate;       /* each particle's impacts on its own plate (NULL: no own plates) */
    uint32_t running, halted, resting;  /* particles not frozen, frozen by a halt, come to rest */
    ahead_plan ahead[2];      /* the next event's (ahead[ahead_cur]) and the one after's */
    int ahead_cur;
    double box[3];
    int periodic[3];
    int image_ties;           /* a periodic axis of <= 4 cells: a pair may sit L/2 apart (engine/candidates.c) */
    int kernel;               /* the candidate scan's kernel (engine/scan.h), chosen at creation */
    vec3 g;
    int has_gravity;
    double max_sigma;
    int one_sigma;            /* every particle has diameter max_sigma (particle_request) */
    double time;
    shells pot;               /* the pair potential's steps (none: hard spheres) */
    bond_lists bonds;         /* the pairs' logical shells (pair_states.h) */
    adoptions adopt;          /* a naive scan's reports (naive detectors with steps only) */
    double pe, e0;            /* potential energy of the logical states; total energy at the start */
    double pe_integral, pe_time;  /* the integral of pe dt over the measurement window, to pe_time */
    uint64_t captures, releases, step_bounces, stabilizing_in, stabilizing_out, kicks;
    uint64_t soft_impacts;    /* step events and thermostat kicks: velocity changes besides impacts */
    int bonds_failed;         /* the bond lists could not grow (the run stops: engine/loop.c) */
    edpd_event_fn log;        /* the event log (edpd_set_event_log), or NULL */
    void *log_user;
    double kick_t;            /* the Andersen thermostat's next kick (+inf: none), from its own RNG */
    edpd_rng kick_rng;
    edpd_status status;
    edpd_status first_halt;   /* the first halt on a particle's own plate: the world's, once all stop */

    /* diagnostics (Sect. 3 quantities), kept per event at O(1) cost */
    uint64_t events, collisions, plane_impacts, cell_crossings, list_rebuilds, stale_events;
    uint64_t locks, takeoffs;  /* balls locked on an oscillating plate, and their take-offs */
    uint64_t stabilizing_events, negative_dt_events, three_body_events, three_body_collisions;
    uint64_t ignored_undefined;     /* naive-miss/-rewind: undefined answers taken as "no event" */
    uint64_t first_failure_event;   /* event index of the first undefined dynamics, UINT64_MAX if none */
    uint64_t hist[EDPD_HIST_BINS];
    double *t_last;           /* time of each particle's last impact (TC model only, else NULL) */
    double *second;           /* stepped potentials: each particle's earliest pair event, its pending
                               * one's partner aside, as its last scan found it (-inf: not known) */
    double sep_unit;          /* floating-point spacing at sigma */
    double virial;            /* sum over impacts of r_ij . dp_i */
    double ke, ke_integral, ke_time;
    double measure_t0;
    uint64_t measure_collisions0;
    uint64_t window_events; double window_time; /* collapse detection: impacts, clock at window start */
    z_blocks zb;              /* the virial and the KE integral at block edges: Z's error (last:
                               * its arrays stay out of the event loop's lines) */
    overlap_grid *og;         /* the overlap scan's own cells and its last result (measure/overlaps.c):
                               * a cache the read-only getters refill, so held apart from the world */
    /* compression (engine/compression.c): diameters sigma (1 + growth (t - grow_t0)) */
    double growth, grow_t0;
    double rescale_t;         /* the compression's next timed event, the earlier of: (+inf: none) */
    double scale_t, regrid_t; /* the next velocity rescale, and when the spheres outgrow the cells */
    double ke_limit;          /* ... or sooner, once the kinetic energy exceeds this (+inf: none) */
    double rescale_virial, rescale_ke_integral;  /* at the last rescale: the interval's Z from them */
    double interval_z;        /* the last interval's Z (NaN: none yet) */
    double rescaled_energy;
    double plane_work, impact_loss;  /* edpd_stats' */
    uint64_t rescales;
    edpd_failure failure;     /* the first failure (failure.c), and the candidates for it */
    failure_pending pending[FAILURE_PENDING];
    uint32_t pending_next;
};

/* Particle q now belongs to the cell at coordinates cc[] (index and coordinates kept in it). */
static inline void particle_set_cell_at(particle *q, const cell_grid *g, const int cc[3]) {
    q->cell = (int32_t)cells_index(g, cc[0], cc[1], cc[2]);
    for (int a = 0; a < 3; a++) q->cc[a] = (uint16_t)cc[a];
}
/* ... or to cell c. */
static inline void particle_set_cell(particle *q, const cell_grid *g, uint32_t c) {
    int cc[3];
    ed_cells_unindex(g, c, cc);
    q->cell = (int32_t)c;
    for (int a = 0; a < 3; a++) q->cc[a] = (uint16_t)cc[a];
}

/* The engine's one kinematics: a free flight of dt under the uniform acceleration g, written once
 * for any arithmetic type (a double, or x and y packed in a v2d: engine/scan.h). Predictions, lazy
 * updates and diagnostics all fly particles through it, so that they agree bit for bit. */
#define FLIGHT_R(r, v, g, dt, h) ((r) + ((v) * (dt) + (g) * (h)))  /* h = dt^2 / 2 */
#define FLIGHT_FREE_R(r, v, dt) ((r) + (v) * (dt))                  /* g = 0 */
#define FLIGHT_V(v, g, dt) ((v) + (g) * (dt))

/* A flight of dt from (r0, v0); gravity: g is not zero. */
static inline void flight(vec3 r0, vec3 v0, vec3 g, int gravity, double dt, vec3 *r, vec3 *v) {
    if (gravity) {
        double h = 0.5 * dt * dt;
        *r = v3(FLIGHT_R(r0.x, v0.x, g.x, dt, h), FLIGHT_R(r0.y, v0.y, g.y, dt, h), FLIGHT_R(r0.z, v0.z, g.z, dt, h));
        *v = v3(FLIGHT_V(v0.x, g.x, dt), FLIGHT_V(v0.y, g.y, dt), FLIGHT_V(v0.z, g.z, dt));
    } else {
        *r = v3(FLIGHT_FREE_R(r0.x, v0.x, dt), FLIGHT_FREE_R(r0.y, v0.y, dt), FLIGHT_FREE_R(r0.z, v0.z, dt));
        *v = v0;
    }
}

/* Room a compression's cells and neighbour lists leave the spheres to grow into: they are made
 * for diameters 10 % larger than the present ones, and made anew when the spheres reach that. */
#define GROWTH_ROOM 1.1
/* The diameters' growth at time t: sigma_i(t) = p[i].sigma grow_factor(t); exactly 1 without growth. */
static inline double grow_factor(const struct edpd_world *w, double t) { return 1.0 + w->growth * (t - w->grow_t0); }
/* The growth rate of a contact distance over itself at time t: d sigma / dt = sigma rate. */
static inline double grow_rate(const struct edpd_world *w, double t) { return w->growth == 0.0 ? 0.0 : w->growth / grow_factor(w, t); }
/* Particle q's diameter at time t. */
static inline double sigma_at(const struct edpd_world *w, const particle *q, double t) { return q->sigma * grow_factor(w, t); }

/* The clock q's state is read at: the world's, or, once q is frozen, the moment it froze. */
static inline double particle_clock(const struct edpd_world *w, const particle *q) {
    return q->state && q->state != EDPD_STATE_LOCKED ? q->t : w->time;
}

/* State of particle q at time T without touching it (lazy update). */
static inline void particle_at(const struct edpd_world *w, const particle *q, double T, vec3 *r, vec3 *v) {
    flight(q->r, q->v, w->g, w->has_gravity, T - q->t, r, v);
}

/* A ball locked on its oscillating plate (EDPD_STATE_LOCKED) at time t: on the plate, moving with it. */
static inline void locked_on_plate(const struct edpd_world *w, const particle *q, double t, vec3 *r, vec3 *v);

/* Particle i as the readouts see it at its clock: its flight, or its ride on its plate. */
static inline void particle_now(const struct edpd_world *w, uint32_t i, vec3 *r, vec3 *v) {
    const particle *q = &w->p[i];
    if (q->state == EDPD_STATE_LOCKED) locked_on_plate(w, q, w->time, r, v);
    else particle_at(w, q, particle_clock(w, q), r, v);
}

/* Particle i's position at its clock (particle_clock), inside the box on periodic axes (between
 * list rebuilds a particle may stray up to half a shell beyond an edge). */
static inline vec3 position_now(const struct edpd_world *w, uint32_t i);

/* Particle q brought to time T (lazy update). */
static inline void bring_to(const struct edpd_world *w, particle *q, double T) {
    vec3 r, v;
    particle_at(w, q, T, &r, &v);
    q->r = r; q->v = v; q->t = T;
}

/* Impacts so far, every event that changes a velocity: the serial number of the latest
 * (particle.changed, .predicted). */
static inline uint64_t impacts(const struct edpd_world *w) {
    return w->collisions + w->plane_impacts + w->soft_impacts;
}

/* The partner of q's pending pair impact if that is its next event, else -1. */
static inline int32_t pair_partner(const particle *q) {
    return q->partner >= 0 && q->ev_t <= q->cross_t ? q->partner : -1;
}

/* The time of q's next event: an impact, or a cell crossing or shell exit. */
static inline double event_key(const particle *q) { return q->ev_t < q->cross_t ? q->ev_t : q->cross_t; }

/* A request for particle k's first line, the one the pair tests read (memory.h). That line
 * (r, v, t, sigma) has no byte that is always zero; but when all diameters are equal, their
 * value is known without reading it. So in WebAssembly the request stores that diameter over k's
 * own: the same bits, nothing changes, and the store does not hold the core as a load does.
 * A world of several diameters loads. */
static inline void particle_request(struct edpd_world *w, uint32_t k) {
#if MEM_REQUEST_STALLS
    if (w->one_sigma) { mem_request_same(&w->p[k].sigma, w->max_sigma); return; }
#endif
    mem_request(&w->p[k]);
}

/* The event log's record of an event, if one is set. */
static inline void log_event(const struct edpd_world *w, edpd_event_kind kind, uint32_t a, int32_t b, double impulse, double separation) {
    edpd_event e = {w->time, (int32_t)a, b, kind, impulse, separation};
    w->log(&e, w->log_user);
}

/* Minimum-image separation on periodic axes (box edges L). */
static inline vec3 min_image_box(const int periodic[3], const double L[3], vec3 d) {
    if (periodic[0]) { if (d.x > 0.5 * L[0]) d.x -= L[0]; else if (d.x < -0.5 * L[0]) d.x += L[0]; }
    if (periodic[1]) { if (d.y > 0.5 * L[1]) d.y -= L[1]; else if (d.y < -0.5 * L[1]) d.y += L[1]; }
    if (periodic[2]) { if (d.z > 0.5 * L[2]) d.z -= L[2]; else if (d.z < -0.5 * L[2]) d.z += L[2]; }
    return d;
}
static inline vec3 min_image(const struct edpd_world *w, vec3 d) { return min_image_box(w->periodic, w->box, d); }

/* A coordinate back into [0, L) on a periodic axis (a particle strays at most delta/2 beyond
 * between list rebuilds; floor only for the far strays of a naive-rewind clock). */
static inline double wrap_periodic(double x, double L) {
    if (x >= L) x -= L;
    else if (x < 0.0) x += L;
    if (!(x >= 0.0 && x < L)) {
        x -= L * floor(x / L);
        if (!(x >= 0.0 && x < L)) x = 0.0;
    }
    return x;
}
/* A point back into the box on its periodic axes (wrap_periodic on each). */
static inline vec3 wrap_into_box(const struct edpd_world *w, vec3 r) {
    for (int a = 0; a < 3; a++)
        if (w->periodic[a]) v3_set(&r, a, wrap_periodic(v3_get(r, a), w->box[a]));
    return r;
}

static inline vec3 position_now(const struct edpd_world *w, uint32_t i) {
    vec3 r, v;
    particle_now(w, i, &r, &v);
    return wrap_into_box(w, r);
}

/* An edpd_config own_planes entry that is a plate (an all-zero normal: none). */
static inline int own_plane_given(const edpd_plane *p) { return p->normal[0] != 0.0 || p->normal[1] != 0.0 || p->normal[2] != 0.0; }

/* The planes particle i meets: the shared ones, then its own plate. A ball's plate concerns that
 * ball alone, so a scan over them costs O(shared planes), not O(balls). */
static inline uint32_t planes_met(const struct edpd_world *w, uint32_t i) { return w->shared_planes + (w->p[i].own_plane >= 0); }
static inline uint32_t plane_met(const struct edpd_world *w, uint32_t i, uint32_t j) {
    return j < w->shared_planes ? j : (uint32_t)w->p[i].own_plane;
}

/* A plane's offset and its velocity along its normal at time t (an oscillating plane's, det_trig.h;
 * a still plane's offset exactly, and 0). */
static inline double plane_offset_at(const edpd_plane *pl, double t) {
    if (pl->amplitude == 0.0) return pl->offset;
    double s, c;
    ed_det_sincos(pl->angular_frequency * t + pl->phase, &s, &c);
    return pl->offset + pl->amplitude * s;
}
static inline double plane_speed_at(const edpd_plane *pl, double t) {
    if (pl->amplitude == 0.0) return 0.0;
    double s, c;
    ed_det_sincos(pl->angular_frequency * t + pl->phase, &s, &c);
    return pl->amplitude * pl->angular_frequency * c;
}

static inline void locked_on_plate(const struct edpd_world *w, const particle *q, double t, vec3 *r, vec3 *v) {
    const edpd_plane *pl = &w->planes[q->own_plane];
    vec3 n = v3(pl->normal[0], pl->normal[1], pl->normal[2]);
    double up = plane_offset_at(pl, t) + 0.5 * q->sigma - v3_dot(n, q->r);
    *r = v3_add(q->r, v3_scale(n, up));
    *v = v3_add(v3_sub(q->v, v3_scale(n, v3_dot(n, q->v))), v3_scale(n, plane_speed_at(pl, t)));
}

/* Overlap function value of a sphere at r against a plane at time t: n.r - offset(t) - sigma/2. */
static inline double plane_gap(const edpd_plane *pl, vec3 r, double sigma, double t) {
    vec3 n = v3(pl->normal[0], pl->normal[1], pl->normal[2]);
    return v3_dot(n, r) - plane_offset_at(pl, t) - 0.5 * sigma;
}


#endif
