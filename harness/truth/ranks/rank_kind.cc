#include "harness/truth/ranks/rank_kind.h"

#include <utility>

#include "absl/strings/str_cat.h"
#include "harness/truth/details_only_study.h"
#include "harness/truth/ranks/rank_check.h"
#include "harness/truth/ranks/rank_entries.h"
#include "harness/truth/ranks/rank_report.h"
#include "harness/truth/ranks/rank_samples.h"
#include "harness/truth/ranks/rank_study.h"

namespace dsconform {
namespace {

class RankKind final : public TruthKind {
 public:
  std::string name() const override { return "ranks"; }
  std::string case_member() const override { return kRankTruthMember; }
  std::string record_member() const override { return kRankSamplesMember; }

  absl::Status ValidateEntries(const nlohmann::ordered_json& entries, const std::string& path) const override {
    return RankTruthsFromJson(entries, path).status();
  }

  TruthCheck Check(const Case& c, const nlohmann::ordered_json& entries, const Observations& observations,
                   const TruthSettings& settings) const override {
    TruthCheck out;
    auto truths = RankTruthsFromJson(entries, absl::StrCat("/", kRankTruthMember));
    if (!truths.ok()) {  // a case ValidateCase never saw: the judge must not go quiet
      out.outliers.push_back(UnreadableEntries(kRankTruthMember, truths.status()));
      return out;
    }
    RankCheckResult r = CheckRanks(c, *truths, observations,
                                   SettingOr(settings, kRankOutlierEpsilonsSetting, kDefaultRankOutlierEpsilons));
    out.samples = std::make_shared<RankSamples>(std::move(r.samples));
    out.outliers = std::move(r.outliers);
    out.checks = r.checks;
    return out;
  }

  absl::StatusOr<std::shared_ptr<const TruthSamples>> SamplesFromJson(const nlohmann::json& member) const override {
    auto samples = RankSamples::FromJson(member);
    if (!samples.ok()) return samples.status();
    return std::shared_ptr<const TruthSamples>(std::move(*samples));
  }

  std::unique_ptr<const TruthStudy> Study(const std::vector<Record>& records,
                                          const StudyOptions& options) const override {
    using Part = DetailsOnlyStudy<RankStudy>;
    return std::make_unique<Part>(StudyRanks(records, options), "rank trials",
                                  Part::Writers{RankStudyJsonDetails, RankStudyMarkdownDetails, RankStudyHtmlDetails});
  }
};

}  // namespace

const TruthKind& RankTruthKind() {
  static const RankKind* kind = new RankKind();
  return *kind;
}

}  // namespace dsconform
