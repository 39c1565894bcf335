#include "frontends/cli/engine_catalog.h"

#include <filesystem>

#include "absl/flags/flag.h"
#include "absl/strings/match.h"
#include "engines/python/python_engine_spec.h"
#include "engines/go/go_engine_spec.h"
#include "engines/rust/rust_engine_spec.h"
#include "java-bridge/legacy/java_legacy_engine_spec.h"
#include "frontends/cli/cli_flags.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "java-bridge/java_engine.h"
#include "java-bridge/staged_versions.h"
#include "harness/corpus/corpus_engine.h"
#include "harness/run/memory_budget.h"
#include "harness/engine/process/process_engine_spec.h"
#ifdef DSCONFORM_HAVE_CPP
#include "engines/native/cpp_engine.h"
#include "sketches/compiled_families.h"
#endif

namespace dsconform {
namespace {

constexpr char kNoCpp[] =
    "cpp: not built: configure with -DDATASKETCHES_CPP_SOURCE_DIR=<a datasketches-cpp checkout> or install its CMake "
    "package";

std::vector<std::string> Known() {
  std::vector<std::string> known;
  if (HaveCpp()) known.push_back("cpp");
  known.push_back("java");
  known.push_back("java-direct");
  auto staged = ListStagedJavaVersions();
  if (staged.ok()) {
    for (const auto& v : *staged) {
      known.push_back("java@" + v.label);
      known.push_back("java-direct@" + v.label);
    }
  }
  known.push_back("java@<path to a datasketches-java jar>");
  known.push_back("corpus:<a file written by dsconform record>");
  known.push_back("python[@<version>]");
  known.push_back("rust[@<version>]");
  known.push_back("go[@<version>]");
  known.push_back("cpp@<label>=<path to another build's dsconform-engine>");
  known.push_back("process:<engine program>");
  return known;
}

}  // namespace

EngineRequest EngineRequestFromFlags() {
  EngineRequest request;
  request.specs = SplitList(absl::GetFlag(FLAGS_engines));
  request.jvm_options = SplitList(absl::GetFlag(FLAGS_jvm_options));
  request.java_jar = absl::GetFlag(FLAGS_java_jar);
  request.engine_memory_mib = absl::GetFlag(FLAGS_engine_memory);
  auto budget = MemoryBudgetFromFlag();
  request.memory_budget_bytes = budget.ok() ? *budget : -1;  // ResolveEngines says what is wrong
  request.native_apart = !absl::GetFlag(FLAGS_fuzz_from).empty();
  return request;
}

std::vector<std::string> DescribeEngines() {
  std::vector<std::string> lines;
#ifdef DSCONFORM_HAVE_CPP
  lines.push_back(absl::StrCat(CppEngineName(), "  (spec: cpp) the datasketches-cpp compiled into this build"));
  // What that tree lacks answers unsupported (docs/native-releases.md).
  for (const auto& [family, lacks] : CppEngineLacks())
    for (const auto& line : lacks) lines.push_back(absl::StrCat("  lacks ", family, " ", line));
#else
  lines.push_back(kNoCpp);
#endif
  for (auto& line : DescribePythonEngines()) lines.push_back(std::move(line));
  for (auto& line : DescribeRustEngines()) lines.push_back(std::move(line));
  for (auto& line : DescribeGoEngines()) lines.push_back(std::move(line));
  for (auto& line : DescribeProcessEngines()) lines.push_back(std::move(line));
  auto staged = ListStagedJavaVersions();
  if (!staged.ok()) {
    lines.push_back(absl::StrCat("java: ", staged.status().message()));
    return lines;
  }
  auto catalog = ReadJavaCatalog();
  for (const auto& v : *staged)
    lines.push_back(absl::StrCat("java@", v.label, ", java-direct@", v.label, "  datasketches-java from ", v.source,
                                 v.is_default ? " (the default: java, java-direct)" : "",
                                 catalog.ok() && v.java_home != catalog->java_home
                                     ? absl::StrCat(", out of process on ", v.java_home, " (dsconform-java-engine)")
                                     : ""));
  return lines;
}

absl::StatusOr<size_t> EngineIndex(const std::vector<std::string>& names, const std::string& flag,
                                   const std::string& spec) {
  // A spec as --engines takes it: a name, a kind, or a name with its program (cpp@master=<path>).
  const std::string name = spec.substr(0, spec.find('='));
  for (size_t i = 0; i < names.size(); ++i)
    if (names[i] == name) return i;
  for (size_t i = 0; i < names.size(); ++i)
    if (names[i].substr(0, names[i].find('@')) == name) return i;
  return absl::InvalidArgumentError(absl::StrCat("--", flag, "=", spec, " names none of the engines of this run (",
                                                 absl::StrJoin(names, ", "), ")"));
}

absl::StatusOr<size_t> ReferenceIndex(const std::vector<std::string>& names, const std::string& reference) {
  if (reference.empty()) return 0;
  return EngineIndex(names, "reference", reference);
}

#ifdef DSCONFORM_HAVE_CPP
namespace {

// "cpp" as an out-of-process spec: this build's dsconform-engine, beside the running dsconform.
absl::StatusOr<std::string> NativeApartSpec() {
  std::error_code ec;
  const std::filesystem::path self = std::filesystem::canonical("/proc/self/exe", ec);
  const std::filesystem::path program = self.parent_path() / "dsconform-engine";
  if (ec || !std::filesystem::exists(program, ec))
    return absl::FailedPreconditionError(absl::StrCat(
        "cpp: damaged images (--fuzz_from) run the native engine in its own process, and this build has no ",
        "dsconform-engine beside dsconform (build the target, or name one: cpp@<label>=<path>)"));
  return absl::StrCat(CppEngineName(), "=", program.string());
}

}  // namespace
#endif

bool HaveCpp() {
#ifdef DSCONFORM_HAVE_CPP
  return true;
#else
  return false;
#endif
}

absl::StatusOr<std::vector<std::unique_ptr<EngineFactory>>> ResolveEngines(const EngineRequest& request) {
  if (request.engine_memory_mib < 0)
    return absl::InvalidArgumentError(absl::StrCat("--engine_memory=", request.engine_memory_mib, ": MiB, 0 or more"));
  if (request.memory_budget_bytes < 0) return MemoryBudgetFromFlag().status();
  std::vector<std::string> specs = request.specs;
  if (specs.size() == 1 && specs[0] == "auto") {
    // The Java reference against every build of the native library this
    // machine has: compiled in, the released Python wheel once set up, and the Rust crate and
    // Go module the build made with cargo and go.
    specs = {"java"};
    if (HaveCpp()) specs.push_back("cpp");
    auto python = ParsePythonEngineSpec("python");
    if (python.ok() && python->has_value()) specs.push_back("python");
    auto rust = ParseRustEngineSpec("rust");
    if (rust.ok() && rust->has_value()) specs.push_back("rust");
    auto go = ParseGoEngineSpec("go");
    if (go.ok() && go->has_value()) specs.push_back("go");
    if (specs.size() == 1) specs.push_back("java-direct");
  }
  if (!request.java_jar.empty()) specs.push_back("java@" + request.java_jar);
  std::vector<std::unique_ptr<EngineFactory>> out;
  for (std::string spec : specs) {
#ifdef DSCONFORM_HAVE_CPP
    if (request.native_apart && (spec == "cpp" || spec == CppEngineName())) {
      auto apart = NativeApartSpec();
      if (!apart.ok()) return apart.status();
      spec = *apart;
    }
#endif
    // Out-of-process engines first: "cpp@pr-123=<path>" is one of theirs.
    auto process = ParsePythonEngineSpec(spec);
    bool jvm = false;
    if (process.ok() && !process->has_value()) {
      process = ParseJavaLegacyEngineSpec(spec, request.jvm_options);
      jvm = process.ok() && process->has_value();
    }
    if (process.ok() && !process->has_value()) process = ParseRustEngineSpec(spec);
    if (process.ok() && !process->has_value()) process = ParseGoEngineSpec(spec);
    if (process.ok() && !process->has_value()) process = ParseProcessEngineSpec(spec);
    if (!process.ok()) return process.status();
    if (process->has_value()) {
      (*process)->memory_limit_mib = request.engine_memory_mib;
      // Not a JVM's: its heap holds garbage until it collects, which is no leak (--jvm_options' -Xmx bounds it).
      if (request.memory_budget_bytes > 0 && !jvm)
        (*process)->retire_above_mib = EngineProcessRetireMib(request.memory_budget_bytes);
      auto f = MakeProcessEngineFactory(**process);
      if (!f.ok()) return f.status();
      out.push_back(std::move(*f));
      continue;
    }
    if (absl::StartsWith(spec, kCorpusSpecPrefix)) {
      auto corpus = ReadCorpus(spec.substr(sizeof(kCorpusSpecPrefix) - 1), CompiledFamilies());
      if (!corpus.ok()) return corpus.status();
      out.push_back(MakeCorpusEngineFactory(std::make_shared<const Corpus>(std::move(*corpus))));
      continue;
    }
    if (spec == "cpp" || absl::StartsWith(spec, "cpp@")) {
#ifdef DSCONFORM_HAVE_CPP
      auto f = MakeCppEngineFactory();
      if (spec != "cpp" && spec != f->name())
        return absl::InvalidArgumentError(absl::StrCat("engine ", spec, ": this build has ", f->name(),
                                                       " (one native engine per build; run a second build out of process)"));
      out.push_back(std::move(f));
      continue;
#else
      return absl::InvalidArgumentError(kNoCpp);
#endif
    }
    if (spec == "java" || spec == "java-direct" || absl::StartsWith(spec, "java@") ||
        absl::StartsWith(spec, "java-direct@")) {
      auto js = ParseJavaEngineSpec(spec);
      if (!js.ok()) return js.status();
      js->jvm.extra = request.jvm_options;  // an -Xmx among them comes later and wins
      if (request.memory_budget_bytes > 0)
        js->jvm.max_heap = absl::StrCat(JavaHeapBytes(request.memory_budget_bytes) >> 20, "m");
      auto f = MakeJavaEngineFactory(*js);
      if (!f.ok()) return f.status();
      out.push_back(std::move(*f));
      continue;
    }
    return absl::InvalidArgumentError(
        absl::StrCat("unknown engine '", spec, "' (this build can run: ", absl::StrJoin(Known(), ", "), ")"));
  }
  return out;
}

}  // namespace dsconform
