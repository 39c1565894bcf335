#ifndef DSCONFORM_JAVA_BRIDGE_JAVA_ENGINE_H_
#define DSCONFORM_JAVA_BRIDGE_JAVA_ENGINE_H_

#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "harness/engine/engine.h"
#include "java-bridge/jvm_options.h"
#include "java-bridge/staged_versions.h"

namespace dsconform {

// Which datasketches-java to run, and how.
struct JavaEngineSpec {
  // java-direct: sketches and unions live in a MemorySegment (other Java code paths than the heap).
  bool direct = false;
  // A label staged by the build (ListStagedJavaVersions); empty means the default one.
  std::string version;
  // Instead of a staged version: a datasketches-java jar (and its dependencies, if any), e.g. one
  // built from any commit. The bridge jar still comes from the catalog.
  std::vector<std::string> jars;
  // The catalog to resolve `version` in; empty means DefaultEnginesJsonPath().
  std::string engines_json;
  // The process JVM's options; java_home empty means the catalog's JDK. Every Java engine of a
  // process must use the same options (one JVM per process).
  JvmOptions jvm;
};

// Parses an engine name as the CLI takes it: "java" (the default version), "java@9.0.0",
// "java-direct@9.1.0", or a jar path after the @ ("java@/path/datasketches-java.jar").
absl::StatusOr<JavaEngineSpec> ParseJavaEngineSpec(absl::string_view text);

// Starts the process JVM if needed, loads the version in its own class loader, checks that it runs
// here, and returns a factory of engines on it. The engines are named java@<library version> (or
// java-direct@...; a local jar staged as "<v>-local" keeps that label), have kind "java" or
// "java-direct", and run whole batches in one JNI call. Engines from one factory share the loaded
// classes; each may run on its own thread (threads attach to the JVM by themselves).
//
// Errors name what and why: an unknown version (listing the staged ones), a jar that does not exist
// or holds no datasketches-java classes, a JDK that is missing, a JVM option the JVM rejects, or a
// version this JVM cannot run ("java@8.0.0 cannot run in this JVM because ...").
absl::StatusOr<std::unique_ptr<EngineFactory>> MakeJavaEngineFactory(const JavaEngineSpec& spec);

}  // namespace dsconform

#endif  // DSCONFORM_JAVA_BRIDGE_JAVA_ENGINE_H_
