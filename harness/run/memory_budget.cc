#include "harness/run/memory_budget.h"

#include <unistd.h>

#include <algorithm>

#include "harness/engine/tape_cache.h"

namespace dsconform {

int64_t DefaultMemoryBudget(int64_t physical_bytes) {
  constexpr int64_t kCap = int64_t{4096} << 20;
  if (physical_bytes <= 0) return kCap;
  return std::min(kCap, physical_bytes / 4);
}

int64_t PhysicalMemoryBytes() {
  const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
  return pages > 0 && page > 0 ? static_cast<int64_t>(pages) * page : 0;
}

int64_t JavaHeapBytes(int64_t budget_bytes) { return std::max(int64_t{256} << 20, budget_bytes / 3); }

int64_t EngineProcessRetireMib(int64_t budget_bytes) { return std::max<int64_t>(256, (budget_bytes / 8) >> 20); }

int64_t CasesBytes(int64_t budget_bytes) {
  const int64_t rest = budget_bytes - JavaHeapBytes(budget_bytes) - TapeCache::kDefaultMaxBytes - kRuntimesBytes;
  return std::max(rest, budget_bytes / 4);
}

}  // namespace dsconform
