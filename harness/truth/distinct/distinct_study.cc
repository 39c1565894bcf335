#include "harness/truth/distinct/distinct_study.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <tuple>

#include "absl/strings/str_format.h"
#include "harness/truth/accuracy_stats.h"
#include "harness/truth/distinct/distinct_samples.h"

namespace dsconform {
namespace {

using Key = std::tuple<std::string, std::string, std::string>;  // suite, series, engine

// P[chi2_T / T >= x] by the Wilson-Hilferty approximation: how unlikely a mean
// squared error x times the stated variance is when the errors are Gaussian.
double ChiSquareMeanUpperTail(double x, int64_t t) {
  const double v = 2.0 / (9.0 * t);
  const double z = (std::cbrt(x) - (1 - v)) / std::sqrt(v);
  return 0.5 * std::erfc(z / std::sqrt(2.0));
}

Coverage MakeCoverage(int64_t covered, int64_t trials, double nominal) {
  return {trials, covered, nominal, BinomialLowerTail(covered, trials, nominal)};
}

DistinctPoint MakePoint(int64_t truth, std::vector<const DistinctSample*> samples) {
  // The order samples arrive in depends on sharding; sort by value so that
  // sums are identical.
  std::sort(samples.begin(), samples.end(), [](const DistinctSample* a, const DistinctSample* b) {
    return std::make_tuple(a->estimate, a->lower[0], a->upper[0]) < std::make_tuple(b->estimate, b->lower[0], b->upper[0]);
  });
  DistinctPoint p;
  p.truth = truth;
  p.trials = static_cast<int64_t>(samples.size());
  const double denominator = std::max<double>(truth, 1);
  std::vector<double> errors;
  std::vector<double> rses;
  int64_t lower[3] = {}, upper[3] = {}, both[3] = {}, with_bounds[3] = {};
  for (const DistinctSample* s : samples) {
    errors.push_back(s->estimate / denominator - (truth == 0 ? 0 : 1));
    if (!std::isnan(s->rse)) rses.push_back(s->rse);
    for (int i = 0; i < 3; ++i) {
      if (std::isnan(s->lower[i]) || std::isnan(s->upper[i])) continue;  // the engine reports no bounds
      ++with_bounds[i];
      const bool lo = s->lower[i] <= truth, hi = s->upper[i] >= truth;  // NaN bounds cover nothing
      lower[i] += lo;
      upper[i] += hi;
      both[i] += lo && hi;
    }
  }
  std::sort(errors.begin(), errors.end());
  std::sort(rses.begin(), rses.end());
  double sum = 0, sum_sq = 0;
  for (double e : errors) {
    sum += e;
    sum_sq += e * e;
  }
  p.mean = sum / p.trials;
  p.rms = std::sqrt(sum_sq / p.trials);
  p.stated_rse = rses.empty() ? std::numeric_limits<double>::quiet_NaN() : Quantile(rses, 0.5);
  if (p.stated_rse > 0) p.rms_p_value = ChiSquareMeanUpperTail(sum_sq / p.trials / (p.stated_rse * p.stated_rse), p.trials);
  for (int q = 0; q < kNumErrorQuantiles; ++q) p.quantiles[q] = Quantile(errors, kErrorQuantiles[q]);
  for (int i = 0; i < 3; ++i) {
    p.lower[i] = MakeCoverage(lower[i], with_bounds[i], OneSidedNominal(i + 1));
    p.upper[i] = MakeCoverage(upper[i], with_bounds[i], OneSidedNominal(i + 1));
    p.both[i] = MakeCoverage(both[i], with_bounds[i], TwoSidedNominal(i + 1));
  }
  for (int e = 0; e < kNumEpsilons; ++e) {
    int64_t over = 0;
    for (double x : errors) over += std::fabs(x) > kEpsilons[e];
    p.exceed[e] = static_cast<double>(over) / p.trials;
  }
  return p;
}

void Judge(const DistinctSeries& s, const DistinctPoint& p, const StudyOptions& o, std::vector<StudyFinding>& out) {
  auto add = [&](std::string text) { out.push_back({s.suite, s.series, s.engine, p.truth, std::move(text)}); };
  const char* kSides[] = {"lower bound", "upper bound", "interval"};
  for (int i = 0; i < 3; ++i) {
    const Coverage* c[] = {&p.lower[i], &p.upper[i], &p.both[i]};
    for (int side = 0; side < 3; ++side)
      if (c[side]->trials > 0 && c[side]->p_value < o.alpha)
        add(absl::StrFormat("%s at %d sd covers the truth in %d of %d trials (%.1f%%), nominal %.1f%% (p = %.2g)",
                            kSides[side], i + 1, c[side]->covered, c[side]->trials,
                            100.0 * c[side]->covered / c[side]->trials,
                            100 * c[side]->nominal, c[side]->p_value));
  }
  if (p.stated_rse > 0 && p.rms > kRmsMargin * p.stated_rse && p.rms_p_value < o.alpha)
    add(absl::StrFormat("RMS relative error %.4g is %.2f x the stated RSE %.4g over %d trials (p = %.2g)", p.rms,
                        p.rms / p.stated_rse, p.stated_rse, p.trials, p.rms_p_value));
}

}  // namespace

DistinctStudy StudyDistinct(const std::vector<Record>& records, const StudyOptions& options) {
  std::map<Key, std::map<int64_t, std::vector<const DistinctSample*>>> pooled;
  DistinctStudy study;
  for (const Record& r : records) {
    const DistinctSamples* samples = DistinctSamplesOf(r);
    if (samples == nullptr) continue;
    for (const DistinctSample& s : samples->samples) {
      pooled[{r.suite, s.series, r.candidate}][s.truth].push_back(&s);
      ++study.trials;
    }
  }
  for (auto& [key, by_truth] : pooled) {
    DistinctSeries s;
    std::tie(s.suite, s.series, s.engine) = key;
    for (auto& [truth, samples] : by_truth) s.points.push_back(MakePoint(truth, std::move(samples)));
    for (const DistinctPoint& p : s.points) Judge(s, p, options, study.findings);
    study.series.push_back(std::move(s));
  }
  return study;
}

}  // namespace dsconform
