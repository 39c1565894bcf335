// kll.accuracy: the rank accuracy study (harness/truth/ranks/rank_accuracy_suite.h) with KLL's
// sizes and items.
#include "harness/truth/ranks/rank_accuracy_suite.h"
#include "sketches/kll/kll_suites.h"

namespace dsconform {
namespace {

// Seconds in the default test run, a minute or two at reduced, a study under `full`.
RankStudySize KllStudySize(SuiteScale scale) {
  switch (scale) {
    case SuiteScale::kSmoke: return {{8, 200}, {"double", "float", "long"}, {ItemOrder::kShuffled}, 3, int64_t{1} << 12};
    case SuiteScale::kReduced:
      return {{8, 50, 200, 1600}, {"double", "float", "long"}, {ItemOrder::kShuffled}, 12, int64_t{1} << 16};
    case SuiteScale::kFull:  // 43200 cases, about half an hour on three engines; slices with --cases
      return {{8, 50, 200, 1600},
              {"double", "float", "long", "string"},
              {ItemOrder::kShuffled, ItemOrder::kAscending},
              100,
              int64_t{1} << 18,
              500};
  }
  return {};
}

}  // namespace

const Suite& KllAccuracySuite() {
  static const Suite* suite = MakeRankAccuracySuite({"kll", &KllStudySize, &KllItems}).release();
  return *suite;
}

}  // namespace dsconform
