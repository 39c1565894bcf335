// The walk over a KLL case's steps that writes both repro programs; the
// languages differ in their dialect (kll_java_snippet.cc, kll_cpp_snippet.cc).
#include "sketches/kll/kll_snippets.h"

#include <set>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/substitute.h"
#include "harness/family/snippet_steps.h"
#include "sketches/kll/kll_snippet_dialect.h"

namespace dsconform {
namespace {

constexpr const char* kItemNames[kKllItems] = {"double", "float", "long", "string"};

// The item type a step names; double for a name the vocabulary does not know
// (only in a case that failed validation).
KllItem ItemOf(const std::string& name) {
  for (int i = 0; i < kKllItems; ++i)
    if (name == kItemNames[i]) return static_cast<KllItem>(i);
  return KllItem::kDouble;
}

struct ScalarQuery {
  const char* name;
  const char* KllSnippetDialect::*call;
  SnippetValue value;  // kDouble for an item: the slot's item type decides
  bool item;
  bool pmf_error;  // rank_error_pmf
};
constexpr ScalarQuery kScalarQueries[] = {
    {"n", &KllSnippetDialect::n, SnippetValue::kInt, false, false},
    {"k", &KllSnippetDialect::k, SnippetValue::kInt, false, false},
    {"num_retained", &KllSnippetDialect::num_retained, SnippetValue::kInt, false, false},
    {"is_empty", &KllSnippetDialect::is_empty, SnippetValue::kBool, false, false},
    {"is_estimation_mode", &KllSnippetDialect::is_estimation_mode, SnippetValue::kBool, false, false},
    {"min", &KllSnippetDialect::min_item, SnippetValue::kDouble, true, false},
    {"max", &KllSnippetDialect::max_item, SnippetValue::kDouble, true, false},
    {"rank_error", &KllSnippetDialect::rank_error, SnippetValue::kDouble, false, false},
    {"rank_error_pmf", &KllSnippetDialect::rank_error, SnippetValue::kDouble, false, true},
    {"serialized_size", &KllSnippetDialect::serialized_size, SnippetValue::kInt, false, false},
    {"to_string", &KllSnippetDialect::to_string, SnippetValue::kString, false, false},
    {"heap_bytes", &KllSnippetDialect::heap_bytes, SnippetValue::kInt, false, false},
};

// How an item of each type is printed: floats widened to double, as the engines do.
SnippetValue ItemValue(KllItem item) {
  return item == KllItem::kLong     ? SnippetValue::kInt
         : item == KllItem::kString ? SnippetValue::kString
                                    : SnippetValue::kDouble;
}

class KllSteps final : public SnippetSteps<KllSnippetDialect> {
 public:
  using SnippetSteps::SnippetSteps;

 private:
  void Step(const Op& op) override {
    // As the native engine: a slot a wrap could not make is skipped, with every step naming it.
    for (const std::string& slot : {op.sketch, op.Str("from")})
      if (missing_.count(slot)) {
        w_.Comment(absl::StrCat("skipped: '", slot, "' was made by a step this library cannot do"));
        return;
      }
    const std::string& s = op.op;
    const std::string from = op.Str("from");
    if (s == "create") {
      const KllItem item = ItemOf(op.Str("item"));
      w_.Line(absl::Substitute(d_.create[Index(item)], Declare(op.sketch, item), op.Int("k")));
    } else if (s == "update") {
      if (!op.items) return;
      PinRandomBits(op);
      const std::string target = w_.Var(op.sketch);
      const char* call = d_.update[Index(Item(op.sketch))];
      w_.UpdateLoop(*op.items, [&](const std::string& item) { return absl::Substitute(call, target, item); });
    } else if (s == "merge") {
      PinRandomBits(op);
      const bool move = op.Str("how") == "move";
      w_.Line(absl::Substitute(move ? d_.merge_move : d_.merge_copy, w_.Var(op.sketch), w_.Var(from)));
      if (move) w_.Forget(from);  // C++: moved from, no later step may use it
    } else if (s == "serialize") {
      const std::string field = absl::StrCat(op.Str("as", op.sketch), ".compact");
      const std::string image = w_.NewVariable(field);
      w_.Line(absl::Substitute(d_.serialize, image, w_.Var(op.sketch)));
      w_.PrintImage(field, image);
    } else if (s == "deserialize") {
      Deserialize(op);
    } else if (s == "copy") {
      Copy(op);
    } else if (s == "convert") {
      const std::string source = w_.Var(from);
      w_.Line(absl::Substitute(d_.convert_to_double, Declare(op.sketch, KllItem::kDouble), source));
    } else if (s == "query") {
      Query(op);
    } else {
      w_.Comment(absl::StrCat("'", s, "' is not a KLL step"));
    }
  }

  // Both engines reseed the library's compaction bits before a step that carries a seed.
  void PinRandomBits(const Op& op) {
    if (!op.args.contains("seed")) return;
    w_.Line(absl::Substitute(d_.pin_random_bits, w_.language().seed_literal(static_cast<uint64_t>(op.Int("seed")))));
  }

