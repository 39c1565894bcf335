// dsconform-java-engine: one staged datasketches-java version in a JVM of its own, speaking
// docs/engine-protocol.md on stdin/stdout. It is how java@6.x and java@7.x run: their releases
// cannot share the in-process engine's JDK 25 JVM, so this program hosts the JDK they were staged
// for (engines.json: JDK 17, with jdk.incubator.foreign for 7.x) and runs the same bridge runtime,
// with the 9.x families translated to their API (memory_api.sed), through the java-bridge code.
//   dsconform-java-engine --engine=java@6.2.0 [--engines_json=<catalog>] [--jvm_option=<opt>]...
//                         [--name | --hello]
// A version that cannot run here exits with status 2 and says why on stderr.
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "harness/engine/process/engine_protocol.h"
#include "harness/engine/process/engine_server.h"
#include "java-bridge/java_engine.h"
#include "java-bridge/staged_versions.h"

namespace {

int Usage(const char* argv0) {
  std::fprintf(stderr,
               "usage: %s --engine=java@<version> [--engines_json=<catalog>] [--jvm_option=<option>]... "
               "[--name | --hello]\n",
               argv0);
  return 2;
}

int Fail(const std::string& why) {
  std::fprintf(stderr, "dsconform-java-engine: %s\n", why.c_str());
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  std::string engine_spec, engines_json;
  std::vector<std::string> jvm_options;
  bool print_name = false, print_hello = false;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (absl::StartsWith(arg, "--engine=")) engine_spec = arg.substr(9);
    else if (absl::StartsWith(arg, "--engines_json=")) engines_json = arg.substr(15);
    else if (absl::StartsWith(arg, "--jvm_option=")) jvm_options.push_back(arg.substr(13));
    else if (arg == "--name") print_name = true;
    else if (arg == "--hello") print_hello = true;
    else return Usage(argv[0]);
  }
  if (engine_spec.empty()) return Usage(argv[0]);

  // Before the JVM starts: nothing it prints may reach the protocol stream.
  const int protocol_out = print_name || print_hello ? 1 : dsconform::TakeProtocolOutput();
  if (protocol_out < 0) {
    std::perror("dsconform-java-engine: stdout");
    return 2;
  }

  auto spec = dsconform::ParseJavaEngineSpec(engine_spec);
  if (!spec.ok()) return Fail(std::string(spec.status().message()));
  spec->engines_json = engines_json;
  // The version's own JDK and options (engines.json), then the caller's.
  auto catalog = dsconform::ReadJavaCatalog(engines_json);
  if (!catalog.ok()) return Fail(std::string(catalog.status().message()));
  const dsconform::StagedJavaVersion* staged =
      catalog->Find(spec->version.empty() ? catalog->default_label : spec->version);
  if (staged != nullptr) {
    spec->jvm.java_home = staged->java_home;
    spec->jvm.extra = staged->jvm_options;
  }
  spec->jvm.extra.insert(spec->jvm.extra.end(), jvm_options.begin(), jvm_options.end());

  auto factory = dsconform::MakeJavaEngineFactory(*spec);
  if (!factory.ok()) return Fail(std::string(factory.status().message()));
  auto engine = (*factory)->Create();
  if (!engine.ok()) return Fail(std::string(engine.status().message()));
  if (print_name) {
    std::printf("%s\n", (*factory)->name().c_str());
    return 0;
  }
  if (print_hello) {
    dsconform::EngineHello hello;
    hello.engine = (*factory)->name();
    hello.families = (*engine)->capabilities();
    std::printf("%s\n", dsconform::EngineHelloJson(hello).dump().c_str());
    return 0;
  }
  dsconform::EngineServerOptions options;
  options.name = (*factory)->name();
  const absl::Status st = dsconform::ServeEngine(**engine, options, 0, protocol_out);
  if (!st.ok()) return Fail(std::string(st.message()));
  return 0;
}
