#include "harness/truth/frequencies/frequency_kind.h"

#include <utility>

#include "absl/strings/str_cat.h"
#include "harness/truth/frequencies/frequency_check.h"
#include "harness/truth/frequencies/frequency_entries.h"
#include "harness/truth/frequencies/frequency_report.h"
#include "harness/truth/frequencies/frequency_samples.h"
#include "harness/truth/frequencies/frequency_study.h"

namespace dsconform {
namespace {

// Its part of the files is all details: it says what it compared under its own heading.
class FrequencyPart final : public TruthStudy {
 public:
  explicit FrequencyPart(FrequencyStudy study) : study_(std::move(study)) {}
  int64_t trials() const override { return study_.trials; }
  std::string trials_noun() const override { return "frequency trials"; }
  const std::vector<StudyFinding>& findings() const override { return study_.findings; }
  nlohmann::ordered_json JsonSummary() const override { return nlohmann::ordered_json::object(); }
  nlohmann::ordered_json JsonDetails() const override { return FrequencyStudyJsonDetails(study_); }
  std::string MarkdownSummary() const override { return ""; }
  std::string MarkdownDetails() const override { return FrequencyStudyMarkdownDetails(study_); }
  std::string HtmlSummary() const override { return ""; }
  std::string HtmlDetails() const override { return FrequencyStudyHtmlDetails(study_); }

 private:
  FrequencyStudy study_;
};

class FrequencyKind final : public TruthKind {
 public:
  std::string name() const override { return "frequencies"; }
  std::string case_member() const override { return kFrequencyTruthMember; }
  std::string record_member() const override { return kFrequencySamplesMember; }

  absl::Status ValidateEntries(const nlohmann::ordered_json& entries, const std::string& path) const override {
    return FrequencyTruthsFromJson(entries, path).status();
  }

  TruthCheck Check(const Case& c, const nlohmann::ordered_json& entries, const Observations& observations,
                   const TruthSettings&) const override {
    TruthCheck out;
    auto truths = FrequencyTruthsFromJson(entries, absl::StrCat("/", kFrequencyTruthMember));
    if (!truths.ok()) {  // a case ValidateCase never saw: the judge must not go quiet
      out.outliers.push_back(UnreadableEntries(kFrequencyTruthMember, truths.status()));
      return out;
    }
    FrequencyCheckResult r = CheckFrequencies(c, *truths, observations);
    out.samples = std::make_shared<FrequencySamples>(std::move(r.samples));
    out.outliers = std::move(r.outliers);
    out.checks = r.checks;
    return out;
  }

  absl::StatusOr<std::shared_ptr<const TruthSamples>> SamplesFromJson(const nlohmann::json& member) const override {
    auto samples = FrequencySamples::FromJson(member);
    if (!samples.ok()) return samples.status();
    return std::shared_ptr<const TruthSamples>(std::move(*samples));
  }

  std::unique_ptr<const TruthStudy> Study(const std::vector<Record>& records, const StudyOptions&) const override {
    return std::make_unique<FrequencyPart>(StudyFrequencies(records));
  }
};

}  // namespace

const TruthKind& FrequencyTruthKind() {
  static const FrequencyKind* kind = new FrequencyKind();
  return *kind;
}

}  // namespace dsconform
