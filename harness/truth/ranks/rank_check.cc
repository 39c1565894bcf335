#include "harness/truth/ranks/rank_check.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <cstdlib>
#include <functional>
#include <optional>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "harness/engine/field_index.h"
#include "harness/truth/ranks/rank_truth.h"
#include "harness/truth/slot_items.h"
#include "harness/truth/truth_query.h"

namespace dsconform {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInfinity = std::numeric_limits<double>::infinity();

// The item type of `slot` after `ops`: what made it (create, deserialize,
// convert name it), or its source's for a copy or result.
std::string ItemTypeOf(const std::vector<Op>& ops, const std::string& slot) {
  std::map<std::string, std::string> type;
  for (const Op& op : ops) {
    if (op.args.contains("item")) type[op.sketch] = op.Str("item");
    else if (op.op == "copy" || op.op == "result") type[op.sketch] = type[op.Str("from")];
  }
  return type[slot];
}

std::optional<double> DoubleAnswer(const FieldIndex& obs, const std::string& field) {
  const Value* v = obs.Find(field);
  if (v == nullptr || v->kind != Value::Kind::kDouble) return std::nullopt;
  return v->AsDouble();
}

std::optional<RankItem> ItemAnswer(const FieldIndex& obs, const std::string& field) {
  const Value* v = obs.Find(field);
  if (v == nullptr) return std::nullopt;
  switch (v->kind) {
    case Value::Kind::kDouble: return RankItem(v->AsDouble());
    case Value::Kind::kInt: return RankItem(static_cast<int64_t>(v->bits));
    case Value::Kind::kString: return RankItem(v->bytes);
    default: return std::nullopt;
  }
}

std::string ItemText(const RankItem& item) {
  if (const auto* d = std::get_if<double>(&item)) return absl::StrFormat("%.17g", *d);
  if (const auto* l = std::get_if<int64_t>(&item)) return absl::StrCat(*l);
  return absl::StrCat("\"", std::get<std::string>(item), "\"");
}

// The largest error seen and where.
struct Worst {
  double error = kNaN;  // NaN: nothing answered
  std::string where;
  void See(double e, const std::function<std::string()>& describe) {
    if (std::isnan(e)) e = kInfinity;  // a NaN answer is as wrong as can be
    if (std::isnan(error) || e > error) {
      error = e;
      where = describe();
    }
  }
};

// The library's own stated error at a rank, for relative judgement (RankTruth::relative): half
// the width of its 3-sd bounds on the query's rank grid, the larger side (a library may clamp a
// bound at 0 or 1), linear in between.
class StatedError {
 public:
  // Null when the engine answered no bounds for the grid.
  static std::optional<StatedError> Of(const FieldIndex& obs, const std::string& of,
                                       const std::vector<std::string>& ranks) {
    StatedError s;
    for (size_t j = 0; j < ranks.size(); ++j) {
      const double r = std::strtod(ranks[j].c_str(), nullptr);
      const auto lb = DoubleAnswer(obs, absl::StrCat(of, ".rank_lb3[", j, "]"));
      const auto ub = DoubleAnswer(obs, absl::StrCat(of, ".rank_ub3[", j, "]"));
      if (!lb || !ub) return std::nullopt;
      s.ranks_.push_back(r);
      s.sigma_.push_back(std::max({*ub - r, r - *lb, 0.0}));
    }
    if (s.ranks_.empty()) return std::nullopt;
    return s;
  }
  double At(double r) const {
    if (r <= ranks_.front()) return sigma_.front();
    for (size_t j = 1; j < ranks_.size(); ++j)
      if (r <= ranks_[j]) {
        const double t = (r - ranks_[j - 1]) / (ranks_[j] - ranks_[j - 1]);
        return sigma_[j - 1] + t * (sigma_[j] - sigma_[j - 1]);
      }
    return sigma_.back();
  }

