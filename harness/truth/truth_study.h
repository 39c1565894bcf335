#ifndef DSCONFORM_HARNESS_TRUTH_TRUTH_STUDY_H_
#define DSCONFORM_HARNESS_TRUTH_TRUTH_STUDY_H_

#include <cstdint>
#include <string>
#include <vector>

#include "nlohmann/json.hpp"

namespace dsconform {

struct StudyOptions {
  double alpha = 0.001;  // a statistic this unlikely under what the library states is a finding
};

// What a study found at one point of one series of one engine: a statistic
// the library's stated error makes unlikely (p < alpha). Findings do not fail
// a run; they are printed and listed first in accuracy.md.
struct StudyFinding {
  std::string suite, series, engine;
  int64_t truth = 0;  // where on the series: the true count, the stream length ("n=" in the files)
  std::string text;
};

// One kind of truth's part of the accuracy study: its samples pooled over a
// run's records (TruthKind::Study), and how it shows in the study's files.
// Every part is deterministic: the same records in any order give the same
// bytes, however the run was sharded or merged.
//
// Each file has the same shape: every kind's summary (what was compared and
// how to read it), then the findings of every kind, then every kind's details
// (tables, charts, all numbers), kinds in the catalog's order
// (reports/accuracy_report.h).
class TruthStudy {
 public:
  virtual ~TruthStudy() = default;
  // Samples pooled; a kind with none writes nothing but what its summaries always say.
  virtual int64_t trials() const = 0;
  // What `run` calls its trials when it counts them: "estimates", "rank trials".
  virtual std::string trials_noun() const = 0;
  virtual const std::vector<StudyFinding>& findings() const = 0;
  // Members of accuracy.json's top-level object, before "findings" and after
  // it; none that another kind writes (a new kind keeps its numbers under one
  // member of its own, as ranks keep theirs under "rank").
  virtual nlohmann::ordered_json JsonSummary() const = 0;
  virtual nlohmann::ordered_json JsonDetails() const = 0;
  // accuracy.md: text before its "## Findings" heading, and after the findings.
  virtual std::string MarkdownSummary() const = 0;
  virtual std::string MarkdownDetails() const = 0;
  // report.html's Accuracy section: before its list of findings, and after it.
  virtual std::string HtmlSummary() const = 0;
  virtual std::string HtmlDetails() const = 0;
};

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_TRUTH_TRUTH_STUDY_H_
