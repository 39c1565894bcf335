// The case of an EBPPS image from outside the suites (a TCK file ebpps_<item>_..., or a fuzzed
// mutant of a suite's image): read as the item type its id names (long unless it says string),
// written again (the same bytes) and answered.
#include "absl/strings/match.h"
#include "harness/case/case_builder.h"
#include "sketches/ebpps/ebpps_suites.h"

namespace dsconform {

Case EbppsSnapshotCase(const std::string& id, const std::string& image) {
  const std::string item = absl::StrContains(id, "string") ? "string" : "long";
  CaseBuilder b(id, "tck", "ebpps");
  b.Input("image", image);
  b.Step("deserialize", "read", {{"image", "image"}, {"item", item}})
      .Step("serialize", "read", {{"form", "compact"}})
      .Step("query", "read", {{"queries", EbppsQueries()}});
  b.Check("matches_input", {"read.compact", "image"});
  return b.Build();
}

}  // namespace dsconform
