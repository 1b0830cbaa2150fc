/* What an event does (events.c): the loop (loop.c) has named its kind and brought its particle
 * to the clock; these execute it and predict anew the particles it changed. */
#ifndef EDPD_ENGINE_EVENTS_H
#define EDPD_ENGINE_EVENTS_H
#include "world/world.h"

/* Bookkeeping: particle i enters the next cell (cell lists), or leaves its neighbour shell
 * (lists: -1 if the lists could not grow). */
void ed_event_crossing(struct edpd_world *w, uint32_t i);
int ed_event_rebuild(struct edpd_world *w, uint32_t i);
/* Particle i hits particle j (Eq. 5; an approaching pair only, so an executed impact never
 * deepens an overlap), meets the step of its pending event with j (it crosses, the kinetic
 * energy along the line of centres paying the step, or bounces back; its logical state
 * follows), or hits plane k. */
void ed_event_impact(struct edpd_world *w, uint32_t i, uint32_t j);
void ed_event_step(struct edpd_world *w, uint32_t i, uint32_t j);
void ed_event_plane(struct edpd_world *w, uint32_t i, uint32_t k);
/* Ball i's impacts on its oscillating plate came ever faster (chattering): it rides the plate,
 * locked on it, until its take-off, an event on the plate (engine/loop.c calls this where a ball
 * on a still plate comes to rest). */
void ed_event_lock(struct edpd_world *w, uint32_t i);
/* The Andersen thermostat's kick (at w->kick_t), and the next one drawn (+inf without one). */
void ed_event_kick(struct edpd_world *w);
void ed_kick_schedule(struct edpd_world *w);

#endif
