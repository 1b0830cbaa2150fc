/* The shells of a stepped potential from the configuration (shells.h). */
#include "interact/shells.h"
#include <string.h>

void ed_shells_from_config(shells *s, const edpd_config *c, double sigma_one) {
    memset(s, 0, sizeof *s);
    if (c->potential == EDPD_POTENTIAL_SQUARE_WELL) {
        s->count = 1;
        s->radius[0] = c->well_width;
        s->energy[0] = -c->well_depth;
    } else if (c->potential == EDPD_POTENTIAL_STEPS) {
        s->count = c->step_count;
        for (uint32_t k = 0; k < c->step_count; k++) { s->radius[k] = c->steps[k].radius; s->energy[k] = c->steps[k].energy; }
    }
    s->energy[s->count] = 0.0;
    s->reach = s->count ? s->radius[s->count - 1] : 1.0;
    s->sigma_one = sigma_one;
    for (uint32_t k = 0; k <= s->count; k++) shell_edges2(s, k, sigma_one, s->edge2[k]);
    double reach = s->reach * sigma_one;
    s->near2 = reach * reach * (1.0 + 1e-6);
}
