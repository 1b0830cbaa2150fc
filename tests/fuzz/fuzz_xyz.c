/* libFuzzer harness for the --load reader (csrc/io/xyz_read.c): arbitrary bytes as a state
 * file. Either it is refused with a message that starts with the file's name, or it gives
 * n >= 1 particles with finite positions (inside the box on periodic axes) and velocities, and a
 * world built from it is created or refused with a code and a field, then run for a few events
 * under the checks of fuzz_common.h. Built like the other harnesses (CMakeLists.txt); the
 * regression runner replays tests/fuzz/corpus-xyz. */
#define _POSIX_C_SOURCE 200809L  /* fmemopen */
#include "fuzz_common.h"
#include "edpd/xyz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size == 0) return 0;
    FILE *f = fmemopen((void *)data, size, "r");
    if (!f) return 0;
    edpd_xyz_state s;
    char err[600];
    /* the frame wanted, from the input's length (no byte of the file is spent on it) */
    int frame = size % 4 == 3 ? EDPD_XYZ_LAST_FRAME : size % 4 == 2 ? (int)(size / 4 % 3) : EDPD_XYZ_ONLY_FRAME;
    int ok = edpd_xyz_read_stream(f, "fuzz.xyz", frame, &s, err, sizeof err);
    fclose(f);
    if (!ok) {
        if (strncmp(err, "fuzz.xyz", 8) != 0) fail("a refused file needs a message naming it");
        return 0;
    }
    if (s.n < 1 || s.n > EDPD_MAX_N) fail("accepted a particle count out of range");
    for (size_t k = 0; k < 3 * (size_t)s.n; k++) {
        int a = (int)(k % 3);
        if (!isfinite(s.positions[k]) || !isfinite(s.velocities[k])) fail("accepted a number that is not finite");
        if (s.periodic[a] && s.box[a] > 0.0 && !(s.positions[k] >= 0.0 && s.positions[k] < s.box[a])) fail("a position left outside its periodic box");
    }
    /* the reader's range for Time is the clock's, |t| <= EDPD_MAX_TIME; whether the state's motion is
     * exact at that clock is edpd_create's question (edpd_exact_clock; fuzz_custom asks it) */
    if (!(fabs(s.time) <= EDPD_MAX_TIME)) fail("accepted a Time that is not finite or beyond EDPD_MAX_TIME");
    if (s.n <= 64) {  /* the run checks of the other harnesses, for small states */
        edpd_config c = edpd_scenario_config(EDPD_SCENARIO_CUSTOM);
        edpd_xyz_config(&s, &c);  /* as run --load does */
        reader r = {data, size, 0};
        edpd_world *w = create_and_exercise(&c, &r);
        if (w) edpd_destroy(w);
    }
    edpd_xyz_free(&s);
    return 0;
}
