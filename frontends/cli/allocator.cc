#include "frontends/cli/allocator.h"

#ifdef DSCONFORM_WITH_JEMALLOC
#include <jemalloc/jemalloc.h>
#else
#include <malloc.h>
#endif

namespace dsconform {

#ifdef DSCONFORM_WITH_JEMALLOC

#define DSC_STRINGIFY_(x) #x
#define DSC_STRINGIFY(x) DSC_STRINGIFY_(x)

const char* AllocatorName() { return "jemalloc"; }

// jemalloc hands freed pages back on its own after a decay time (10 s by default), and keeps large
// blocks apart from small ones: glibc's mmap threshold has no counterpart to set.
void TuneAllocator() {}

void ReturnFreedPages() {
  mallctl("arena." DSC_STRINGIFY(MALLCTL_ARENAS_ALL) ".purge", nullptr, nullptr, nullptr, 0);
}

#else

const char* AllocatorName() { return "glibc"; }

void TuneAllocator() {
  // Images and item tapes of megabytes come and go case by case. glibc raises its mmap threshold
  // to the largest block freed (up to 32 MiB), after which such blocks live in the heap and stay
  // resident once freed; a fixed threshold hands them back to the system. Full-scale theta.matrix
  // on java,cpp: 4,594 MiB peak resident without, 3,922 MiB with.
  mallopt(M_MMAP_THRESHOLD, 1 << 20);
}

// glibc keeps the pages of freed small blocks (below the mmap threshold) resident.
void ReturnFreedPages() { malloc_trim(0); }

#endif

}  // namespace dsconform
