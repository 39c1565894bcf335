// bloom.setops: union, intersection and inversion of compatible filters (two
// filters of one spec over overlapping items, and one of them empty), in either
// order and repeated; then the refusal of incompatible ones (another seed,
// another number of hashes, another number of bits): is_compatible and the
// refused operation. Images, queries and the answers for both inputs' items,
// and the result's image read back and updated by every engine.
#include "absl/strings/str_cat.h"
#include "sketches/bloom/bloom_suites.h"

namespace dsconform {
namespace {

class BloomSetOps final : public Suite {
 public:
  std::string name() const override { return "bloom.setops"; }
  std::string description() const override {
    return "union, intersection and inversion of compatible filters (overlapping, one empty, repeated), and the "
           "refusal of filters with another seed, number of hashes or size: images, queries, answers, cross reads";
  }

  std::vector<Case> Generate(SuiteScale scale) const override {
    std::vector<BloomSpec> specs = {BloomSpec::BySize(1000, 3), BloomSpec::ByAccuracy(500, "0.01")};
    if (scale != SuiteScale::kSmoke) specs.push_back(BloomSpec::BySize(64, 1));
    const std::vector<int64_t> sizes = scale == SuiteScale::kSmoke ? std::vector<int64_t>{0, 200}
                                                                   : std::vector<int64_t>{0, 1, 200, 2000};
    std::vector<Case> cases;
    for (const BloomSpec& spec : specs) {
      for (int64_t n : sizes)
        for (const char* op : {"union", "intersect", "union_twice", "invert", "invert_twice", "union_then_invert"})
          cases.push_back(Compatible(spec, op, n));
      // A filter by accuracy differs in its seed only: its bits and hashes follow from its two parameters.
      for (const char* other : {"seed", "hashes", "bits"})
        for (const char* op : {"union", "intersect"})
          if (spec.by_size || std::string(other) == "seed") cases.push_back(Incompatible(spec, other, op));
    }
    return cases;
  }

 private:
  // a: items 0..n-1; b: items n/2..n/2+n-1 (half of them a's); both of `spec`.
  Case Compatible(const BloomSpec& spec, const std::string& op, int64_t n) const {
    CaseBuilder b(absl::StrCat("bloom/setops/", spec.Id(), "/op=", op, "/n=", n), name(), "bloom");
    b.Step("create", "a", spec.CreateArgs());
    if (n > 0) b.Update("a", Sequence(0, n));
    b.Step("create", "b", spec.CreateArgs());
    if (n > 0) b.Update("b", Sequence(n / 2, n));
    b.Step("compatible", "a", {{"with", "b"}, {"as", "a_b_compatible"}});
    if (op == "union" || op == "union_twice" || op == "union_then_invert") b.Step("union", "a", {{"from", "b"}});
    if (op == "union_twice") b.Step("union", "a", {{"from", "b"}});
    if (op == "intersect") b.Step("intersect", "a", {{"from", "b"}});
    if (op == "invert" || op == "invert_twice" || op == "union_then_invert") b.Step("invert", "a");
    if (op == "invert_twice") b.Step("invert", "a");
    b.Step("serialize", "a", {{"form", "compact"}});
    b.Step("query", "a", {{"queries", BloomQueries()}});
    b.Step("serialize", "a", {{"form", "compact"}, {"as", "counted"}});
    if (n > 0) {
      b.StepWithItems("query_items", "a", Sequence(0, n), {{"as", "a_items"}});
      b.StepWithItems("query_items", "a", Sequence(n / 2, n), {{"as", "b_items"}});
    }
    b.StepWithItems("query_items", "a", BloomNeverInserted(ItemGenerator::kSequence, 1000), {{"as", "never"}});
    // A union holds every item of both inputs: none may answer absent.
    if (n > 0 && (op == "union" || op == "union_twice")) {
      b.Check("bloom_no_false_negatives", {"a_items.absent"});
      b.Check("bloom_no_false_negatives", {"b_items.absent"});
    }
    b.Check("bloom_image_consistent", {"a.compact", "counted.compact"});
    b.Cross({"a.compact"});
    b.Step("deserialize", "r", {{"image", "a.compact"}, {"mode", "heapify"}});
    b.Step("serialize", "r", {{"form", "compact"}});
    b.Step("query", "r", {{"queries", BloomQueries()}});
    if (n > 0) b.StepWithItems("query_items", "r", Sequence(0, n), {{"as", "r_a_items"}});
    b.Update("r", Sequence(-1000, 100));
    b.Step("serialize", "r", {{"form", "compact"}, {"as", "r_more"}});
    return b.Build();
  }

  // a of `spec`, b differing from it in one parameter: is_compatible, then the refused operation.
  Case Incompatible(const BloomSpec& spec, const std::string& other, const std::string& op) const {
    CaseBuilder b(absl::StrCat("bloom/setops/", spec.Id(), "/op=", op, "/incompatible=", other), name(), "bloom");
    BloomSpec o = spec;
    if (other == "seed") o.seed = spec.seed + 1;
    if (other == "hashes") o.num_hashes = spec.num_hashes + 1;
    if (other == "bits") o.num_bits = spec.num_bits + 64;  // another word: both libraries round up to words
    b.Step("create", "a", spec.CreateArgs());
    b.Update("a", Sequence(0, 100));
    b.Step("create", "b", o.CreateArgs());
    b.Update("b", Sequence(50, 100));
    b.Step("compatible", "a", {{"with", "b"}, {"as", "a_b_compatible"}});
    b.Step("compatible", "b", {{"with", "a"}, {"as", "b_a_compatible"}});
    b.Step("serialize", "b", {{"form", "compact"}});
    // Last: the refusal (an exception in both libraries) ends the stage.
    b.Step(op == "union" ? "union" : "intersect", "a", {{"from", "b"}});
    b.Step("serialize", "a", {{"form", "compact"}});
    return b.Build();
  }
};

}  // namespace

const Suite& BloomSetOpsSuite() {
  static const BloomSetOps* suite = new BloomSetOps();
  return *suite;
}

}  // namespace dsconform
