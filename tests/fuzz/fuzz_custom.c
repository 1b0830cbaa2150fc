/* libFuzzer harness for worlds given by the caller (EDPD_SCENARIO_CUSTOM): arbitrary bytes ->
 * box, periodic axes, gravity, planes (unit normals mostly, sometimes not), per-particle
 * positions (a jittered lattice mostly, sometimes anywhere), velocities, diameters and masses,
 * every detector and candidate search; now and then the same world on a clock that starts
 * elsewhere (start_time). Checks as in fuzz_world.c (fuzz_common.h), plus: every
 * getter copies finite values, and the overlap flags agree with the reported overlap count.
 *
 * Built with clang -fsanitize=fuzzer (scripts/fuzz.sh) and, with EDPD_FUZZ_MAIN, as a
 * regression runner over tests/fuzz/corpus-custom in ctest. */
#include "fuzz_common.h"
#include <string.h>

#define MAX_N 12

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    reader r = {data, size, 0};
    edpd_config c = edpd_scenario_config(EDPD_SCENARIO_CUSTOM);
    c.detector = (edpd_detector)(u32(&r) % 5);  /* 4 = invalid on purpose */
    c.dim = 2 + (int)(u32(&r) % 3);             /* 4 = invalid */
    c.n = 1 + u32(&r) % MAX_N;
    c.neighbours = (edpd_neighbours)(u32(&r) % 4);  /* 3 = invalid */
    c.restitution = wild(&r, 0.0, 1.05);
    c.collapse_window = 1 + u32(&r) % 2000;
    if (u32(&r) % 3 == 0) c.tc = wild(&r, 0.0, 1e-3);
    for (int a = 0; a < 3; a++) {
        c.box[a] = wild(&r, 0.5, 12.0);
        c.periodic[a] = (int)(u32(&r) % 2);
    }
    if (u32(&r) % 3 == 0) c.gravity[2] = -wild(&r, 0.0, 10.0);
    if (u32(&r) % 8 == 0) c.gravity[(int)(u32(&r) % 2)] = wild(&r, -3.0, 3.0);

    static double pos[3 * MAX_N], vel[3 * MAX_N], dia[MAX_N], mass[MAX_N];
    static edpd_plane planes[4];
    /* a lattice with side^3 sites filling the box, jittered by up to 10 % of a site */
    int side = 1;
    while (side * side * side < (int)c.n) side++;
    for (uint32_t i = 0; i < c.n; i++) {
        int site[3] = {(int)i % side, (int)i / side % side, (int)i / (side * side)};
        for (int a = 0; a < 3; a++) {
            double L = isfinite(c.box[a]) && c.box[a] > 0.0 ? c.box[a] : 1.0;
            double h = L / side;
            pos[3 * i + a] = u32(&r) % 16 == 0 ? wild(&r, -1.0, L + 1.0) : (site[a] + 0.5 + 0.2 * (unit(&r) - 0.5)) * h;
            vel[3 * i + a] = wild(&r, -3.0, 3.0);
        }
        if (c.dim == 2) { pos[3 * i + 2] = 0.5 * (isfinite(c.box[2]) ? c.box[2] : 1.0); vel[3 * i + 2] = 0.0; }
        dia[i] = wild(&r, 0.05, 1.5);  /* small spheres in small periodic boxes too (floor: 4 of the largest) */
        mass[i] = wild(&r, 0.1, 10.0);
    }
    c.positions = pos;
    c.velocities = vel;
    if (u32(&r) % 2) c.diameters = dia;
    if (u32(&r) % 2) c.masses = mass;
    c.plane_count = u32(&r) % 5;  /* 0..4 */
    for (uint32_t k = 0; k < c.plane_count; k++) {
        double n[3], norm = 0.0;
        for (int a = 0; a < 3; a++) { n[a] = unit(&r) - 0.5; norm += n[a] * n[a]; }
        norm = sqrt(norm);
        for (int a = 0; a < 3; a++) planes[k].normal[a] = u32(&r) % 16 == 0 ? wild(&r, -1.0, 1.0) : n[a] / (norm > 0.0 ? norm : 1.0);
        planes[k].offset = wild(&r, -1.0, 4.0);
        planes[k].restitution = wild(&r, 0.0, 1.05);
    }
    c.planes = c.plane_count ? planes : NULL;

    if (getenv("EDPD_FUZZ_VERBOSE"))
        fprintf(stderr, "custom: detector %d dim %d n %u neighbours %d e %g box %g %g %g periodic %d%d%d g %g %g %g planes %u\n",
                c.detector, c.dim, c.n, (int)c.neighbours, c.restitution, c.box[0], c.box[1], c.box[2],
                c.periodic[0], c.periodic[1], c.periodic[2], c.gravity[0], c.gravity[1], c.gravity[2], c.plane_count);
    edpd_world *w = create_and_exercise(&c, &r);
    if (!w) return 0;

    /* the getters: copies of finite values, flags consistent with the counts */
    static double out[3 * MAX_N];
    static float out32[3 * MAX_N];
    static uint8_t flags[MAX_N];
    edpd_get_positions(w, out);
    for (uint32_t k = 0; k < 3 * c.n; k++) if (!isfinite(out[k])) fail("edpd_get_positions: non-finite value");
    edpd_get_velocities(w, out);
    for (uint32_t k = 0; k < 3 * c.n; k++) if (!isfinite(out[k])) fail("edpd_get_velocities: non-finite value");
    edpd_get_positions_f32(w, out32);
    edpd_get_overlap_flags(w, flags);
    edpd_stats s;
    edpd_get_stats(w, &s);
    uint32_t flagged = 0;
    for (uint32_t i = 0; i < c.n; i++) flagged += flags[i] != 0;
    if ((s.overlapping_pairs > 0 || s.plane_overlaps > 0 || s.fell_through > 0) != (flagged > 0)) fail("overlap flags disagree with the overlap counts");
    edpd_reset_measurements(w);
    (void)edpd_get_status(w);
    observe_briefly(w);
    edpd_destroy(w);

    /* now and then a twin whose clock starts elsewhere (start_time, a loaded state's Time; bytes
     * past the input's end read as 0: no twin, so the saved corpus runs as before) */
    if (u32(&r) % 4 == 1) {
        edpd_config twin = c;
        twin.start_time = wild(&r, -1e6, 1e6);
        /* the clock's exact range for this state (edpd_exact_clock), from its own numbers: 1e-9 of
         * the time its fastest particle takes to cross the smallest diameter (or to fall one) is
         * as far as the clock's rounding, 2^-52 of the clock, may go */
        double vmax = 0.0, dmin = INFINITY, g = sqrt(c.gravity[0] * c.gravity[0] + c.gravity[1] * c.gravity[1] + c.gravity[2] * c.gravity[2]);
        for (uint32_t i = 0; i < c.n; i++) {
            const double *v = c.velocities + 3 * i;
            vmax = fmax(vmax, sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]));
            dmin = fmin(dmin, c.diameters ? c.diameters[i] : c.diameter);
        }
        double tau = vmax > 0.0 ? dmin / vmax : INFINITY;
        if (g > 0.0) tau = fmin(tau, sqrt(dmin / g));
        double range = fmin(1e-9 * tau * 0x1p52, 1e100), at = fabs(twin.start_time);
        if (isfinite(at) && fabs(at - range) <= 1e-9 * range) return 0;  /* at the edge itself: rounding decides */
        edpd_world *t = create_twin(&twin, isfinite(twin.start_time) && fabs(twin.start_time) <= 1e9 && at <= range, "start_time");
        if (t) {
            if (edpd_time(t) != twin.start_time) fail("start_time: the clock does not start there");
            exercise(t, &r);
            edpd_destroy(t);
        }
    }
    /* ... and a twin in which some particles have their own plate (a ball array's, own_planes):
     * mostly a unit normal with the plate under the particle, sometimes anything; created, the
     * plates come back from edpd_get_own_planes */
    if (u32(&r) % 4 == 1) {
        static edpd_plane own[MAX_N];
        edpd_config twin = c;
        uint32_t given = 0;
        for (uint32_t i = 0; i < c.n; i++) {
            memset(&own[i], 0, sizeof own[i]);
            if (u32(&r) % 2) continue;
            double n[3], norm = 0.0;
            for (int a = 0; a < 3; a++) { n[a] = unit(&r) - 0.5; norm += n[a] * n[a]; }
            norm = sqrt(norm);
            for (int a = 0; a < 3; a++) own[i].normal[a] = u32(&r) % 16 == 0 ? wild(&r, -1.0, 1.0) : n[a] / (norm > 0.0 ? norm : 1.0);
            double below = 0.0;
            for (int a = 0; a < 3; a++) below += own[i].normal[a] * pos[3 * i + a];
            own[i].offset = u32(&r) % 16 == 0 ? wild(&r, -10.0, 10.0) : below - 0.5 * (c.diameters ? dia[i] : c.diameter) - wild(&r, 0.0, 0.5);
            own[i].restitution = wild(&r, 0.0, 1.05);
            given += own[i].normal[0] != 0.0 || own[i].normal[1] != 0.0 || own[i].normal[2] != 0.0;
        }
        twin.own_planes = own;
        edpd_error err;
        edpd_world *t = edpd_create(&twin, &err);
        if (!t) check_rejection(&err);
        else {
            static edpd_plane back[MAX_N];
            if (edpd_get_own_planes(t, back) != given || memcmp(back, own, sizeof(edpd_plane) * c.n) != 0)
                fail("edpd_get_own_planes does not give the plates back");
            exercise(t, &r);
            edpd_destroy(t);
        }
    }
    return 0;
}
