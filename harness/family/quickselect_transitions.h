#ifndef DSCONFORM_HARNESS_FAMILY_QUICKSELECT_TRANSITIONS_H_
#define DSCONFORM_HARNESS_FAMILY_QUICKSELECT_TRANSITIONS_H_

#include <cstdint>
#include <vector>

namespace dsconform {

// The hash-table transitions of a QuickSelect update sketch (Theta and Tuple,
// both libraries) with nominal entries 2^lgK and resize factor 2^lg_rf, from
// the published algorithm: the table starts at lgArr =
// startingSubMultiple(lgK+1, lg_rf, 5), grows by 2^lg_rf when its count
// exceeds half its size, and once it has 2^(lgK+1) slots rebuilds (theta
// drops, estimation mode) when the count exceeds 15/16 of them. Counts are of
// retained hashes, so with p = 1 they are numbers of distinct items.
struct QuickSelectTransitions {
  int start_lg_arr = 5;
  std::vector<int64_t> resize_points;  // the first count after each resize
  int64_t rebuild_point = 0;           // the first count that rebuilds
};
QuickSelectTransitions QuickSelectTransitionsFor(int lg_k, int lg_rf);

// Sizes for one configuration: empty, 1, 2, both sides of every resize and of
// the first rebuild, and a few multiples of K into estimation mode; sorted,
// unique, none above `max_items`.
std::vector<int64_t> QuickSelectSizes(int lg_k, int lg_rf, int64_t max_items);

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_FAMILY_QUICKSELECT_TRANSITIONS_H_
