#ifndef DSCONFORM_HARNESS_TRUTH_RANKS_RANK_GRIDS_H_
#define DSCONFORM_HARNESS_TRUTH_RANKS_RANK_GRIDS_H_

#include <cstdint>
#include <string>

#include "nlohmann/json.hpp"

namespace dsconform {

// The query grids of the quantiles families (KLL, t-digest), whose answers the
// rank truth judges: ranks every language parses to the same double, and
// split points over the values of an ordered generator.

// The rank grid of the quantiles queries: 0, 1/intervals, ..., 1, as decimals
// (`intervals` a power of two, so they are exact).
nlohmann::ordered_json RankGrid(int intervals = 16);

// intervals+1 (at most) split points over the values start..start+n-1 of an
// ordered generator as items of `item_type` (double/float: value/4, long,
// string: 10 digits): one below the smallest, then evenly spaced values up to
// one past the largest, most of them items themselves (where inclusive and
// exclusive ranks part). Unique and increasing in the item type's order.
nlohmann::ordered_json PointGrid(const std::string& item_type, int64_t start, int64_t n, int intervals = 8);

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_TRUTH_RANKS_RANK_GRIDS_H_
