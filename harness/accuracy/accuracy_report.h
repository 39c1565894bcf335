#ifndef DSCONFORM_HARNESS_ACCURACY_ACCURACY_REPORT_H_
#define DSCONFORM_HARNESS_ACCURACY_ACCURACY_REPORT_H_

#include <string>

#include "harness/accuracy/accuracy_study.h"
#include "nlohmann/json.hpp"

namespace dsconform {

// The accuracy study as files of the report directory. All three are
// deterministic: the same records give the same bytes, however the run was
// sharded or merged.

// accuracy.json: every point of every series with all its numbers, and the findings.
nlohmann::ordered_json AccuracyStudyToJson(const AccuracyStudy& study);
// accuracy.md: findings, then per series a table of error and coverage per
// true count, and the (epsilon, delta) view.
std::string AccuracyStudyMarkdown(const AccuracyStudy& study);
// A <section> for report.html: findings and, per series, two inline SVG
// charts (relative error quantiles against n; coverage of the 1, 2, 3 sd
// intervals against n), drawn here so nothing is fetched.
std::string AccuracyStudyHtml(const AccuracyStudy& study);

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_ACCURACY_ACCURACY_REPORT_H_
