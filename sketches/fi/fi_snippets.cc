// The walk over a Frequent items case's steps that writes both repro programs;
// the languages differ in their dialect (fi_java_snippet.cc, fi_cpp_snippet.cc).
#include "sketches/fi/fi_snippets.h"

#include <set>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/substitute.h"
#include "harness/family/snippet_steps.h"
#include "sketches/fi/fi_snippet_dialect.h"

namespace dsconform {
namespace {

constexpr const char* kTags[kFiKinds] = {"long:longs", "long:items", "string"};

FiKind KindOf(const Op& op) {
  if (op.Str("item") == "string") return FiKind::kStrings;
  return op.Str("impl", "longs") == "items" ? FiKind::kLongItems : FiKind::kLongs;
}

class FiSteps final : public SnippetSteps<FiSnippetDialect> {
 public:
  using SnippetSteps::SnippetSteps;

 private:
  void Step(const Op& op) override {
    // As the native engine: a slot a step could not make is skipped, with every step naming it.
    for (const std::string& slot : {op.sketch, op.Str("from")})
      if (missing_.count(slot)) {
        w_.Comment(absl::StrCat("skipped: '", slot, "' was made by a step this library cannot do"));
        return;
      }
    const std::string& s = op.op;
    if (s == "create") {
      const FiKind kind = KindOf(op);
      const int64_t lg = op.Int("lg_max_map_size");
      w_.Line(absl::Substitute(d_.create[Index(kind)], Declare(op.sketch, kind), lg, int64_t{1} << lg));
    } else if (s == "update") {
      if (!op.items) return;
      const std::string target = w_.Var(op.sketch);
      const int64_t weight = op.Int("weight", 1);
      const std::string w = w_.language().long_literal(weight);
      w_.UpdateLoop(*op.items, [&](const std::string& item) {
        return weight == 1 ? absl::Substitute(d_.update, target, item)
                           : absl::Substitute(d_.update_weighted, target, item, w);
      });
    } else if (s == "merge") {
      w_.Line(absl::Substitute(d_.merge, w_.Var(op.sketch), w_.Var(op.Str("from"))));
    } else if (s == "serialize") {
      Serialize(op);
    } else if (s == "deserialize") {
      Deserialize(op);
    } else if (s == "query") {
      Query(op);
    } else {
      w_.Comment(absl::StrCat("'", s, "' is not a Frequent items step"));
    }
  }

  // The string serde a step names, or empty (with the program saying so) when this library has none.
  std::string Serde(const Op& op, const std::string& unsupported_field) {
    if (op.Str("serde", "utf8") == "utf8") return d_.utf8_serde;
    if (d_.utf16_serde != nullptr) return d_.utf16_serde;
    w_.PrintUnsupported(unsupported_field, d_.no_utf16);
    return "";
  }

  void Serialize(const Op& op) {
    const std::string field = absl::StrCat(op.Str("as", op.sketch), ".compact");
    const std::string serde = Serde(op, field);
    if (serde.empty()) return;
    const std::string image = w_.NewVariable(field);
    w_.Line(absl::Substitute(d_.serialize[Index(Kind(op.sketch))], image, w_.Var(op.sketch), serde));
    w_.PrintImage(field, image);
  }

  void Deserialize(const Op& op) {
    const std::string serde = Serde(op, op.sketch + ".deserialize");
    if (serde.empty()) {
      missing_.insert(op.sketch);
      return;
    }
    const std::string name = op.Str("image");
    const std::string image = w_.ImageOrStop(name, absl::StrCat("image '", name, "' is not in this stage"));
    if (image.empty()) return;
    const FiKind kind = KindOf(op);
    w_.Line(absl::Substitute(d_.deserialize[Index(kind)], Declare(op.sketch, kind), image, serde));
  }

