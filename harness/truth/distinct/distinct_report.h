#ifndef DSCONFORM_HARNESS_TRUTH_DISTINCT_DISTINCT_REPORT_H_
#define DSCONFORM_HARNESS_TRUTH_DISTINCT_DISTINCT_REPORT_H_

#include <string>

#include "harness/truth/distinct/distinct_study.h"
#include "nlohmann/json.hpp"

namespace dsconform {

// The distinct-count part of the accuracy study's files (the shape is
// harness/truth/truth_study.h's: a summary before the run's findings, details
// after them). Deterministic: the same study gives the same bytes.

// accuracy.json: "trials", "error_quantiles", "epsilons" before the findings,
// and "series" after: every point of every series with all its numbers. Both
// are written even when no case had distinct-count truth.
nlohmann::ordered_json DistinctStudyJsonSummary(const DistinctStudy& study);
nlohmann::ordered_json DistinctStudyJsonDetails(const DistinctStudy& study);
// accuracy.md: how to read the tables; then per series a table of error and
// coverage per true count, and the (epsilon, delta) view.
std::string DistinctStudyMarkdownSummary(const DistinctStudy& study);
std::string DistinctStudyMarkdownDetails(const DistinctStudy& study);
// report.html: how to read the charts; then per series two inline SVG charts
// (relative error quantiles against n; coverage of the 1, 2, 3 sd intervals
// against n), drawn here so nothing is fetched.
std::string DistinctStudyHtmlSummary(const DistinctStudy& study);
std::string DistinctStudyHtmlDetails(const DistinctStudy& study);

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_TRUTH_DISTINCT_DISTINCT_REPORT_H_
