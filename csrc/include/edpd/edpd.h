/* edpd — event-driven particle dynamics of hard spheres with stable event detection.
 *
 * Public C API, in the style of Box2D v3: a config struct with defaults, create/destroy,
 * one verb to advance, getters that copy into caller buffers, error codes plus a message,
 * no global state, no aborts on bad input.
 *
 *     edpd_config cfg = edpd_default_config();
 *     cfg.scenario = EDPD_SCENARIO_GRANULAR; cfg.n = 1000; cfg.restitution = 0.9;
 *     edpd_error err;
 *     edpd_world *w = edpd_create(&cfg, &err);
 *     if (!w) { fprintf(stderr, "%s\n", err.message); ... }
 *     edpd_advance(w, 10.0, 1000000, &err);   // to t = 10, at most 10^6 events
 *     edpd_stats s; edpd_get_stats(w, &s);
 *     edpd_destroy(w);
 *
 * Reference: Bannerman, Strobl, Formella & Pöschel, "Stable algorithm for event detection in
 * event-driven particle dynamics", Comp. Part. Mech. 1, 191–198 (2014).
 */
#ifndef EDPD_H
#define EDPD_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* What the library exports: the core is built with hidden visibility, so that a shared library
 * of it (a notebook's, say) exposes this API and nothing of the engine's own. */
#if defined(__GNUC__) || defined(__clang__)
#define EDPD_API __attribute__((visibility("default")))
#else
#define EDPD_API
#endif

#define EDPD_VERSION "0.1.0"  /* package.json's and python/pyproject.toml's too (tests/js/docs.test.js) */

/* Hard caps. They keep every allocation bounded and every loop finite. */
#define EDPD_MAX_N 4194304u     /* particles per world (2^22) */
#define EDPD_MAX_PLANES 64u     /* planes shared by all particles */
#define EDPD_MAX_TIME 1e100     /* the clock's range (and t_end's): beyond it g t^2 / 2 could overflow a position */
#define EDPD_MESSAGE_SIZE 256
#define EDPD_START_ROUNDING 1e-12 /* overlap depth, in diameters, a created world may start with: the
                                     rounding the engine's own states carry (a dumped granular gas) */
#define EDPD_HIST_HALF 64       /* impact histogram: bins -64..+64 spacings, plus 2 overflow bins */
#define EDPD_HIST_BINS (2 * EDPD_HIST_HALF + 3)

typedef enum edpd_detector {
    EDPD_DETECTOR_STABLE = 0,       /* the paper's Algorithms 1 and 2 */
    EDPD_DETECTOR_NAIVE_HALT = 1,   /* textbook formula; stop when the dynamics becomes undefined */
    EDPD_DETECTOR_NAIVE_MISS = 2,   /* textbook formula; no root / negative root = no event */
    EDPD_DETECTOR_NAIVE_REWIND = 3, /* textbook formula; negative dt executed (clock runs back) */
    EDPD_DETECTOR_COUNT = 4
} edpd_detector;

typedef enum edpd_scenario {
    EDPD_SCENARIO_GRANULAR = 0,      /* inelastic gas in a periodic box */
    EDPD_SCENARIO_ELASTIC = 1,       /* the same with restitution forced to 1 */
    EDPD_SCENARIO_BOUNCING_BALL = 2, /* the paper's Fig. 7: balls above their own plates */
    EDPD_SCENARIO_CUSTOM = 3,        /* positions/velocities/box/planes given by the caller */
    EDPD_SCENARIO_SHAKEN_BOX = 4,    /* an inelastic bed in a walled box on a vibrated floor */
    EDPD_SCENARIO_BOX = 5,           /* an experiment built from parts: walls, gravity, species, start */
    EDPD_SCENARIO_COUNT = 6
} edpd_scenario;

typedef enum edpd_code {
    EDPD_OK = 0,
    EDPD_ERR_INVALID = 1,     /* a config field or argument is out of its range */
    EDPD_ERR_MEMORY = 2,      /* allocation failed */
    EDPD_ERR_STATE = 3,       /* the call is not allowed in the world's current state */
} edpd_code;

typedef struct edpd_error {
    edpd_code code;
    char field[48];                 /* the offending config field, or "" */
    char message[EDPD_MESSAGE_SIZE];
} edpd_error;

/* A hard plane n·r = offset(t); particles live on the side n·r > offset(t). It may oscillate along
 * its normal: offset(t) = offset + amplitude sin(angular_frequency t + phase) (amplitude 0: still). */
typedef struct edpd_plane {
    double normal[3];   /* unit normal pointing into the allowed half-space */
    double offset;
    double restitution; /* normal restitution of impacts on this plane, in [0, 1] */
    double amplitude;   /* of the oscillation, >= 0 (0: a still plane) */
    double angular_frequency;  /* omega > 0 when amplitude > 0 */
    double phase;       /* at t = 0, in radians */
} edpd_plane;

/* The pair potential: hard spheres, or a hard core with steps outside it (the paper's Sect. 6):
 * U(r) = energy of step k for radius[k-1] sigma <= r < radius[k] sigma (radius[-1] = 1), 0 beyond
 * the last. A square well is one step: U = -well_depth out to well_width sigma. Each pair's step
 * is a logical state kept from its history (world/pair_states.c); restitution applies to the core only. */
typedef enum edpd_potential {
    EDPD_POTENTIAL_HARD = 0,
    EDPD_POTENTIAL_SQUARE_WELL = 1,  /* well_width, well_depth */
    EDPD_POTENTIAL_STEPS = 2,        /* steps[0 .. step_count) */
    EDPD_POTENTIAL_COUNT = 3
} edpd_potential;
#define EDPD_MAX_STEPS 8
/* A species of a mixture (the gas scenarios): count particles of one diameter and mass. */
#define EDPD_MAX_SPECIES 4
typedef struct edpd_species {
    uint32_t count;
    double diameter;
    double mass;
} edpd_species;
typedef struct edpd_step {
    double radius;  /* the step's outer edge in units of the pair's sigma: > 1, increasing */
    double energy;  /* U inside it (out to radius), finite */
} edpd_step;

/* How a box scenario's particles start (Maxwellian velocities at `temperature` in all three). */
typedef enum edpd_start {
    EDPD_START_LATTICE = 0,  /* a square (cubic) lattice filling the box, in an order shuffled by the seed */
    EDPD_START_RANDOM = 1,   /* random non-overlapping positions (random sequential addition, largest first) */
    EDPD_START_LAYERED = 2,  /* in layers from the floor up (gravity), the intruder at the bottom's middle */
} edpd_start;

/* How a prediction finds its candidate partners (trajectories differ only by rounding). */
typedef enum edpd_neighbours {
    EDPD_NEIGHBOURS_AUTO = 0,  /* lists for dense worlds without gravity (3-D phi >= 0.33, 2-D >= 0.62), else cells */
    EDPD_NEIGHBOURS_CELLS = 1, /* the 27 cells around a particle; cell-crossing events */
    EDPD_NEIGHBOURS_LISTS = 2, /* per-particle lists with a moving shell; list-rebuild events */
} edpd_neighbours;

typedef struct edpd_config {
    edpd_scenario scenario;
    edpd_detector detector;
    int dim;                 /* 2 (disks in z = 0) or 3 */
    uint32_t n;              /* particles (balls for bouncing-ball) */
    double packing_fraction; /* gas scenarios */
    double restitution;      /* normal restitution epsilon in [0, 1] (Eq. 5) */
    uint32_t seed;
    double gravity[3];       /* uniform acceleration; bouncing-ball default (0,0,-1) */
    double diameter;         /* sigma, default 1 */
    double mass;             /* default 1 */
    double temperature;      /* initial kT of gas scenarios, default 1 */
    double plate_offset;     /* bouncing-ball with n = 1: r_plate; NaN = sample from seed in [0,1) */
    double plate_amplitude;  /* bouncing-ball with n = 1: the plate oscillates as r_plate + A sin(omega t + phase);
                                shaken-box: the floor, as A + A sin(omega t + phase) */
    double plate_frequency;  /* ... its angular frequency omega (> 0 when A > 0) */
    double plate_phase;      /* ... and its phase at t = 0 */
    double box_width;        /* shaken-box: the box's inner width along each horizontal axis (0: from n) */
    double intruder_diameter;/* shaken-box: one large particle at the bottom, as dense as the bed (0: none) */
    double tc;               /* TC model: collisions within tc of a particle's last one are elastic; 0 = off */
    double elastic_until;    /* sphere impacts before this time are elastic, then `restitution` applies:
                                an equilibrium fluid first, where Haff's law starts exactly (default 0) */
    uint32_t collapse_window;/* impacts per collapse check window (default 1000) */
    double collapse_dt;      /* collapse if a whole window advances the clock by <= this (default 1e-10) */
    edpd_neighbours neighbours; /* candidate search (default auto); lists need zero gravity */

    /* EDPD_SCENARIO_CUSTOM only (ignored otherwise). Arrays of n*3 doubles. */
    const double *positions;
    const double *velocities;
    const double *diameters; /* optional: n per-particle diameters (NULL = all `diameter`) */
    const double *masses;    /* optional: n per-particle masses (NULL = all `mass`) */
    double box[3];           /* box edge lengths */
    int periodic[3];         /* 1 = periodic axis; 0 = open axis (planes, if any, are the walls;
                                a plane's normal must be 0 along periodic axes) */
    const edpd_plane *planes;
    uint32_t plane_count;
    const edpd_plane *own_planes; /* optional: n plates, particle i's met by particle i alone (a ball
                                     array's, the paper's Fig. 7); an all-zero normal: none */
    double start_time;       /* the clock at creation, in [-1e9, 1e9] (default 0): a loaded state
                                runs on from its own Time (`edpd run --load`) */
    const uint32_t *bonds;   /* optional, a stepped potential: bond_count (i, j, shell) triples, the pairs
                                whose logical shell is not the one their distance says (a state file's) */
    uint32_t bond_count;

    /* The pair potential (edpd_potential; default hard spheres). */
    edpd_potential potential;
    double well_width;       /* square well: its edge in diameters, lambda (default 1.5) */
    double well_depth;       /* square well: U = -well_depth inside, the energy unit (default 1) */
    edpd_step steps[EDPD_MAX_STEPS];  /* EDPD_POTENTIAL_STEPS: the steps, innermost first */
    uint32_t step_count;
    /* Andersen thermostat: at rate thermostat_rate per particle a random particle draws a new
     * velocity at the bath's temperature (0: off, NVE); from quench_at on the bath is at quench_to;
     * after thermostat_until no kicks come (NVE from the last one on). */
    double thermostat_rate;
    double bath_temperature;
    double quench_at;        /* EDPD_MAX_TIME: never (default) */
    double quench_to;
    double thermostat_until; /* EDPD_MAX_TIME: never (default) */

    /* A mixture in the gas scenarios: species_count species (0: all particles `diameter` and
     * `mass`), their counts summing to n, placed on the lattice in an order shuffled by the seed;
     * the packing fraction counts every species' volume. Contact distances are additive,
     * sigma_ij = (sigma_i + sigma_j) / 2. */
    edpd_species species[EDPD_MAX_SPECIES];
    uint32_t species_count;

    /* Compression (Lubachevsky-Stillinger): every diameter grows as sigma_i(t) = sigma_i(t0)
     * (1 + growth_rate (t - t0)) from the start t0, hard spheres only. An impact leaves its pair
     * separating faster than their contact distance grows; the kinetic energy this pumps in is
     * taken out by rescaling the velocities to `temperature` every rescale_interval (or sooner,
     * once the kinetic energy has doubled). The run stops as jammed once a rescale interval's
     * reduced pressure exceeds jam_pressure. */
    double growth_rate;      /* gamma, per unit time (0: off, the default) */
    double rescale_interval; /* default 1 */
    double jam_pressure;     /* default 1e12 */

    /* The box scenario (an experiment built from parts): a square (cubic) box whose edge holds the
     * particles at packing_fraction; walls on the axes of `walls` (a set, bit a for axis a: 1 x,
     * 2 y, 4 z), periodic along the others, of restitution wall_restitution; gravity of magnitude
     * g down the vertical (y in 2-D, z in 3-D), tilted by gravity_angle degrees towards +x; the
     * particles started by `start`. A vibrated floor (plate_amplitude > 0) is the lower wall of
     * the vertical, its lowest point at 0 (A + A sin(omega t + phase)); an intruder
     * (intruder_diameter > 0) is one more particle than the species' counts, the last. */
    uint32_t walls;          /* EDPD_WALLS_*: 0 none .. 7 all three axes (default 3 for box: x and y) */
    double wall_restitution; /* the walls' restitution, in [0, 1] (default 1) */
    double wall_restitutions[6]; /* ... or each wall's own, x-, x+, y-, y+ (z-, z+): wall_restitution_count */
    uint32_t wall_restitution_count; /* 0 (all walls wall_restitution) or 2 dim */
    double gravity_angle;    /* degrees in [-90, 90] from straight down towards +x (default 0) */
    edpd_start start;        /* the initial positions (default lattice) */
} edpd_config;

/* A world's state, and a particle's (edpd_get_particle_states). A halt or a collapse between a
 * particle and its own plate (a ball array's ball, each a system of its own) stops that particle
 * alone: it is frozen as it was then, and the world runs on until nothing is left running. It
 * has then halted if any particle halted (its status tells the first halt), else collapsed. */
typedef enum edpd_state {
    EDPD_STATE_RUNNING = 0,
    EDPD_STATE_HALTED = 1,   /* naive-halt met undefined dynamics */
    EDPD_STATE_COLLAPSE = 2, /* the clock stopped advancing: inelastic collapse (a ball: at rest) */
    EDPD_STATE_JAMMED = 3,   /* a compression's reduced pressure passed jam_pressure, or its clock stalled */
    EDPD_STATE_LOCKED = 4,   /* a ball (not the world): riding its oscillating plate after chattering,
                                until the plate falls away faster than gravity (its take-off) */
} edpd_state;

typedef enum edpd_stop {
    EDPD_STOP_TIME = 0,      /* reached the requested time */
    EDPD_STOP_BUDGET = 1,    /* the event budget ran out first */
    EDPD_STOP_HALTED = 2,
    EDPD_STOP_COLLAPSE = 3,
    EDPD_STOP_ERROR = 4,
    EDPD_STOP_JAMMED = 5,    /* a compression jammed (EDPD_STATE_JAMMED) */
} edpd_stop;

typedef struct edpd_status {
    edpd_state state;
    const char *reason;  /* "no-real-root", "overlap-approaching", "collapse", "jammed" or NULL; "stalled":
                            an elastic compression jammed by its clock standing still (the gaps at
                            rounding) before its pressure passed jam_pressure */
    uint64_t event;      /* event index at which the state changed */
    double time;         /* simulation time of that event */
    int32_t particle_a;  /* particles involved (-1 if none) */
    int32_t particle_b;  /* partner particle, or -1 - plane index for a plane */
} edpd_status;

typedef struct edpd_stats {
    double time;
    uint64_t events;              /* executed events of every kind */
    uint64_t collisions;          /* sphere-sphere impacts */
    uint64_t plane_impacts;       /* sphere-plane impacts */
    uint64_t cell_crossings;      /* bookkeeping events: a particle enters a new cell (cell search) */
    uint64_t list_rebuilds;       /* bookkeeping events: a particle leaves its neighbour shell (neighbour lists) */
    uint64_t stale_events;        /* popped predictions invalidated by a partner's collision (with a
                                     stepped potential: put off, or the new scan they were put off to) */
    uint64_t stabilizing_events;  /* impacts scheduled because an overlap was deepening (Sect. 4.1) */
    uint64_t negative_dt_events;  /* executed events with dt < 0 (naive-rewind) */
    uint64_t three_body_events;   /* impacts after which a particle overlaps two others (each counted) */
    uint64_t three_body_collisions; /* the paper's Fig. 5: collisions (not stabilising events) whose pair
                                     overlaps at impact while one of them overlaps a third particle */
    uint64_t ignored_undefined;   /* naive-miss/-rewind: undefined answers taken as "no event" */
    uint64_t first_failure_event; /* events before the first undefined dynamics met by a naive
                                     detector (halt, ignored root, executed negative dt); UINT64_MAX if none */
    uint32_t overlapping_pairs;   /* now: sphere-sphere pairs with |r_ij| < sigma */
    uint32_t plane_overlaps;      /* now: spheres overlapping a plane */
    double max_overlap;           /* now: deepest overlap, in units of sigma */
    uint32_t fell_through;        /* now: spheres entirely on the wrong side of a plane */
    uint32_t halted_particles;    /* stopped by a naive halt on their own plate (a ball array's balls) */
    uint32_t resting_particles;   /* stopped at rest on their own plate: a collapse of that ball alone */
    uint64_t plate_locks;         /* chattering on an oscillating plate ended in a ride on it (EDPD_STATE_LOCKED) */
    uint64_t plate_takeoffs;      /* ... and the rides' ends: the plate fell away faster than gravity */
    /* A stepped potential (square well): its events and energies. */
    uint64_t captures;            /* pairs crossing a step inward */
    uint64_t releases;            /* pairs crossing a step outward */
    uint64_t step_bounces;        /* pairs turned back at a step (too little radial energy to cross) */
    uint64_t inward_stabilizing_events;  /* Eq. 10 at a step's inner edge: a pair past it inward by rounding, turned at once */
    uint64_t outward_stabilizing_events; /* ... at its outer edge: a bound pair past it outward by rounding */
    uint64_t thermostat_kicks;    /* Andersen thermostat events */
    double potential_energy;      /* sum of U over the pairs' logical states */
    double total_energy;          /* kinetic + potential */
    double energy_drift;          /* total_energy - its value at the start, or at the thermostat's last kick once
                                   * thermostat_until has passed (NVE: rounding; not with a thermostat) */
    double positions_potential_energy; /* U counted from the pairs' distances now */
    uint32_t disagreeing_pairs;   /* pairs whose logical step differs from their distance's beyond rounding */
    uint32_t rounding_pairs;      /* ... within rounding of the step between them */
    double kinetic_energy;
    double temperature;           /* 2 KE / (dim N) */
    double pressure_z;            /* collision-virial compressibility factor PV/(N kT) */
    double pressure_z_error;      /* its standard error, from block averages of the measurement
                                     window (16 to 32 blocks); NaN with fewer than 16 blocks or no Z.
                                     Honest for fluids (test_gas: against the spread over seeds),
                                     blind to what relaxes slower than a block: near the 2-D
                                     hexatic transition (phi = 0.68) 1.5-3 times too small */
    double mean_free_time;        /* N t / (2 collisions) */
    double potential_energy_mean; /* U's time average over the measurement window (a stepped potential's) */
    double potential_energy_mean_error;  /* its standard error from the window's block averages (as Z's) */
    double kinetic_energy_mean;   /* KE's time average over the measurement window */
    double kinetic_energy_mean_error;
    uint64_t state_hash;
    /* Compression (growth_rate > 0); also the packing fraction of any world. */
    double packing_fraction_now;  /* the particles' volume (area in 2-D) over the box's, now (config's packing_fraction: at the start) */
    double interval_pressure_z;   /* the last rescale interval's Z (NaN: none yet) */
    uint64_t rescales;            /* velocity rescales so far */
    double rescaled_energy;       /* kinetic energy the rescales added (negative: took out) */
    /* Where the mechanical energy went: with gravity, KE + sum m g.r changes only by these. */
    double plane_work;            /* kinetic energy the planes' impacts gave (an oscillating floor's input;
                                     an inelastic wall's loss counts negative) */
    double impact_loss;           /* kinetic energy the spheres' inelastic impacts took out */
} edpd_stats;

/* Configuration with every default filled in. */
EDPD_API edpd_config edpd_default_config(void);
/* Defaults of a scenario (restitution, gravity, n, packing fraction). */
EDPD_API edpd_config edpd_scenario_config(edpd_scenario scenario);

/* Check a config without building a world. */
EDPD_API edpd_code edpd_validate_config(const edpd_config *cfg, edpd_error *err);

/* Steps from text, "radius energy; radius energy; ..." innermost first (radii in diameters): the
 * CLI's --steps, the JavaScript API's steps and the state files' steps=. Into steps[] and *count;
 * EDPD_ERR_INVALID (field "steps") if the text is not 1 to EDPD_MAX_STEPS such entries. The
 * values' ranges are edpd_validate_config's. */
EDPD_API edpd_code edpd_parse_steps(const char *text, edpd_step steps[EDPD_MAX_STEPS], uint32_t *count, edpd_error *err);
/* Species from text, "count diameter [mass]; ..." (mass default 1): the CLI's --species and the
 * JavaScript API's species. EDPD_ERR_INVALID (field "species") if not 1 to EDPD_MAX_SPECIES entries. */
EDPD_API edpd_code edpd_parse_species(const char *text, edpd_species species[EDPD_MAX_SPECIES], uint32_t *count, edpd_error *err);

typedef struct edpd_world edpd_world;

/* Returns NULL and fills err on bad input or memory failure. */
EDPD_API edpd_world *edpd_create(const edpd_config *cfg, edpd_error *err);
EDPD_API void edpd_destroy(edpd_world *w);

/* The one verb: execute events up to simulation time t_end or until max_events have been
 * executed, whichever comes first; then the world clock is t_end (time stop) or the time of the
 * last event. Halts and collapses end the call. Returns why it stopped. t_end is +infinity or a
 * number within EDPD_MAX_TIME, not before the clock (except for naive-rewind). The clock stays
 * within +-EDPD_MAX_TIME: an event predicted beyond it never happens. */
EDPD_API edpd_stop edpd_advance(edpd_world *w, double t_end, uint64_t max_events, edpd_error *err);

EDPD_API edpd_status edpd_get_status(const edpd_world *w);
/* The first halt of a particle on its own plate (a ball array's ball stops alone and the others run
 * on), state EDPD_STATE_HALTED, while the world may still run; state EDPD_STATE_RUNNING if none. */
EDPD_API edpd_status edpd_get_first_halt(const edpd_world *w);

/* The first undefined dynamics a naive detector met — its halt, an answer it ignored, or a
 * negative dt it executed — as the overlap function there (Eqs. 7 and 11), so that a viewer can
 * draw it as the paper's Fig. 1 and show what each detector answers for it:
 *   f(dt) = f0 + f1 dt + f2 dt^2 / 2
 * a pair: |dr + dv dt|^2 - sigma^2 (f0 = |dr|^2 - sigma^2, f1 = 2 dr.dv, f2 = 2 |dv|^2, dr = r_a - r_b);
 * a sphere and plane: its gap to contact (f0 = n.r - offset - sigma/2, f1 = n.v, f2 = n.g).
 * A stable run never has one. */
typedef struct edpd_failure {
    int found;                 /* 0: no failure (yet) */
    uint64_t event;            /* events executed before it: stats.first_failure_event */
    double time;               /* the clock when the detector was asked */
    int32_t particle_a;
    int32_t particle_b;        /* the partner, or -1 - plane index */
    double f0, f1, f2;
    double naive_dt;           /* the textbook formula's earlier root (Eq. 12): negative, or NaN */
    const char *naive_answer;  /* "negative-root" or "no-real-root" */
    const char *naive_action;  /* what the detector did: "halted", "ignored" or "executed" */
    double stable_dt;          /* the paper's rule (Eq. 10) for the same f: 0, the turning point, a root, or +inf */
    const char *stable_answer; /* "stabilising", "turning-point", "root" or "none" */
} edpd_failure;
EDPD_API void edpd_get_first_failure(const edpd_world *w, edpd_failure *out);
EDPD_API void edpd_get_stats(const edpd_world *w, edpd_stats *out);
EDPD_API uint32_t edpd_particle_count(const edpd_world *w);
EDPD_API double edpd_time(const edpd_world *w);
/* The largest |clock| at which this world's motion is still resolved, as it moves now: a clock
 * rounds to 2^-52 of its value, and beyond this that rounding exceeds 1e-9 of the time the
 * fastest particle takes to cross the smallest diameter (or to fall one): impacts then land off
 * their roots. About 1e6 for a gas at kT = 1 in units of its diameter; a world is refused at a
 * start_time beyond it. */
EDPD_API double edpd_exact_clock(const edpd_world *w);
EDPD_API const edpd_config *edpd_get_config(const edpd_world *w);

/* A compression's clock at which the packing fraction reaches phi: t0 + ((phi / phi0)^(1/dim) - 1) /
 * growth_rate (phi0 at the start t0); NaN without growth or if phi is below the start's. */
EDPD_API double edpd_time_at_packing_fraction(const edpd_world *w, double phi);

/* The contact network now: pairs whose gap |r_ij| - sigma_ij is below `gap` sigma_ij (a jammed
 * packing's contacts at its pressure), rattlers (fewer than dim + 1 contacts, removed until none
 * is left) excluded. counts (N, or NULL) gets each particle's contacts (0 for a rattler); pairs
 * (2 cap, or NULL) the first cap contacts between non-rattlers. */
typedef struct edpd_contacts {
    uint32_t contacts;      /* between non-rattlers */
    uint32_t rattlers;
    double mean_contacts;   /* per non-rattler: 2 contacts / (N - rattlers); 2 dim when isostatic */
} edpd_contacts;
EDPD_API edpd_code edpd_get_contacts(const edpd_world *w, double gap, edpd_contacts *out, uint32_t *counts, uint32_t *pairs, uint32_t cap, edpd_error *err);

/* Copy N*3 positions / velocities at the current clock into out (caller allocates 3N doubles). */
EDPD_API void edpd_get_positions(const edpd_world *w, double *out);
EDPD_API void edpd_get_velocities(const edpd_world *w, double *out);
EDPD_API void edpd_get_positions_f32(const edpd_world *w, float *out);
/* Both at once (one flight per particle): what a sampler of the trajectory reads. */
EDPD_API void edpd_get_state(const edpd_world *w, double *positions, double *velocities);
/* Marks particles that overlap something now, or lie wholly beyond a plane (1), into out (N bytes). */
EDPD_API void edpd_get_overlap_flags(const edpd_world *w, uint8_t *out);
/* Box edge lengths. */
EDPD_API void edpd_get_box(const edpd_world *w, double out[3]);
/* Which axes are periodic (1) or bounded (0, by walls or planes, or the 2-D plane's axis). */
EDPD_API void edpd_get_periodic(const edpd_world *w, int out[3]);
/* The uniform acceleration as the world has it (a box's or a 2-D bed's turned to its vertical). */
EDPD_API void edpd_get_gravity(const edpd_world *w, double out[3]);
/* The N particles' diameters at the clock (caller allocates N doubles). */
EDPD_API void edpd_get_diameters(const edpd_world *w, double *out);
EDPD_API void edpd_get_masses(const edpd_world *w, double *out);
/* The planes every particle meets (not a ball array's per-ball plates): copies at most cap of
 * them into out and returns how many there are. */
EDPD_API uint32_t edpd_get_planes(const edpd_world *w, edpd_plane *out, uint32_t cap);
/* Each particle's own plate (N planes: a ball array's per-ball plates), an all-zero plane for a
 * particle without one; returns how many particles have one. */
EDPD_API uint32_t edpd_get_own_planes(const edpd_world *w, edpd_plane *out);
/* Each particle's edpd_state (N bytes): running, or frozen by a halt or a rest on its own plate. */
EDPD_API void edpd_get_particle_states(const edpd_world *w, uint8_t *out);
/* Each particle's impacts on its own plate so far (N counts; 0 without one). */
EDPD_API void edpd_get_plate_impacts(const edpd_world *w, uint32_t *out);
/* Impact separations (|r_ij| - sigma) / spacing(sigma): EDPD_HIST_BINS counts; bin 0 is below
 * -64, bin EDPD_HIST_BINS-1 above +64, bin k for 1..129 is the value k - 65. */
EDPD_API void edpd_get_impact_histogram(const edpd_world *w, uint64_t *out);
EDPD_API uint64_t edpd_state_hash(const edpd_world *w);
/* Start a new measurement window for pressure_z and mean_free_time (e.g. after equilibration). */
EDPD_API void edpd_reset_measurements(edpd_world *w);

/* An event log: every executed event that changes a velocity, handed to a function the caller
 * sets (edpd_set_event_log), which may write it out (the CLI's --event-log). Bookkeeping events
 * (cell crossings, list rebuilds) are not physics and are not logged. */
typedef enum edpd_event_kind {
    EDPD_EVENT_COLLISION = 0,  /* two spheres' cores (Eq. 5) */
    EDPD_EVENT_PLANE = 1,      /* a sphere and a plane: b = -1 - plane index */
    EDPD_EVENT_CAPTURE = 2,    /* a pair crossed a step inward */
    EDPD_EVENT_RELEASE = 3,    /* ... outward */
    EDPD_EVENT_BOUNCE = 4,     /* ... was turned back at a step */
    EDPD_EVENT_KICK = 5,       /* the thermostat gave particle a a new velocity (b = -1) */
} edpd_event_kind;
typedef struct edpd_event {
    double time;
    int32_t a, b;          /* the particles (b: the partner, or -1 - plane index) */
    edpd_event_kind kind;
    double impulse;        /* |momentum change of a| along the line of centres (the plane's normal) */
    double separation;     /* at the event: |r_ab| - (sigma or the step's radius), or the plane's gap to contact */
} edpd_event;
typedef void (*edpd_event_fn)(const edpd_event *event, void *user);
/* fn(event, user) after every such event from now on; NULL: off (the default, no cost but a test). */
EDPD_API void edpd_set_event_log(edpd_world *w, edpd_event_fn fn, void *user);

/* The state at the current clock as one frame of extended XYZ (read by OVITO and ASE): the
 * particle count; a line with the box (Lattice, pbc), Time, gravity, planes and the run (scenario,
 * detector, seed, events, overlapping_pairs, max_overlap, status, state_hash); then per particle its species P,
 * position, velocity, radius, mass and overlap flag (as edpd_get_overlap_flags), each double to
 * 17 significant digits, so it reads back exactly. Like snprintf: writes at most cap bytes,
 * NUL-terminated if cap > 0, and returns the frame's length; EDPD_XYZ_BOUND(n) bytes always
 * suffice. Returns 0 only if its scratch memory (49 N bytes) could not be allocated. */
#define EDPD_XYZ_MAX_EXCEPTIONS 400u  /* a stepped potential's pairs whose logical shell the distance does not tell */
#define EDPD_XYZ_BOUND(n) (1024u + 220u * EDPD_MAX_PLANES + 60u * EDPD_MAX_STEPS + 40u * EDPD_XYZ_MAX_EXCEPTIONS + 350u * (size_t)(n))  /* header, planes, steps, rows */
EDPD_API size_t edpd_write_xyz(const edpd_world *w, char *buf, size_t cap);

/* EDPD_VERSION, as the library was built. */
EDPD_API const char *edpd_version(void);
EDPD_API const char *edpd_detector_name(edpd_detector d);
EDPD_API const char *edpd_scenario_name(edpd_scenario s);
EDPD_API int edpd_detector_from_name(const char *name, edpd_detector *out);
EDPD_API int edpd_scenario_from_name(const char *name, edpd_scenario *out);

#ifdef __cplusplus
}
#endif
#endif
