#include "harness/truth/distinct/distinct_report.h"

#include <algorithm>
#include <cmath>
#include <map>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "harness/truth/accuracy_stats.h"
#include "harness/truth/svg_line_chart.h"

namespace dsconform {
namespace {

nlohmann::ordered_json Num(double v) {
  if (!std::isfinite(v)) return nullptr;
  return v;
}

nlohmann::ordered_json CoverageJson(const Coverage (&c)[3]) {
  nlohmann::ordered_json a = nlohmann::ordered_json::array();
  for (int i = 0; i < 3; ++i)
    a.push_back({{"sd", i + 1}, {"trials", c[i].trials}, {"covered", c[i].covered}, {"nominal", Num(c[i].nominal)},
                 {"p_value", Num(c[i].p_value)}});
  return a;
}

std::string Pct(int64_t covered, int64_t trials) {
  return trials == 0 ? "-" : absl::StrFormat("%.1f", 100.0 * covered / trials);
}

// Series of the same suite and series name, one per engine, drawn together.
std::map<std::pair<std::string, std::string>, std::vector<const DistinctSeries*>> ByChart(const DistinctStudy& study) {
  std::map<std::pair<std::string, std::string>, std::vector<const DistinctSeries*>> charts;
  for (const auto& s : study.series) charts[{s.suite, s.series}].push_back(&s);
  return charts;
}

// The charts are drawn by svg_line_chart.h, which every kind of truth shares.
using Chart = SvgLineChart;

std::string ErrorChart(const std::string& title, const std::vector<const DistinctSeries*>& engines) {
  double x_min = INFINITY, x_max = 0, y_abs = 0;
  for (const auto* s : engines)
    for (const auto& p : s->points) {
      if (p.truth <= 0) continue;
      x_min = std::min<double>(x_min, p.truth);
      x_max = std::max<double>(x_max, p.truth);
      for (double q : p.quantiles)
        if (std::isfinite(q)) y_abs = std::max(y_abs, std::fabs(q));
      if (p.stated_rse > 0) y_abs = std::max(y_abs, 3 * p.stated_rse);
    }
  if (!std::isfinite(x_min)) return "";
  y_abs = y_abs > 0 ? y_abs * 1.05 : 0.01;
  Chart chart(title + ": relative error quantiles", x_min, x_max, -y_abs, y_abs);
  // The stated RSE at 1, 2, 3 sd, grey: the band an honest sketch stays within.
  for (int k = -3; k <= 3; ++k) {
    if (k == 0) continue;
    std::vector<std::pair<double, double>> pts;
    for (const auto& p : engines.front()->points) pts.push_back({static_cast<double>(p.truth), k * p.stated_rse});
    chart.Line(pts, "#bbb", true, absl::StrCat("stated RSE x ", k));
  }
  for (size_t e = 0; e < engines.size(); ++e) {
    const std::string color = kEngineColors[e % 6];
    for (int q = 0; q < kNumErrorQuantiles; ++q) {
      std::vector<std::pair<double, double>> pts;
      for (const auto& p : engines[e]->points) pts.push_back({static_cast<double>(p.truth), p.quantiles[q]});
      chart.Line(pts, color, q != 3, absl::StrFormat("%s quantile %.5g", engines[e]->engine, kErrorQuantiles[q]));
    }
    chart.Legend(engines[e]->engine, color);
  }
  chart.Legend("stated RSE x 1,2,3", "#999");
  return chart.Svg("relative error (estimate/n - 1)");
}

std::string CoverageChart(const std::string& title, const std::vector<const DistinctSeries*>& engines) {
  double x_min = INFINITY, x_max = 0, y_min = 1;
  for (const auto* s : engines)
    for (const auto& p : s->points) {
      if (p.truth <= 0) continue;
      x_min = std::min<double>(x_min, p.truth);
      x_max = std::max<double>(x_max, p.truth);
      for (const auto& c : p.both)
        if (c.trials > 0) y_min = std::min(y_min, static_cast<double>(c.covered) / c.trials);
    }
  if (!std::isfinite(x_min)) return "";
  y_min = std::min(0.6, std::floor(y_min * 10) / 10);
  Chart chart(title + ": coverage of [lb, ub] at 1, 2, 3 sd", x_min, x_max, y_min, 1.0);
  for (int sd = 1; sd <= 3; ++sd) {
    std::vector<std::pair<double, double>> pts;
    for (const auto& p : engines.front()->points) pts.push_back({static_cast<double>(p.truth), TwoSidedNominal(sd)});
    chart.Line(pts, "#bbb", true, absl::StrFormat("nominal %.1f%%", 100 * TwoSidedNominal(sd)));
  }
  for (size_t e = 0; e < engines.size(); ++e) {
    const std::string color = kEngineColors[e % 6];
    for (int sd = 0; sd < 3; ++sd) {
      std::vector<std::pair<double, double>> pts;
      for (const auto& p : engines[e]->points)
        pts.push_back({static_cast<double>(p.truth), p.both[sd].trials == 0
                                                         ? NAN
                                                         : static_cast<double>(p.both[sd].covered) / p.both[sd].trials});
      chart.Line(pts, color, sd != 0, absl::StrFormat("%s coverage at %d sd", engines[e]->engine, sd + 1));
    }
    chart.Legend(engines[e]->engine, color);
  }
  chart.Legend("nominal", "#999");
  return chart.Svg("fraction of trials covered");
}

}  // namespace

nlohmann::ordered_json DistinctStudyJsonSummary(const DistinctStudy& study) {
  nlohmann::ordered_json j;
  j["trials"] = study.trials;
  j["error_quantiles"] = kErrorQuantiles;
  j["epsilons"] = kEpsilons;
  return j;
}

nlohmann::ordered_json DistinctStudyJsonDetails(const DistinctStudy& study) {
  nlohmann::ordered_json series = nlohmann::ordered_json::array();
  for (const auto& s : study.series) {
    nlohmann::ordered_json points = nlohmann::ordered_json::array();
    for (const auto& p : s.points) {
      nlohmann::ordered_json q = nlohmann::ordered_json::array(), ex = nlohmann::ordered_json::array();
      for (double v : p.quantiles) q.push_back(Num(v));
      for (int e = 0; e < kNumEpsilons; ++e)
        ex.push_back({{"epsilon", kEpsilons[e]}, {"observed", Num(p.exceed[e])},
                      {"implied", p.stated_rse > 0 ? Num(NormalTwoSidedTail(kEpsilons[e] / p.stated_rse)) : nullptr}});
      points.push_back({{"truth", p.truth}, {"trials", p.trials}, {"stated_rse", Num(p.stated_rse)},
                        {"mean", Num(p.mean)}, {"rms", Num(p.rms)}, {"rms_p_value", Num(p.rms_p_value)},
                        {"quantiles", q}, {"lower", CoverageJson(p.lower)}, {"upper", CoverageJson(p.upper)},
                        {"interval", CoverageJson(p.both)}, {"exceed", ex}});
    }
    series.push_back({{"suite", s.suite}, {"series", s.series}, {"engine", s.engine}, {"points", points}});
  }
  nlohmann::ordered_json j;
  j["series"] = series;
  return j;
}

std::string DistinctStudyMarkdownSummary(const DistinctStudy& study) {
  if (study.series.empty()) return "";
  return absl::StrCat(study.trials,
                      " estimates compared with the exact answer. Relative error = estimate/n - 1. "
                      "Coverage: share of trials whose [lb, ub] at 1, 2, 3 standard deviations holds n "
                      "(nominal 68.3, 95.4, 99.7%); lb/ub alone: nominal 84.1, 97.7, 99.9%.\n\n");
}

std::string DistinctStudyMarkdownDetails(const DistinctStudy& study) {
  std::string out;
  for (const auto& s : study.series) {
    absl::StrAppend(&out, "\n## ", s.suite, " ", s.series, " on ", s.engine, "\n\n",
                    "| n | trials | stated RSE | mean | RMS | RMS/RSE | q(-3sd) | q(-1sd) | median | q(+1sd) | "
                    "q(+3sd) | [lb,ub] 1/2/3 sd % | lb 1/2/3 % | ub 1/2/3 % |\n",
                    "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
    for (const auto& p : s.points) {
      auto cov = [](const Coverage (&c)[3]) {
        return absl::StrCat(Pct(c[0].covered, c[0].trials), " / ", Pct(c[1].covered, c[1].trials), " / ",
                            Pct(c[2].covered, c[2].trials));
      };
      absl::StrAppend(&out, absl::StrFormat("| %d | %d | %.4g | %.3g | %.4g | %s | %.4g | %.4g | %.4g | %.4g | %.4g "
                                            "| %s | %s | %s |\n",
                                            p.truth, p.trials, p.stated_rse, p.mean, p.rms,
                                            p.stated_rse > 0 ? absl::StrFormat("%.2f", p.rms / p.stated_rse) : "-",
                                            p.quantiles[0], p.quantiles[2], p.quantiles[3], p.quantiles[4],
                                            p.quantiles[6], cov(p.both), cov(p.lower), cov(p.upper)));
    }
    absl::StrAppend(&out, "\n(epsilon, delta): observed P[|relative error| > epsilon], worst over n, next to the "
                          "delta a Gaussian error of the stated RSE implies at that n.\n\n| epsilon | observed | at n | implied |\n|---|---|---|---|\n");
    for (int e = 0; e < kNumEpsilons; ++e) {
      const DistinctPoint* worst = nullptr;
      for (const auto& p : s.points)
        if (worst == nullptr || p.exceed[e] > worst->exceed[e]) worst = &p;
      if (worst == nullptr) continue;
      absl::StrAppend(&out, absl::StrFormat("| %g | %.4g | %d | %s |\n", kEpsilons[e], worst->exceed[e], worst->truth,
                                            worst->stated_rse > 0
                                                ? absl::StrFormat("%.4g", NormalTwoSidedTail(kEpsilons[e] / worst->stated_rse))
                                                : "-"));
    }
  }
  return out;
}

std::string DistinctStudyHtmlSummary(const DistinctStudy& study) {
  if (study.series.empty()) return "";
  return absl::StrCat("<p>", study.trials,
                      " estimates compared with the exact answer (tables: accuracy.md, numbers: accuracy.json). Solid: "
                      "median; dashed: the &plusmn;1, 2, 3 sd quantiles; grey: the library's stated RSE &times; 1, 2, "
                      "3.</p>\n");
}

std::string DistinctStudyHtmlDetails(const DistinctStudy& study) {
  std::string out;
  for (const auto& [key, engines] : ByChart(study)) {
    const std::string title = absl::StrCat(key.first, " ", key.second);
    absl::StrAppend(&out, "<div>", ErrorChart(title, engines), CoverageChart(title, engines), "</div>\n");
  }
  return out;
}

}  // namespace dsconform
