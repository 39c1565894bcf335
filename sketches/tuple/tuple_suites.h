#ifndef DSCONFORM_SKETCHES_TUPLE_TUPLE_SUITES_H_
#define DSCONFORM_SKETCHES_TUPLE_TUPLE_SUITES_H_

#include <cstdint>
#include <string>
#include <vector>

#include "harness/case/case_builder.h"
#include "harness/family/family.h"
#include "nlohmann/json.hpp"

namespace dsconform {

const Suite& TupleMatrixSuite();
const Suite& TupleValuesSuite();
const Suite& TupleSetOpsSuite();
const Suite& TupleCrossSuite();
std::vector<const Suite*> TupleSuites();

// The seed both libraries use unless told otherwise, and one of our own.
constexpr int64_t kTupleDefaultSeed = 9001;
constexpr int64_t kTupleCustomSeed = 0x5eed;

// A summary of the case format (`summary`, and `num_values` for aod and aos).
struct TupleSummary {
  std::string name;    // double_sum, ..., aod, aos
  int num_values = 0;  // aod: values per key; aos: strings per key
  bool is_int() const { return name.rfind("int_", 0) == 0; }
  bool is_aod() const { return name == "aod"; }
  bool is_aos() const { return name == "aos"; }
  // An array summary: aod or aos (no theta sketch input, no jaccard in these suites).
  bool is_array() const { return is_aod() || is_aos(); }
  // For ids: "summary=double_sum", "summary=aod3", "summary=aos3" (rules select by it: `summary = aod*`).
  std::string id() const;
  // The members that name it on a step.
  nlohmann::ordered_json members() const;
};

// Every summary: the double and int modes, aod and aos with 1 and 3 values.
std::vector<TupleSummary> AllTupleSummaries();

// Members of an update step giving item i the value `value + i * step`, the
// step in quarters for a double or aod summary, in units for an int one; an aos
// summary gets strings made from both (an ASCII one, an empty one, non-ASCII ones).
nlohmann::ordered_json TupleValues(const TupleSummary& s, int64_t value, int64_t step);

// Every query of a sketch (summaries: when `with_summaries`).
nlohmann::ordered_json TupleSketchQueries(bool with_summaries);

// The case for an imported snapshot (suite "tck").
Case TupleSnapshotCase(const std::string& id, const std::string& image);

}  // namespace dsconform

#endif  // DSCONFORM_SKETCHES_TUPLE_TUPLE_SUITES_H_
