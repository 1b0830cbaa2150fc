/* Memory: allocation of the large per-particle arrays, and asking for cache lines ahead (below).
 * Allocation: on Linux, arrays of several MB ask for
 * transparent huge pages: at N = 10^6 every event touches a few dozen scattered cache lines,
 * and with 4 KB pages nearly each of them is also a TLB miss. Elsewhere (WebAssembly) this is
 * plain aligned allocation. Free with free(). */
#ifndef EDPD_MEMORY_H
#define EDPD_MEMORY_H
#include <stddef.h>

void *ed_big_alloc(size_t bytes);   /* 64-byte aligned, NULL on failure */

/* Asking for a cache line ahead of its use. mem_hint is a prefetch natively and nothing in
 * WebAssembly, which has no prefetch instruction. mem_request is a prefetch natively and an
 * ordinary load in WebAssembly: that load holds the core until its line arrives, but the loads
 * of a batch are then in flight together instead of a few at a time between the arithmetic
 * that uses them, which pays at large N. So requests go
 * only where the lines are needed soon, in batches; MEM_REQUEST_STALLS says which kind. */
/* mem_request_zero and mem_request_write_zero take a byte of the line that is always zero:
 * in WebAssembly they store a zero there (mem_request_same: a double whose value the caller
 * knows, stored over itself). A store retires without waiting for its line (the
 * store buffer holds it while the line is fetched), so unlike a load it does not hold the core.
 * The cell records have such a byte (cells.h); the particles' first lines use
 * mem_request_same (world.h, particle_request). */
#ifdef __EMSCRIPTEN__
#define MEM_REQUEST_STALLS 1
static inline void mem_request_zero(void *zero) { *(volatile char *)zero = 0; }
static inline void mem_request_write_zero(void *zero) { *(volatile char *)zero = 0; }
static inline void mem_request_same(double *at, double value) { *(volatile double *)at = value; }
static inline void mem_hint(const void *p) { (void)p; }
static inline void mem_request(const void *p) { (void)*(const volatile char *)p; }
static inline void mem_request_write(const void *p) { (void)*(const volatile char *)p; }
#else
#define MEM_REQUEST_STALLS 0
static inline void mem_hint(const void *p) { __builtin_prefetch(p); }
static inline void mem_request(const void *p) { __builtin_prefetch(p); }
static inline void mem_request_write(const void *p) { __builtin_prefetch(p, 1); }
static inline void mem_request_zero(void *zero) { __builtin_prefetch(zero); }
static inline void mem_request_write_zero(void *zero) { __builtin_prefetch(zero, 1); }
static inline void mem_request_same(double *at, double value) { (void)value; __builtin_prefetch(at); }
#endif

#endif
