// The walk over a t-digest case's steps that writes both repro programs; the
// languages differ in their dialect (tdigest_java_snippet.cc, tdigest_cpp_snippet.cc).
#include "sketches/tdigest/tdigest_snippets.h"

#include <set>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/substitute.h"
#include "harness/family/snippet_steps.h"
#include "sketches/tdigest/tdigest_snippet_dialect.h"

namespace dsconform {
namespace {

class TdigestSteps final : public SnippetSteps<TdigestSnippetDialect> {
 public:
  using SnippetSteps::SnippetSteps;

 private:
  void Step(const Op& op) override {
    const std::string& s = op.op;
    // As the Java engine: a slot of a value type the library lacks, and every
    // slot or image made from it, is answered "not supported" step by step.
    if (missing_.count(op.sketch) || missing_.count(op.Str("from")) || missing_images_.count(op.Str("image"))) {
      if (s == "serialize") missing_images_.insert(absl::StrCat(op.Str("as", op.sketch), ".", op.Str("form")));
      missing_.insert(op.sketch);
      return w_.PrintUnsupported(absl::StrCat(op.sketch, ".", s), "not supported by this engine");
    }
    if (s == "create") {
      const int type = TypeOf(op.Str("item"));
      if (d_.create[type] == nullptr) {
        w_.Comment(absl::StrCat(d_.no_float, ": this slot's later steps are not supported either."));
        missing_.insert(op.sketch);
        return w_.PrintUnsupported(absl::StrCat(op.sketch, ".create"), "not supported by this engine");
      }
      w_.Line(absl::Substitute(d_.create[type], w_.Declare(op.sketch, op.Str("item")), op.Int("k")));
    } else if (s == "update") {
      if (!op.items) return;
      const std::string target = w_.Var(op.sketch);
      const char* call = d_.update[Type(op.sketch)];
      w_.UpdateLoop(*op.items, [&](const std::string& item) { return absl::Substitute(call, target, item); });
    } else if (s == "merge") {
      w_.Line(absl::Substitute(d_.merge, w_.Var(op.sketch), w_.Var(op.Str("from"))));
    } else if (s == "compress" && d_.compress != nullptr) {
      w_.Line(absl::Substitute(d_.compress, w_.Var(op.sketch)));
    } else if (s == "serialize") {
      const std::string field = absl::StrCat(op.Str("as", op.sketch), ".", op.Str("form"));
      const bool buffer = op.Str("form") == "buffer";
      if (buffer && d_.serialize_buffer == nullptr) return w_.PrintUnsupported(field, d_.no_buffer);
      const std::string image = w_.NewVariable(field);
      w_.Line(absl::Substitute(buffer ? d_.serialize_buffer : d_.serialize, image, w_.Var(op.sketch)));
      w_.PrintImage(field, image);
    } else if (s == "deserialize") {
      const std::string name = op.Str("image");
      const std::string image = w_.ImageOrStop(name, absl::StrCat("image '", name, "' is not in this stage"));
      if (image.empty()) return;
      const int type = TypeOf(op.Str("item"));
      w_.Line(absl::Substitute(d_.heapify[type], w_.Declare(op.sketch, op.Str("item")), image));
    } else if (s == "query") {
      Query(op);
    } else {
      w_.Comment(absl::StrCat("'", s, "' is not a t-digest step"));
    }
  }

  void Query(const Op& op) {
    const std::string target = w_.Var(op.sketch);
    const int type = Type(op.sketch);
    const std::string prefix = op.Str("as", op.sketch);
    const std::vector<std::string> points = op.StrList("points");
    const std::vector<std::string> ranks = op.StrList("ranks");
    for (const std::string& q : op.StrList("queries")) {
      const std::string field = absl::StrCat(prefix, ".", q);
      if (q == "quantiles") {
        for (size_t i = 0; i < ranks.size(); ++i)
          w_.Print(SnippetValue::kDouble, absl::StrCat(field, "[", i, "]"),
                   absl::Substitute(d_.quantile, target, w_.language().double_value(ranks[i])));
      } else if (q == "ranks") {
        for (size_t i = 0; i < points.size(); ++i)
          w_.Print(SnippetValue::kDouble, absl::StrCat(field, "[", i, "]"),
                   absl::Substitute(d_.rank, target, Point(type, points[i])));
      } else if (q == "pmf" || q == "cdf") {
        std::vector<std::string> literals;
        for (const std::string& p : points) literals.push_back(Point(type, p));
        const std::string array = absl::Substitute(d_.point_array[type], absl::StrJoin(literals, ", "));
        const std::string values = w_.NewVariable(field);
        w_.Line(absl::Substitute(q == "pmf" ? d_.pmf : d_.cdf, target, array, "", values, points.size()));
        // One value per split point, and one past the last.
        for (size_t i = 0; i <= points.size(); ++i)
          w_.Print(SnippetValue::kDouble, absl::StrCat(field, "[", i, "]"), absl::StrCat(values, "[", i, "]"));
      } else {
        Scalar(q, field, target);
      }
    }
  }

  void Scalar(const std::string& q, const std::string& field, const std::string& target) {
    struct Row {
      const char* name;
      const char* TdigestSnippetDialect::*call;
      SnippetValue value;
    };
    static constexpr Row kRows[] = {
        {"n", &TdigestSnippetDialect::n, SnippetValue::kInt},
        {"k", &TdigestSnippetDialect::k, SnippetValue::kInt},
        {"is_empty", &TdigestSnippetDialect::is_empty, SnippetValue::kBool},
        {"min", &TdigestSnippetDialect::min_value, SnippetValue::kDouble},
        {"max", &TdigestSnippetDialect::max_value, SnippetValue::kDouble},
        {"to_string", &TdigestSnippetDialect::to_string, SnippetValue::kString},
    };
    for (const Row& row : kRows) {
      if (q != row.name) continue;
      const char* call = d_.*row.call;
      if (call == nullptr) return w_.PrintUnsupported(field, "a native-only observation");
      return w_.Print(row.value, field, absl::Substitute(call, target));
    }
    w_.Comment(absl::StrCat("unknown query '", q, "'"));
  }

  // A grid point as the engines parse it for the slot's value type.
  std::string Point(int type, const std::string& text) const {
    return type == 1 ? w_.language().float_value(text) : w_.language().double_value(text);
  }

  static int TypeOf(const std::string& item) { return item == "float" ? 1 : 0; }
  int Type(const std::string& slot) const { return TypeOf(w_.Tag(slot)); }

  std::set<std::string> missing_;         // slots this library cannot make
  std::set<std::string> missing_images_;  // images such slots would have written
};

}  // namespace

std::string TdigestJavaSnippet(const Case& c) { return TdigestSteps(c, JavaTdigestDialect()).Write(); }
std::string TdigestCppSnippet(const Case& c) { return TdigestSteps(c, CppTdigestDialect()).Write(); }

}  // namespace dsconform
