#include "harness/run/batch_scheduler.h"

#include <algorithm>
#include <chrono>

namespace dsconform {
namespace {

constexpr size_t kNone = static_cast<size_t>(-1);

bool WithinBudget(int64_t budget, int64_t held) { return budget <= 0 || held <= budget; }

bool WithinBudget(const CaseHeld& budget, const CaseHeld& held) {
  return WithinBudget(budget.native, held.native) && WithinBudget(budget.java, held.java);
}

CaseHeld Sum(CaseHeld a, const CaseHeld& b) { return a += b; }

}  // namespace

BatchScheduler::BatchScheduler(const std::vector<int64_t>& costs, const std::vector<CaseHeld>& held, CaseHeld budget)
    : held_(held), budget_(budget), by_cost_(costs.size()), taken_(costs.size()), beside_of_(costs.size(), kNone) {
  for (size_t b = 0; b < costs.size(); ++b) by_cost_[b] = b;
  std::stable_sort(by_cost_.begin(), by_cost_.end(), [&](size_t x, size_t y) { return costs[x] > costs[y]; });
}

bool BatchScheduler::FitsBeside(const CaseHeld& running, int running_batches, size_t b) const {
  return running_batches == 0 || WithinBudget(budget_, Sum(running, HeldOf(b)));
}

std::optional<size_t> BatchScheduler::Choose(bool earliest) {
  if (earliest) {
    while (next_in_order_ < taken_.size() && taken_[next_in_order_]) ++next_in_order_;
    const size_t b = next_in_order_;
    if (FitsBeside(running_, running_batches_, b)) return b;
    return std::nullopt;
  }
  while (next_by_cost_ < by_cost_.size() && taken_[by_cost_[next_by_cost_]]) ++next_by_cost_;
  const size_t head = by_cost_[next_by_cost_];
  if (FitsBeside(running_, running_batches_, head)) return head;
  // The costliest waits for memory; what runs meanwhile must leave it room once the batches
  // running now are done.
  waiting_ = head;
  const CaseHeld room_for_head = Sum(beside_waiting_, HeldOf(head));
  for (size_t i = next_by_cost_ + 1; i < by_cost_.size(); ++i) {
    const size_t b = by_cost_[i];
    if (taken_[b] || !FitsBeside(running_, running_batches_, b)) continue;
    if (WithinBudget(budget_, Sum(room_for_head, HeldOf(b)))) return b;
  }
  return std::nullopt;
}

void BatchScheduler::Start(size_t b) {
  taken_[b] = true;
  ++taken_count_;
  running_ += HeldOf(b);
  ++running_batches_;
  if (waiting_ == b) {
    waiting_.reset();
    beside_waiting_ = CaseHeld{};
  } else if (waiting_) {
    beside_of_[b] = *waiting_;
    beside_waiting_ += HeldOf(b);
  }
}

std::optional<BatchScheduler::Taken> BatchScheduler::Take(bool earliest) {
  std::unique_lock<std::mutex> lock(mu_);
  std::optional<std::chrono::steady_clock::time_point> waited_since;
  for (;;) {
    if (taken_count_ == taken_.size()) return std::nullopt;
    if (const std::optional<size_t> b = Choose(earliest)) {
      Start(*b);
      Taken t{*b, 0};
      if (waited_since)
        t.waited_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - *waited_since).count();
      return t;
    }
    if (!waited_since) waited_since = std::chrono::steady_clock::now();
    done_.wait(lock);
  }
}

void BatchScheduler::Done(size_t b) {
  {
    std::lock_guard<std::mutex> lock(mu_);
    running_ -= HeldOf(b);
    --running_batches_;
    if (waiting_ && beside_of_[b] == *waiting_) beside_waiting_ -= HeldOf(b);
    beside_of_[b] = kNone;
  }
  done_.notify_all();
}

}  // namespace dsconform
