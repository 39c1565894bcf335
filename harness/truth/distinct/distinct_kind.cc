#include "harness/truth/distinct/distinct_kind.h"

#include <utility>

#include "absl/strings/str_cat.h"
#include "harness/truth/distinct/distinct_check.h"
#include "harness/truth/distinct/distinct_entries.h"
#include "harness/truth/distinct/distinct_report.h"
#include "harness/truth/distinct/distinct_samples.h"
#include "harness/truth/distinct/distinct_study.h"

namespace dsconform {
namespace {

class DistinctPart final : public TruthStudy {
 public:
  explicit DistinctPart(DistinctStudy study) : study_(std::move(study)) {}
  int64_t trials() const override { return study_.trials; }
  std::string trials_noun() const override { return "estimates"; }
  const std::vector<StudyFinding>& findings() const override { return study_.findings; }
  nlohmann::ordered_json JsonSummary() const override { return DistinctStudyJsonSummary(study_); }
  nlohmann::ordered_json JsonDetails() const override { return DistinctStudyJsonDetails(study_); }
  std::string MarkdownSummary() const override { return DistinctStudyMarkdownSummary(study_); }
  std::string MarkdownDetails() const override { return DistinctStudyMarkdownDetails(study_); }
  std::string HtmlSummary() const override { return DistinctStudyHtmlSummary(study_); }
  std::string HtmlDetails() const override { return DistinctStudyHtmlDetails(study_); }

 private:
  DistinctStudy study_;
};

class DistinctKind final : public TruthKind {
 public:
  std::string name() const override { return "distinct counts"; }
  std::string case_member() const override { return kDistinctTruthMember; }
  std::string record_member() const override { return kDistinctSamplesMember; }

  absl::Status ValidateEntries(const nlohmann::ordered_json& entries, const std::string& path) const override {
    return DistinctTruthsFromJson(entries, path).status();
  }

  TruthCheck Check(const Case& /*c*/, const nlohmann::ordered_json& entries, const Observations& observations,
                   const TruthSettings& settings) const override {
    TruthCheck out;
    auto truths = DistinctTruthsFromJson(entries, absl::StrCat("/", kDistinctTruthMember));
    if (!truths.ok()) {  // a case ValidateCase never saw: the judge must not go quiet
      out.outliers.push_back(UnreadableEntries(kDistinctTruthMember, truths.status()));
      return out;
    }
    DistinctCheckResult r =
        CheckDistinct(*truths, observations, SettingOr(settings, kOutlierSigmasSetting, kDefaultOutlierSigmas));
    out.samples = std::make_shared<DistinctSamples>(std::move(r.samples));
    out.outliers = std::move(r.outliers);
    out.checks = r.checks;
    return out;
  }

  absl::StatusOr<std::shared_ptr<const TruthSamples>> SamplesFromJson(const nlohmann::json& member) const override {
    auto samples = DistinctSamples::FromJson(member);
    if (!samples.ok()) return samples.status();
    return std::shared_ptr<const TruthSamples>(std::move(*samples));
  }

  std::unique_ptr<const TruthStudy> Study(const std::vector<Record>& records,
                                          const StudyOptions& options) const override {
    return std::make_unique<DistinctPart>(StudyDistinct(records, options));
  }
};

}  // namespace

const TruthKind& DistinctTruthKind() {
  static const DistinctKind* kind = new DistinctKind();
  return *kind;
}

}  // namespace dsconform
