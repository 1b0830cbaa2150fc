/* Allocation of the large per-particle arrays. On Linux, arrays of several MB ask for
 * transparent huge pages: at N = 10^6 every event touches a few dozen scattered cache lines,
 * and with 4 KB pages nearly each of them is also a TLB miss. Elsewhere (WebAssembly) this is
 * plain aligned allocation. Free with free(). */
#ifndef EDPD_MEMORY_H
#define EDPD_MEMORY_H
#include <stddef.h>

void *big_alloc(size_t bytes);   /* 64-byte aligned, NULL on failure */

#endif
