#include "harness/truth/ranks/rank_report.h"

#include <algorithm>
#include <cmath>
#include <map>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "harness/truth/svg_line_chart.h"

namespace dsconform {
namespace {

nlohmann::ordered_json Num(double v) {
  if (!std::isfinite(v)) return nullptr;
  return v;
}

nlohmann::ordered_json MeasureJson(const RankMeasure& m) {
  nlohmann::ordered_json q = nlohmann::ordered_json::array();
  for (double v : m.quantiles) q.push_back(Num(v));
  return {{"trials", m.trials}, {"epsilon", Num(m.epsilon)}, {"mean", Num(m.mean)}, {"quantiles", q},
          {"exceeded", m.exceeded}, {"p_value", Num(m.p_value)}};
}

std::string Share(int64_t part, int64_t whole) {
  return whole == 0 ? "-" : absl::StrFormat("%d (%.1f%%)", part, 100.0 * part / whole);
}

std::string ErrorChart(const std::string& title, const std::vector<const RankStudySeries*>& engines) {
  double n_min = INFINITY, n_max = 0, y_max = 0;
  for (const auto* s : engines)
    for (const auto& p : s->points) {
      n_min = std::min<double>(n_min, std::max<int64_t>(p.n, 1));
      n_max = std::max<double>(n_max, p.n);
      for (double v : {p.rank.quantiles[kNumRankErrorQuantiles - 1], p.rank.epsilon})
        if (std::isfinite(v)) y_max = std::max(y_max, v);
    }
  if (!std::isfinite(n_min)) return "";
  SvgLineChart chart(title + ": normalized rank error", n_min, n_max, 0, y_max > 0 ? y_max * 1.05 : 0.01);
  std::vector<std::pair<double, double>> epsilon;
  for (const auto& p : engines.front()->points) epsilon.push_back({static_cast<double>(p.n), p.rank.epsilon});
  chart.Line(epsilon, "#999", true, "stated epsilon (99% confidence)");
  for (size_t e = 0; e < engines.size(); ++e) {
    const std::string color = kEngineColors[e % std::size(kEngineColors)];
    for (int q = 0; q < kNumRankErrorQuantiles; ++q) {
      std::vector<std::pair<double, double>> pts;
      for (const auto& p : engines[e]->points) pts.push_back({static_cast<double>(p.n), p.rank.quantiles[q]});
      chart.Line(pts, color, q != 0, absl::StrFormat("%s quantile %g", engines[e]->engine, kRankErrorQuantiles[q]));
    }
    chart.Legend(engines[e]->engine, color);
  }
  chart.Legend("stated epsilon", "#999");
  return chart.Svg("max |estimated - true rank|", "stream length n");
}

}  // namespace

nlohmann::ordered_json RankStudyJsonDetails(const RankStudy& study) {
  if (study.series.empty()) return nlohmann::ordered_json::object();
  nlohmann::ordered_json j;
  j["trials"] = study.trials;
  j["error_quantiles"] = kRankErrorQuantiles;
  j["stated_confidence"] = kStatedRankConfidence;
  nlohmann::ordered_json series = nlohmann::ordered_json::array();
  for (const auto& s : study.series) {
    nlohmann::ordered_json points = nlohmann::ordered_json::array();
    for (const auto& p : s.points)
      points.push_back({{"n", p.n}, {"rank", MeasureJson(p.rank)}, {"pmf", MeasureJson(p.pmf)}});
    series.push_back({{"suite", s.suite}, {"series", s.series}, {"engine", s.engine}, {"points", points}});
  }
  j["series"] = series;
  return {{"rank", j}};
}

std::string RankStudyMarkdownDetails(const RankStudy& study) {
  if (study.series.empty()) return "";
  std::string out = absl::StrCat(
      "\n# Rank accuracy\n\n", study.trials,
      " query answers compared with the exact ranks. Error of one trial: the largest |estimated - true normalized "
      "rank| over the query's grid (ranks of points, and how far each rank lies outside the true ranks of the "
      "quantile answered; both search criteria); pmf: the largest |estimated - true mass| over its bins. Epsilon: "
      "the library's own normalized rank error (single-sided for ranks and quantiles, double-sided for pmf), stated "
      "with 99% confidence, so about 1% of trials may exceed it.\n");
  for (const auto& s : study.series) {
    absl::StrAppend(&out, "\n## ", s.suite, " ", s.series, " on ", s.engine, "\n\n",
                    "| n | trials | epsilon | mean | median | q90 | q99 | max | max/epsilon | > epsilon | p | "
                    "pmf epsilon | pmf median | pmf max | pmf > epsilon |\n",
                    "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
    for (const auto& p : s.points) {
      const RankMeasure& r = p.rank;
      const RankMeasure& m = p.pmf;
      absl::StrAppend(&out, absl::StrFormat("| %d | %d | %.4g | %.4g | %.4g | %.4g | %.4g | %.4g | %s | %s | %.2g | "
                                            "%.4g | %.4g | %.4g | %s |\n",
                                            p.n, r.trials, r.epsilon, r.mean, r.quantiles[0], r.quantiles[1],
                                            r.quantiles[2], r.quantiles[3],
                                            r.epsilon > 0 ? absl::StrFormat("%.2f", r.quantiles[3] / r.epsilon) : "-",
                                            Share(r.exceeded, r.trials), r.p_value, m.epsilon, m.quantiles[0],
                                            m.quantiles[3], Share(m.exceeded, m.trials)));
    }
  }
  return out;
}

std::string RankStudyHtmlDetails(const RankStudy& study) {
  if (study.series.empty()) return "";
  std::map<std::pair<std::string, std::string>, std::vector<const RankStudySeries*>> charts;
  for (const auto& s : study.series) charts[{s.suite, s.series}].push_back(&s);
  std::string out = absl::StrCat(
      "<h3>Rank accuracy</h3>\n<p>", study.trials,
      " query answers compared with the exact ranks. Solid: median of the per-trial maximum error; dashed: its 90th "
      "and 99th percentiles and maximum; grey: the library's stated normalized rank error (99% confidence).</p>\n");
  for (const auto& [key, engines] : charts)
    absl::StrAppend(&out, "<div>", ErrorChart(absl::StrCat(key.first, " ", key.second), engines), "</div>\n");
  return out;
}

}  // namespace dsconform
