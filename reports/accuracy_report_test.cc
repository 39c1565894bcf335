#include "reports/accuracy_report.h"

#include <memory>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace dsconform {
namespace {

using ::testing::HasSubstr;

// A kind's part the writers know nothing of: each file must hold its pieces where the shape says.
class FakePart final : public TruthStudy {
 public:
  FakePart(std::string name, int64_t trials, std::vector<StudyFinding> findings)
      : name_(std::move(name)), trials_(trials), findings_(std::move(findings)) {}
  int64_t trials() const override { return trials_; }
  std::string trials_noun() const override { return name_ + " trials"; }
  const std::vector<StudyFinding>& findings() const override { return findings_; }
  nlohmann::ordered_json JsonSummary() const override { return {{name_ + "_summary", trials_}}; }
  nlohmann::ordered_json JsonDetails() const override { return {{name_, {{"trials", trials_}}}}; }
  std::string MarkdownSummary() const override { return "[" + name_ + " summary]\n\n"; }
  std::string MarkdownDetails() const override { return "\n[" + name_ + " details]\n"; }
  std::string HtmlSummary() const override { return "<p>" + name_ + " summary</p>\n"; }
  std::string HtmlDetails() const override { return "<div>" + name_ + " details</div>\n"; }

 private:
  std::string name_;
  int64_t trials_;
  std::vector<StudyFinding> findings_;
};

AccuracyStudy Study(int64_t weights_trials, int64_t members_trials) {
  AccuracyStudy study;
  study.parts.push_back(std::make_unique<FakePart>(
      "weights", weights_trials, std::vector<StudyFinding>{{"s.accuracy", "k=8", "cpp", 100, "too <heavy>"}}));
  study.parts.push_back(std::make_unique<FakePart>("members", members_trials, std::vector<StudyFinding>{}));
  for (const auto& part : study.parts) study.findings.insert(study.findings.end(), part->findings().begin(),
                                                             part->findings().end());
  return study;
}

TEST(AccuracyReport, EachFileIsSummariesThenFindingsThenDetailsKindByKind) {
  const AccuracyStudy study = Study(3, 4);
  EXPECT_EQ(AccuracyStudyToJson(study).dump(),
            R"({"weights_summary":3,"members_summary":4,"findings":[{"suite":"s.accuracy","series":"k=8",)"
            R"("engine":"cpp","truth":100,"finding":"too <heavy>"}],"weights":{"trials":3},"members":{"trials":4}})");
  EXPECT_EQ(AccuracyStudyMarkdown(study),
            "# Accuracy study\n\n[weights summary]\n\n[members summary]\n\n## Findings\n\n"
            "- s.accuracy k=8 cpp n=100: too <heavy>\n\n[weights details]\n\n[members details]\n");
  const std::string html = AccuracyStudyHtml(study);
  EXPECT_EQ(html,
            "<section id=\"accuracy\"><h2>Accuracy</h2>\n<p>weights summary</p>\n<p>members summary</p>\n<ul>\n"
            "<li>s.accuracy k=8 cpp n=100: too &lt;heavy&gt;</li>\n</ul>\n<div>weights details</div>\n"
            "<div>members details</div>\n</section>\n");
}

TEST(AccuracyReport, NoFindingsSaysSoAndNoSamplesMeansNoHtmlSection) {
  AccuracyStudy study;
  study.parts.push_back(std::make_unique<FakePart>("members", 2, std::vector<StudyFinding>{}));
  EXPECT_THAT(AccuracyStudyMarkdown(study), HasSubstr("## Findings\n\nNone:"));
  EXPECT_THAT(AccuracyStudyHtml(study), HasSubstr("<p>No accuracy findings.</p>"));
  EXPECT_EQ(AccuracyStudyToJson(study)["findings"].size(), 0u);
  EXPECT_EQ(AccuracyStudyHtml(Study(0, 0)), "");
  EXPECT_EQ(AccuracyStudyHtml(AccuracyStudy()), "");
  EXPECT_EQ(study.trials(), 2);
}

}  // namespace
}  // namespace dsconform
