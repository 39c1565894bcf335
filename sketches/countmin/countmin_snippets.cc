// The walk over a Count-min case's steps that writes both repro programs; the
// languages differ in their dialect (countmin_java_snippet.cc, countmin_cpp_snippet.cc).
#include "sketches/countmin/countmin_snippets.h"

#include <set>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/substitute.h"
#include "harness/family/snippet_steps.h"
#include "sketches/countmin/countmin_snippet_dialect.h"

namespace dsconform {
namespace {

class CountminSteps final : public SnippetSteps<CountminSnippetDialect> {
 public:
  using SnippetSteps::SnippetSteps;

 private:
  void Step(const Op& op) override {
    const std::string& s = op.op;
    // As the Java engine: a slot the library cannot make, and every slot or
    // image made from it, is answered "not supported" step by step.
    if (missing_.count(op.sketch) || missing_.count(op.Str("from")) || missing_images_.count(op.Str("image"))) {
      if (s == "serialize") missing_images_.insert(absl::StrCat(op.Str("as", op.sketch), ".compact"));
      missing_.insert(op.sketch);
      return w_.PrintUnsupported(absl::StrCat(op.sketch, ".", s), "not supported by this engine");
    }
    if (s == "create" || s == "deserialize") {
      Make(op);
    } else if (s == "update") {
      if (!op.items) return;
      const std::string target = w_.Var(op.sketch);
      const std::string weight = absl::Substitute(d_.weight[Type(op.sketch)], w_.language().long_literal(op.Int("weight", 1)));
      w_.UpdateLoop(*op.items, [&](const std::string& item) { return absl::Substitute(d_.update, target, item, weight); });
    } else if (s == "merge") {
      w_.Line(absl::Substitute(d_.merge, w_.Var(op.sketch), w_.Var(op.Str("from"))));
    } else if (s == "serialize") {
      const std::string field = absl::StrCat(op.Str("as", op.sketch), ".compact");
      const std::string image = w_.NewVariable(field);
      w_.Line(absl::Substitute(d_.serialize, image, w_.Var(op.sketch)));
      w_.PrintImage(field, image);
    } else if (s == "estimate") {
      Estimate(op);
    } else if (s == "suggest") {
      const std::string as = op.Str("as");
      if (op.args.contains("relative_error"))
        w_.Print(SnippetValue::kInt, as + ".num_buckets",
                 absl::Substitute(d_.suggest_buckets, w_.language().double_value(op.Str("relative_error"))));
      if (op.args.contains("confidence"))
        w_.Print(SnippetValue::kInt, as + ".num_hashes",
                 absl::Substitute(d_.suggest_hashes, w_.language().double_value(op.Str("confidence"))));
    } else if (s == "query") {
      Query(op);
    } else {
      w_.Comment(absl::StrCat("'", s, "' is not a Count-min step"));
    }
  }

  // create and deserialize: the counter type and the seed decide the call, or that there is none.
  void Make(const Op& op) {
    const int type = TypeOf(op.Str("weight"));
    const bool seeded = op.args.contains("seed");
    const bool create = op.op == "create";
    const char* call = create ? (seeded ? d_.create[type] : d_.create_default[type])
                              : (seeded ? d_.heapify[type] : d_.heapify_default[type]);
    if (call == nullptr) {
      missing_.insert(op.sketch);
      return w_.PrintUnsupported(absl::StrCat(op.sketch, ".", op.op), type == 1 ? d_.no_double : d_.no_default_seed);
    }
    const std::string seed = w_.language().long_literal(op.Int("seed"));
    if (create) {
      w_.Line(absl::Substitute(call, w_.Declare(op.sketch, op.Str("weight")), op.Int("num_hashes"),
                               op.Int("num_buckets"), seed));
      return;
    }
    const std::string name = op.Str("image");
    const std::string image = w_.ImageOrStop(name, absl::StrCat("image '", name, "' is not in this stage"));
    if (image.empty()) return;
    w_.Line(absl::Substitute(call, w_.Declare(op.sketch, op.Str("weight")), image, seed));
  }

