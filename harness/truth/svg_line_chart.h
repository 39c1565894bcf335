#ifndef DSCONFORM_HARNESS_TRUTH_SVG_LINE_CHART_H_
#define DSCONFORM_HARNESS_TRUTH_SVG_LINE_CHART_H_

#include <algorithm>
#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

namespace dsconform {

// One colour per engine, in the order the engines are drawn.
inline constexpr const char* kEngineColors[] = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b"};

// Text for HTML element content and double-quoted attributes.
std::string EscapeHtml(const std::string& s);

// A line chart with a log-10 x axis (true counts, stream lengths) in a fixed
// 640x300 frame, drawn as inline SVG so a report fetches nothing.
class SvgLineChart {
 public:
  SvgLineChart(std::string title, double x_min, double x_max, double y_min, double y_max)
      : title_(std::move(title)), x0_(std::log10(std::max(x_min, 1.0))), x1_(std::log10(std::max(x_max, 2.0))),
        y0_(y_min), y1_(y_max) {
    if (x1_ <= x0_) x1_ = x0_ + 1;
    if (y1_ <= y0_) y1_ = y0_ + 1;
  }
  void Line(const std::vector<std::pair<double, double>>& pts, const std::string& color, bool dashed,
            const std::string& label) {
    std::string d;
    for (const auto& [x, y] : pts) {
      if (!std::isfinite(y) || x <= 0) continue;
      absl::StrAppend(&d, d.empty() ? "M" : " L", absl::StrFormat("%.1f,%.1f", X(x), Y(y)));
    }
    if (d.empty()) return;
    absl::StrAppend(&body_, "<path d=\"", d, "\" fill=\"none\" stroke=\"", color, "\" stroke-width=\"1.5\"",
                    dashed ? " stroke-dasharray=\"4 3\"" : "", "><title>", EscapeHtml(label), "</title></path>\n");
  }
  void Legend(const std::string& text, const std::string& color) {
    absl::StrAppend(&body_, absl::StrFormat("<text x=\"%d\" y=\"%d\" fill=\"%s\" font-size=\"11\">%s</text>\n",
                                            kLeft + 8 + 150 * legend_, kTop + 12, color, EscapeHtml(text)));
    ++legend_;
  }
  std::string Svg(const std::string& y_label, const std::string& x_label = "true count n") const {
    std::string out = absl::StrFormat(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" role=\"img\" "
        "aria-label=\"%s\" style=\"background:#fff;border:1px solid #ccc;margin:4px\">\n",
        kWidth, kHeight, kWidth, kHeight, EscapeHtml(title_));
    absl::StrAppend(&out, absl::StrFormat("<text x=\"%d\" y=\"14\" font-size=\"12\" font-weight=\"bold\">%s</text>\n",
                                          kLeft, EscapeHtml(title_)));
    absl::StrAppend(&out, absl::StrFormat("<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" "
                                          "stroke=\"#999\"/>\n",
                                          kLeft, kTop, kWidth - kLeft - kRight, kHeight - kTop - kBottom));
    for (int e = static_cast<int>(std::floor(x0_)); e <= static_cast<int>(std::ceil(x1_)); ++e) {
      if (e < x0_ - 1e-9 || e > x1_ + 1e-9) continue;
      const double x = X(std::pow(10.0, e));
      absl::StrAppend(&out, absl::StrFormat("<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#eee\"/>"
                                            "<text x=\"%.1f\" y=\"%d\" font-size=\"10\" text-anchor=\"middle\">1e%d"
                                            "</text>\n",
                                            x, kTop, x, kHeight - kBottom, x, kHeight - kBottom + 12, e));
    }
    for (int i = 0; i <= 4; ++i) {
      const double v = y0_ + (y1_ - y0_) * i / 4;
      absl::StrAppend(&out, absl::StrFormat("<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#eee\"/>"
                                            "<text x=\"%d\" y=\"%.1f\" font-size=\"10\" text-anchor=\"end\">%.3g"
                                            "</text>\n",
                                            kLeft, Y(v), kWidth - kRight, Y(v), kLeft - 4, Y(v) + 3, v));
    }
    absl::StrAppend(&out, absl::StrFormat("<text x=\"%d\" y=\"%d\" font-size=\"10\" text-anchor=\"middle\">%s"
                                          "</text><text x=\"12\" y=\"%d\" font-size=\"10\" "
                                          "transform=\"rotate(-90 12 %d)\" text-anchor=\"middle\">%s</text>\n",
                                          (kLeft + kWidth - kRight) / 2, kHeight - 4, EscapeHtml(x_label), kHeight / 2, kHeight / 2,
                                          EscapeHtml(y_label)));
    absl::StrAppend(&out, body_, "</svg>\n");
    return out;
  }

 private:
  static constexpr int kWidth = 640, kHeight = 300, kLeft = 56, kRight = 12, kTop = 22, kBottom = 30;
  double X(double n) const {
    const double t = (std::log10(std::max(n, 1.0)) - x0_) / (x1_ - x0_);
    return kLeft + t * (kWidth - kLeft - kRight);
  }
  double Y(double v) const {
    const double t = (std::clamp(v, y0_, y1_) - y0_) / (y1_ - y0_);
    return kHeight - kBottom - t * (kHeight - kTop - kBottom);
  }
  std::string title_;
  double x0_, x1_, y0_, y1_;
  std::string body_;
  int legend_ = 0;
};

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_TRUTH_SVG_LINE_CHART_H_
