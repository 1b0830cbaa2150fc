/* Ctrl-C and kill during a run (interrupt.c): SIGINT and SIGTERM end the run at the next event
 * boundary instead of killing the process mid-write, so that its files are complete (the final
 * state at the stop, every event logged so far) and its summary is printed; the process then
 * exits with 128 + the signal's number, as a killed one would. A second signal kills at once. */
#ifndef EDPD_CLI_INTERRUPT_H
#define EDPD_CLI_INTERRUPT_H
#include "edpd/edpd.h"

/* From here on, SIGINT and SIGTERM are noted instead of killing. */
void interrupt_install(void);
/* The signal noted (SIGINT, SIGTERM), or 0. */
int interrupted(void);
/* Its name for the summary ("SIGINT"), or NULL if none. */
const char *interrupt_name(void);
/* edpd_advance in slices of events, so that a signal stops it within a slice: a budget stop
 * (EDPD_STOP_BUDGET) when interrupted, else as edpd_advance. Slices change no trajectory. */
edpd_stop advance_interruptible(edpd_world *w, double t_end, uint64_t max_events, edpd_error *err);

#endif
