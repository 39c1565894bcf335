#ifndef DSCONFORM_ENGINES_JAVA_LEGACY_JAVA_LEGACY_ENGINE_SPEC_H_
#define DSCONFORM_ENGINES_JAVA_LEGACY_JAVA_LEGACY_ENGINE_SPEC_H_

#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "harness/engine/process/process_engine.h"

namespace dsconform {

// This build's dsconform-java-engine: a staged datasketches-java version in a JVM of its own
// (java-bridge/legacy/java_legacy_engine_main.cc).
std::string DefaultJavaEngineProgram();

// Recognizes java@<version> and java-direct@<version> for a version the build staged to run on
// another JDK than the in-process engine's (6.x and 7.x on JDK 17): they run out of process, in
// `program`, which is given `jvm_options` (the CLI's --jvm_options). Returns nullopt for any other
// spec (the in-process Java engine's, or another engine's), and an error when that JDK or program
// is missing, saying what to do.
absl::StatusOr<std::optional<ProcessEngineSpec>> ParseJavaLegacyEngineSpec(
    const std::string& spec, const std::vector<std::string>& jvm_options = {}, const std::string& engines_json = "",
    const std::string& program = DefaultJavaEngineProgram());

}  // namespace dsconform

#endif  // DSCONFORM_ENGINES_JAVA_LEGACY_JAVA_LEGACY_ENGINE_SPEC_H_
