// The walk over an HLL case's steps that writes both repro programs; the
// languages differ only in their dialect (hll_java_snippet.cc, hll_cpp_snippet.cc).
#include "sketches/hll/hll_snippets.h"

#include <set>

#include "absl/strings/str_cat.h"
#include "absl/strings/substitute.h"
#include "harness/family/snippet_steps.h"
#include "sketches/hll/hll_snippet_dialect.h"

namespace dsconform {
namespace {

struct QueryRow {
  const char* name;
  SnippetValue value;
  const char* HllSnippetDialect::*call;
  int num_std_dev;  // bounds only
};
constexpr QueryRow kQueries[] = {
    {"estimate", SnippetValue::kDouble, &HllSnippetDialect::estimate, 0},
    {"composite", SnippetValue::kDouble, &HllSnippetDialect::composite, 0},
    {"lb1", SnippetValue::kDouble, &HllSnippetDialect::lower_bound, 1},
    {"lb2", SnippetValue::kDouble, &HllSnippetDialect::lower_bound, 2},
    {"lb3", SnippetValue::kDouble, &HllSnippetDialect::lower_bound, 3},
    {"ub1", SnippetValue::kDouble, &HllSnippetDialect::upper_bound, 1},
    {"ub2", SnippetValue::kDouble, &HllSnippetDialect::upper_bound, 2},
    {"ub3", SnippetValue::kDouble, &HllSnippetDialect::upper_bound, 3},
    {"is_empty", SnippetValue::kBool, &HllSnippetDialect::is_empty, 0},
    {"lg_k", SnippetValue::kInt, &HllSnippetDialect::lg_k, 0},
    {"is_compact", SnippetValue::kBool, &HllSnippetDialect::is_compact, 0},
    {"type", SnippetValue::kString, &HllSnippetDialect::type, 0},
    {"compact_size", SnippetValue::kInt, &HllSnippetDialect::compact_size, 0},
    {"updatable_size", SnippetValue::kInt, &HllSnippetDialect::updatable_size, 0},
};

class HllSteps final : public SnippetSteps<HllSnippetDialect> {
 public:
  using SnippetSteps::SnippetSteps;

 private:
  void Step(const Op& op) override {
    const std::string from = op.Str("from");
    // As the native engine: a slot a wrap could not make is skipped, with every step naming it.
    for (const std::string& slot : {op.sketch, from})
      if (missing_.count(slot)) {
        w_.Comment(absl::StrCat("skipped: '", slot, "' was made by a step this library cannot do"));
        return;
      }
    const std::string& s = op.op;
    if (s == "create") {
      w_.Line(absl::Substitute(d_.create, w_.Declare(op.sketch), op.Int("lg_k"), op.Str("type", "HLL_4")));
    } else if (s == "union") {
      w_.Line(absl::Substitute(d_.new_union, w_.Declare(op.sketch), op.Int("lg_max_k")));
    } else if (s == "update") {
      if (!op.items) return;
      const std::string target = w_.Var(op.sketch);
      w_.UpdateLoop(*op.items, [&](const std::string& item) { return absl::Substitute(d_.update, target, item); });
    } else if (s == "merge") {
      w_.Line(absl::Substitute(op.Str("how") == "move" ? d_.merge_move : d_.merge_copy, w_.Var(op.sketch), w_.Var(from)));
    } else if (s == "result") {
      const std::string u = w_.Var(from);
      const std::string type = op.Str("type");
      w_.Line(type.empty() ? absl::Substitute(d_.result_default_type, w_.Declare(op.sketch), u)
                           : absl::Substitute(d_.result, w_.Declare(op.sketch), u, type));
    } else if (s == "serialize") {
      const std::string form = op.Str("form");
      const std::string field = absl::StrCat(op.Str("as", op.sketch), ".", form);
      const std::string image = w_.NewVariable(field);
      w_.Line(absl::Substitute(form == "updatable" ? d_.serialize_updatable : d_.serialize_compact, image,
                               w_.Var(op.sketch)));
      w_.PrintImage(field, image);
    } else if (s == "deserialize") {
      Deserialize(op);
    } else if (s == "copy") {
      const std::string source = w_.Var(from);
      w_.Line(absl::Substitute(d_.copy, w_.Declare(op.sketch), source));
    } else if (s == "convert") {
      const std::string source = w_.Var(from);
      w_.Line(absl::Substitute(d_.convert, w_.Declare(op.sketch), source, op.Str("type")));
    } else if (s == "reset") {
      w_.Line(absl::Substitute(d_.reset, w_.Var(op.sketch)));
    } else if (s == "query") {
      Query(op);
    } else if (s == "rel_err") {
      w_.Print(SnippetValue::kDouble, op.Str("as", "rel_err"),
               absl::Substitute(d_.rel_err, op.Int("upper") ? "true" : "false", op.Int("unioned") ? "true" : "false",
                                op.Int("lg_k"), op.Int("sd")));
    } else {
      w_.Comment(absl::StrCat("'", s, "' is not an HLL step"));
    }
  }

  void Deserialize(const Op& op) {
    const std::string mode = op.Str("mode", "heapify");
    const char* call = mode == "wrap" ? d_.wrap : mode == "writable_wrap" ? d_.writable_wrap : d_.heapify;
    if (call == nullptr) {
      w_.Comment("wrap is Java-only (datasketches-cpp has no wrap): this slot's later steps are skipped.");
      w_.PrintUnsupported(op.sketch + ".deserialize", "wrap is a Java-only operation");
      missing_.insert(op.sketch);
      return;
    }
    const std::string name = op.Str("image");
    const std::string image = w_.ImageOrStop(
        name, absl::StrCat("image '", name, "' is neither an image of the stage nor a byte field it produced"));
    if (image.empty()) return;
    w_.Line(absl::Substitute(call, w_.Declare(op.sketch), image));
  }

  void Query(const Op& op) {
    const std::string target = w_.Var(op.sketch);
    const std::string prefix = op.Str("as", op.sketch);
    for (const std::string& q : op.StrList("queries")) {
      const QueryRow* row = nullptr;
      for (const QueryRow& r : kQueries)
        if (q == r.name) row = &r;
      if (row == nullptr) {
        w_.Comment(absl::StrCat("unknown query '", q, "'"));
        continue;
      }
      w_.Print(row->value, absl::StrCat(prefix, ".", q), absl::Substitute(d_.*row->call, target, row->num_std_dev));
    }
  }

  std::set<std::string> missing_;  // slots a step this library cannot do would have made
};

}  // namespace

std::string WriteHllSnippet(const Case& c, const HllSnippetDialect& dialect) { return HllSteps(c, dialect).Write(); }

std::string HllJavaSnippet(const Case& c) { return WriteHllSnippet(c, JavaHllDialect()); }
std::string HllCppSnippet(const Case& c) { return WriteHllSnippet(c, CppHllDialect()); }

}  // namespace dsconform
