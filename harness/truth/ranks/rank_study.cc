#include "harness/truth/ranks/rank_study.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <tuple>

#include "absl/strings/str_format.h"
#include "harness/truth/accuracy_stats.h"
#include "harness/truth/ranks/rank_samples.h"

namespace dsconform {
namespace {

using Key = std::tuple<std::string, std::string, std::string>;  // suite, series, engine

// errors and epsilons of the trials that answered (error not NaN).
RankMeasure Measure(std::vector<double> errors, std::vector<double> epsilons) {
  RankMeasure m;
  std::sort(errors.begin(), errors.end());  // sums in one order, however the records arrived
  std::sort(epsilons.begin(), epsilons.end());
  m.trials = static_cast<int64_t>(errors.size());
  m.epsilon = epsilons.empty() ? std::numeric_limits<double>::quiet_NaN() : Quantile(epsilons, 0.5);
  if (errors.empty()) return m;
  double sum = 0;
  for (double e : errors) {
    sum += e;
    m.exceeded += m.epsilon > 0 && e > m.epsilon;
  }
  m.mean = sum / m.trials;
  for (int q = 0; q < kNumRankErrorQuantiles; ++q) m.quantiles[q] = Quantile(errors, kRankErrorQuantiles[q]);
  // P[X >= exceeded] for X ~ Bin(trials, 1%) is P[trials - X <= trials - exceeded] for its complement.
  if (m.epsilon > 0) m.p_value = BinomialLowerTail(m.trials - m.exceeded, m.trials, kStatedRankConfidence);
  return m;
}

}  // namespace

RankStudy StudyRanks(const std::vector<Record>& records, const StudyOptions& options) {
  std::map<Key, std::map<int64_t, std::vector<const RankSample*>>> pooled;
  RankStudy study;
  for (const Record& r : records) {
    const RankSamples* samples = RankSamplesOf(r);
    if (samples == nullptr) continue;
    for (const RankSample& s : samples->samples) {
      pooled[{r.suite, s.series, r.candidate}][s.n].push_back(&s);
      ++study.trials;
    }
  }
  for (const auto& [key, by_n] : pooled) {
    RankStudySeries s;
    std::tie(s.suite, s.series, s.engine) = key;
    for (const auto& [n, samples] : by_n) {
      std::vector<double> rank, rank_eps, pmf, pmf_eps;
      for (const RankSample* x : samples) {
        if (!std::isnan(x->rank_error)) rank.push_back(x->rank_error);
        if (!std::isnan(x->epsilon)) rank_eps.push_back(x->epsilon);
        if (!std::isnan(x->pmf_error)) pmf.push_back(x->pmf_error);
        if (!std::isnan(x->epsilon_pmf)) pmf_eps.push_back(x->epsilon_pmf);
      }
      RankStudyPoint p;
      p.n = n;
      p.rank = Measure(std::move(rank), std::move(rank_eps));
      p.pmf = Measure(std::move(pmf), std::move(pmf_eps));
      for (const auto& [m, what] : {std::pair{&p.rank, "normalized rank error (ranks and quantiles)"},
                                    std::pair{&p.pmf, "pmf error"}}) {
        if (m->p_value >= options.alpha) continue;
        study.findings.push_back({s.suite, s.series, s.engine, n,
                             absl::StrFormat("%s above the stated epsilon %.4g in %d of %d trials (%.1f%%), stated "
                                             "with %g%% confidence (p = %.2g); worst %.4g = %.2f x epsilon",
                                             what, m->epsilon, m->exceeded, m->trials,
                                             100.0 * m->exceeded / m->trials, 100 * kStatedRankConfidence,
                                             m->p_value, m->quantiles[kNumRankErrorQuantiles - 1],
                                             m->quantiles[kNumRankErrorQuantiles - 1] / m->epsilon)});
      }
      s.points.push_back(p);
    }
    study.series.push_back(std::move(s));
  }
  return study;
}

}  // namespace dsconform
