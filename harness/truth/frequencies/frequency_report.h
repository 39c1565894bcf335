#ifndef DSCONFORM_HARNESS_TRUTH_FREQUENCIES_FREQUENCY_REPORT_H_
#define DSCONFORM_HARNESS_TRUTH_FREQUENCIES_FREQUENCY_REPORT_H_

#include <string>

#include "harness/truth/frequencies/frequency_study.h"
#include "nlohmann/json.hpp"

namespace dsconform {

// The frequency part of the accuracy study's files: details only (it says what
// it compared under its own heading), each empty when no case had frequency
// truth. Deterministic like the rest.

// accuracy.json's "frequency": every point of every series with all its numbers.
nlohmann::ordered_json FrequencyStudyJsonDetails(const FrequencyStudy& study);
// accuracy.md and report.html: per series a table of the guarantees against the stream weight.
std::string FrequencyStudyMarkdownDetails(const FrequencyStudy& study);
std::string FrequencyStudyHtmlDetails(const FrequencyStudy& study);

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_TRUTH_FREQUENCIES_FREQUENCY_REPORT_H_
