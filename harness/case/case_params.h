#ifndef DSCONFORM_HARNESS_CASE_CASE_PARAMS_H_
#define DSCONFORM_HARNESS_CASE_CASE_PARAMS_H_

#include <map>
#include <set>
#include <string>

namespace dsconform {

// The parameters a case id states: its key=value segments ("hll/sketch/lgk=13/type=HLL_4/n=769":
// lgk, type, n) and its bare segments ("kll/exact/item=string/utf8/k=8/n=2": kll, exact, utf8).
struct CaseParams {
  std::map<std::string, std::string> values;
  std::set<std::string> bare;

  static CaseParams Of(const std::string& case_id);
  // The value of `key` (the last one of that key), or "" when the id has none.
  std::string Value(const std::string& key) const;
};

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_CASE_CASE_PARAMS_H_
