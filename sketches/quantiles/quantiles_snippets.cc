// The walk over a Quantiles case's steps that writes both repro programs; the
// languages differ in their dialect (quantiles_java_snippet.cc, quantiles_cpp_snippet.cc).
#include "sketches/quantiles/quantiles_snippets.h"

#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/substitute.h"
#include "harness/family/snippet_steps.h"
#include "sketches/quantiles/quantiles_snippet_dialect.h"

namespace dsconform {
namespace {

class QuantilesSteps final : public SnippetSteps<QuantilesSnippetDialect> {
 public:
  using SnippetSteps::SnippetSteps;

 private:
  void Step(const Op& op) override {
    const std::string& s = op.op;
    if (s == "create") {
      const int type = TypeOf(op.Str("item"));
      w_.Line(absl::Substitute(d_.create[type], w_.Declare(op.sketch, op.Str("item")), op.Int("k")));
    } else if (s == "update") {
      if (!op.items) return;
      Pin(op, Type(op.sketch));
      const std::string target = w_.Var(op.sketch);
      w_.UpdateLoop(*op.items, [&](const std::string& item) { return absl::Substitute(d_.update, target, item); });
    } else if (s == "merge") {
      const int type = Type(op.sketch);
      Pin(op, type);
      w_.Line(absl::Substitute(d_.merge[type], w_.Var(op.sketch), w_.Var(op.Str("from"))));
    } else if (s == "serialize") {
      const std::string field = absl::StrCat(op.Str("as", op.sketch), ".", op.Str("form"));
      const int type = Type(op.sketch);
      const char* call = op.Str("form") == "updatable" ? d_.updatable[type] : d_.compact[type];
      if (call == nullptr) return w_.PrintUnsupported(field, d_.no_updatable);
      const std::string image = w_.NewVariable(field);
      w_.Line(absl::Substitute(call, image, w_.Var(op.sketch)));
      w_.PrintImage(field, image);
    } else if (s == "deserialize") {
      if (op.Str("mode", "heapify") != "heapify") {
        return w_.PrintUnsupported(op.sketch + ".deserialize", "the program reads images with heapify only");
      }
      const std::string name = op.Str("image");
      const std::string image = w_.ImageOrStop(name, absl::StrCat("image '", name, "' is not in this stage"));
      if (image.empty()) return;
      const int type = TypeOf(op.Str("item"));
      w_.Line(absl::Substitute(d_.heapify[type], w_.Declare(op.sketch, op.Str("item")), image));
    } else if (s == "query") {
      Query(op);
    } else {
      w_.Comment(absl::StrCat("'", s, "' is not a Quantiles step"));
    }
  }

  // Both engines reseed the library's random bits before a step that carries a seed.
  void Pin(const Op& op, int type) {
    if (!op.args.contains("seed")) return;
    w_.Line(absl::Substitute(d_.pin[type], w_.language().seed_literal(static_cast<uint64_t>(op.Int("seed")))));
  }

  void Query(const Op& op) {
    const std::string target = w_.Var(op.sketch);
    const int type = Type(op.sketch);
    const SnippetValue item_kind = type == 0 ? SnippetValue::kDouble : type == 1 ? SnippetValue::kInt : SnippetValue::kString;
    const std::string prefix = op.Str("as", op.sketch);
    const std::vector<std::string> points = op.StrList("points");
    const std::vector<std::string> ranks = op.StrList("ranks");
    for (const std::string& q : op.StrList("queries")) {
      const std::string field = absl::StrCat(prefix, ".", q);
      const bool excl = q.size() > 5 && q.substr(q.size() - 5) == "_excl";
      const std::string base = excl ? q.substr(0, q.size() - 5) : q;
      const char* criterion = excl ? d_.exclusive : d_.inclusive;
      if (base == "quantiles") {
        for (size_t i = 0; i < ranks.size(); ++i)
          w_.Print(item_kind, absl::StrCat(field, "[", i, "]"),
                   absl::Substitute(d_.quantile, target, w_.language().double_value(ranks[i]), criterion));
      } else if (base == "ranks") {
        for (size_t i = 0; i < points.size(); ++i)
          w_.Print(SnippetValue::kDouble, absl::StrCat(field, "[", i, "]"),
                   absl::Substitute(d_.rank, target, Point(type, points[i]), criterion));
      } else if (base == "pmf" || base == "cdf") {
        std::vector<std::string> literals;
        for (const std::string& p : points) literals.push_back(Point(type, p));
        const std::string array = absl::Substitute(d_.point_array[type], absl::StrJoin(literals, ", "));
        const std::string values = w_.NewVariable(field);
        w_.Line(absl::Substitute(base == "pmf" ? d_.pmf : d_.cdf, target, array, criterion, values, points.size()));
        for (size_t i = 0; i <= points.size(); ++i)  // one value per split point, and one past the last
          w_.Print(SnippetValue::kDouble, absl::StrCat(field, "[", i, "]"), absl::StrCat(values, "[", i, "]"));
      } else if (q == "min" || q == "max") {
        w_.Print(item_kind, field, absl::Substitute(q == "min" ? d_.min_item : d_.max_item, target));
      } else if (q == "rank_error" || q == "rank_error_pmf") {
        w_.Print(SnippetValue::kDouble, field, absl::Substitute(d_.rank_error, target, q == "rank_error" ? d_.no : d_.yes));
      } else {
        Scalar(q, field, target);
      }
    }
  }

  void Scalar(const std::string& q, const std::string& field, const std::string& target) {
    struct Row {
      const char* name;
      const char* QuantilesSnippetDialect::*call;
      SnippetValue value;
    };
    static constexpr Row kRows[] = {
        {"n", &QuantilesSnippetDialect::n, SnippetValue::kInt},
        {"k", &QuantilesSnippetDialect::k, SnippetValue::kInt},
        {"num_retained", &QuantilesSnippetDialect::num_retained, SnippetValue::kInt},
        {"is_empty", &QuantilesSnippetDialect::is_empty, SnippetValue::kBool},
        {"is_estimation_mode", &QuantilesSnippetDialect::is_estimation_mode, SnippetValue::kBool},
    };
    for (const Row& row : kRows)
      if (q == row.name) return w_.Print(row.value, field, absl::Substitute(d_.*row.call, target));
    w_.Comment(absl::StrCat("unknown query '", q, "'"));
  }

  // A grid point as the engines parse it for the slot's item type.
  std::string Point(int type, const std::string& text) const {
    if (type == 1) return absl::Substitute(d_.long_point, w_.language().long_value(text));
    return type == 0 ? w_.language().double_value(text) : w_.Quote(text);
  }

  static int TypeOf(const std::string& item) { return item == "long" ? 1 : item == "string" ? 2 : 0; }
  int Type(const std::string& slot) const { return TypeOf(w_.Tag(slot)); }
};

}  // namespace

std::string QuantilesJavaSnippet(const Case& c) { return QuantilesSteps(c, JavaQuantilesDialect()).Write(); }
std::string QuantilesCppSnippet(const Case& c) { return QuantilesSteps(c, CppQuantilesDialect()).Write(); }

}  // namespace dsconform
