#ifndef DSCONFORM_HARNESS_EXPECT_CASE_PREDICATE_H_
#define DSCONFORM_HARNESS_EXPECT_CASE_PREDICATE_H_

#include <map>
#include <set>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "harness/case/case_params.h"

namespace dsconform {

// One condition on a case's parameters, as a rule states it:
//   "lgk >= 13"  numeric comparison (<, <=, >, >=);  "gen = byte_*", "n != 0"  glob (in)equality;
//   "item in double,float"  one of a set;  "has utf8"  the case has that parameter or bare segment.
// A list value ("lgks=9,13,20") satisfies a comparison, glob or set when one of its elements does.
// Every condition but `has` holds for a case that lacks the parameter: TCK snapshot, fuzz and
// other cases with ids of their own are judged by the shape of the difference alone.
class CasePredicate {
 public:
  static absl::StatusOr<CasePredicate> Parse(const std::string& text);

  bool Holds(const CaseParams& params) const;
  const std::string& text() const { return text_; }

 private:
  std::string key_;
  std::string op_;  // "has", "in", "=", "!=", "<", "<=", ">", ">="
  std::vector<std::string> operands_;
  double number_ = 0;
  std::string text_;
};

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_EXPECT_CASE_PREDICATE_H_
