// The walk over a VarOpt case's steps that writes both repro programs; the
// languages differ in their dialect (varopt_java_snippet.cc, varopt_cpp_snippet.cc).
#include "sketches/varopt/varopt_snippets.h"

#include <cmath>
#include <cstdlib>

#include "absl/strings/str_cat.h"
#include "absl/strings/substitute.h"
#include "harness/family/snippet_steps.h"
#include "sketches/varopt/varopt_snippet_dialect.h"

namespace dsconform {
namespace {

class VaroptSteps final : public SnippetSteps<VaroptSnippetDialect> {
 public:
  using SnippetSteps::SnippetSteps;

 private:
  void Step(const Op& op) override {
    const std::string& s = op.op;
    if (op.args.contains("seed")) {
      if (d_.seed != nullptr) w_.Line(absl::Substitute(d_.seed, w_.language().seed_literal(op.Int("seed"))));
      else if (!own_bits_) {
        // As the engine: the first seeded step says once that this library draws its own bits.
        own_bits_ = true;
        w_.PrintUnsupported("lang.random_bits", d_.no_seed);
      }
    }
    if (s == "create" || s == "union") {
      const char* const* call = s == "create" ? d_.create : d_.make_union;
      w_.Line(absl::Substitute(call[TypeOf(op.Str("item"))], w_.Declare(op.sketch, op.Str("item")),
                               op.Int(s == "create" ? "k" : "max_k")));
    } else if (s == "update") {
      if (!op.items) return;
      const std::string target = w_.Var(op.sketch);
      const std::string weight = Weight(op.Str("weight", "1"));
      w_.UpdateLoop(*op.items, [&](const std::string& item) { return absl::Substitute(d_.update, target, item, weight); });
    } else if (s == "merge") {
      w_.Line(absl::Substitute(d_.merge, w_.Var(op.sketch), w_.Var(op.Str("from"))));
    } else if (s == "result") {
      const std::string from = op.Str("from");
      const std::string item = w_.Tag(from);
      w_.Line(absl::Substitute(d_.result[TypeOf(item)], w_.Declare(op.sketch, item), w_.Var(from)));
    } else if (s == "serialize") {
      const std::string field = absl::StrCat(op.Str("as", op.sketch), ".compact");
      const std::string image = w_.NewVariable(field);
      w_.Line(absl::Substitute(d_.serialize[Type(op.sketch)], image, w_.Var(op.sketch)));
      w_.PrintImage(field, image);
    } else if (s == "deserialize" || s == "deserialize_union") {
      const std::string name = op.Str("image");
      const std::string image = w_.ImageOrStop(name, absl::StrCat("image '", name, "' is not in this stage"));
      if (image.empty()) return;
      const char* const* call = s == "deserialize" ? d_.heapify : d_.heapify_union;
      w_.Line(absl::Substitute(call[TypeOf(op.Str("item"))], w_.Declare(op.sketch, op.Str("item")), image));
    } else if (s == "sample") {
      Sample(op);
    } else if (s == "subset_sum") {
      SubsetSum(op);
    } else if (s == "query") {
      Query(op);
    } else {
      w_.Comment(absl::StrCat("'", s, "' is not a VarOpt step"));
    }
  }

  // A weight as the engines read it (strtod): NaN and the infinities by name.
  std::string Weight(const std::string& text) const {
    const double w = std::strtod(text.c_str(), nullptr);
    if (std::isnan(w)) return d_.nan;
    if (std::isinf(w)) return w > 0 ? d_.inf : absl::StrCat("-", d_.inf);
    return w_.language().double_value(text);
  }

  void Sample(const Op& op) {
    const int type = Type(op.sketch);
    const std::string prefix = op.Str("as", op.sketch);
    const SnippetValue item = type == 0 ? SnippetValue::kInt : SnippetValue::kString;
    w_.Print(SnippetValue::kInt, prefix + ".size", absl::Substitute(d_.num_samples, w_.Var(op.sketch)));
    const std::string i = w_.NewVariable("i");
    const std::string x = w_.NewVariable("sample");
    w_.Line(absl::Substitute(w_.language().name == "Java" ? "int $0 = 0;" : "size_t $0 = 0;", i));
    w_.Line(absl::Substitute(d_.sample_loop, w_.Var(op.sketch), x));
    w_.PrintIndexed(item, prefix + ".item", i, absl::Substitute(d_.sample_item, x));
    w_.PrintIndexed(SnippetValue::kDouble, prefix + ".weight", i, absl::Substitute(d_.sample_weight, x));
    w_.Line(absl::StrCat("++", i, ";"));
    w_.Line("}");
  }

  void SubsetSum(const Op& op) {
    const std::string pred = op.Str("pred"), as = op.Str("as");
    const char* p = pred == "all" ? d_.pred_all : pred == "none" ? d_.pred_none : d_.pred_mod4[Type(op.sketch)];
    const std::string sum = w_.NewVariable(as);
    const std::string predicate = absl::Substitute(p, w_.NewVariable("item"));
    w_.Line(absl::Substitute(d_.subset_sum, sum, w_.Var(op.sketch), predicate));
    w_.Print(SnippetValue::kDouble, as + ".estimate", absl::Substitute(d_.estimate, sum));
    w_.Print(SnippetValue::kDouble, as + ".lower_bound", absl::Substitute(d_.lower_bound, sum));
    w_.Print(SnippetValue::kDouble, as + ".upper_bound", absl::Substitute(d_.upper_bound, sum));
    w_.Print(SnippetValue::kDouble, as + ".total_weight", absl::Substitute(d_.total_weight, sum));
  }

  void Query(const Op& op) {
    const int type = Type(op.sketch);
    const std::string target = w_.Var(op.sketch);
    const std::string prefix = op.Str("as", op.sketch);
    for (const std::string& q : op.StrList("queries")) {
      const std::string field = absl::StrCat(prefix, ".", q);
      if (q == "k") w_.Print(SnippetValue::kInt, field, absl::Substitute(d_.k, target));
      else if (q == "n") w_.Print(SnippetValue::kInt, field, absl::Substitute(d_.n, target));
      else if (q == "num_samples") w_.Print(SnippetValue::kInt, field, absl::Substitute(d_.num_samples, target));
      else if (q == "is_empty") w_.Print(SnippetValue::kBool, field, absl::Substitute(d_.is_empty, target));
      else if (q == "serialized_size")
        w_.Print(SnippetValue::kInt, field, absl::Substitute(d_.serialized_size[type], target));
      else if (q == "to_string" && d_.to_string == nullptr) w_.PrintUnsupported(field, "a native-only observation");
      else if (q == "to_string") w_.Print(SnippetValue::kString, field, absl::Substitute(d_.to_string, target));
      else w_.Comment(absl::StrCat("unknown query '", q, "'"));
    }
  }

  static int TypeOf(const std::string& item) { return item == "string" ? 1 : 0; }
  int Type(const std::string& slot) const { return TypeOf(w_.Tag(slot)); }

  bool own_bits_ = false;
};

}  // namespace

std::string VaroptJavaSnippet(const Case& c) { return VaroptSteps(c, JavaVaroptDialect()).Write(); }
std::string VaroptCppSnippet(const Case& c) { return VaroptSteps(c, CppVaroptDialect()).Write(); }

}  // namespace dsconform
