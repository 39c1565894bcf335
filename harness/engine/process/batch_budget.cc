#include "harness/engine/process/batch_budget.h"

#include <algorithm>
#include <cstdint>

namespace dsconform {

absl::Duration BatchBudget::For(size_t stages) const {
  const int64_t n = static_cast<int64_t>(stages);
  return std::min(case_timeout_ * std::max<int64_t>(n, 1), case_timeout_ + slowest_pace_ * (kMargin * n));
}

void BatchBudget::Answered(size_t stages, absl::Duration took) {
  if (stages == 0) return;
  slowest_pace_ = std::max(slowest_pace_, took / static_cast<int64_t>(stages));
}

}  // namespace dsconform
