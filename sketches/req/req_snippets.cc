// The walk over a REQ case's steps that writes both repro programs; the
// languages differ in their dialect (req_java_snippet.cc, req_cpp_snippet.cc).
#include "sketches/req/req_snippets.h"

#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/substitute.h"
#include "harness/family/snippet_steps.h"
#include "sketches/req/req_snippet_dialect.h"

namespace dsconform {
namespace {

class ReqSteps final : public SnippetSteps<ReqSnippetDialect> {
 public:
  using SnippetSteps::SnippetSteps;

 private:
  void Step(const Op& op) override {
    const std::string& s = op.op;
    if (s == "create") {
      w_.Line(absl::Substitute(d_.create, w_.Declare(op.sketch, "float"), op.Int("k"),
                               op.args.value("hra", true) ? d_.yes : d_.no));
    } else if (s == "update") {
      if (!op.items) return;
      Pin(op, op.sketch);
      const std::string target = w_.Var(op.sketch);
      w_.UpdateLoop(*op.items, [&](const std::string& item) { return absl::Substitute(d_.update, target, item); });
    } else if (s == "merge") {
      Pin(op, op.sketch);
      w_.Line(absl::Substitute(d_.merge, w_.Var(op.sketch), w_.Var(op.Str("from"))));
    } else if (s == "serialize") {
      const std::string field = absl::StrCat(op.Str("as", op.sketch), ".", op.Str("form"));
      const std::string image = w_.NewVariable(field);
      w_.Line(absl::Substitute(d_.compact, image, w_.Var(op.sketch)));
      w_.PrintImage(field, image);
    } else if (s == "deserialize") {
      const std::string name = op.Str("image");
      const std::string image = w_.ImageOrStop(name, absl::StrCat("image '", name, "' is not in this stage"));
      if (image.empty()) return;
      if (!d_.pin_after_read) PinBeforeDeclaring(op);
      w_.Line(absl::Substitute(d_.heapify, w_.Declare(op.sketch, "float"), image));
      if (d_.pin_after_read) Pin(op, op.sketch);
    } else if (s == "query") {
      Query(op);
    } else {
      w_.Comment(absl::StrCat("'", s, "' is not a REQ step"));
    }
  }

  // The engines reseed the bits before a step that carries a seed.
  void Pin(const Op& op, const std::string& slot) {
    if (!op.args.contains("seed")) return;
    w_.Line(absl::Substitute(d_.pin, w_.Var(slot),
                             w_.language().seed_literal(static_cast<uint64_t>(op.Int("seed")))));
  }
  // C++ only: its bits belong to no sketch, so the pin names none.
  void PinBeforeDeclaring(const Op& op) {
    if (!op.args.contains("seed")) return;
    w_.Line(absl::Substitute(d_.pin, "", w_.language().seed_literal(static_cast<uint64_t>(op.Int("seed")))));
  }

  void Query(const Op& op) {
    const std::string target = w_.Var(op.sketch);
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
          w_.Print(SnippetValue::kDouble, absl::StrCat(field, "[", i, "]"),
                   absl::Substitute(d_.quantile, target, w_.language().double_value(ranks[i]), criterion));
      } else if (base == "ranks") {
        for (size_t i = 0; i < points.size(); ++i)
          w_.Print(SnippetValue::kDouble, absl::StrCat(field, "[", i, "]"),
                   absl::Substitute(d_.rank, target, w_.language().float_value(points[i]), criterion));
      } else if (base == "pmf" || base == "cdf") {
        std::vector<std::string> literals;
        for (const std::string& p : points) literals.push_back(w_.language().float_value(p));
        const std::string array = absl::Substitute(d_.point_array, absl::StrJoin(literals, ", "));
        const std::string values = w_.NewVariable(field);
        w_.Line(absl::Substitute(base == "pmf" ? d_.pmf : d_.cdf, target, array, criterion, values, points.size()));
        for (size_t i = 0; i <= points.size(); ++i)  // one value per split point, and one past the last
          w_.Print(SnippetValue::kDouble, absl::StrCat(field, "[", i, "]"), absl::StrCat(values, "[", i, "]"));
      } else if (q == "rse" || q.rfind("rank_lb", 0) == 0 || q.rfind("rank_ub", 0) == 0) {
        const char* call = q == "rse" ? d_.rse : q[5] == 'l' ? d_.rank_lb : d_.rank_ub;  // rank_lb<sd>, rank_ub<sd>
        const std::string sd = q == "rse" ? "" : q.substr(7);
        for (size_t i = 0; i < ranks.size(); ++i)
          w_.Print(SnippetValue::kDouble, absl::StrCat(field, "[", i, "]"),
                   absl::Substitute(call, target, w_.language().double_value(ranks[i]), sd));
      } else {
        Scalar(q, field, target);
      }
    }
  }

  void Scalar(const std::string& q, const std::string& field, const std::string& target) {
    struct Row {
      const char* name;
      const char* ReqSnippetDialect::*call;
      SnippetValue value;
    };
    static constexpr Row kRows[] = {
        {"n", &ReqSnippetDialect::n, SnippetValue::kInt},
        {"k", &ReqSnippetDialect::k, SnippetValue::kInt},
        {"hra", &ReqSnippetDialect::hra, SnippetValue::kBool},
        {"num_retained", &ReqSnippetDialect::num_retained, SnippetValue::kInt},
        {"is_empty", &ReqSnippetDialect::is_empty, SnippetValue::kBool},
        {"is_estimation_mode", &ReqSnippetDialect::is_estimation_mode, SnippetValue::kBool},
        {"min", &ReqSnippetDialect::min_item, SnippetValue::kDouble},
        {"max", &ReqSnippetDialect::max_item, SnippetValue::kDouble},
    };
    for (const Row& row : kRows)
      if (q == row.name) return w_.Print(row.value, field, absl::Substitute(d_.*row.call, target));
    w_.Comment(absl::StrCat("unknown query '", q, "'"));
  }
};

}  // namespace

std::string ReqJavaSnippet(const Case& c) { return ReqSteps(c, JavaReqDialect()).Write(); }
std::string ReqCppSnippet(const Case& c) { return ReqSteps(c, CppReqDialect()).Write(); }

}  // namespace dsconform
