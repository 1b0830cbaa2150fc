/* The calendar queue against a brute-force minimum: whatever the keys (ties, negative times,
 * huge gaps, +inf, NaN) and however the slot width is tuned, the top is always the smallest
 * (key, index) — the order a plain heap gives, so trajectories cannot depend on the queue. */
#include "check.h"
#include "space/event_queue.h"
#include <stdint.h>
#include <stdlib.h>

static uint64_t state = 88172645463325252ull;
static uint64_t next_u64(void) { state ^= state << 13; state ^= state >> 7; state ^= state << 17; return state; }
static double unit(void) { return (double)(next_u64() >> 11) / 9007199254740992.0; }

/* Smallest (key, id); NaN keys compare as nothing is before them and they before nothing,
 * so the reference only checks worlds without NaN; NaN runs check that nothing breaks. */
static uint32_t brute_min(const double *key, uint32_t n) {
    uint32_t m = 0;
    for (uint32_t i = 1; i < n; i++) if (key[i] < key[m]) m = i;
    return m;
}

static void run(uint32_t n, int style, uint32_t steps) {
    event_queue q;
    CHECK(ed_eq_init(&q, n) == 0, "init");
    double *key = malloc(sizeof(double) * n);
    double now = style == 2 ? -1e9 : 0.0;
    for (uint32_t i = 0; i < n; i++) {
        key[i] = now + (style == 1 ? (double)(next_u64() % 4) : unit() * 10.0);  /* style 1: many ties */
        if (style == 3 && i % 7 == 0) key[i] = INFINITY;
        eq_set_initial(&q, i, key[i]);
    }
    ed_eq_build(&q, n);
    uint32_t bad = 0;
    for (uint32_t s = 0; s < steps; s++) {
        uint32_t top = eq_top(&q), want = brute_min(key, n);
        if (top != want || eq_top_key(&q) != key[want]) bad++;
        /* the popped particle's next event, and now and then another particle's */
        now = key[top] < INFINITY ? key[top] : now;
        double k = now + (style == 1 ? (double)(next_u64() % 4) : -log(unit() + 1e-300) * (s % 1000 < 500 ? 1.0 : 1000.0));
        if (style == 3 && next_u64() % 5 == 0) k = INFINITY;
        if (style == 2 && next_u64() % 9 == 0) k = now - 5.0;  /* naive-rewind: into the past */
        key[top] = k;
        ed_eq_update(&q, top, k);
        if (next_u64() % 3 == 0) {
            uint32_t j = (uint32_t)(next_u64() % n);
            key[j] = now + unit() * 1e6;  /* far beyond the calendar */
            ed_eq_update(&q, j, key[j]);
        }
    }
    CHECK(bad == 0, "n %u style %d: %u of %u tops differ from the minimum", n, style, bad, steps);
    free(key);
    ed_eq_free(&q);
}

int main(void) {
    for (int style = 0; style < 4; style++) {
        run(1, style, 2000);
        run(7, style, 20000);
        run(1000, style, 200000);
    }
    /* NaN keys (a broken prediction) must not hide the real events: they go to the calendar's
     * far slot, behind every number, so the top is the smallest finite key while there is one */
    {
        event_queue q;
        double key[50];
        ed_eq_init(&q, 50);
        for (uint32_t i = 0; i < 50; i++) eq_set_initial(&q, i, key[i] = i % 5 ? (double)i : NAN);
        ed_eq_build(&q, 50);
        uint32_t bad = 0, finite_tops = 0;
        for (int s = 0; s < 1000; s++) {
            uint32_t t = eq_top(&q), want = 50;
            for (uint32_t i = 0; i < 50; i++) if (!isnan(key[i]) && (want == 50 || key[i] < key[want])) want = i;
            if (want < 50) { finite_tops++; if (t != want || eq_top_key(&q) != key[want]) bad++; }
            double k = s % 3 ? (isnan(key[t]) ? 1.0 : key[t] + 1.0) : NAN;
            key[t] = k;
            ed_eq_update(&q, t, k);
        }
        CHECK(finite_tops > 500, "NaN keys: the check saw finite keys (%u steps)", finite_tops);
        CHECK(bad == 0, "NaN keys: %u of %u tops were not the smallest finite key", bad, finite_tops);
        ed_eq_free(&q);
    }
    return check_report("queue");
}
