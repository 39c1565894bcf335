#ifndef DSCONFORM_HARNESS_CASE_SLICES_H_
#define DSCONFORM_HARNESS_CASE_SLICES_H_

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <thread>
#include <vector>

namespace dsconform {

// Calls fn(begin, end) over contiguous slices that tile [0, n), on one thread per core (the caller's
// among them), and returns when every slice is done. Work that writes index i's own element of a
// sized vector needs no lock and keeps its order. Threads are started only for at least
// `min_per_slice` indices each (fewer in all: everything on the caller), since a thread costs more
// than a few cases. The slices are small and taken in turn, not one per thread: costly indices
// cluster (a suite's accuracy cases of thousands of steps come together), and one thread given
// them all would leave the other cores idle.
template <typename Fn>
void ForEachSlice(size_t n, size_t min_per_slice, Fn fn) {
  const size_t cores = std::max<size_t>(1, std::thread::hardware_concurrency());
  const size_t threads = std::max<size_t>(1, std::min(cores, n / std::max<size_t>(1, min_per_slice)));
  if (threads == 1) {
    fn(size_t{0}, n);
    return;
  }
  const size_t slice = std::max<size_t>(1, n / (threads * 32));
  std::atomic<size_t> next{0};
  auto take = [&] {
    for (size_t begin; (begin = next.fetch_add(slice)) < n;) fn(begin, std::min(n, begin + slice));
  };
  std::vector<std::thread> started;
  for (size_t t = 0; t + 1 < threads; ++t) started.emplace_back(take);
  take();
  for (auto& t : started) t.join();
}

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_CASE_SLICES_H_
