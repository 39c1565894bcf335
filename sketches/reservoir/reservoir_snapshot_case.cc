// The case of an imported reservoir snapshot (a TCK .sk file):
// reservoir_items_<item>_<state>_..., reservoir_items_union_<item>_<state>_...,
// reservoir_longs_<state>_..., reservoir_longs_union_<state>_...: the image read
// by the API its name says, written again (the same bytes), and answered.
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "harness/case/case_builder.h"
#include "harness/case/case_params.h"
#include "sketches/reservoir/reservoir_suites.h"

namespace dsconform {

Case ReservoirSnapshotCase(const std::string& id, const std::string& image) {
  const std::string name = id.substr(id.rfind('/') + 1);
  const bool longs = absl::StartsWith(name, "reservoir_longs");
  const bool is_union = absl::StrContains(name, "_union_");
  std::string item = "long";
  if (!longs)
    for (const char* t : {"long", "string", "double"})
      if (absl::StrContains(name, absl::StrCat("_", t, "_"))) item = t;
  ReservoirKind kind{item, longs ? "longs" : "items"};
  // A fuzz mutant's id keeps its suite case's kind (item=string/api=items).
  const CaseParams params = CaseParams::Of(id);
  if (!params.Value("item").empty()) kind = {params.Value("item"), params.Value("api") == "longs" ? "longs" : "items"};
  CaseBuilder b(id, "tck", "reservoir");
  b.Input("image", image);
  nlohmann::ordered_json args = {{"image", "image"}};
  args.update(kind.Args());
  if (is_union) {
    b.Step("deserialize_union", "read", args)
        .Step("serialize", "read", {{"form", "compact"}})
        .Step("query", "read", {{"queries", {"max_k"}}})
        .Step("get_result", "result", {{"from", "read"}})
        .Step("query", "result", {{"queries", ReservoirSketchQueries()}});
  } else {
    b.Step("deserialize", "read", args)
        .Step("serialize", "read", {{"form", "compact"}})
        .Step("query", "read", {{"queries", ReservoirSketchQueries()}});
  }
  b.Check("matches_input", {"read.compact", "image"});
  return b.Build();
}

}  // namespace dsconform
