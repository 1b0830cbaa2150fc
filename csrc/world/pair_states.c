/* The pairs' logical states kept in step with the world's potential energy (pair_states.h). */
#include "world/pair_states.h"
#include <stdlib.h>

void ed_pair_state_set(struct edpd_world *w, uint32_t i, uint32_t j, uint32_t to) {
    uint32_t was = bond_shell(&w->bonds, w->pot.count, i, j);
    if (ed_bond_set(&w->bonds, w->pot.count, i, j, to) != 0) w->bonds_failed = 1;
    w->pe_integral += w->pe * (w->time - w->pe_time);  /* U's time average: the stretch it held */
    w->pe_time = w->time;
    w->pe += w->pot.energy[to] - w->pot.energy[was];
}

void ed_pair_states_adopt(struct edpd_world *w, uint32_t i) {
    adoptions *a = &w->adopt;
    if (a->count == 0) return;
    if (a->count > a->cap) w->bonds_failed = 1;  /* more than were made room for: the run stops */
    for (uint32_t k = 0; k < a->count && k < a->cap; k++) ed_pair_state_set(w, i, (uint32_t)a->k[k], a->shell[k]);
    a->count = 0;
}

int ed_adoptions_init(adoptions *a, uint32_t n, int image_ties) {
    /* a scan reports each candidate once, or once per image of it in a small box */
    a->cap = n * (image_ties ? 8u : 1u) + 16u;
    a->count = 0;
    a->k = malloc(sizeof(int32_t) * a->cap);
    a->shell = malloc(a->cap);
    return a->k && a->shell ? 0 : -1;
}

void ed_adoptions_free(adoptions *a) {
    free(a->k); free(a->shell);
    a->k = NULL; a->shell = NULL;
}

/* At creation: every pair's shell read once from the distances, then the configuration's
 * bonds (a state file's pairs whose logical shell the distance does not tell). */
int ed_pair_states_start(struct edpd_world *w, const edpd_config *cfg) {
    w->pe = 0.0;
    if (w->pot.count == 0) return 0;
    if (ed_bonds_init(&w->bonds, w->n, w->pot.count) != 0) return -1;
    for (uint32_t i = 0; i < w->n; i++) {
        uint32_t block[27];
        for (int c = 0, count = cells_around(&w->cells, (uint32_t)w->p[i].cell, block); c < count; c++) {
            int32_t k;
            CELLS_FOR_EACH(&w->cells, block[c], k) {
                if ((uint32_t)k <= i) continue;
                vec3 d = min_image(w, v3_sub(w->p[i].r, w->p[k].r));
                uint32_t s = shell_of_distance(&w->pot, v3_dot(d, d), 0.5 * (w->p[i].sigma + w->p[k].sigma));
                if (s == w->pot.count) continue;
                if (ed_bond_set(&w->bonds, w->pot.count, i, (uint32_t)k, s) != 0) return -1;
                w->pe += w->pot.energy[s];
            }
        }
    }
    for (uint32_t k = 0; k < cfg->bond_count; k++) {  /* validated: particles and shells in range */
        const uint32_t *b = cfg->bonds + 3 * (size_t)k;
        ed_pair_state_set(w, b[0], b[1], b[2]);
    }
    return w->bonds_failed ? -1 : 0;
}