 private:
  std::vector<double> ranks_, sigma_;
};

// The answer whose error is the largest multiple of its stated error, for relative judgement.
struct WorstRatio {
  double ratio = kNaN;  // NaN: nothing answered
  double error = kNaN, stated = kNaN;
  std::string where;
  void See(double e, double stated_error, const std::function<std::string()>& describe) {
    if (std::isnan(e)) e = kInfinity;
    // Where the library says the rank is exact (a stated error of 0), any error is unbounded.
    const double q = e == 0 ? 0 : stated_error > 0 ? e / stated_error : kInfinity;
    if (std::isnan(ratio) || q > ratio) {
      ratio = q;
      error = e;
      stated = stated_error;
      where = describe();
    }
  }
};

}  // namespace

RankCheckResult CheckRanks(const Case& c, const std::vector<RankTruth>& truths, const Observations& observations,
                           double max_epsilons) {
  RankCheckResult result;
  if (truths.empty()) return result;
  // Every point and rank of the grids is looked up: by name, not by walking the fields.
  const FieldIndex obs(observations);
  for (const RankTruth& t : truths) {
    const std::optional<TruthQuery> found = FindTruthQuery(c, t.of);
    if (!found) {
      result.outliers.push_back(NoTruthQuery(t.of));
      continue;
    }
    const Op& query = *found->query;
    const std::vector<Op>& before = found->before;
    auto streams = StreamsOfSlot(before, query.sketch);
    absl::StatusOr<ExactRanks> truth =
        streams.ok() ? ExactRanks::Of(*streams, ItemTypeOf(before, query.sketch)) : streams.status();
    if (!truth.ok()) {
      result.outliers.push_back(
          TruthOutlier(t.of, "exact ranks of its items", std::string(truth.status().message())));
      continue;
    }
    if (truth->n() != t.n) {
      result.outliers.push_back(
          TruthOutlier(t.of, absl::StrCat("n = ", t.n, " as the case declares"),
                       absl::StrCat(truth->n(), " items fed")));
      continue;
    }
    if (const Value* n = obs.Find(t.of + ".n"); n != nullptr && n->kind == Value::Kind::kInt &&
                                                 static_cast<int64_t>(n->bits) != t.n) {
      // The engine's weight is not the items': every rank it gives is off.
      result.outliers.push_back(
          TruthOutlier(t.of + ".n", absl::StrCat(t.n, " items fed"),
                       absl::StrCat("n = ", static_cast<int64_t>(n->bits))));
      continue;
    }
    const std::string item_type = ItemTypeOf(before, query.sketch);
    const std::vector<std::string> points = query.StrList("points");
    const std::vector<std::string> ranks = query.StrList("ranks");
    Worst rank, pmf;
    WorstRatio relative;
    std::optional<StatedError> stated;
    if (t.relative) {
      stated = StatedError::Of(obs, t.of, ranks);
      if (!stated) {
        // Answers without the library's bounds cannot be judged relatively: say so, never go quiet.
        if (DoubleAnswer(obs, t.of + ".ranks[0]") || ItemAnswer(obs, t.of + ".quantiles[0]"))
          result.outliers.push_back(TruthOutlier(t.of + ".rank_ub3", "the library's 3-sd rank bounds on the rank grid",
                                                 "not answered"));
        continue;
      }
    }
    std::vector<RankItem> items;  // the points as the engines read them, up to the first that does not parse
    items.reserve(points.size());
    for (const std::string& point : points) {
      auto p = ParseRankItem(item_type, point);
      if (!p.ok()) break;
      items.push_back(std::move(*p));
    }
    const double n = static_cast<double>(t.n);
    for (bool inclusive : {true, false}) {
      const std::string suffix = inclusive ? "" : "_excl";
      std::vector<int64_t> below;  // true counts at each point, for pmf
      for (size_t i = 0; i < items.size(); ++i) {
        below.push_back(truth->CountBelow(items[i], inclusive));
        const std::string field = absl::StrCat(t.of, ".ranks", suffix, "[", i, "]");
        if (auto est = DoubleAnswer(obs, field)) {
          const double exact = below.back() / n;
          auto describe = [&] {
            return absl::StrFormat("%s = %.17g of point %s, true rank %.10g", field, *est, points[i], exact);
          };
          rank.See(std::fabs(*est - exact), describe);
          if (stated) relative.See(std::fabs(*est - exact), stated->At(exact), describe);
        }
      }
      for (size_t i = 0; i <= below.size() && below.size() == points.size() && !points.empty(); ++i) {
        const std::string field = absl::StrCat(t.of, ".pmf", suffix, "[", i, "]");
        const int64_t hi = i < below.size() ? below[i] : t.n, lo = i > 0 ? below[i - 1] : 0;
        if (auto est = DoubleAnswer(obs, field)) {
          const double exact = (hi - lo) / n;
          pmf.See(std::fabs(*est - exact),
                  [&] { return absl::StrFormat("%s = %.17g, true mass %.10g", field, *est, exact); });
        }
      }
      for (size_t i = 0; i < ranks.size(); ++i) {
        const std::string field = absl::StrCat(t.of, ".quantiles", suffix, "[", i, "]");
        const auto item = ItemAnswer(obs, field);
        if (!item || item->index() != (item_type == "long" ? 0 : item_type == "string" ? 2 : 1)) continue;
        const double r = std::strtod(ranks[i].c_str(), nullptr);
        const double lo = truth->RankOf(*item, false), hi = truth->RankOf(*item, true);
        auto describe = [&] {
          return absl::StrFormat("%s = %s for rank %s has true ranks [%.10g, %.10g]", field, ItemText(*item),
                                 ranks[i], lo, hi);
        };
        const double e = r < lo ? lo - r : r > hi ? r - hi : 0;
        rank.See(e, describe);
        if (stated) relative.See(e, stated->At(r), describe);
      }
    }
    if (std::isnan(rank.error) && std::isnan(pmf.error)) continue;  // not answered: nothing to judge
    if (t.relative) {
      // The sample is measured in the library's stated errors: the worst answer's ratio against
      // an epsilon of 1, so the study pools trials whose answers had different stated errors.
      RankSample s;
      s.of = t.of;
      s.series = t.series;
      s.n = t.n;
      s.epsilon = 1;
      s.epsilon_pmf = kNaN;
      s.rank_error = std::min(relative.ratio, std::numeric_limits<double>::max());  // JSON has no infinity
      s.pmf_error = kNaN;
      result.samples.push_back(s);
      ++result.checks;
      if (!(relative.ratio <= max_epsilons))
        result.outliers.push_back(TruthOutlier(
            t.of + ".rank_error",
            absl::StrFormat("at most %g x the library's 3-sd rank error at each rank, 0 where it says exact (n = %d)",
                            max_epsilons, t.n),
            absl::StrFormat("%.6g against a stated %.6g: %s", relative.error, relative.stated, relative.where)));
      continue;
    }
    RankSample s;
    s.of = t.of;
    s.series = t.series;
    s.n = t.n;
    s.epsilon = DoubleAnswer(obs, t.of + ".rank_error").value_or(kNaN);
    s.epsilon_pmf = DoubleAnswer(obs, t.of + ".rank_error_pmf").value_or(kNaN);
    s.rank_error = rank.error;
    s.pmf_error = pmf.error;
    result.samples.push_back(s);
    auto judge = [&](const Worst& w, double epsilon, const char* name) {
      if (std::isnan(w.error) || !(epsilon > 0)) return;
      ++result.checks;
      if (w.error <= max_epsilons * epsilon) return;
      result.outliers.push_back(TruthOutlier(
          absl::StrCat(t.of, ".", name),
          absl::StrFormat("at most %g x the stated epsilon %.6g = %.6g (n = %d)", max_epsilons, epsilon,
                          max_epsilons * epsilon, t.n),
          absl::StrFormat("%.6g = %.1f x epsilon: %s", w.error, w.error / epsilon, w.where)));
    };
    judge(rank, s.epsilon, "rank_error");
    judge(pmf, s.epsilon_pmf, "pmf_error");
  }
  return result;
}

}  // namespace dsconform
