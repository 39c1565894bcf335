// The case of an imported HLL snapshot (a TCK .sk file).
#include "harness/case/case_builder.h"
#include "sketches/hll/hll_suites.h"

namespace dsconform {

Case HllSnapshotCase(const std::string& id, const std::string& image) {
  CaseBuilder b(id, "tck", "hll");
  b.Input("image", image);
  for (const char* mode : {"heapify", "wrap"}) {
    const std::string s = mode;
    b.Step("deserialize", s, {{"image", "image"}, {"mode", mode}})
        .Step("query", s, {{"queries", HllSketchQueries()}})
        .Step("serialize", s, {{"form", "compact"}})
        .Step("serialize", s, {{"form", "updatable"}});
  }
  // The snapshots are compact images: read and written again, they must not change.
  b.Check("matches_input", {"heapify.compact", "image"});
  b.Check("matches_input", {"wrap.compact", "image"});
  return b.Build();
}

}  // namespace dsconform
