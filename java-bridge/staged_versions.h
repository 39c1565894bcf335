#ifndef DSCONFORM_JAVA_BRIDGE_STAGED_VERSIONS_H_
#define DSCONFORM_JAVA_BRIDGE_STAGED_VERSIONS_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"

namespace dsconform {

// One datasketches-java staged by the build (cmake/JavaBridge.cmake), runnable as java@<label>.
struct StagedJavaVersion {
  std::string label;  // "9.1.0"; a local jar: the version in its pom.properties (+ "-local" on a clash)
  std::string source;  // "maven", or the local jar's path
  std::vector<std::string> class_path;  // the datasketches-java jar and its dependencies
  std::string bridge_jar;
  std::string java_home;  // the JDK it was staged for (6.x and 7.x: a JDK 17, out of process)
  std::vector<std::string> jvm_options;  // what its JVM needs, e.g. 7.x: --add-modules=jdk.incubator.foreign
  bool is_default = false;
};

// The build's catalog of staged versions (engines.json).
struct JavaCatalog {
  std::string path;           // the file it was read from
  std::string default_label;  // java@ with no version means this one
  std::string java_home;
  std::string java_version;   // of that JDK, e.g. "25.0.3"
  std::string bridge_jar;
  std::vector<StagedJavaVersion> versions;  // the default first

  const StagedJavaVersion* Find(const std::string& label) const;
  // "9.1.0 (default), 9.0.0", for messages.
  std::string Labels() const;
};

// $DSCONFORM_JAVA_ENGINES if set, else the engines.json of the build tree this library was built in.
std::string DefaultEnginesJsonPath();

// Reads a catalog; `path` empty means DefaultEnginesJsonPath().
absl::StatusOr<JavaCatalog> ReadJavaCatalog(const std::string& path = "");

// The versions java@<label> can name, default first (for `dsconform list engines`).
absl::StatusOr<std::vector<StagedJavaVersion>> ListStagedJavaVersions(const std::string& engines_json = "");

}  // namespace dsconform

#endif  // DSCONFORM_JAVA_BRIDGE_STAGED_VERSIONS_H_
