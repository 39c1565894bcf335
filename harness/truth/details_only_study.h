#ifndef DSCONFORM_HARNESS_TRUTH_DETAILS_ONLY_STUDY_H_
#define DSCONFORM_HARNESS_TRUTH_DETAILS_ONLY_STUDY_H_

#include <string>
#include <utility>
#include <vector>

#include "harness/truth/truth_study.h"
#include "nlohmann/json.hpp"

namespace dsconform {

// A kind's part of the study whose files are all details: it says what it
// compared under its own heading, so it has no summaries. `Study` has
// `trials` and `findings`; the writers turn it into each file's details.
template <typename Study>
class DetailsOnlyStudy final : public TruthStudy {
 public:
  struct Writers {
    nlohmann::ordered_json (*json)(const Study&);
    std::string (*markdown)(const Study&);
    std::string (*html)(const Study&);
  };
  DetailsOnlyStudy(Study study, std::string trials_noun, Writers writers)
      : study_(std::move(study)), noun_(std::move(trials_noun)), writers_(writers) {}

  int64_t trials() const override { return study_.trials; }
  std::string trials_noun() const override { return noun_; }
  const std::vector<StudyFinding>& findings() const override { return study_.findings; }
  nlohmann::ordered_json JsonSummary() const override { return nlohmann::ordered_json::object(); }
  nlohmann::ordered_json JsonDetails() const override { return writers_.json(study_); }
  std::string MarkdownSummary() const override { return ""; }
  std::string MarkdownDetails() const override { return writers_.markdown(study_); }
  std::string HtmlSummary() const override { return ""; }
  std::string HtmlDetails() const override { return writers_.html(study_); }

 private:
  Study study_;
  std::string noun_;
  Writers writers_;
};

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_TRUTH_DETAILS_ONLY_STUDY_H_
