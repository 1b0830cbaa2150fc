/* SIGINT and SIGTERM during a run (interrupt.h). */
#include "interrupt.h"
#include <signal.h>
#include <string.h>

static volatile sig_atomic_t noted;

static void note(int sig) {
    if (noted) { signal(sig, SIG_DFL); raise(sig); return; }  /* a second one: as without the handler */
    noted = sig;
}

void interrupt_install(void) {
    struct sigaction sa, was;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = note;
    sigemptyset(&sa.sa_mask);
    /* a signal the caller chose to ignore (a background job of a script ignores SIGINT) stays ignored */
    int sigs[2] = {SIGINT, SIGTERM};
    for (int k = 0; k < 2; k++)
        if (sigaction(sigs[k], NULL, &was) == 0 && was.sa_handler != SIG_IGN) sigaction(sigs[k], &sa, NULL);
}

int interrupted(void) { return noted; }

const char *interrupt_name(void) { return noted == SIGINT ? "SIGINT" : noted == SIGTERM ? "SIGTERM" : NULL; }

/* Events per slice: a fraction of a second at any speed, few enough calls not to matter. */
#define SLICE ((uint64_t)1 << 16)

edpd_stop advance_interruptible(edpd_world *w, double t_end, uint64_t max_events, edpd_error *err) {
    for (uint64_t done = 0;;) {
        if (noted) return EDPD_STOP_BUDGET;
        uint64_t k = max_events - done < SLICE ? max_events - done : SLICE;
        edpd_stop stop = edpd_advance(w, t_end, k, err);
        done += k;
        if (stop != EDPD_STOP_BUDGET || done >= max_events) return stop;
    }
}
