// Repro snippets of the Classic Quantiles family: not written yet (the
// family's first increment has its engines and suites only); the text says
// so instead of a program that would not reproduce the case.
#include "sketches/quantiles/quantiles_snippets.h"

#include "absl/strings/str_cat.h"

namespace dsconform {

std::string QuantilesJavaSnippet(const Case& c) {
  return absl::StrCat("// ", c.id, ": no Java repro snippet for the quantiles family yet\n");
}

std::string QuantilesCppSnippet(const Case& c) {
  return absl::StrCat("// ", c.id, ": no C++ repro snippet for the quantiles family yet\n");
}

}  // namespace dsconform
