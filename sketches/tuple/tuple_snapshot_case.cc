// The case of an imported Tuple snapshot (a TCK .sk file): tuple_int_* hold
// int summaries of 4 bytes (the TCK's own summary in Java, int32_t in C++),
// aod_<n>_* arrays of n doubles, aos_* arrays of strings (aos_<n>_* of n; the
// others, multikey, unicode and empty strings, of 1 or 2: a reader takes each
// entry's count from the image).
#include <cctype>

#include "absl/strings/str_cat.h"
#include "harness/case/case_params.h"
#include "sketches/tuple/tuple_suites.h"

namespace dsconform {

Case TupleSnapshotCase(const std::string& id, const std::string& image) {
  CaseBuilder b(id, "tck", "tuple");
  b.Input("image", image);
  TupleSummary s{"int_sum"};
  // The file name says the summary: aod_<n>_..., aos_..., tuple_int_...
  for (const char* array : {"aod", "aos"}) {
    const size_t at = id.find(absl::StrCat(array, "_"));
    if (at == std::string::npos) continue;
    const char n = id.size() > at + 4 ? id[at + 4] : '1';
    s = {array, std::isdigit(static_cast<unsigned char>(n)) ? n - '0' : 1};
  }
  // A fuzz mutant's id keeps its suite case's (summary=aod3).
  const std::string stated = absl::StrCat("summary=", CaseParams::Of(id).Value("summary"));
  for (const TupleSummary& suite_summary : AllTupleSummaries())
    if (suite_summary.id() == stated) s = suite_summary;
  for (const char* mode : {"heapify", "wrap"}) {
    const std::string r = mode;
    nlohmann::ordered_json read = s.members();
    read.update({{"image", "image"}, {"mode", mode}});
    nlohmann::ordered_json u = s.members();
    u["lg_k"] = 12;
    b.Step("deserialize", r, read)
        .Step("query", r, {{"queries", TupleSketchQueries(true)}})
        .Step("serialize", r, {{"form", "compact"}})
        .Step("union", r + "_union", u)
        .Step("merge", r + "_union", {{"from", r}})
        .Step("result", r + "_result", {{"from", r + "_union"}, {"ordered", 1}})
        .Step("serialize", r + "_result", {{"form", "compact"}});
  }
  return b.Build();
}

}  // namespace dsconform
