#ifndef DSCONFORM_FRONTENDS_CLI_ENGINE_CATALOG_H_
#define DSCONFORM_FRONTENDS_CLI_ENGINE_CATALOG_H_

#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "harness/engine/engine.h"

namespace dsconform {

struct EngineRequest {
  std::vector<std::string> specs;        // "cpp", "java", "java@9.0.0", "java-direct@9.1.0", "auto"
  std::vector<std::string> jvm_options;  // extra JVM options
  std::string java_jar;                  // an extra datasketches-java jar
  int64_t engine_memory_mib = 0;         // per out-of-process engine; 0: no limit
  int64_t memory_budget_bytes = 0;       // the run's (--memory): sizes the Java heap; 0: the JVM's default 2 GiB
  // Damaged images (--fuzz_from) can crash the native library: "cpp" then runs this build's
  // dsconform-engine in its own process, so a crash is its case's verdict, not the run's end.
  bool native_apart = false;
};

// The request the flags --engines, --jvm_options, --java_jar, --engine_memory, --memory and
// --fuzz_from make.
EngineRequest EngineRequestFromFlags();

// Turns engine specs into factories; an unknown spec is an error that lists
// what this build can run (and why the ones it cannot are missing).
absl::StatusOr<std::vector<std::unique_ptr<EngineFactory>>> ResolveEngines(const EngineRequest& request);

// Which of a run's engines (by name) a flag's engine spec names: the one of that name, else the
// first of that kind ("java" for java@9.1.0 before java@9.0.0); an error that lists the names.
absl::StatusOr<size_t> EngineIndex(const std::vector<std::string>& names, const std::string& flag,
                                   const std::string& spec);
// The engine --reference names; empty names the first engine.
absl::StatusOr<size_t> ReferenceIndex(const std::vector<std::string>& names, const std::string& reference);

// Whether this build has the native engine (a datasketches-cpp was found).
bool HaveCpp();

// Every engine this build can run, one line each with where it comes from.
std::vector<std::string> DescribeEngines();

}  // namespace dsconform

#endif  // DSCONFORM_FRONTENDS_CLI_ENGINE_CATALOG_H_
