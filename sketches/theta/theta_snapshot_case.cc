// The case of an imported Theta snapshot (a TCK .sk file: compact or compressed).
#include "harness/case/case_builder.h"
#include "sketches/theta/theta_suites.h"

namespace dsconform {

Case ThetaSnapshotCase(const std::string& id, const std::string& image) {
  CaseBuilder b(id, "tck", "theta");
  b.Input("image", image);
  for (const char* mode : {"heapify", "wrap"}) {
    const std::string s = mode;
    b.Step("deserialize", s, {{"image", "image"}, {"mode", mode}})
        .Step("query", s, {{"queries", ThetaSketchQueries()}})
        .Step("serialize", s, {{"form", "compact"}})
        .Step("serialize", s, {{"form", "compressed"}})
        // As a set operation input, too.
        .Step("union", s + "_union", {{"lg_k", 12}})
        .Step("merge", s + "_union", {{"from", s}})
        .Step("result", s + "_result", {{"from", s + "_union"}, {"ordered", 1}})
        .Step("serialize", s + "_result", {{"form", "compact"}});
  }
  return b.Build();
}

}  // namespace dsconform
