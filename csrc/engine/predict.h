/* Prediction (predict.c): a particle's next event from the overlap-function detector, over its
 * candidates (cells or neighbour lists) and the planes. */
#ifndef EDPD_ENGINE_PREDICT_H
#define EDPD_ENGINE_PREDICT_H
#include "world/world.h"

/* What a prediction does with the new key: the initial build, an update, or nothing (the
 * caller queues it later, having asked for the queue's cache lines meanwhile). */
enum { QUEUE_INITIAL, QUEUE_UPDATE, QUEUE_LATER };

/* Full prediction for particle i, which must be up to date at w->time, over a planned block (or
 * NULL: the look-ahead's plan, else its own scan). Returns the number of particles it overlaps
 * if count_overlaps is set. */
uint32_t ed_predict_planned(struct edpd_world *w, uint32_t i, int count_overlaps, int queue, const block_plan *plan);
uint32_t ed_predict(struct edpd_world *w, uint32_t i, int count_overlaps, int queue);

/* Newly visible candidates added to i's pending impact: a crossing's new layer (base, axis),
 * or a list rebuild's newcomers. */
void ed_predict_new_layer(struct edpd_world *w, uint32_t i, const int base[3], int axis);
void ed_predict_newcomers(struct edpd_world *w, uint32_t i, const int32_t *list, uint32_t m);

/* The next cell crossing (cells) or shell exit (lists) of particle q = &w->p[i]. */
void ed_predict_crossing(struct edpd_world *w, particle *q, uint32_t i);
void ed_predict_exit(struct edpd_world *w, particle *q, uint32_t i);

/* Particle i's pending impact went stale at tk (its partner changed course since, or a put-off
 * scan is due), the clock at tk: predict anew, or put the new scan off while no other pair of
 * i's can meet before it (stepped potentials, whose scans keep the second-earliest event). */
void ed_predict_stale(struct edpd_world *w, uint32_t i, double tk);

#endif
