#include "java-bridge/java_engine.h"

#include <algorithm>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "java-bridge/batch_codec.h"
#include "java-bridge/bridge_loader.h"
#include "java-bridge/jvm.h"

namespace dsconform {
namespace {

class JavaEngine final : public Engine {
 public:
  JavaEngine(const BridgeRuntime* runtime, std::string name, bool direct)
      : runtime_(runtime), name_(std::move(name)), direct_(direct) {}

  std::string name() const override { return name_; }
  std::string kind() const override { return direct_ ? "java-direct" : "java"; }
  const Capabilities& capabilities() const override { return runtime_->capabilities(direct_); }
  MemoryHome memory_home() const override { return MemoryHome::kJavaHeap; }

  absl::StatusOr<std::vector<Observations>> Run(absl::Span<const PreparedStage> stages) override {
    if (stages.empty()) return std::vector<Observations>{};
    auto batch = EncodeBatch(stages);
    if (!batch.ok()) return Prefixed(batch.status());
    auto env = CurrentThreadEnv();
    if (!env.ok()) return Prefixed(env.status());
    int64_t library_nanos = 0;
    absl::StatusOr<std::vector<Observations>> observations;
    auto st = runtime_->RunBatch(*env, batch->program, batch->blobs, direct_, &library_nanos,
                                 [&](absl::Span<const std::string_view> result) {
                                   observations = DecodeBatchResult(result, stages.size());
                                   return observations.ok() ? absl::OkStatus() : Prefixed(observations.status());
                                 });
    if (!st.ok()) return st;  // names the engine
    library_seconds_ += static_cast<double>(library_nanos) * 1e-9;
    return observations;
  }

  std::optional<double> LibrarySeconds() const override { return library_seconds_; }

 private:
  absl::Status Prefixed(const absl::Status& st) const {
    return absl::Status(st.code(), absl::StrCat(name_, ": ", st.message()));
  }

  const BridgeRuntime* runtime_;
  std::string name_;
  bool direct_;
  double library_seconds_ = 0;  // inside Java, over every batch (each engine runs on one thread)
};

class JavaEngineFactory final : public EngineFactory {
 public:
  JavaEngineFactory(const BridgeRuntime* runtime, std::string name, bool direct)
      : runtime_(runtime), name_(std::move(name)), direct_(direct) {}
  std::string name() const override { return name_; }
  absl::StatusOr<std::unique_ptr<Engine>> Create() override {
    return std::unique_ptr<Engine>(new JavaEngine(runtime_, name_, direct_));
  }

 private:
  const BridgeRuntime* runtime_;
  std::string name_;
  bool direct_;
};

bool LooksLikeJarPath(absl::string_view s) { return absl::EndsWith(s, ".jar") || absl::StrContains(s, "/"); }

}  // namespace

absl::StatusOr<JavaEngineSpec> ParseJavaEngineSpec(absl::string_view text) {
  JavaEngineSpec spec;
  const size_t at = text.find('@');
  const absl::string_view kind = text.substr(0, at);
  if (kind == "java-direct") {
    spec.direct = true;
  } else if (kind != "java") {
    return absl::InvalidArgumentError(absl::StrCat("'", text, "' is not a Java engine (java, java@<version>, "
                                                   "java-direct@<version>, java@<path/to/datasketches-java.jar>)"));
  }
  if (at == absl::string_view::npos) return spec;
  const absl::string_view rest = text.substr(at + 1);
  if (rest.empty()) return absl::InvalidArgumentError(absl::StrCat("'", text, "': no version after @"));
  if (LooksLikeJarPath(rest)) {
    spec.jars.emplace_back(rest);
  } else {
    spec.version = std::string(rest);
  }
  return spec;
}

absl::StatusOr<std::unique_ptr<EngineFactory>> MakeJavaEngineFactory(const JavaEngineSpec& spec) {
  const std::string kind = spec.direct ? "java-direct" : "java";
  auto catalog = ReadJavaCatalog(spec.engines_json);
  if (!catalog.ok()) return catalog.status();

  std::string label;                // for messages, until the library names its version
  std::string staged_label;         // the catalog's label, when the version came from there
  std::vector<std::string> jars;    // the bridge jar first
  std::string java_home = catalog->java_home;  // the JDK the version was staged for
  if (!spec.jars.empty()) {
    label = absl::StrCat(kind, "@", spec.jars.front());
    jars.push_back(catalog->bridge_jar);
    jars.insert(jars.end(), spec.jars.begin(), spec.jars.end());
  } else {
    const std::string wanted = spec.version.empty() ? catalog->default_label : spec.version;
    const StagedJavaVersion* v = catalog->Find(wanted);
    if (v == nullptr) {
      return absl::NotFoundError(absl::StrCat(
          kind, "@", wanted, ": datasketches-java ", wanted, " is not staged in this build (staged: ", catalog->Labels(),
          "). Stage it with -DDATASKETCHES_JAVA_EXTRA_VERSIONS=", wanted, ", or name a jar: ", kind,
          "@/path/to/datasketches-java.jar"));
    }
    label = absl::StrCat(kind, "@", v->label);
    staged_label = v->label;
    java_home = v->java_home;
    jars.push_back(v->bridge_jar);
    jars.insert(jars.end(), v->class_path.begin(), v->class_path.end());
  }

  JvmOptions jvm = spec.jvm;
  // A version staged for another JDK (6.x, 7.x: JDK 17) cannot join this process's JVM if it runs
  // another JDK: GetOrCreateJvm then says so; dsconform-java-engine runs it in a JVM of its own.
  if (jvm.java_home.empty()) jvm.java_home = java_home;
  if (auto vm = GetOrCreateJvm(jvm); !vm.ok()) {
    return absl::Status(vm.status().code(), absl::StrCat(label, ": ", vm.status().message()));
  }
  auto runtime = BridgeRuntime::Load(label, jars);
  if (!runtime.ok()) return runtime.status();

  // java@<what the library says it is>; a staged label that differs (a "-local" jar) is kept, so
  // that two engines of one run never share a name.
  const std::string& version = (*runtime)->library_version();
  const std::string name = absl::StrCat(
      kind, "@", !staged_label.empty() && staged_label != version ? staged_label : version);
  return std::unique_ptr<EngineFactory>(new JavaEngineFactory(*runtime, name, spec.direct));
}

}  // namespace dsconform
