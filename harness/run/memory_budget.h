#ifndef DSCONFORM_HARNESS_RUN_MEMORY_BUDGET_H_
#define DSCONFORM_HARNESS_RUN_MEMORY_BUDGET_H_

#include <cstdint>

namespace dsconform {

// What a run may hold at once when the user does not say (--memory): a quarter of the machine's
// memory, and no more than 4 GiB: the least budget, in steps of 256 MiB, that admits every case
// of every suite at full scale on java, java-direct and cpp (Theta's lgK 21 cross cases). The
// budget holds the whole process, its runtimes included, where it is above about 1.1 GiB (below,
// the least heap and the least share of the cases take more; README, "Cost against engines and
// scale, and memory").
int64_t DefaultMemoryBudget(int64_t physical_bytes);

// This machine's memory in bytes; 0 when it cannot be told.
int64_t PhysicalMemoryBytes();

// The heap of the JVM the Java engines share, out of the run's budget: a third of it (1,365 MiB of
// the default 4 GiB; full-scale Theta at lgK 21 on two Java engines ran out of 853 MiB, and CPC's
// lgK 26 unions, 1,025 MiB by their estimate, out of 1 GiB), at least 256 MiB. Apart from what the
// cases hold: a JVM's heap fills up to its maximum with garbage before it collects, so its
// resident memory approaches that maximum whatever the cases hold.
int64_t JavaHeapBytes(int64_t budget_bytes);

// The resident memory past which an out-of-process engine's process is ended after a batch and
// a fresh one started (ProcessEngineSpec::retire_above_mib), in MiB: an eighth of the budget, at
// least 256 MiB. The engines' processes are outside the budget; this keeps what a leaking
// library accumulates out of the machine's way.
int64_t EngineProcessRetireMib(int64_t budget_bytes);

// What the process holds beside its cases, the Java heap and the item tapes: the JVM's own (code,
// metaspace, the collector's tables, threads) and the harness's binary and libraries. Before it
// was set aside, the whole qualification peaked 88 MiB over its budget.
inline constexpr int64_t kRuntimesBytes = int64_t{192} << 20;

// What the cases may hold at once (RunOptions::memory_budget_bytes) out of the run's budget: the
// rest beside the Java heap, the item tapes the workers share (TapeCache) and the runtimes, at
// least a quarter.
int64_t CasesBytes(int64_t budget_bytes);

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_RUN_MEMORY_BUDGET_H_
