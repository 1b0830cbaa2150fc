/* memlat: what one random memory access costs on this machine, by working-set size, and how
 * many can overlap. The N-scaling figures of docs/performance.md follow it: an event-driven step at
 * N = 10^6 touches a few dozen random cache lines of ~180 MB of state.
 *
 *   build-bench/memlat            # dependent loads (pointer chase) from 1 MB to 512 MB,
 *                           # then 1..16 independent chases through 256 MB,
 *                           # then batches of 16 prefetched lines: apart, or in pairs
 *   build-bench/memlat --quick    # one line: a dependent load within 1 MB and through 256 MB
 *                           # (about 1 s; printed with the N-scaling figures, which depend on it)
 *
 * Huge pages are requested as for the engine's arrays (csrc/base/memory.c). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

#define LINE 64

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + 1e-9 * t.tv_nsec;
}

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;
static uint64_t ed_rng_next(void) {  /* splitmix64 */
    uint64_t z = (rng_state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* One cyclic random permutation of the lines of a buffer of `bytes`: line k holds the index
 * of the next line to visit. */
static uint64_t *make_chase(size_t bytes, size_t *lines_out) {
    size_t lines = bytes / LINE, huge = (size_t)2 << 20;
    size_t alloc = (lines * LINE + huge - 1) / huge * huge;  /* aligned_alloc: a multiple of the alignment */
    uint64_t *a = aligned_alloc(huge, alloc);
    uint32_t *order = malloc(lines * sizeof *order);
    if (!a || !order) { free(a); free(order); return NULL; }
#if defined(__linux__)
    madvise(a, alloc, MADV_HUGEPAGE);
#endif
    for (size_t i = 0; i < lines; i++) order[i] = (uint32_t)i;
    for (size_t i = lines - 1; i > 0; i--) {
        size_t j = ed_rng_next() % (i + 1);
        uint32_t t = order[i]; order[i] = order[j]; order[j] = t;
    }
    for (size_t i = 0; i < lines; i++) a[(size_t)order[i] * (LINE / 8)] = (uint64_t)order[(i + 1) % lines] * (LINE / 8);
    free(order);
    *lines_out = lines;
    return a;
}

static volatile size_t chase_end;  /* where a chase ended: kept, so the chase is not optimised away */

/* ns per dependent load through a buffer of mb MB, or a negative number if out of memory */
static double chase_ns(size_t mb) {
    size_t lines;
    uint64_t *a = make_chase(mb << 20, &lines);
    if (!a) return -1.0;
    size_t p = 0, steps = 2000000;
    for (size_t s = 0; s < lines && s < steps; s++) p = a[p];  /* touch the pages first */
    double t0 = now();
    for (size_t s = 0; s < steps; s++) p = a[p];
    double dt = now() - t0;
    chase_end = p;
    free(a);
    return 1e9 * dt / steps;
}

int main(int argc, char **argv) {
    if (argc == 2 && strcmp(argv[1], "--quick") == 0) {
        double near = chase_ns(1), far = chase_ns(256);
        if (near < 0 || far < 0) { fprintf(stderr, "memlat: out of memory for a 256 MB buffer\n"); return 1; }
        printf("memory latency (memlat --quick): %.1f ns per dependent load within 1 MB, %.1f ns through 256 MB\n", near, far);
        return 0;
    }
    if (argc != 1) { fprintf(stderr, "usage: memlat [--quick]\n"); return 2; }
    printf("dependent random loads (one pointer chase), ns per load:\n");
    for (size_t mb = 1; mb <= 512; mb *= 2) {
        double ns = chase_ns(mb);
        if (ns < 0) { printf("%5zu MB: out of memory\n", mb); break; }
        printf("%5zu MB: %6.1f\n", mb, ns);
    }
    size_t lines;
    uint64_t *a = make_chase((size_t)256 << 20, &lines);
    if (!a) return 1;
    printf("independent chases through 256 MB, ns per load (memory-level parallelism):\n");
    for (int chains = 1; chains <= 16; chains *= 2) {
        size_t p[16], steps = 2000000 / chains;
        for (int c = 0; c < chains; c++) p[c] = (size_t)(ed_rng_next() % lines) * (LINE / 8);
        double t0 = now();
        for (size_t s = 0; s < steps; s++)
            for (int c = 0; c < chains; c++) p[c] = a[p[c]];
        double dt = now() - t0;
        size_t sum = 0;
        for (int c = 0; c < chains; c++) sum += p[c];
        printf("%5d chain%s: %6.1f%s\n", chains, chains > 1 ? "s" : " ", 1e9 * dt / (steps * chains), sum == 1 ? " " : "");
    }
    /* A block scan asks for ~16 candidate lines at once, then reads them. Does it matter whether
     * they lie in 16 places or in 8 pairs of nearby lines (particles numbered in a row, which a
     * lattice start puts side by side in space)? Pairs of adjacent lines (one aligned 128 bytes)
     * and of lines 128 bytes apart (the first lines of two 128-byte particles) are both timed. */
    printf("batches of 16 lines through 256 MB, each requested (prefetch) and then read, ns per batch:\n");
    const char *kind[3] = {"16 random lines", "8 random pairs of adjacent lines", "8 random pairs 128 B apart"};
    for (int mode = 0; mode < 3; mode++) {
        size_t batches = 1000000, blocks = lines / 4, sum = 0;
        const char *bytes = (const char *)a;
        double t0 = now();
        for (size_t b = 0; b < batches; b++) {
            size_t idx[16];
            /* one random number per line in every mode, so that the modes differ only in where
             * the lines lie (a pair's second number goes unused) */
            for (int k = 0; k < 16; k += 2) {
                size_t r = (size_t)(ed_rng_next() % blocks) * 4, q = (size_t)ed_rng_next();  /* a random 256-byte block */
                if (mode == 0) { idx[k] = r; idx[k + 1] = (q % blocks) * 4; }
                else { idx[k] = r; idx[k + 1] = r + (mode == 1 ? 1 : 2); }
            }
            for (int k = 0; k < 16; k++) __builtin_prefetch(bytes + idx[k] * LINE);
            for (int k = 0; k < 16; k++) sum += (size_t)bytes[idx[k] * LINE];
        }
        double dt = now() - t0;
        printf("  %-34s %6.1f%s\n", kind[mode], 1e9 * dt / batches, sum == 1 ? " " : "");
    }
    free(a);
    return 0;
}
