// java@6.2.0 (java-bridge/legacy/: datasketches-java 6.2.0 in its own JDK 17 JVM, run by
// dsconform-java-engine) on real cases: its hello, the smoke slice of every family it runs against
// the native engine (judged by the project's known differences), a library exception and a
// garbage image as errors of their case, a JVM that dies as a crash of its case only, and a
// version or JDK that cannot be had refused with the reason. Skipped when 6.2.0 is not staged.
#include <sys/wait.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "java-bridge/legacy/java_legacy_engine_spec.h"
#include "frontends/conformance/port_engine_test_fixture.h"
#include "gtest/gtest.h"
#include "harness/case/case_builder.h"
#include "harness/expect/known_differences.h"
#include "harness/run/runner.h"
#include "java-bridge/staged_versions.h"
#include "nlohmann/json.hpp"
#include "sketches/compiled_families.h"
#ifdef DSCONFORM_HAVE_CPP
#include "engines/native/cpp_engine.h"
#endif

namespace dsconform {
namespace {

constexpr char kVersion[] = "java@6.2.0";

class JavaLegacyEngineTest : public PortEngineTest {
 protected:
  void SetUp() override { Start(Spec(), kVersion); }

  static absl::StatusOr<std::optional<ProcessEngineSpec>> Spec(const std::vector<std::string>& jvm_options = {}) {
    auto spec = ParseJavaLegacyEngineSpec(kVersion, jvm_options);
    if (spec.ok() && !spec->has_value())
      return absl::NotFoundError("datasketches-java 6.2.0 is not staged to run out of process in this build");
    return spec;
  }
};

Case HllCase(const std::string& id, int lg_k, int64_t n) {
  return CaseBuilder(id, "hll.legacy", "hll")
      .Step("create", "a", {{"lg_k", lg_k}, {"type", "HLL_8"}})
      .Update("a", Sequence(0, n))
      .Step("serialize", "a", {{"form", "compact"}})
      .Step("query", "a", {{"queries", {"estimate", "lg_k"}}})
      .Build();
}

TEST_F(JavaLegacyEngineTest, NamesItselfAfterTheReleaseAndDeclaresWhatItsApiAllows) {
  EXPECT_EQ(factory_->name(), kVersion);
  auto engine = factory_->Create();
  ASSERT_TRUE(engine.ok()) << engine.status();
  for (const char* family : {"hll", "theta", "cpc", "kll", "fi", "tuple", "bloom", "tdigest"})
    EXPECT_TRUE((*engine)->SupportsFamily(family)) << family;
  EXPECT_FALSE((*engine)->SupportsFamily("countmin"));  // the library has none before 9.0.0
}

TEST_F(JavaLegacyEngineTest, ALibraryExceptionIsAnErrorObservation) {
  const Observations obs = RunOne(HllCase("hll/legacy/lgk=3", 3, 1));
  ASSERT_EQ(obs.fields.size(), 1u);
  EXPECT_EQ(obs.fields[0].name, "error@op0");
  EXPECT_EQ(obs.fields[0].value.error_class, "org.apache.datasketches.common.SketchesArgumentException");
}

// A garbage image is the library's error of that case; the stage after it runs as usual.
TEST_F(JavaLegacyEngineTest, AGarbageImageIsAnErrorOfItsCaseAndTheEngineGoesOn) {
  Case garbage = CaseBuilder("hll/legacy/garbage", "hll.legacy", "hll")
                     .Step("deserialize", "b", {{"image", "garbage"}, {"mode", "heapify"}})
                     .Step("query", "b", {{"queries", {"estimate"}}})
                     .Build();
  const Case after = HllCase("hll/legacy/after", 10, 1000);
  auto engine = factory_->Create();
  ASSERT_TRUE(engine.ok()) << engine.status();
  PreparedStage stages[] = {PrepareStage(garbage, garbage.ops), PrepareStage(after, after.ops)};
  stages[0].images["garbage"] = std::string("\x05\x01\x07\x0a\x03\x00\x08\x00\xff\xff", 10);
  auto out = RunDeclaredSteps(**engine, absl::MakeConstSpan(stages));
  ASSERT_TRUE(out.ok()) << out.status();
  ASSERT_EQ(out->size(), 2u);
  ASSERT_EQ((*out)[0].fields.size(), 1u);
  EXPECT_EQ((*out)[0].fields[0].name, "error@op0");
  EXPECT_TRUE(absl::StartsWith((*out)[0].fields[0].value.error_class, "org.apache.datasketches") ||
              absl::StartsWith((*out)[0].fields[0].value.error_class, "java.lang."))
      << (*out)[0].fields[0].value.error_class;
  ASSERT_NE((*out)[1].Find("a.estimate"), nullptr);
  EXPECT_NEAR((*out)[1].Find("a.estimate")->AsDouble(), 1000, 50);
}

// A JVM that dies (here: told to crash when its small heap runs out, on a Theta sketch of lgK 21
// whose table is 32 MiB) is a crash of that case alone: the harness restarts the engine and the
// other cases of the batch carry their observations.
TEST_F(JavaLegacyEngineTest, AJvmThatDiesIsACrashOfItsCaseOnly) {
  // HotSpot's error report goes into a folder of this test's own, removed at the end.
  const std::filesystem::path reports = std::filesystem::temp_directory_path() / "dsconform-legacy-crash";
  std::filesystem::create_directories(reports);
  struct RemoveAtEnd {
    std::filesystem::path dir;
    ~RemoveAtEnd() { std::filesystem::remove_all(dir); }
  } remove_at_end{reports};
  auto spec = Spec({"-Xmx24m", "-XX:+CrashOnOutOfMemoryError", "-XX:-CreateCoredumpOnCrash",
                    "-XX:ErrorFile=" + (reports / "hs_err_%p.log").string()});
  ASSERT_TRUE(spec.ok() && spec->has_value()) << spec.status();
  auto small = MakeProcessEngineFactory(**spec);
  ASSERT_TRUE(small.ok()) << small.status();
  const Case big = CaseBuilder("theta/legacy/oom", "theta.legacy", "theta")
                       .Step("create", "t", {{"lg_k", 21}, {"rf", 1}})
                       .Update("t", Sequence(0, 10))
                       .Step("query", "t", {{"queries", {"estimate"}}})
                       .Build();
  const Case before = HllCase("hll/legacy/before", 8, 100), after = HllCase("hll/legacy/after", 9, 200);
  auto engine = (*small)->Create();
  ASSERT_TRUE(engine.ok()) << engine.status();
  const PreparedStage stages[] = {PrepareStage(before, before.ops), PrepareStage(big, big.ops),
                                  PrepareStage(after, after.ops)};
  auto out = RunDeclaredSteps(**engine, absl::MakeConstSpan(stages));
  ASSERT_TRUE(out.ok()) << out.status();
  ASSERT_EQ(out->size(), 3u);
  ASSERT_NE((*out)[0].Find("a.estimate"), nullptr);
  ASSERT_NE((*out)[2].Find("a.estimate"), nullptr);
  const Value* failure = (*out)[1].Find("engine_failure");
  ASSERT_NE(failure, nullptr) << (*out)[1].fields.size();
  EXPECT_EQ(failure->error_class, "crash");  // HotSpot aborts with status 1 after writing its error report
  EXPECT_TRUE(absl::StrContains(failure->bytes, "OutOfMemoryError")) << failure->bytes;  // its stderr's tail
}

TEST(JavaLegacyEngineSpec, AVersionThatIsNotStagedExitsWith2AndSaysWhy) {
  const std::string program = DefaultJavaEngineProgram();
  if (program.empty() || !std::filesystem::exists(program)) GTEST_SKIP() << "no dsconform-java-engine in this build";
  const std::string err = (std::filesystem::temp_directory_path() / "dsconform-legacy-refusal.txt").string();
  const int status = std::system((program + " --engine=java@6.0.0 --hello 2>" + err + " >/dev/null").c_str());
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 2);
  std::string text;
  {
    std::ifstream in(err);
    text.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  std::filesystem::remove(err);
  EXPECT_TRUE(absl::StrContains(text, "datasketches-java 6.0.0 is not staged")) << text;
  EXPECT_TRUE(absl::StrContains(text, "DATASKETCHES_JAVA_EXTRA_VERSIONS=6.0.0")) << text;
}

// A staged legacy version whose JDK 17 is gone is refused before any process starts, with what to do.
TEST(JavaLegacyEngineSpec, AMissingJdkIsRefusedWithTheReason) {
  auto catalog = ReadJavaCatalog();
  if (!catalog.ok() || catalog->Find("6.2.0") == nullptr) GTEST_SKIP() << "6.2.0 is not staged";
  std::ifstream in(catalog->path);
  nlohmann::json j = nlohmann::json::parse(in);
  for (auto& v : j["versions"])
    if (v["label"] == "6.2.0") v["java_home"] = "/nonexistent/jdk-17";
  const std::string path = (std::filesystem::temp_directory_path() / "dsconform-legacy-engines.json").string();
  std::ofstream(path) << j.dump(1);
  auto spec = ParseJavaLegacyEngineSpec(kVersion, {}, path);
  auto in_process = ParseJavaLegacyEngineSpec("java@9.1.0", {}, path);
  std::filesystem::remove(path);
  ASSERT_FALSE(spec.ok());
  EXPECT_EQ(spec.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_TRUE(absl::StrContains(spec.status().message(), "/nonexistent/jdk-17")) << spec.status();
  EXPECT_TRUE(absl::StrContains(spec.status().message(), "-DJAVA_LEGACY_HOME")) << spec.status();
  // A 9.x version stays in process: not this wing's.
  ASSERT_TRUE(in_process.ok());
  EXPECT_FALSE(in_process->has_value());
}

#ifdef DSCONFORM_HAVE_CPP
// Every family the engine runs, its smoke slice against the native engine (first stages and cross
// stages both ways): each difference is one the project's rules know (F6, F7, K2, J1, TH*, ...).
TEST_F(JavaLegacyEngineTest, AgreesWithTheNativeEngineAtSmokeScaleBeyondTheKnownDifferences) {
  auto cpp = MakeCppEngineFactory();
  ExpectSmokeAgreement(*cpp, {"hll", "theta", "cpc", "kll", "fi", "tuple", "bloom", "tdigest"}, 1000);
}
#endif

}  // namespace
}  // namespace dsconform
