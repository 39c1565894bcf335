// The case of an imported classic Quantiles snapshot (a TCK .sk file):
// quantiles_<double|long|string>_n<N>_<language>.sk, the names datasketches-java
// writes and datasketches-cpp's compatibility tests read.
#include "absl/strings/match.h"
#include "harness/case/case_builder.h"
#include "harness/case/case_params.h"
#include "harness/truth/ranks/rank_grids.h"
#include "sketches/quantiles/quantiles_family.h"
#include "sketches/quantiles/quantiles_suites.h"

namespace dsconform {

Case QuantilesSnapshotCase(const std::string& id, const std::string& image) {
  // An image does not say its item type: a fuzz mutant's id keeps its suite case's (item=long),
  // the TCK's file name says it.
  const std::string name = id.substr(id.rfind('/') + 1);
  std::string item = CaseParams::Of(id).Value("item");
  if (item != "double" && item != "long" && item != "string")
    item = absl::StrContains(name, "_string_") ? "string" : absl::StrContains(name, "_long_") ? "long" : "double";
  const bool empty = image.size() < 4 || (image[3] & 4) != 0;  // flags bit 2: EMPTY
  nlohmann::ordered_json queries = nlohmann::ordered_json::array();
  for (const auto& q : families::quantiles().vocabulary().queries()) {
    // The split points would need the image's range: the rank grid alone is asked.
    if (q.grid == "points" || (empty && (q.name == "min" || q.name == "max" || !q.grid.empty()))) continue;
    queries.push_back(q.name);
  }
  nlohmann::ordered_json query = {{"queries", queries}};
  if (!empty) query["ranks"] = RankGrid();

  CaseBuilder b(id, "tck", "quantiles");
  b.Input("image", image);
  b.Step("deserialize", "heapify", {{"image", "image"}, {"item", item}})
      .Step("serialize", "heapify", {{"form", "compact"}})
      .Step("query", "heapify", query);
  return b.Build();
}

}  // namespace dsconform
