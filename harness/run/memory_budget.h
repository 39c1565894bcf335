#ifndef DSCONFORM_HARNESS_RUN_MEMORY_BUDGET_H_
#define DSCONFORM_HARNESS_RUN_MEMORY_BUDGET_H_

#include <cstdint>

namespace dsconform {

// What a run may hold at once when the user does not say (--memory): a quarter of the machine's
// memory, and no more than 3 GiB, which keeps a run's resident memory, the JVM's and the
// engines' own code and runtimes included, under 4 GiB.
int64_t DefaultMemoryBudget(int64_t physical_bytes);

// This machine's memory in bytes; 0 when it cannot be told.
int64_t PhysicalMemoryBytes();

// The heap of the JVM the Java engines share, out of the run's budget: half of it (the Java
// engines are at most half of the engines that hold a case), at least 256 MiB.
int64_t JavaHeapBytes(int64_t budget_bytes);

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_RUN_MEMORY_BUDGET_H_
