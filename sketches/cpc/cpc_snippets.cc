// The walk over a CPC case's steps that writes both repro programs; the
// languages differ in their dialect (cpc_java_snippet.cc, cpc_cpp_snippet.cc).
#include "sketches/cpc/cpc_snippets.h"

#include <set>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/substitute.h"
#include "harness/family/snippet_steps.h"
#include "sketches/cpc/cpc_snippet_dialect.h"

namespace dsconform {
namespace {

struct QueryRow {
  const char* name;
  SnippetValue value;
  const char* CpcSnippetDialect::*call;
  int kappa;           // bounds only
  bool on_a_wrapper;   // a CpcWrapper answers it
};
constexpr QueryRow kQueries[] = {
    {"estimate", SnippetValue::kDouble, &CpcSnippetDialect::estimate, 0, true},
    {"lb1", SnippetValue::kDouble, &CpcSnippetDialect::lower_bound, 1, true},
    {"lb2", SnippetValue::kDouble, &CpcSnippetDialect::lower_bound, 2, true},
    {"lb3", SnippetValue::kDouble, &CpcSnippetDialect::lower_bound, 3, true},
    {"ub1", SnippetValue::kDouble, &CpcSnippetDialect::upper_bound, 1, true},
    {"ub2", SnippetValue::kDouble, &CpcSnippetDialect::upper_bound, 2, true},
    {"ub3", SnippetValue::kDouble, &CpcSnippetDialect::upper_bound, 3, true},
    {"is_empty", SnippetValue::kBool, &CpcSnippetDialect::is_empty, 0, false},
    {"lg_k", SnippetValue::kInt, &CpcSnippetDialect::lg_k, 0, true},
    {"validate", SnippetValue::kBool, &CpcSnippetDialect::validate, 0, false},
};

// What a slot's variable holds.
constexpr char kSketch[] = "sketch";
constexpr char kUnion[] = "union";
constexpr char kWrapper[] = "wrapper";

class CpcSteps final : public SnippetSteps<CpcSnippetDialect> {
 public:
  using SnippetSteps::SnippetSteps;

 private:
  void Step(const Op& op) override {
    // As the native engine: a step that reads a slot the library could not make
    // (its own, `from`, or the slot an image is named after) leaves its slot unmade.
    for (const std::string& read : SlotsRead(op)) {
      if (!unusable_.count(read)) continue;
      w_.PrintUnsupported(absl::StrCat(op.sketch, ".", op.op),
                          absl::StrCat("it reads slot '", read, "', which this engine could not make"));
      unusable_.insert(op.sketch);
      return;
    }
    unusable_.erase(op.sketch);
    const std::string& s = op.op;
    const std::string from = op.Str("from");
    if (s == "create") {
      w_.Line(absl::Substitute(d_.create, w_.Declare(op.sketch, kSketch), op.Int("lg_k"), SeedArgument(op)));
    } else if (s == "union") {
      w_.Line(absl::Substitute(d_.new_union, w_.Declare(op.sketch, kUnion), op.Int("lg_k"), SeedArgument(op)));
    } else if (s == "update") {
      if (!op.items) return;
      if (!OnSketch(op.sketch)) return;
      const std::string target = w_.Var(op.sketch);
      w_.UpdateLoop(*op.items, [&](const std::string& item) { return absl::Substitute(d_.update, target, item); });
    } else if (s == "merge") {
      if (!OnSketch(from)) return;
      w_.Line(absl::Substitute(op.Str("how") == "move" ? d_.merge_move : d_.merge_copy, w_.Var(op.sketch), w_.Var(from)));
    } else if (s == "result") {
      const std::string u = w_.Var(from);
      w_.Line(absl::Substitute(d_.result, w_.Declare(op.sketch, kSketch), u));
    } else if (s == "serialize") {
      if (!OnSketch(op.sketch)) return;
      const std::string field = absl::StrCat(op.Str("as", op.sketch), ".compact");
      const std::string image = w_.NewVariable(field);
      w_.Line(absl::Substitute(d_.serialize, image, w_.Var(op.sketch)));
      w_.PrintImage(field, image);
    } else if (s == "deserialize") {
      Deserialize(op);
    } else if (s == "query") {
      Query(op);
    } else {
      w_.Comment(absl::StrCat("'", s, "' is not a CPC step"));
    }
  }

