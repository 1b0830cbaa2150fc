/* Trajectory regression: state hashes of fixed runs, recorded when the engine was verified
 * against the analytic and statistical tests. Optimisations of the hot path must leave every
 * trajectory bit-identical; a deliberate change of the arithmetic updates these values. */
#include "check.h"
#include "edpd/edpd.h"

static uint64_t run(edpd_config c, uint64_t events) {
    edpd_error err;
    edpd_world *w = edpd_create(&c, &err);
    CHECK(w != NULL, "create: %s", err.message);
    if (!w) return 0;
    edpd_advance(w, INFINITY, events, &err);
    uint64_t h = edpd_state_hash(w);
    edpd_destroy(w);
    return h;
}

int main(void) {
    edpd_config c = edpd_scenario_config(EDPD_SCENARIO_ELASTIC);
    c.n = 500; c.packing_fraction = 0.3; c.seed = 13;
    uint64_t h = run(c, 3000);
    CHECK(h == 0x80e5ec4be1f59438ull, "elastic 3-D: %016llx", (unsigned long long)h);

    c = edpd_scenario_config(EDPD_SCENARIO_GRANULAR);
    c.dim = 2; c.n = 2000; c.packing_fraction = 0.6; c.restitution = 0.5; c.tc = 1e-9;
    h = run(c, 300000);  /* through the first three-body events and stabilising impacts */
    CHECK(h == 0xad6f28bdcb7e2058ull, "granular 2-D: %016llx", (unsigned long long)h);
    /* naive-rewind until its clock has run far below 0 (t = -2.8e7): a rule keyed to the clock
     * (elastic_until = 0, off) must not switch on there */
    c.detector = EDPD_DETECTOR_NAIVE_REWIND;
    h = run(c, 2000000);
    CHECK(h == 0xf02fe1972afad0e5ull, "granular 2-D naive-rewind: %016llx", (unsigned long long)h);
    c = edpd_scenario_config(EDPD_SCENARIO_ELASTIC);  /* dense: neighbour lists (auto) */
    c.n = 2048; c.packing_fraction = 0.45; c.seed = 5;
    h = run(c, 20000);
    CHECK(h == 0x7ab668dd30688241ull, "elastic 3-D lists: %016llx", (unsigned long long)h);

    /* Square-well fluids (neighbour lists, logical states, a thermostat that stops), 3-D and
     * 2-D: recorded with the stale events' new scans put off (engine/predict.c, RESCAN_AT);
     * test_golden_portable checks them with the portable form of
     * csrc/base/m2.h, and the JavaScript tests WebAssembly's SIMD form against the CLI */
    for (int dim = 3; dim >= 2; dim--) {
        c = edpd_scenario_config(EDPD_SCENARIO_ELASTIC);
        c.dim = dim; c.n = 2000; c.packing_fraction = dim == 3 ? 0.25 : 0.4; c.seed = 7;
        c.potential = EDPD_POTENTIAL_SQUARE_WELL; c.well_width = 1.5; c.temperature = 1.5;
        c.thermostat_rate = 1.0; c.bath_temperature = 1.5; c.thermostat_until = 2.0;
        h = run(c, 300000);
        uint64_t want = dim == 3 ? 0x989578e0fbfc006dull : 0x2d9fc1f85ae12f44ull;
        CHECK(h == want, "square well %d-D: %016llx", dim, (unsigned long long)h);
    }

    /* Large enough (> 32 MB of particles) for the scans planned one event ahead (engine/look_ahead.c):
     * they must find the events the plain scans find. Recorded with the engine before them
     * (d8b491c); in chunks, so that plans are also dropped and re-made between calls. */
    c = edpd_scenario_config(EDPD_SCENARIO_ELASTIC);
    c.n = 4 * 41 * 41 * 41; c.packing_fraction = 0.5 * 3.14159265358979 / 6.0; c.seed = 3;
    {
        edpd_error err;
        edpd_world *w = edpd_create(&c, &err);
        CHECK(w != NULL, "create: %s", err.message);
        if (w) {
            for (int k = 0; k < 8; k++) edpd_advance(w, INFINITY, 100000, &err);
            h = edpd_state_hash(w);
            CHECK(h == 0x2db757e4187b0082ull, "elastic 3-D, N = %u: %016llx", c.n, (unsigned long long)h);
            edpd_destroy(w);
        }
    }
    return check_report("golden");
}
