#ifndef DSCONFORM_REPORTS_ACCURACY_REPORT_H_
#define DSCONFORM_REPORTS_ACCURACY_REPORT_H_

#include <cstddef>
#include <string>

#include "harness/truth/accuracy_study.h"
#include "nlohmann/json.hpp"

namespace dsconform {

// The accuracy study as files of the report directory, whatever kinds of truth
// it holds: each file is every kind's summary, the findings of all, then every
// kind's details (harness/truth/truth_study.h). All three are deterministic:
// the same records give the same bytes, however the run was sharded or merged.

// accuracy.json: the kinds' summary members, "findings", the kinds' details.
nlohmann::ordered_json AccuracyStudyToJson(const AccuracyStudy& study);
// accuracy.md: a heading, the kinds' summaries, "## Findings", the kinds' details.
std::string AccuracyStudyMarkdown(const AccuracyStudy& study);
// A <section> for report.html, empty when no kind pooled a sample: the kinds'
// summaries, the findings, the kinds' details (inline SVG charts, drawn so that
// nothing is fetched). Past `max_bytes`, the findings beyond the first 100 and the
// kinds' details that do not fit are left to accuracy.md, and the section says so.
std::string AccuracyStudyHtml(const AccuracyStudy& study, size_t max_bytes = 400'000);

}  // namespace dsconform

#endif  // DSCONFORM_REPORTS_ACCURACY_REPORT_H_
