/* The C API in one page (docs/api.md): a granular gas run with the stable and a naive detector
 * from the same configuration. Built and run by ctest as api_example. */
#include "edpd/edpd.h"
#include <stdio.h>

static int run(edpd_detector detector) {
    edpd_config cfg = edpd_scenario_config(EDPD_SCENARIO_GRANULAR);
    cfg.dim = 2; cfg.n = 2000; cfg.packing_fraction = 0.6; cfg.restitution = 0.5; cfg.tc = 1e-9;
    cfg.detector = detector;
    edpd_error err;
    edpd_world *w = edpd_create(&cfg, &err);            /* NULL, with err.field and err.message, on bad input */
    if (!w) { fprintf(stderr, "%s\n", err.message); return 1; }
    edpd_stop why = edpd_advance(w, 20.0, 10000000, &err); /* to t = 20 or 10^7 events, whichever first */
    edpd_stats s;
    edpd_get_stats(w, &s);
    static const char *STOP[] = {"reached t", "event budget", "HALTED", "collapse", "error"};
    printf("%-12s %-9s t = %.6f  events %llu  overlapping pairs %u  stabilising %llu  hash %016llx\n",
           edpd_detector_name(detector), STOP[why], s.time, (unsigned long long)s.events, s.overlapping_pairs,
           (unsigned long long)s.stabilizing_events, (unsigned long long)edpd_state_hash(w));
    edpd_failure f;
    edpd_get_first_failure(w, &f);                      /* a naive run's first failure: its overlap function */
    if (f.found) printf("             first failure at t = %.9f: f0 = %.3g, f1 = %.3g\n", f.time, f.f0, f.f1);
    edpd_destroy(w);
    return 0;
}

int main(void) {
    /* a bad configuration is refused with the field named */
    edpd_config bad = edpd_scenario_config(EDPD_SCENARIO_GRANULAR);
    bad.packing_fraction = 0.95;
    edpd_error err;
    if (edpd_create(&bad, &err) || err.code != EDPD_ERR_INVALID) return 1;
    printf("refused: %s\n", err.message);
    return run(EDPD_DETECTOR_STABLE) || run(EDPD_DETECTOR_NAIVE_HALT);
}
