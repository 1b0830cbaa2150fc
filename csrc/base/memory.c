#include "base/memory.h"
#include <stdlib.h>
#if defined(__linux__) && !defined(__EMSCRIPTEN__)
#include <sys/mman.h>
#define HUGE_PAGE ((size_t)2 << 20)
#endif

void *ed_big_alloc(size_t bytes) {
    if (bytes == 0) bytes = 1;
#ifdef HUGE_PAGE
    if (bytes >= 2 * HUGE_PAGE) {
        size_t rounded = (bytes + HUGE_PAGE - 1) / HUGE_PAGE * HUGE_PAGE;
        void *p = aligned_alloc(HUGE_PAGE, rounded);
        if (p) madvise(p, rounded, MADV_HUGEPAGE);  /* a hint: failure only costs speed */
        return p;
    }
#endif
    return aligned_alloc(64, (bytes + 63) / 64 * 64);
}
