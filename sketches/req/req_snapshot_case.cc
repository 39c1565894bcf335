// The case of an imported REQ snapshot (a TCK .sk file):
// req_float_n<N>_<language>.sk, the names datasketches-java writes and
// datasketches-cpp's compatibility tests read.
#include "harness/case/case_builder.h"
#include "harness/truth/ranks/rank_grids.h"
#include "sketches/req/req_family.h"
#include "sketches/req/req_suites.h"

namespace dsconform {

Case ReqSnapshotCase(const std::string& id, const std::string& image) {
  const bool empty = image.size() < 4 || (image[3] & 4) != 0;  // flags bit 2: EMPTY
  nlohmann::ordered_json queries = nlohmann::ordered_json::array();
  for (const auto& q : families::req().vocabulary().queries()) {
    // The split points would need the image's range: the rank grid alone is asked.
    if (q.grid == "points" || (empty && (q.name == "min" || q.name == "max" || !q.grid.empty()))) continue;
    queries.push_back(q.name);
  }
  nlohmann::ordered_json query = {{"queries", queries}};
  if (!empty) query["ranks"] = RankGrid();

  CaseBuilder b(id, "tck", "req");
  b.Input("image", image);
  b.Step("deserialize", "heapify", {{"image", "image"}, {"item", "float"}})
      .Step("serialize", "heapify", {{"form", "compact"}})
      .Step("query", "heapify", query);
  return b.Build();
}

}  // namespace dsconform
