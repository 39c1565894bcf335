#include "harness/truth/accuracy_study.h"

namespace dsconform {

int64_t AccuracyStudy::trials() const {
  int64_t n = 0;
  for (const auto& part : parts) n += part->trials();
  return n;
}

AccuracyStudy StudyAccuracy(const std::vector<Record>& records, const TruthKinds& kinds, const StudyOptions& options) {
  AccuracyStudy study;
  for (const TruthKind* kind : kinds) {
    study.parts.push_back(kind->Study(records, options));
    const auto& found = study.parts.back()->findings();
    study.findings.insert(study.findings.end(), found.begin(), found.end());
  }
  return study;
}

}  // namespace dsconform
