#ifndef DSCONFORM_HARNESS_TRUTH_TEST_TRUTH_KIND_H_
#define DSCONFORM_HARNESS_TRUTH_TEST_TRUTH_KIND_H_

#include <cmath>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "harness/truth/truth_kind.h"

namespace dsconform {

// A kind of truth no family has, for the core's tests to show the core carries
// any kind it is handed. Named `w` ("weight"): entries {"of", "w"} under
// "w_truth"; an engine's <of>.w further than the setting "w_slack" (default 0)
// from its entry is an outlier; samples [{"of", "given"}] under "w_accuracy";
// its study counts them and finds every sample off its entry.
class TestSamples final : public TruthSamples {
 public:
  struct Sample {
    std::string of;
    double given = 0, expected = 0;
  };
  size_t size() const override { return samples.size(); }
  nlohmann::ordered_json ToJson() const override {
    nlohmann::ordered_json out = nlohmann::ordered_json::array();
    for (const auto& s : samples) out.push_back({{"of", s.of}, {"given", s.given}, {"expected", s.expected}});
    return out;
  }
  std::vector<Sample> samples;
};

class TestStudy final : public TruthStudy {
 public:
  TestStudy(std::string name, int64_t trials, std::vector<StudyFinding> findings)
      : name_(std::move(name)), trials_(trials), findings_(std::move(findings)) {}
  int64_t trials() const override { return trials_; }
  std::string trials_noun() const override { return name_ + " trials"; }
  const std::vector<StudyFinding>& findings() const override { return findings_; }
  nlohmann::ordered_json JsonSummary() const override { return {{name_ + "_trials", trials_}}; }
  nlohmann::ordered_json JsonDetails() const override { return {{name_, nlohmann::ordered_json::object()}}; }
  std::string MarkdownSummary() const override { return name_ + " summary\n"; }
  std::string MarkdownDetails() const override { return name_ + " details\n"; }
  std::string HtmlSummary() const override { return "<p>" + name_ + "</p>"; }
  std::string HtmlDetails() const override { return "<div>" + name_ + "</div>"; }

 private:
  std::string name_;
  int64_t trials_;
  std::vector<StudyFinding> findings_;
};

class TestTruthKind final : public TruthKind {
 public:
  explicit TestTruthKind(std::string name = "w") : name_(std::move(name)) {}
  std::string name() const override { return name_; }
  std::string case_member() const override { return name_ + "_truth"; }
  std::string record_member() const override { return name_ + "_accuracy"; }

  absl::Status ValidateEntries(const nlohmann::ordered_json& entries, const std::string& path) const override {
    for (size_t i = 0; i < entries.size(); ++i)
      if (!entries[i].contains("of") || !entries[i].contains(name_))
        return absl::InvalidArgumentError(absl::StrCat(path, "/", i, ": needs of and ", name_));
    return absl::OkStatus();
  }

  TruthCheck Check(const Case&, const nlohmann::ordered_json& entries, const Observations& obs,
                   const TruthSettings& settings) const override {
    TruthCheck out;
    auto samples = std::make_shared<TestSamples>();
    for (const auto& e : entries) {
      const std::string field = e["of"].get<std::string>() + "." + name_;
      const Value* v = obs.Find(field);
      if (v == nullptr || v->kind != Value::Kind::kDouble) continue;
      const double expected = e[name_].get<double>();
      samples->samples.push_back({e["of"].get<std::string>(), v->AsDouble(), expected});
      ++out.checks;
      if (std::fabs(v->AsDouble() - expected) > SettingOr(settings, name_ + "_slack", 0)) {
        FieldDiff d;
        d.field = "accuracy: " + field;
        d.reference = Value::Double(expected);
        d.candidate = Value::Double(v->AsDouble());
        out.outliers.push_back(std::move(d));
      }
    }
    out.samples = std::move(samples);
    return out;
  }

  absl::StatusOr<std::shared_ptr<const TruthSamples>> SamplesFromJson(const nlohmann::json& member) const override {
    if (!member.is_array()) return absl::InvalidArgumentError("expected an array");
    auto samples = std::make_shared<TestSamples>();
    for (const auto& s : member) {
      if (!s.contains("of") || !s.contains("given") || !s.contains("expected"))
        return absl::InvalidArgumentError("a sample needs of, given and expected");
      samples->samples.push_back({s["of"].get<std::string>(), s["given"].get<double>(), s["expected"].get<double>()});
    }
    return std::shared_ptr<const TruthSamples>(std::move(samples));
  }

  std::unique_ptr<const TruthStudy> Study(const std::vector<Record>& records, const StudyOptions&) const override {
    int64_t trials = 0;
    std::vector<StudyFinding> findings;
    for (const Record& r : records) {
      auto it = r.truth_samples.find(record_member());
      if (it == r.truth_samples.end()) continue;
      for (const auto& s : dynamic_cast<const TestSamples&>(*it->second).samples) {
        ++trials;
        if (s.given != s.expected) findings.push_back({r.suite, s.of, r.candidate, 1, name_ + " off"});
      }
    }
    return std::make_unique<TestStudy>(name_, trials, std::move(findings));
  }

 private:
  std::string name_;
};

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_TRUTH_TEST_TRUTH_KIND_H_
