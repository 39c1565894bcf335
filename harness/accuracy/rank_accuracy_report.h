#ifndef DSCONFORM_HARNESS_ACCURACY_RANK_ACCURACY_REPORT_H_
#define DSCONFORM_HARNESS_ACCURACY_RANK_ACCURACY_REPORT_H_

#include <string>

#include "harness/accuracy/rank_accuracy_study.h"
#include "nlohmann/json.hpp"

namespace dsconform {

// The rank part of the accuracy study's files (accuracy_report.h), each
// empty when no case had rank truth. Deterministic like the rest.

// accuracy.json's "rank": every point of every series with all its numbers.
nlohmann::ordered_json RankStudyToJson(const RankStudy& study);
// accuracy.md: per series a table of the observed error against n, next to the stated epsilon.
std::string RankStudyMarkdown(const RankStudy& study);
// report.html: per series one chart, the observed error quantiles against n
// per engine, with the stated epsilon as a grey line.
std::string RankStudyHtml(const RankStudy& study);

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_ACCURACY_RANK_ACCURACY_REPORT_H_