  void Query(const Op& op) {
    const std::string target = w_.Var(op.sketch);
    const FiKind kind = Kind(op.sketch);
    const std::string prefix = op.Str("as", op.sketch);
    const std::vector<std::string> keys = op.StrList("keys");
    for (const std::string& q : op.StrList("queries")) {
      const std::string field = absl::StrCat(prefix, ".", q);
      const char* scalar = q == "total_weight"       ? d_.total_weight
                           : q == "maximum_error"    ? d_.maximum_error
                           : q == "num_active_items" ? d_.num_active_items
                           : q == "serialized_size"  ? d_.serialized_size[Index(kind)]
                                                     : nullptr;
      if (scalar != nullptr) {
        w_.Print(SnippetValue::kInt, field, absl::Substitute(scalar, target, d_.utf8_serde));
      } else if (q == "is_empty") {
        w_.Print(SnippetValue::kBool, field, absl::Substitute(d_.is_empty, target));
      } else if (q == "epsilon") {
        w_.Print(SnippetValue::kDouble, field, absl::Substitute(d_.epsilon, target));
      } else if (q == "to_string") {
        if (d_.to_string == nullptr) w_.PrintUnsupported(field, "a native-only observation");
        else w_.Print(SnippetValue::kString, field, absl::Substitute(d_.to_string, target));
      } else if (q == "estimate" || q == "lower_bound" || q == "upper_bound") {
        const char* call = q == "estimate" ? d_.estimate : q == "lower_bound" ? d_.lower_bound : d_.upper_bound;
        for (size_t i = 0; i < keys.size(); ++i)
          w_.Print(SnippetValue::kInt, absl::StrCat(field, "[", i, "]"), absl::Substitute(call, target, Key(kind, keys[i])));
      } else if (q == "frequent_nfp" || q == "frequent_nfn") {
        Frequent(op, field, target, kind, q == "frequent_nfp" ? d_.no_false_positives : d_.no_false_negatives);
      } else {
        w_.Comment(absl::StrCat("unknown query '", q, "'"));
      }
    }
  }

  void Frequent(const Op& op, const std::string& field, const std::string& target, FiKind kind, const char* type) {
    const std::string rows = w_.NewVariable(field);
    if (op.args.contains("threshold")) {
      w_.Line(absl::Substitute(d_.frequent_at[Index(kind)], target, type,
                               w_.language().long_literal(op.Int("threshold")), rows));
    } else {
      w_.Line(absl::Substitute(d_.frequent[Index(kind)], target, type, "", rows));
    }
    w_.Print(SnippetValue::kInt, field + ".size", absl::Substitute(d_.rows_size, rows));
    const std::string i = w_.NewVariable("row");
    w_.Line(absl::Substitute(d_.for_rows, rows, i));
    const SnippetValue item = kind == FiKind::kStrings ? SnippetValue::kString : SnippetValue::kInt;
    w_.PrintIndexed(item, field, i, absl::Substitute(d_.row_item, rows, i));
    w_.PrintIndexed(SnippetValue::kInt, field, i, absl::Substitute(d_.row_estimate, rows, i), ".estimate");
    w_.PrintIndexed(SnippetValue::kInt, field, i, absl::Substitute(d_.row_lower_bound, rows, i), ".lower_bound");
    w_.PrintIndexed(SnippetValue::kInt, field, i, absl::Substitute(d_.row_upper_bound, rows, i), ".upper_bound");
    w_.Line(d_.end_for);
  }

  // A key of the case, as the engines parse it for the slot's items.
  std::string Key(FiKind kind, const std::string& text) const {
    return kind == FiKind::kStrings ? w_.Quote(text) : absl::Substitute(d_.long_key, w_.language().long_value(text));
  }

  static int Index(FiKind kind) { return static_cast<int>(kind); }
  std::string Declare(const std::string& slot, FiKind kind) { return w_.Declare(slot, kTags[Index(kind)]); }
  FiKind Kind(const std::string& slot) const {
    const std::string tag = w_.Tag(slot);
    for (int i = 0; i < kFiKinds; ++i)
      if (tag == kTags[i]) return static_cast<FiKind>(i);
    return FiKind::kLongs;
  }

  std::set<std::string> missing_;  // slots a step this library cannot do would have made
};

}  // namespace

std::string FiJavaSnippet(const Case& c) { return FiSteps(c, JavaFiDialect()).Write(); }
std::string FiCppSnippet(const Case& c) { return FiSteps(c, CppFiDialect()).Write(); }

}  // namespace dsconform
