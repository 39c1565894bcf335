#ifndef DSCONFORM_HARNESS_CASE_SLICES_H_
#define DSCONFORM_HARNESS_CASE_SLICES_H_

#include <algorithm>
#include <cstddef>
#include <thread>
#include <vector>

namespace dsconform {

// Calls fn(begin, end) over [0, n) in contiguous slices, one per core, the caller's thread taking
// the last, and returns when every slice is done. Work that writes index i's own element of a
// sized vector needs no lock and keeps its order. Each slice has at least `min_per_slice` indices
// (fewer in all: one slice, on the caller), since a thread costs more than a few cases.
template <typename Fn>
void ForEachSlice(size_t n, size_t min_per_slice, Fn fn) {
  const size_t cores = std::max<size_t>(1, std::thread::hardware_concurrency());
  const size_t slices = std::max<size_t>(1, std::min(cores, n / std::max<size_t>(1, min_per_slice)));
  std::vector<std::thread> threads;
  for (size_t s = 0; s + 1 < slices; ++s) threads.emplace_back(fn, n * s / slices, n * (s + 1) / slices);
  fn(n * (slices - 1) / slices, n);
  for (auto& t : threads) t.join();
}

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_CASE_SLICES_H_
