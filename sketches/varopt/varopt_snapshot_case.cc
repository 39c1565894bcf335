// The case of an imported VarOpt snapshot (a TCK .sk file):
// varopt_sketch_<long_n<N>|long_sampling|string_exact>_<language>.sk, as
// datasketches-cpp's, -java's and -go's tests write them. The image does not
// say its item type; the name does. (varopt_union_double_* holds double items,
// which no VarOpt step of this family reads: its prefix is not claimed.)
#include "absl/strings/match.h"
#include "harness/case/case_builder.h"
#include "harness/case/case_params.h"
#include "sketches/varopt/varopt_suites.h"

namespace dsconform {

Case VaroptSnapshotCase(const std::string& id, const std::string& image) {
  // A fuzz mutant's id keeps its suite case's item type (item=long, string or utf8: strings).
  const std::string stated = CaseParams::Of(id).Value("item");
  const std::string item = stated == "string" || stated == "utf8" || absl::StrContains(id, "varopt_sketch_string")
                               ? "string"
                               : "long";
  CaseBuilder b(id, "tck", "varopt");
  b.Input("image", image);
  b.Step("deserialize", "heapify", {{"image", "image"}, {"item", item}})
      .Step("serialize", "heapify", {{"form", "compact"}});
  // The snapshots' k is small (at most a few hundred): the sample too.
  AddVaroptObservations(b, "heapify", "heapify", false, true);
  b.Check("matches_input", {"heapify.compact", "image"});
  return b.Build();
}

}  // namespace dsconform