  void Deserialize(const Op& op) {
    const std::string mode = op.Str("mode", "heapify");
    if (mode == "wrap" && d_.wrap == nullptr) {
      w_.Comment("CpcWrapper is Java's (datasketches-cpp has no wrap): steps that read this slot are not supported.");
      w_.PrintUnsupported(op.sketch + ".deserialize", "CpcWrapper (a read-only view of an image) is Java's");
      unusable_.insert(op.sketch);
      w_.Forget(op.sketch);
      return;
    }
    const std::string name = op.Str("image");
    const std::string image = w_.ImageOrStop(
        name, absl::StrCat("image '", name, "' is neither an image of the stage nor a byte field it produced"));
    if (image.empty()) return;
    if (mode == "wrap") {
      w_.Line(absl::Substitute(d_.wrap, w_.Declare(op.sketch, kWrapper), image));
    } else {
      w_.Line(absl::Substitute(d_.heapify, w_.Declare(op.sketch, kSketch), image, SeedArgument(op)));
    }
  }

  void Query(const Op& op) {
    const std::string target = w_.Var(op.sketch);
    const bool wrapper = w_.Tag(op.sketch) == kWrapper;
    const std::string prefix = op.Str("as", op.sketch);
    for (const std::string& q : op.StrList("queries")) {
      const QueryRow* row = nullptr;
      for (const QueryRow& r : kQueries)
        if (q == r.name) row = &r;
      if (row == nullptr) {
        w_.Comment(absl::StrCat("unknown query '", q, "'"));
        continue;
      }
      const std::string field = absl::StrCat(prefix, ".", q);
      if (wrapper && !row->on_a_wrapper) {
        w_.PrintUnsupported(field, absl::StrCat("CpcWrapper has no ", q));
        continue;
      }
      w_.Print(row->value, field, absl::Substitute(d_.*row->call, target, row->kappa));
    }
  }

  // Steps other than queries need a sketch; on a wrapper the Java engine refuses them.
  bool OnSketch(const std::string& slot) {
    if (w_.Tag(slot) != kWrapper) return true;
    w_.Fail(absl::StrCat("slot ", slot, " is not a sketch"));
    return false;
  }

  // The slots a step reads, as the native engine counts them (cpc_adapter.cc).
  static std::vector<std::string> SlotsRead(const Op& op) {
    std::vector<std::string> read;
    if (op.op == "update" || op.op == "merge" || op.op == "serialize" || op.op == "query") read.push_back(op.sketch);
    if (op.args.contains("from")) read.push_back(op.Str("from"));
    if (op.args.contains("image")) read.push_back(op.Str("image").substr(0, op.Str("image").find('.')));
    return read;
  }

  std::string SeedArgument(const Op& op) const {
    if (!op.args.contains("seed")) return "";  // the library's default argument, as the engines call it
    return absl::Substitute(d_.seed_argument, w_.language().seed_literal(static_cast<uint64_t>(op.Int("seed"))));
  }

  std::set<std::string> unusable_;  // slots a step this library cannot do left without a value
};

}  // namespace

std::string WriteCpcSnippet(const Case& c, const CpcSnippetDialect& dialect) { return CpcSteps(c, dialect).Write(); }

std::string CpcJavaSnippet(const Case& c) { return WriteCpcSnippet(c, JavaCpcDialect()); }
std::string CpcCppSnippet(const Case& c) { return WriteCpcSnippet(c, CppCpcDialect()); }

}  // namespace dsconform
