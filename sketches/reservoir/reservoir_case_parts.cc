// What the Reservoir suites share: the kinds of slot, their items and queries.
#include "absl/strings/str_cat.h"
#include "sketches/reservoir/reservoir_suites.h"

namespace dsconform {

std::vector<const Suite*> ReservoirSuites() {
  return {&ReservoirExactSuite(), &ReservoirSamplingSuite(), &ReservoirAccuracySuite()};
}

nlohmann::ordered_json ReservoirKind::Args() const {
  nlohmann::ordered_json args = {{"item", item}};
  if (api != "items") args["api"] = api;
  return args;
}

std::string ReservoirKind::Id() const { return absl::StrCat("item=", item, "/api=", api); }

std::vector<ReservoirKind> ReservoirKinds() {
  return {{"long", "items"}, {"long", "longs"}, {"string", "items"}, {"double", "items"}};
}

ItemStream ReservoirItems(const std::string& item, int64_t start, int64_t count, bool utf8) {
  ItemStream s;
  s.generator = item == "long"     ? ItemGenerator::kOrderedLongs
                : item == "double" ? ItemGenerator::kOrderedDoubles
                : utf8             ? ItemGenerator::kUtf8Strings
                                   : ItemGenerator::kOrderedStrings;
  s.start = start;
  s.count = count;
  return s;
}

nlohmann::ordered_json ReservoirSketchQueries(int64_t k) {
  if (k > kReservoirListedK) return {"n", "k", "num_samples", "subset_sum"};
  return {"n", "k", "num_samples", "samples", "subset_sum"};
}

}  // namespace dsconform
