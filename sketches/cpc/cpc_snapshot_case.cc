// The case of an imported CPC snapshot (a TCK .sk file).
#include "harness/case/case_builder.h"
#include "sketches/cpc/cpc_suites.h"

namespace dsconform {

Case CpcSnapshotCase(const std::string& id, const std::string& image) {
  CaseBuilder b(id, "tck", "cpc");
  b.Input("image", image)
      .Step("deserialize", "heapify", {{"image", "image"}, {"mode", "heapify"}})
      .Step("query", "heapify", {{"queries", CpcSketchQueries()}})
      .Step("serialize", "heapify", {{"form", "compact"}})
      .Step("deserialize", "wrap", {{"image", "image"}, {"mode", "wrap"}})
      .Step("query", "wrap", {{"queries", CpcWrapQueries()}});
  // The snapshots are written by serialize: read and written again, they must not change.
  b.Check("matches_input", {"heapify.compact", "image"});
  return b.Build();
}

}  // namespace dsconform
