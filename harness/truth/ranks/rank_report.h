#ifndef DSCONFORM_HARNESS_TRUTH_RANKS_RANK_REPORT_H_
#define DSCONFORM_HARNESS_TRUTH_RANKS_RANK_REPORT_H_

#include <string>

#include "harness/truth/ranks/rank_study.h"
#include "nlohmann/json.hpp"

namespace dsconform {

// The rank part of the accuracy study's files: details only (it says what it
// compared in its own heading), each empty when no case had rank truth.
// Deterministic like the rest.

// accuracy.json's "rank": every point of every series with all its numbers.
nlohmann::ordered_json RankStudyJsonDetails(const RankStudy& study);
// accuracy.md: per series a table of the observed error against n, next to the stated epsilon.
std::string RankStudyMarkdownDetails(const RankStudy& study);
// report.html: per series one chart, the observed error quantiles against n
// per engine, with the stated epsilon as a grey line.
std::string RankStudyHtmlDetails(const RankStudy& study);

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_TRUTH_RANKS_RANK_REPORT_H_
