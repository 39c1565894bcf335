#ifndef DSCONFORM_HARNESS_EXPECT_ENGINE_SELECTOR_H_
#define DSCONFORM_HARNESS_EXPECT_ENGINE_SELECTOR_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"

namespace dsconform {

// Which engines one side of a known difference names, by kind and version rather than by name:
// "cpp|python" (either kind, any version), "java*" (java and java-direct), "java@<9.1"
// (java before 9.1), "java*@>=9.0,<9.1" (both constraints), "cpp@5.2.*" (a glob over the version).
// An engine name is kind@version ("cpp@5.2.0", "cpp@master", "cpp@5.2.0+corpus"); a version is
// compared by its leading dotted numbers, missing ones 0, after dropping "+build" (a corpus
// recording is the version it recorded). A version without leading numbers ("master") satisfies
// no comparison, only globs and no constraint at all.
class EngineSelector {
 public:
  static absl::StatusOr<EngineSelector> Parse(const std::string& text);

  bool Matches(const std::string& engine_name) const;
  const std::string& text() const { return text_; }

 private:
  struct Constraint {
    std::string op;  // "<", "<=", ">", ">=", "=", "!=", or "" for a glob
    std::string version;
  };
  struct Alternative {
    std::string kind_glob;
    std::vector<Constraint> constraints;  // all must hold
  };
  std::vector<Alternative> alternatives_;
  std::string text_;
};

// -1, 0 or 1 as version numbers a are before, equal to or after b (missing numbers count as 0).
int CompareVersions(const std::vector<long>& a, const std::vector<long>& b);
// The leading dotted numbers of a version, "+build" dropped: "5.2.0-rc1" -> {5, 2, 0}; empty when
// it does not start with a number.
std::vector<long> VersionNumbers(const std::string& version);

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_EXPECT_ENGINE_SELECTOR_H_
