#ifndef DSCONFORM_FRONTENDS_CLI_ALLOCATOR_H_
#define DSCONFORM_FRONTENDS_CLI_ALLOCATOR_H_

namespace dsconform {

// The process's malloc: jemalloc where the build found it (libjemalloc-dev), else the C library's.
// Cases, records and decoded fields are many small JSON values made and dropped on every core: glibc's
// malloc and free took 45% of case generation's samples; with jemalloc it took 3.3 s instead of 5 s.
const char* AllocatorName();  // "jemalloc" or "glibc"

// Called first thing in main: settings that must precede the first large allocation.
void TuneAllocator();

// Hands the pages of blocks freed so far back to the system (e.g. a suite's Case objects once
// they are packed), so that the sketches of the run can use them.
void ReturnFreedPages();

}  // namespace dsconform

#endif  // DSCONFORM_FRONTENDS_CLI_ALLOCATOR_H_
