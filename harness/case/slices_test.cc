#include "harness/case/slices.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <mutex>
#include <set>
#include <thread>
#include <utility>
#include <vector>

#include "gtest/gtest.h"

namespace dsconform {
namespace {

// Every index once, in contiguous slices that tile [0, n), whatever n and the slice floor.
TEST(ForEachSlice, CoversEveryIndexOnceInContiguousSlices) {
  for (size_t n : {0, 1, 63, 64, 129, 1000}) {
    for (size_t floor : {1, 64}) {
      std::vector<std::atomic<int>> seen(n);
      std::mutex mu;
      std::vector<std::pair<size_t, size_t>> slices;
      ForEachSlice(n, floor, [&](size_t begin, size_t end) {
        for (size_t i = begin; i < end; ++i) ++seen[i];
        std::lock_guard<std::mutex> lock(mu);
        slices.emplace_back(begin, end);
      });
      for (size_t i = 0; i < n; ++i) EXPECT_EQ(seen[i], 1) << "n " << n << " index " << i;
      std::sort(slices.begin(), slices.end());
      size_t next = 0;
      for (const auto& [begin, end] : slices) {
        EXPECT_EQ(begin, next) << "n " << n;
        next = end;
      }
      EXPECT_EQ(next, n);
      if (n < 2 * floor) EXPECT_EQ(slices.size(), 1u) << "n " << n << ": below two floors, one slice on the caller";
    }
  }
}

// Indices that cost more come together (a suite's accuracy cases); every thread must get some of
// them, which one slice per thread would not do.
TEST(ForEachSlice, SharesACostlyRunOfIndicesBetweenThreads) {
  if (std::thread::hardware_concurrency() < 2) GTEST_SKIP() << "one core";
  const size_t n = 1000;
  std::mutex mu;
  std::set<std::thread::id> costly_on;
  ForEachSlice(n, 64, [&](size_t begin, size_t end) {
    for (size_t i = begin; i < end; ++i) {
      if (i < n - 100) continue;
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
      std::lock_guard<std::mutex> lock(mu);
      costly_on.insert(std::this_thread::get_id());
    }
  });
  EXPECT_GE(costly_on.size(), 2u) << "the last 100 indices ran on one thread";
}

}  // namespace
}  // namespace dsconform
