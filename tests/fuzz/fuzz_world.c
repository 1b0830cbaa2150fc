/* libFuzzer harness: arbitrary bytes -> a config and a sequence of event budgets, for every
 * scenario and detector. After each call: no crash (ASan/UBSan), no NaN/Inf in the state,
 * consistent counters, the stable detector never lets an overlap deepen in free flight, and a
 * rejected config is an error code with a message naming a field.
 *
 * Built two ways (CMakeLists.txt): with clang -fsanitize=fuzzer for fuzzing (scripts/fuzz.sh),
 * and with EDPD_FUZZ_MAIN as a regression runner over tests/fuzz/corpus in ctest. */
#include "edpd.h"
#include "world.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct reader { const uint8_t *d; size_t n, pos; } reader;

static uint32_t u32(reader *r) {
    uint32_t v = 0;
    for (int k = 0; k < 4; k++) v = (v << 8) | (r->pos < r->n ? r->d[r->pos++] : 0);
    return v;
}
static double unit(reader *r) { return (double)u32(r) / 4294967296.0; }
/* mostly sensible values, sometimes wild ones (NaN, inf, negative, huge) */
static double wild(reader *r, double lo, double hi) {
    uint32_t sel = u32(r) % 16;
    static const double specials[] = {NAN, INFINITY, -INFINITY, -1.0, 0.0, 1e300, -0.0, 1e-300};
    if (sel < 2) return specials[u32(r) % 8];
    return lo + (hi - lo) * unit(r);
}

static void fail(const char *what) {
    fprintf(stderr, "invariant violated: %s\n", what);
    abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    reader r = {data, size, 0};
    edpd_scenario sc = (edpd_scenario)(u32(&r) % 4);
    edpd_config c = edpd_scenario_config(sc == EDPD_SCENARIO_CUSTOM ? EDPD_SCENARIO_GRANULAR : sc);
    c.detector = (edpd_detector)(u32(&r) % 5);            /* 4 = invalid on purpose */
    c.dim = 2 + (int)(u32(&r) % 3);                       /* 4 = invalid */
    c.n = u32(&r) % 260;                                  /* 0 = invalid */
    c.packing_fraction = wild(&r, 0.0, 0.7);
    c.restitution = wild(&r, 0.0, 1.05);
    c.seed = u32(&r);
    if (u32(&r) % 4 == 0) c.gravity[2] = -wild(&r, 0.0, 10.0);
    if (sc == EDPD_SCENARIO_BOUNCING_BALL && u32(&r) % 2) { c.n = 1; c.plate_offset = wild(&r, -2.0, 2.0); }
    if (u32(&r) % 3 == 0) c.tc = wild(&r, 0.0, 1e-3);
    c.collapse_window = 1 + u32(&r) % 2000;
    if (c.scenario == EDPD_SCENARIO_ELASTIC && u32(&r) % 2) c.restitution = 1.0;
    /* from the seed, not from new bytes: the saved corpus keeps its meaning */
    c.neighbours = (edpd_neighbours)((c.seed >> 8) % 3);

    if (getenv("EDPD_FUZZ_VERBOSE"))
        fprintf(stderr, "scenario %d detector %d dim %d n %u phi %g e %g seed %u g %g plate %g tc %g window %u neighbours %d\n", c.scenario,
                c.detector, c.dim, c.n, c.packing_fraction, c.restitution, c.seed, c.gravity[2], c.plate_offset, c.tc, c.collapse_window, (int)c.neighbours);
    edpd_error err;
    edpd_world *w = edpd_create(&c, &err);
    if (!w) {
        if (err.code == EDPD_OK || err.message[0] == 0 || err.field[0] == 0) fail("a rejected config must give a code, a field and a message");
        if (!strstr(err.message, err.field)) fail("the message must name the field");
        return 0;
    }
    char msg[256];
    if (!world_check_invariants(w, msg, sizeof msg)) fail(msg);
    int calls = 1 + (int)(u32(&r) % 6);
    for (int k = 0; k < calls; k++) {
        double t = edpd_time(w) + wild(&r, 0.0, 5.0);
        uint64_t budget = u32(&r) % 30000;
        edpd_stop stop = edpd_advance(w, t, budget, &err);
        if (stop == EDPD_STOP_ERROR && (err.code == EDPD_OK || !err.message[0])) fail("an error stop needs a code and message");
        if (!world_check_invariants(w, msg, sizeof msg)) fail(msg);
        edpd_stats s;
        edpd_get_stats(w, &s);
        if (s.events > (uint64_t)(k + 1) * 30000) fail("more events than the budgets allow");
    }
    edpd_destroy(w);
    return 0;
}

#ifdef EDPD_FUZZ_MAIN
/* Regression runner: every file named on the command line (the saved corpus). */
int main(int argc, char **argv) {
    int ran = 0;
    for (int a = 1; a < argc; a++) {
        FILE *f = fopen(argv[a], "rb");
        if (!f) { fprintf(stderr, "cannot open %s\n", argv[a]); return 2; }
        static uint8_t buf[1 << 16];
        size_t n = fread(buf, 1, sizeof buf, f);
        fclose(f);
        LLVMFuzzerTestOneInput(buf, n);
        ran++;
    }
    printf("fuzz corpus: %d passed, 0 failed\n", ran);
    return 0;
}
#endif
