// The case of an imported t-digest snapshot (a TCK .sk file):
// tdigest_<double|float>[_buf]_n<N>_<language>.sk.
#include "absl/strings/match.h"
#include "harness/case/case_builder.h"
#include "harness/case/case_params.h"
#include "harness/truth/ranks/rank_grids.h"
#include "sketches/tdigest/tdigest_family.h"
#include "sketches/tdigest/tdigest_suites.h"

namespace dsconform {

Case TdigestSnapshotCase(const std::string& id, const std::string& image) {
  // A t-digest image does not say its value type: a fuzz mutant's id keeps its suite case's
  // (item=float), the TCK's file names say it.
  const std::string name = id.substr(id.rfind('/') + 1);
  const std::string stated = CaseParams::Of(id).Value("item");
  const std::string item = stated == "float" || stated == "double" ? stated
                           : absl::StrContains(name, "_float_") ? "float"
                                                                : "double";
  const bool empty = image.size() < 6 || (image[5] & 1) != 0;  // flags bit 0: IS_EMPTY
  nlohmann::ordered_json queries = nlohmann::ordered_json::array();
  for (const auto& q : families::tdigest().vocabulary().queries()) {
    // The split points would need the image's range: the rank grid alone is asked.
    if (q.native_only || q.grid == "points" || (empty && (q.name == "min" || q.name == "max" || !q.grid.empty())))
      continue;
    queries.push_back(q.name);
  }
  nlohmann::ordered_json query = {{"queries", queries}};
  if (!empty) query["ranks"] = RankGrid();

  CaseBuilder b(id, "tck", "tdigest");
  b.Input("image", image);
  b.Step("deserialize", "heapify", {{"image", "image"}, {"item", item}})
      .Step("serialize", "heapify", {{"form", "compact"}})
      .Step("query", "heapify", query);
  // A compact snapshot read and written again must not change (a buffer one is compressed by writing).
  if (!absl::StrContains(name, "_buf_")) b.Check("matches_input", {"heapify.compact", "image"});
  return b.Build();
}

}  // namespace dsconform
