#include "harness/family/quickselect_transitions.h"

#include <algorithm>
#include <set>

namespace dsconform {
namespace {

constexpr int kMinLgArrLongs = 5;

// floor(fraction * 2^lg_arr) with the fractions of both libraries:
// RESIZE_THRESHOLD 0.5 below full size, REBUILD_THRESHOLD 15/16 at it.
int64_t Capacity(int lg_arr, int lg_k) {
  const int64_t size = int64_t{1} << lg_arr;
  return lg_arr <= lg_k ? size / 2 : size * 15 / 16;
}

}  // namespace

QuickSelectTransitions QuickSelectTransitionsFor(int lg_k, int lg_rf) {
  QuickSelectTransitions t;
  const int lg_tgt = lg_k + 1;
  t.start_lg_arr = lg_tgt <= kMinLgArrLongs ? kMinLgArrLongs
                   : lg_rf == 0             ? lg_tgt
                                            : (lg_tgt - kMinLgArrLongs) % lg_rf + kMinLgArrLongs;
  int lg_arr = t.start_lg_arr;
  while (lg_arr < lg_tgt) {
    t.resize_points.push_back(Capacity(lg_arr, lg_k) + 1);
    lg_arr = std::min(lg_tgt, lg_arr + std::max(lg_rf, 1));
  }
  t.rebuild_point = Capacity(lg_tgt, lg_k) + 1;
  return t;
}

std::vector<int64_t> QuickSelectSizes(int lg_k, int lg_rf, int64_t max_items) {
  const int64_t k = int64_t{1} << lg_k;
  std::set<int64_t> sizes = {0, 1, 2};
  const QuickSelectTransitions t = QuickSelectTransitionsFor(lg_k, lg_rf);
  for (int64_t r : t.resize_points) sizes.insert({r - 1, r});
  sizes.insert({t.rebuild_point - 1, t.rebuild_point, t.rebuild_point + 1});
  for (int64_t m : {1, 4, 16}) sizes.insert(k * m * 2);
  std::vector<int64_t> out;
  for (int64_t n : sizes)
    if (n <= max_items) out.push_back(n);
  return out;
}

}  // namespace dsconform
