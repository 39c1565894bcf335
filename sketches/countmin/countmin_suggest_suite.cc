// countmin.suggest: the sizes both libraries suggest for a relative error (the
// bucket count, ceil(e / error)) and a confidence (the hash count,
// ceil(ln(1 / (1 - confidence)))), from the values they must refuse through
// the usual ones to the edges where the result no longer fits the type.
#include "absl/strings/str_cat.h"
#include "sketches/countmin/countmin_suites.h"

namespace dsconform {
namespace {

class CountminSuggest final : public Suite {
 public:
  std::string name() const override { return "countmin.suggest"; }
  std::string description() const override {
    return "suggested bucket counts for relative errors and hash counts for confidences, refused values and edges";
  }

  std::vector<Case> Generate(SuiteScale scale) const override {
    std::vector<std::string> errors = {"-0.1", "0", "1e-9", "0.001", "0.01", "0.05", "0.1", "1", "3"};
    std::vector<std::string> confidences = {"-0.5", "0", "0.5", "0.9", "0.95", "0.99", "0.999999", "1", "1.5"};
    if (scale != SuiteScale::kSmoke) {
      for (const char* e : {"1e-300", "1e-6", "0.0001", "0.0005", "0.2", "0.5", "2.718281828459045", "100"})
        errors.push_back(e);
      for (const char* c : {"0.1", "0.6321205588285577", "0.75", "0.9999", "0.9999999999", "0.9999999999999999"})
        confidences.push_back(c);
    }
    std::vector<Case> cases;
    for (const std::string& e : errors) cases.push_back(MakeCase("relative_error", e));
    for (const std::string& c : confidences) cases.push_back(MakeCase("confidence", c));
    return cases;
  }

 private:
  Case MakeCase(const std::string& member, const std::string& value) const {
    CaseBuilder b(absl::StrCat("countmin/suggest/", member, "=", value), name(), "countmin");
    b.Step("suggest", "", {{member, value}, {"as", "s"}});
    return b.Build();
  }
};

}  // namespace

const Suite& CountminSuggestSuite() {
  static const CountminSuggest* suite = new CountminSuggest();
  return *suite;
}

}  // namespace dsconform