  void Deserialize(const Op& op) {
    const KllItem item = ItemOf(op.Str("item"));
    const bool wrap = op.Str("mode", "heapify") == "wrap";
    if (wrap && d_.wrap[Index(item)] == nullptr) {
      w_.Comment(absl::StrCat(d_.no_wrap, ": this slot's later steps are skipped."));
      w_.PrintUnsupported(op.sketch + ".deserialize", "wrap is a Java-only operation");
      missing_.insert(op.sketch);
      return;
    }
    const std::string name = op.Str("image");
    const std::string image = w_.ImageOrStop(name, absl::StrCat("image '", name, "' is not in this stage"));
    if (image.empty()) return;
    const char* call = wrap ? d_.wrap[Index(item)] : d_.heapify[Index(item)];
    w_.Line(absl::Substitute(call, Declare(op.sketch, item), image));
  }

  void Copy(const Op& op) {
    const std::string from = op.Str("from");
    const std::string how = op.Str("how", "construct");
    const KllItem item = Item(from);
    const char* call = how == "assign"           ? d_.copy_assign
                       : how == "move_construct" ? d_.move_construct
                       : how == "move_assign"    ? d_.move_assign
                                                 : d_.copy_construct;
    const std::string source = w_.Var(from);
    w_.Line(absl::Substitute(call, Declare(op.sketch, item), source, d_.type_name[Index(item)]));
    if (how == "move_construct" || how == "move_assign") w_.Forget(from);
  }

  void Query(const Op& op) {
    const std::string target = w_.Var(op.sketch);
    const KllItem item = Item(op.sketch);
    const std::string prefix = op.Str("as", op.sketch);
    const std::vector<std::string> points = op.StrList("points");
    const std::vector<std::string> ranks = op.StrList("ranks");
    for (const std::string& q : op.StrList("queries")) {
      const std::string field = absl::StrCat(prefix, ".", q);
      const bool exclusive = q.size() > 5 && q.compare(q.size() - 5, 5, "_excl") == 0;
      const std::string base = exclusive ? q.substr(0, q.size() - 5) : q;
      const char* criterion = exclusive ? d_.exclusive : d_.inclusive;
      if (base == "quantiles") {
        for (size_t i = 0; i < ranks.size(); ++i)
          w_.Print(ItemValue(item), absl::StrCat(field, "[", i, "]"),
                   absl::Substitute(d_.quantile, target, w_.language().double_value(ranks[i]), criterion));
      } else if (base == "ranks") {
        for (size_t i = 0; i < points.size(); ++i)
          w_.Print(SnippetValue::kDouble, absl::StrCat(field, "[", i, "]"),
                   absl::Substitute(d_.rank, target, Point(item, points[i]), criterion));
      } else if (base == "pmf" || base == "cdf") {
        std::vector<std::string> literals;
        for (const std::string& p : points) literals.push_back(Point(item, p));
        const std::string array = absl::Substitute(d_.point_array[Index(item)], absl::StrJoin(literals, ", "));
        const std::string values = w_.NewVariable(field);
        w_.Line(absl::Substitute(base == "pmf" ? d_.pmf : d_.cdf, target, array, criterion, values, points.size()));
        // One value per split point, and one past the last.
        for (size_t i = 0; i <= points.size(); ++i)
          w_.Print(SnippetValue::kDouble, absl::StrCat(field, "[", i, "]"), absl::StrCat(values, "[", i, "]"));
      } else {
        Scalar(q, field, target, item);
      }
    }
  }

  void Scalar(const std::string& q, const std::string& field, const std::string& target, KllItem item) {
    for (const ScalarQuery& row : kScalarQueries) {
      if (q != row.name) continue;
      const char* call = d_.*row.call;
      if (call == nullptr) return w_.PrintUnsupported(field, d_.not_answered);
      w_.Print(row.item ? ItemValue(item) : row.value, field,
               absl::Substitute(call, target, row.pmf_error ? "true" : "false"));
      return;
    }
    w_.Comment(absl::StrCat("unknown query '", q, "'"));
  }

  // A grid point of the case, as the engines parse it for the slot's item type.
  std::string Point(KllItem item, const std::string& text) const {
    switch (item) {
      case KllItem::kDouble: return w_.language().double_value(text);
      case KllItem::kFloat: return w_.language().float_value(text);
      case KllItem::kLong: return w_.language().long_value(text);
      case KllItem::kString: return w_.Quote(text);
    }
    return text;
  }

  static int Index(KllItem item) { return static_cast<int>(item); }
  std::string Declare(const std::string& slot, KllItem item) { return w_.Declare(slot, kItemNames[Index(item)]); }
  KllItem Item(const std::string& slot) const { return ItemOf(w_.Tag(slot)); }

  std::set<std::string> missing_;  // slots a step this library cannot do would have made
};

}  // namespace

std::string WriteKllSnippet(const Case& c, const KllSnippetDialect& dialect) { return KllSteps(c, dialect).Write(); }

std::string KllJavaSnippet(const Case& c) { return WriteKllSnippet(c, JavaKllDialect()); }
std::string KllCppSnippet(const Case& c) { return WriteKllSnippet(c, CppKllDialect()); }

}  // namespace dsconform
