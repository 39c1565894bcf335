#include "harness/truth/frequencies/frequency_kind.h"

#include <utility>

#include "absl/strings/str_cat.h"
#include "harness/truth/details_only_study.h"
#include "harness/truth/frequencies/frequency_check.h"
#include "harness/truth/frequencies/frequency_entries.h"
#include "harness/truth/frequencies/frequency_report.h"
#include "harness/truth/frequencies/frequency_samples.h"
#include "harness/truth/frequencies/frequency_study.h"

namespace dsconform {
namespace {

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
    using Part = DetailsOnlyStudy<FrequencyStudy>;
    return std::make_unique<Part>(
        StudyFrequencies(records), "frequency trials",
        Part::Writers{FrequencyStudyJsonDetails, FrequencyStudyMarkdownDetails, FrequencyStudyHtmlDetails});
  }
};

}  // namespace

const TruthKind& FrequencyTruthKind() {
  static const FrequencyKind* kind = new FrequencyKind();
  return *kind;
}

}  // namespace dsconform