  // Every item's three answers into lists, then printed in the engines' order.
  void Estimate(const Op& op) {
    if (!op.items) return;
    const int type = Type(op.sketch);
    const std::string target = w_.Var(op.sketch);
    const std::string prefix = op.Str("as", op.sketch);
    const std::string est = w_.NewVariable(prefix + "_estimate");
    const std::string lb = w_.NewVariable(prefix + "_lower_bound");
    const std::string ub = w_.NewVariable(prefix + "_upper_bound");
    w_.Line(absl::Substitute(d_.answers[type], est, lb, ub));
    const std::string x = w_.NewVariable("item_" + prefix);
    w_.UpdateLoop(*op.items, [&](const std::string& item) { return absl::Substitute(d_.answer, target, item, est, lb, ub, x); });
    const SnippetValue kind = type == 1 ? SnippetValue::kDouble : SnippetValue::kInt;
    const std::pair<const char*, std::string> lists[] = {{"estimate", est}, {"lower_bound", lb}, {"upper_bound", ub}};
    for (const auto& [query, list] : lists) {
      const std::string i = w_.NewVariable("i");
      w_.Line(absl::StrCat(absl::Substitute(d_.index_loop, i, absl::Substitute(d_.size, list)), " {"));
      w_.PrintIndexed(kind, absl::StrCat(prefix, ".", query), i, absl::Substitute(d_.at, list, i));
      w_.Line("}");
    }
  }

  void Query(const Op& op) {
    struct Row {
      const char* name;
      const char* CountminSnippetDialect::*call;
      SnippetValue value;
    };
    const SnippetValue weight = Type(op.sketch) == 1 ? SnippetValue::kDouble : SnippetValue::kInt;
    const Row rows[] = {
        {"total_weight", &CountminSnippetDialect::total_weight, weight},
        {"num_hashes", &CountminSnippetDialect::num_hashes, SnippetValue::kInt},
        {"num_buckets", &CountminSnippetDialect::num_buckets, SnippetValue::kInt},
        {"seed", &CountminSnippetDialect::seed, SnippetValue::kInt},
        {"relative_error", &CountminSnippetDialect::relative_error, SnippetValue::kDouble},
        {"is_empty", &CountminSnippetDialect::is_empty, SnippetValue::kBool},
        {"serialized_size", &CountminSnippetDialect::serialized_size, SnippetValue::kInt},
        {"to_string", &CountminSnippetDialect::to_string, SnippetValue::kString},
    };
    const std::string target = w_.Var(op.sketch);
    const std::string prefix = op.Str("as", op.sketch);
    for (const std::string& q : op.StrList("queries")) {
      const std::string field = absl::StrCat(prefix, ".", q);
      bool known = false;
      for (const Row& row : rows) {
        if (q != row.name) continue;
        known = true;
        const char* call = d_.*row.call;
        if (call == nullptr) w_.PrintUnsupported(field, "a native-only observation");
        else w_.Print(row.value, field, absl::Substitute(call, target));
      }
      if (!known) w_.Comment(absl::StrCat("unknown query '", q, "'"));
    }
  }

  static int TypeOf(const std::string& weight) { return weight == "double" ? 1 : 0; }
  int Type(const std::string& slot) const { return TypeOf(w_.Tag(slot)); }

  std::set<std::string> missing_;         // slots this library cannot make
  std::set<std::string> missing_images_;  // images such slots would have written
};

}  // namespace

std::string CountminJavaSnippet(const Case& c) { return CountminSteps(c, JavaCountminDialect()).Write(); }
std::string CountminCppSnippet(const Case& c) { return CountminSteps(c, CppCountminDialect()).Write(); }

}  // namespace dsconform
