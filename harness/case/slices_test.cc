#include "harness/case/slices.h"

#include <algorithm>
#include <atomic>
#include <mutex>
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
      if (n < floor) EXPECT_EQ(slices.size(), 1u) << "n " << n << ": below the floor, one slice";
    }
  }
}

}  // namespace
}  // namespace dsconform
