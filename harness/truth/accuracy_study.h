#ifndef DSCONFORM_HARNESS_TRUTH_ACCURACY_STUDY_H_
#define DSCONFORM_HARNESS_TRUTH_ACCURACY_STUDY_H_

#include <cstdint>
#include <memory>
#include <vector>

#include "harness/record/record.h"
#include "harness/truth/truth_kind.h"
#include "harness/truth/truth_study.h"

namespace dsconform {

// The accuracy study of a run: each kind's part, and their findings together.
// The files made of it (accuracy.json, accuracy.md, the HTML report's
// Accuracy section) are reports/accuracy_report.h's.
struct AccuracyStudy {
  std::vector<std::unique_ptr<const TruthStudy>> parts;  // one per kind, in the kinds' order
  std::vector<StudyFinding> findings;                    // every part's, part by part

  int64_t trials() const;  // samples pooled by every kind
};

// Pools the samples the records carry (the self-check records of cases with
// truth) kind by kind. Deterministic: the same records in any order give the
// same study.
AccuracyStudy StudyAccuracy(const std::vector<Record>& records, const TruthKinds& kinds,
                            const StudyOptions& options = {});

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_TRUTH_ACCURACY_STUDY_H_
