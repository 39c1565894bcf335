// The case of an imported Bloom filter snapshot (a TCK .sk file):
// bf_n<N>_h<H>_<language>.sk (the longs 0..N/10-1 and NaN, as the TCK's
// generators insert them) or bf_<kind>_n<N>_h<H>_go.sk (other kinds).
#include <cstdlib>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "harness/case/case_builder.h"
#include "sketches/bloom/bloom_suites.h"

namespace dsconform {

Case BloomSnapshotCase(const std::string& id, const std::string& image) {
  const std::string name = id.substr(id.rfind('/') + 1);
  CaseBuilder b(id, "tck", "bloom");
  b.Input("image", image);
  b.Step("deserialize", "heapify", {{"image", "image"}, {"mode", "heapify"}})
      // A reader's first question, before anything counts the bits (C++'s get_bits_used recounts
      // them and so changes what a damaged image said).
      .StepWithItems("query_items", "heapify", Sequence(0, 4), {{"as", "first"}})
      .Step("serialize", "heapify", {{"form", "compact"}})
      .Step("query", "heapify", {{"queries", BloomQueries()}});
  // bf_n<N>_h<H>: the longs 0..N/10-1 went in; every one must answer present.
  if (absl::StartsWith(name, "bf_n")) {
    const int64_t n = std::strtoll(name.c_str() + 4, nullptr, 10);
    if (n >= 10) {
      b.StepWithItems("query_items", "heapify", Sequence(0, n / 10), {{"as", "inserted"}});
      b.Check("bloom_no_false_negatives", {"inserted.absent"});
    }
    b.StepWithItems("query_items", "heapify", Sequence(-1000, 1000), {{"as", "never"}});
  }
  b.Check("matches_input", {"heapify.compact", "image"});
  b.Check("bloom_image_consistent", {"image"});
  return b.Build();
}

}  // namespace dsconform
