#ifndef DSCONFORM_HARNESS_TRUTH_TRUTH_QUERY_H_
#define DSCONFORM_HARNESS_TRUTH_TRUTH_QUERY_H_

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "harness/case/case_program.h"
#include "harness/truth/truth_kind.h"

namespace dsconform {

// The query step an entry of a kind of truth names by `of` (the query's `as`,
// or its slot), with the steps before it: what the truth is computed from.
struct TruthQuery {
  const Op* query = nullptr;
  std::vector<Op> before;
};

// The first query of the case's first stage answering as `of`; none when it
// has none (then NoTruthQuery is the engine's outlier: the judge must not go quiet).
inline std::optional<TruthQuery> FindTruthQuery(const Case& c, const std::string& of) {
  for (size_t at = 0; at < c.ops.size(); ++at) {
    const Op& op = c.ops[at];
    if (op.op == "query" && op.Str("as", op.sketch) == of)
      return TruthQuery{&op, std::vector<Op>(c.ops.begin(), c.ops.begin() + static_cast<std::ptrdiff_t>(at))};
  }
  return std::nullopt;
}

inline FieldDiff NoTruthQuery(const std::string& of) {
  return TruthOutlier(of, "a query step answering as this", "none in the case");
}

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_TRUTH_TRUTH_QUERY_H_
