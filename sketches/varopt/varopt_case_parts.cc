// What the VarOpt suites share: item tapes, weight schemes, the observations
// of a sketch and the cross stage.
#include "absl/strings/str_cat.h"
#include "sketches/varopt/varopt_family.h"
#include "sketches/varopt/varopt_suites.h"

namespace dsconform {

std::vector<const Suite*> VaroptSuites() {
  return {&VaroptExactSuite(), &VaroptSamplingSuite(), &VaroptWeightsSuite(), &VaroptUnionSuite()};
}

std::string VaroptSlotItem(const std::string& item) { return item == "long" ? "long" : "string"; }

ItemStream VaroptItems(const std::string& item, int64_t start, int64_t count) {
  ItemStream s;
  s.generator = item == "long"     ? ItemGenerator::kSplitMix64
                : item == "utf8" ? ItemGenerator::kUtf8Strings
                                 : ItemGenerator::kAsciiStrings;
  s.start = start;
  s.seed = static_cast<uint64_t>(1000 + start);
  s.count = count;
  return s;
}

std::vector<std::string> VaroptWeightSchemes() { return {"unit", "uniform", "skewed", "one_heavy"}; }

void AddVaroptUpdates(CaseBuilder& b, const std::string& slot, const std::string& item, int64_t start, int64_t n,
                      const std::string& scheme, bool seeded) {
  auto update = [&](int64_t from, int64_t count, const std::string& weight) {
    if (count <= 0) return;
    nlohmann::ordered_json args = nlohmann::ordered_json::object();
    if (weight != "1") args["weight"] = weight;
    if (seeded) args["seed"] = kVaroptSeed;
    b.Update(slot, VaroptItems(item, from, count), args);
  };
  if (scheme == "uniform") {
    update(start, n, "0.7");
  } else if (scheme == "skewed") {
    // Quarters from light to heavy: 12 orders of magnitude between them.
    const char* weights[] = {"0.001", "1", "1000", "1000000000"};
    const int64_t q = n / 4;
    for (int i = 0; i < 4; ++i) update(start + i * q, i == 3 ? n - 3 * q : q, weights[i]);
  } else if (scheme == "one_heavy") {
    update(start, 1, "1000000000000");
    update(start + 1, n - 1, "1");
  } else {
    update(start, n, "1");
  }
}

void AddVaroptObservations(CaseBuilder& b, const std::string& slot, const std::string& as, bool native,
                           bool with_sample) {
  nlohmann::ordered_json queries = nlohmann::ordered_json::array();
  for (const auto& q : families::varopt().vocabulary().queries())
    if (native || !q.native_only) queries.push_back(q.name);
  nlohmann::ordered_json args = {{"queries", queries}};
  if (as != slot) args["as"] = as;
  b.Step("query", slot, args);
  if (with_sample) {
    nlohmann::ordered_json sample = nlohmann::ordered_json::object();
    if (as != slot) sample["as"] = as;
    b.Step("sample", slot, sample);
  }
  for (const char* pred : {"all", "none", "mod4"})
    b.Step("subset_sum", slot, {{"pred", pred}, {"as", absl::StrCat(as, ".sum_", pred)}});
}

void AddVaroptCross(CaseBuilder& b, const std::string& image, const std::string& item, int64_t more,
                    bool with_sample) {
  b.Cross({image});
  b.Step("deserialize", "r", {{"image", image}, {"item", VaroptSlotItem(item)}});
  b.Step("serialize", "r", {{"form", "compact"}});
  AddVaroptObservations(b, "r", "r", false, with_sample);
  if (more > 0) {
    AddVaroptUpdates(b, "r", item, 1 << 30, more, "uniform", true);
    AddVaroptObservations(b, "r", "lang.r_more", false, with_sample);
    b.Step("serialize", "r", {{"form", "compact"}, {"as", "lang.r_more"}});
  }
}

}  // namespace dsconform
