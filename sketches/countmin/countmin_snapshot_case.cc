// The case of an imported Count-min snapshot (a TCK .sk file):
// count_min_<empty|non_empty>_<language>.sk, as datasketches-cpp's tests write
// them (long counters, the default seed).
#include "harness/case/case_builder.h"
#include "sketches/countmin/countmin_suites.h"

namespace dsconform {

Case CountminSnapshotCase(const std::string& id, const std::string& image) {
  CaseBuilder b(id, "tck", "countmin");
  b.Input("image", image);
  b.Step("deserialize", "heapify", {{"image", "image"}, {"seed", 9001}, {"weight", "long"}})
      .Step("serialize", "heapify", {{"form", "compact"}});
  AddCountminQuery(b, "heapify", "heapify", false);
  // The snapshot tests update items 0..n-1: the first ones answer estimates.
  AddCountminEstimates(b, "heapify", "heapify", Sequence(0, kCountminMaxQueried));
  b.Check("matches_input", {"heapify.compact", "image"});
  return b.Build();
}

}  // namespace dsconform
