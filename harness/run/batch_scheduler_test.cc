#include "harness/run/batch_scheduler.h"

#include <atomic>
#include <chrono>
#include <thread>

#include "gtest/gtest.h"

namespace dsconform {
namespace {

std::optional<size_t> Batch(const std::optional<BatchScheduler::Taken>& t) {
  if (!t) return std::nullopt;
  return t->batch;
}

// A worker that takes its next batch on a thread of its own, so that a test can see it wait.
class Taker {
 public:
  explicit Taker(BatchScheduler& s, bool earliest = false)
      : thread_([this, &s, earliest] {
          taken_ = s.Take(earliest);
          done_ = true;
        }) {}
  ~Taker() {
    if (thread_.joinable()) thread_.join();
  }
  // Whether it has its batch after a tenth of a second.
  bool HasTakenSoon() {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    return done_.load();
  }
  BatchScheduler::Taken Wait() {
    thread_.join();
    return *taken_;
  }

 private:
  std::optional<BatchScheduler::Taken> taken_;
  std::atomic<bool> done_{false};
  std::thread thread_;
};

TEST(BatchScheduler, CostliestFirstTiesInBatchOrder) {
  BatchScheduler s({5, 9, 1, 9});
  EXPECT_EQ(Batch(s.Take(false)), 1u);
  EXPECT_EQ(Batch(s.Take(false)), 3u);
  EXPECT_EQ(Batch(s.Take(false)), 0u);
  EXPECT_EQ(Batch(s.Take(false)), 2u);
  EXPECT_EQ(Batch(s.Take(false)), std::nullopt);
}

TEST(BatchScheduler, EarliestSkipsWhatTheCostOrderTookAndBack) {
  BatchScheduler s({1, 2, 3, 4});
  EXPECT_EQ(Batch(s.Take(false)), 3u);
  EXPECT_EQ(Batch(s.Take(true)), 0u);
  EXPECT_EQ(Batch(s.Take(true)), 1u);
  EXPECT_EQ(Batch(s.Take(false)), 2u);  // 3 is taken
  EXPECT_EQ(Batch(s.Take(true)), std::nullopt);
  EXPECT_EQ(Batch(s.Take(false)), std::nullopt);
}

TEST(BatchScheduler, EveryBatchIsTakenOnceAcrossThreads) {
  std::vector<int64_t> costs(10000);
  std::vector<CaseHeld> held(costs.size());
  for (size_t i = 0; i < costs.size(); ++i) {
    costs[i] = static_cast<int64_t>((i * 7919) % 1000);
    held[i] = {static_cast<int64_t>((i * 104729) % 700), 0};
  }
  BatchScheduler s(costs, held, CaseHeld{1000, 0});
  std::vector<int> times(costs.size());
  auto work = [&](bool flip) {
    for (bool earliest = flip;; earliest = !earliest) {
      auto t = s.Take(earliest);
      if (!t) break;
      ++times[t->batch];  // each index is written by the one thread that took it
      s.Done(t->batch);
    }
  };
  std::thread t(work, true);
  work(false);
  t.join();
  for (int n : times) ASSERT_EQ(n, 1);
}

TEST(BatchScheduler, ABatchThatDoesNotFitWaitsAndASmallerOneThatLeavesItRoomRunsMeanwhile) {
  for (const bool java : {false, true}) {
    // One budget of 100 bytes, this process's or the Java heap's; the other bounds nothing.
    auto held = [java](int64_t bytes) { return java ? CaseHeld{0, bytes} : CaseHeld{bytes, 0}; };
    BatchScheduler s({4, 3, 2, 1}, {held(60), held(60), held(40), held(1000)}, held(100));
    EXPECT_EQ(Batch(s.Take(false)), 0u);
    // Batch 1 does not fit beside 0; batch 2 fits beside 0 and leaves 1 room once 0 is done.
    const auto beside = s.Take(false);
    ASSERT_TRUE(beside.has_value());
    EXPECT_EQ(beside->batch, 2u) << java;
    EXPECT_EQ(beside->waited_seconds, 0.0) << java;
    Taker costliest(s);
    EXPECT_FALSE(costliest.HasTakenSoon()) << java;
    s.Done(2);
    EXPECT_FALSE(costliest.HasTakenSoon()) << java;  // 0 still runs
    s.Done(0);
    const auto waited = costliest.Wait();
    EXPECT_EQ(waited.batch, 1u) << java;
    EXPECT_GE(waited.waited_seconds, 0.15) << java;  // about the two tenths of a second above
    s.Done(1);
    EXPECT_EQ(Batch(s.Take(false)), 3u) << java;  // alone, whatever its size
  }
}

TEST(BatchScheduler, NothingRunsMeanwhileThatWouldDelayTheWaitingBatch) {
  // Batch 2 fits beside 0 (90 of 100), but not beside 1 once 0 is done (110): it waits for 1.
  BatchScheduler s({3, 2, 1}, {{50, 0}, {70, 0}, {40, 0}}, CaseHeld{100, 0});
  EXPECT_EQ(Batch(s.Take(false)), 0u);
  Taker second(s);
  EXPECT_FALSE(second.HasTakenSoon());
  s.Done(0);
  EXPECT_EQ(second.Wait().batch, 1u);
  Taker third(s);
  EXPECT_FALSE(third.HasTakenSoon());
  s.Done(1);
  EXPECT_EQ(third.Wait().batch, 2u);
}

TEST(BatchScheduler, WithoutABudgetEveryBatchStartsAtOnce) {
  BatchScheduler s({3, 2, 1}, {{5000, 0}, {5000, 7000}, {0, 9000}}, CaseHeld{0, 0});
  for (size_t want : {0u, 1u, 2u}) {
    const auto t = s.Take(false);
    ASSERT_TRUE(t.has_value());
    EXPECT_EQ(t->batch, want);
    EXPECT_EQ(t->waited_seconds, 0.0);
  }
}

}  // namespace
}  // namespace dsconform
