// varopt.union: three sketches of different k (each below or past its k)
// unioned into unions of several max_k: the result's image, sample, subset
// sums and queries, and the union's own image. When nothing sampled (every
// sketch exact and the total within max_k) everything must agree bit for
// bit; otherwise what the random bits decide is "lang.". Cross: the result's
// image, or the union's image read back as a union, answered and written again.
#include <array>

#include "absl/strings/str_cat.h"
#include "sketches/varopt/varopt_suites.h"

namespace dsconform {
namespace {

struct Inputs {
  const char* name;
  std::array<int64_t, 3> k;
  std::array<int64_t, 3> n;
};

class VaroptUnion final : public Suite {
 public:
  std::string name() const override { return "varopt.union"; }
  std::string description() const override {
    return "sketches of different k unioned at several max_k: result and union images, sample, subset sums; the "
           "result or the union image read by every engine";
  }

  std::vector<Case> Generate(SuiteScale scale) const override {
    std::vector<Inputs> inputs = {{"exact", {10, 50, 100}, {5, 20, 30}}, {"sampled", {10, 50, 100}, {500, 20, 3000}}};
    std::vector<int64_t> max_ks = {10, 1000};
    if (scale != SuiteScale::kSmoke) {
      inputs.push_back({"all_sampled", {5, 20, 200}, {1000, 1000, 100000}});
      inputs.push_back({"one_empty", {10, 50, 100}, {0, 20, 30}});
      max_ks.push_back(1);
      max_ks.push_back(60);
    }
    std::vector<Case> cases;
    for (const char* item : {"long", "string"})
      for (const Inputs& in : inputs)
        for (int64_t max_k : max_ks)
          for (const char* cross : {"result", "union"}) cases.push_back(MakeCase(item, in, max_k, cross));
    return cases;
  }

 private:
  Case MakeCase(const std::string& item, const Inputs& in, int64_t max_k, const std::string& cross) const {
    CaseBuilder b(absl::StrCat("varopt/union/item=", item, "/inputs=", in.name, "/max_k=", max_k, "/cross=", cross),
                  name(), "varopt");
    bool sampled = false;
    int64_t total = 0;
    const char* names[] = {"x", "y", "z"};
    for (int i = 0; i < 3; ++i) {
      b.Step("create", names[i], {{"k", in.k[i]}, {"item", item}});
      const bool past_k = in.n[i] > in.k[i];
      AddVaroptUpdates(b, names[i], item, total, in.n[i], i == 1 ? "skewed" : "uniform", past_k);
      sampled |= past_k;
      total += in.n[i];
    }
    sampled |= total > max_k;
    const std::string lang = sampled ? "lang." : "";
    b.Step("union", "u", {{"max_k", max_k}, {"item", item}});
    for (const char* from : names) {
      nlohmann::ordered_json args = {{"from", from}};
      if (sampled) args["seed"] = kVaroptSeed;
      b.Step("merge", "u", args);
    }
    b.Step("serialize", "u", {{"form", "compact"}, {"as", lang + "u"}});
    nlohmann::ordered_json result = {{"from", "u"}};
    if (sampled) result["seed"] = kVaroptSeed;
    b.Step("result", "res", result);
    b.Step("serialize", "res", {{"form", "compact"}, {"as", lang + "res"}});
    AddVaroptObservations(b, "res", lang + "res", true, true);
    if (cross == "result") {
      AddVaroptCross(b, lang + "res.compact", item, 0, true);
    } else {
      const std::string image = lang + "u.compact";
      b.Cross({image});
      b.Step("deserialize_union", "ru", {{"image", image}, {"item", item}});
      b.Step("serialize", "ru", {{"form", "compact"}});
      nlohmann::ordered_json again = {{"from", "ru"}};
      if (sampled) again["seed"] = kVaroptSeed;
      b.Step("result", "rr", again);
      b.Step("serialize", "rr", {{"form", "compact"}, {"as", lang + "rr"}});
      AddVaroptObservations(b, "rr", lang + "rr", false, true);
    }
    return b.Build();
  }
};

}  // namespace

const Suite& VaroptUnionSuite() {
  static const VaroptUnion* suite = new VaroptUnion();
  return *suite;
}

}  // namespace dsconform
