#include "harness/run/batch_scheduler.h"

#include <thread>

#include "gtest/gtest.h"

namespace dsconform {
namespace {

TEST(BatchScheduler, CostliestFirstTiesInBatchOrder) {
  BatchScheduler s({5, 9, 1, 9});
  EXPECT_EQ(s.Take(false), 1u);
  EXPECT_EQ(s.Take(false), 3u);
  EXPECT_EQ(s.Take(false), 0u);
  EXPECT_EQ(s.Take(false), 2u);
  EXPECT_EQ(s.Take(false), std::nullopt);
}

TEST(BatchScheduler, EarliestSkipsWhatTheCostOrderTookAndBack) {
  BatchScheduler s({1, 2, 3, 4});
  EXPECT_EQ(s.Take(false), 3u);
  EXPECT_EQ(s.Take(true), 0u);
  EXPECT_EQ(s.Take(true), 1u);
  EXPECT_EQ(s.Take(false), 2u);  // 3 is taken
  EXPECT_EQ(s.Take(true), std::nullopt);
  EXPECT_EQ(s.Take(false), std::nullopt);
}

TEST(BatchScheduler, EveryBatchIsTakenOnceAcrossThreads) {
  std::vector<int64_t> costs(10000);
  for (size_t i = 0; i < costs.size(); ++i) costs[i] = static_cast<int64_t>((i * 7919) % 1000);
  BatchScheduler s(costs);
  std::vector<int> times(costs.size());
  auto work = [&](bool flip) {
    for (bool earliest = flip;; earliest = !earliest) {
      auto b = s.Take(earliest);
      if (!b) break;
      ++times[*b];  // each index is written by the one thread that took it
    }
  };
  std::thread t(work, true);
  work(false);
  t.join();
  for (int n : times) ASSERT_EQ(n, 1);
}

}  // namespace
}  // namespace dsconform
