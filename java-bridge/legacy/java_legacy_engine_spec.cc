#include "java-bridge/legacy/java_legacy_engine_spec.h"

#include <unistd.h>

#include <filesystem>

#include "absl/strings/str_cat.h"
#include "java-bridge/java_engine.h"
#include "java-bridge/staged_versions.h"

#ifndef DSCONFORM_JAVA_ENGINE_PROGRAM
#define DSCONFORM_JAVA_ENGINE_PROGRAM ""
#endif

namespace dsconform {

std::string DefaultJavaEngineProgram() { return DSCONFORM_JAVA_ENGINE_PROGRAM; }

absl::StatusOr<std::optional<ProcessEngineSpec>> ParseJavaLegacyEngineSpec(const std::string& spec,
                                                                           const std::vector<std::string>& jvm_options,
                                                                           const std::string& engines_json,
                                                                           const std::string& program) {
  auto java = ParseJavaEngineSpec(spec);
  if (!java.ok() || java->version.empty()) return std::nullopt;  // not java@<version>
  // Without a catalog, or for a version it lacks, the in-process engine says why.
  auto catalog = ReadJavaCatalog(engines_json);
  if (!catalog.ok()) return std::nullopt;
  const StagedJavaVersion* v = catalog->Find(java->version);
  if (v == nullptr || v->java_home == catalog->java_home) return std::nullopt;

  if (!std::filesystem::exists(v->java_home + "/lib/server/libjvm.so")) {
    return absl::FailedPreconditionError(absl::StrCat(
        spec, " runs out of process on the JDK it was staged for, ", v->java_home,
        ", which is not there (datasketches-java 6.x and 7.x cannot share the in-process JDK ", catalog->java_version,
        " JVM; 7.x needs JDK 17's jdk.incubator.foreign). Install a JDK 17 and configure with "
        "-DJAVA_LEGACY_HOME=<that JDK>"));
  }
  if (program.empty() || access(program.c_str(), X_OK) != 0) {
    return absl::FailedPreconditionError(absl::StrCat(spec, " runs out of process in dsconform-java-engine, which is ",
                                                      program.empty() ? "not part of this build" : "not built: " + program,
                                                      " (ninja dsconform-java-engine)"));
  }
  ProcessEngineSpec out;
  out.command = {program, "--engine=" + spec, "--engines_json=" + catalog->path};
  for (const std::string& o : jvm_options) out.command.push_back("--jvm_option=" + o);
  out.expected_name = spec;
  return out;
}

}  // namespace dsconform
