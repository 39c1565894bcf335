#include "harness/run/batch_scheduler.h"

#include <algorithm>

namespace dsconform {

BatchScheduler::BatchScheduler(const std::vector<int64_t>& costs) : by_cost_(costs.size()), taken_(costs.size()) {
  for (size_t b = 0; b < costs.size(); ++b) by_cost_[b] = b;
  std::stable_sort(by_cost_.begin(), by_cost_.end(), [&](size_t x, size_t y) { return costs[x] > costs[y]; });
}

std::optional<size_t> BatchScheduler::Take(bool earliest) {
  std::lock_guard<std::mutex> lock(mu_);
  size_t b;
  if (earliest) {
    while (next_in_order_ < taken_.size() && taken_[next_in_order_]) ++next_in_order_;
    if (next_in_order_ == taken_.size()) return std::nullopt;
    b = next_in_order_;
  } else {
    while (next_by_cost_ < by_cost_.size() && taken_[by_cost_[next_by_cost_]]) ++next_by_cost_;
    if (next_by_cost_ == by_cost_.size()) return std::nullopt;
    b = by_cost_[next_by_cost_];
  }
  taken_[b] = true;
  return b;
}

}  // namespace dsconform
