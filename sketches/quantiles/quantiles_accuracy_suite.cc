// quantiles.accuracy: the rank accuracy study (harness/truth/ranks/rank_accuracy_suite.h) with
// the classic Quantiles sketch's sizes and items.
#include "harness/truth/ranks/rank_accuracy_suite.h"
#include "sketches/quantiles/quantiles_suites.h"

namespace dsconform {
namespace {

// Seconds in the default test run, a minute or two at reduced, a study under `full`.
RankStudySize QuantilesStudySize(SuiteScale scale) {
  switch (scale) {
    case SuiteScale::kSmoke: return {{8, 128}, {"double", "long"}, {ItemOrder::kShuffled}, 3, int64_t{1} << 12};
    case SuiteScale::kReduced:
      return {{8, 32, 128, 1024}, {"double", "long"}, {ItemOrder::kShuffled}, 12, int64_t{1} << 16};
    case SuiteScale::kFull:  // slices with --cases
      return {{8, 32, 128, 1024},
              {"double", "long", "string"},
              {ItemOrder::kShuffled, ItemOrder::kAscending},
              100,
              int64_t{1} << 18,
              500};
  }
  return {};
}

}  // namespace

const Suite& QuantilesAccuracySuite() {
  static const Suite* suite =
      MakeRankAccuracySuite({"quantiles", &QuantilesStudySize, &QuantilesItems}).release();
  return *suite;
}

}  // namespace dsconform
