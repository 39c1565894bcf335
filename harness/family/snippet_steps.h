#ifndef DSCONFORM_HARNESS_FAMILY_SNIPPET_STEPS_H_
#define DSCONFORM_HARNESS_FAMILY_SNIPPET_STEPS_H_

#include <string>

#include "harness/family/snippet_writer.h"

namespace dsconform {

// One program's walk over a case's first stage: a family derives from it with
// its dialect (the text of its library's calls in one language, with
// `language()` and `family_text()`) and writes each step in Step().
template <typename Dialect>
class SnippetSteps {
 public:
  SnippetSteps(const Case& c, const Dialect& d) : w_(c, d.language(), d.family_text()), d_(d) {}
  virtual ~SnippetSteps() = default;

  std::string Write() {
    return w_.Write([this](size_t, const Op& op) { Step(op); });
  }

 protected:
  virtual void Step(const Op& op) = 0;

  SnippetWriter w_;
  const Dialect& d_;
};

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_FAMILY_SNIPPET_STEPS_H_
