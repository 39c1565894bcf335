// Every family's repro programs compile, run, and print what the engines
// observe: for the first smoke case of each suite (and the vocabulary's
// examples, a case with hostile slot names, a case a library exception ends),
// the Java program's output must equal the java engine's observations of the
// first stage and the C++ program's the native engine's, field by field, bit
// for bit. The programs are built with the real toolchains
// (snippet_programs.h); the engines are the ones `dsconform run` uses.
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <future>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "absl/strings/escaping.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"
#include "frontends/cli/engine_catalog.h"
#include "frontends/conformance/snippet_programs.h"
#include "gtest/gtest.h"
#include "harness/diff/differ.h"
#include "harness/engine/declared_steps.h"
#include "harness/engine/engine.h"
#include "harness/family/case_validation.h"
#include "sketches/compiled_families.h"

namespace dsconform {
namespace {

namespace fs = std::filesystem;
using Lines = std::vector<std::string>;

// --- the cases

struct SnippetCase {
  std::string label;  // the test's name
  Case c;
};

// The case whose first stage uses the most kinds of step (then the most
// steps, then the most items): the richest text.
const Case* RichestCase(const std::vector<Case>& cases) {
  const Case* best = nullptr;
  std::tuple<size_t, size_t, int64_t> most{0, 0, 0};
  for (const Case& c : cases) {
    std::set<std::string> steps;
    int64_t items = 0;
    for (const Op& op : c.ops) {
      steps.insert(op.op);
      if (op.items) items += op.items->count;
    }
    const std::tuple<size_t, size_t, int64_t> size{steps.size(), c.ops.size(), items};
    if (size > most) best = &c, most = size;
  }
  return best;
}

// `c` with every slot renamed to a name no program may use as it is (keywords
// of either language, the programs' own names, names that are no identifier),
// images and members that name slots following; without its cross stage.
Case WithHostileSlotNames(const Case& c, const Family& family) {
  static const char* const kHostile[] = {"union", "2nd-copy", "i", "class", "int", "rng", "op", "java", "item",
                                         "std", "e", "OUT", "offsets", "-", "_1", "a-b"};
  Case out = c;
  out.id = c.id + "/hostile-names";
  out.cross.reset();
  out.invariants.clear();
  std::map<std::string, std::string> renamed;
  auto rename = [&](const std::string& slot) {
    auto [it, fresh] = renamed.emplace(slot, "");
    if (fresh) it->second = renamed.size() <= std::size(kHostile) ? kHostile[renamed.size() - 1] : "x" + slot;
    return it->second;
  };
  std::map<std::string, std::string> images;  // a serialize step's field, before -> after
  for (Op& op : out.ops) {
    const StepSpec* spec = family.vocabulary().FindStep(op.op);
    if (spec == nullptr) continue;
    const std::string old_sketch = op.sketch;
    if (!op.sketch.empty()) op.sketch = rename(op.sketch);
    for (const MemberSpec& m : spec->members) {
      if (!op.args.contains(m.name)) continue;
      if (m.type == "slot") op.args[m.name] = rename(op.Str(m.name.c_str()));
      if (m.type == "image" && images.count(op.Str(m.name.c_str()))) op.args[m.name] = images[op.Str(m.name.c_str())];
    }
    if (op.op == "serialize" && !op.args.contains("as"))
      images[absl::StrCat(old_sketch, ".", op.Str("form"))] = absl::StrCat(op.sketch, ".", op.Str("form"));
  }
  return out;
}

// `c` with a step in the middle of its first stage that reads an image no
// library reads: the library's exception ends the stage there.
Case WithGarbageImage(const Case& c, const Family& family) {
  Case out = c;
  out.id = c.id + "/garbage-image";
  out.cross.reset();
  out.invariants.clear();
  out.inputs["garbage"] = std::string("\x01\x02\x03\x04\x05\x06\x07\x08", 8);
  Op op;
  op.op = "deserialize";
  op.sketch = "garbage";
  for (const MemberSpec& m : family.vocabulary().FindStep("deserialize")->members) {
    if (m.type == "image") op.args[m.name] = "garbage";
    if (m.type == "enum" && !m.optional) op.args[m.name] = m.values.front();  // mode heapify, item double
  }
  out.ops.insert(out.ops.begin() + static_cast<std::ptrdiff_t>(out.ops.size() / 2), op);
  return out;
}

std::string TestName(size_t index, const std::string& label) {
  std::string name = absl::StrCat(index, "_");
  for (char ch : label) name += std::isalnum(static_cast<unsigned char>(ch)) ? ch : '_';
  return name;
}

const std::vector<SnippetCase>& Cases() {
  static const auto* cases = [] {
    auto* out = new std::vector<SnippetCase>();
    for (const Family* family : CompiledFamilies().all()) {
      std::vector<Case> smoke;
      for (const Suite* suite : family->suites()) {
        // Each suite's first smoke case only: every program costs a C++ compile and a JVM start
        // (the default test run stays short); the family's richest case follows below.
        std::vector<Case> generated = suite->Generate(SuiteScale::kSmoke);
        if (!generated.empty()) out->push_back({generated.front().id, generated.front()});
        for (Case& c : generated) smoke.push_back(std::move(c));
      }
      for (const StepSpec& step : family->vocabulary().steps()) {
        if (step.example.empty()) continue;
        nlohmann::json program = {{"id", absl::StrCat(family->name(), "/example/", step.name)},
                                  {"family", family->name()},
                                  {"ops", nlohmann::json(step.example)}};
        auto example = CaseFromJson(program);
        if (example.ok()) out->push_back({example->id, std::move(*example)});
      }
      if (const Case* rich = RichestCase(smoke)) {
        for (Case variant : {WithHostileSlotNames(*rich, *family), WithGarbageImage(*rich, *family)})
          out->push_back({variant.id, std::move(variant)});
      }
    }
    return out;
  }();
  return *cases;
}

// --- what the engines observe

// An observation as the programs print it.
std::string ObservationLine(const Field& f) {
  const Value& v = f.value;
  std::string value;
  switch (v.kind) {
    case Value::Kind::kBytes: value = absl::BytesToHexString(v.bytes); break;
    case Value::Kind::kDouble: value = absl::StrFormat("%016x", v.bits); break;
    case Value::Kind::kInt: value = absl::StrCat(static_cast<int64_t>(v.bits)); break;
    case Value::Kind::kBool: value = v.bits ? "true" : "false"; break;
    case Value::Kind::kString: value = v.bytes; break;
    case Value::Kind::kError: value = absl::StrCat(v.error_class, ": ", v.bytes); break;
    case Value::Kind::kUnsupported: value = absl::StrCat("not supported: ", v.bytes); break;
    case Value::Kind::kDigest:
    case Value::Kind::kOmitted: value = v.Summary(); break;
  }
  return absl::StrCat(f.name, "\t", value);
}

// One engine per language, for the whole process (one JVM).
class Engines {
 public:
  static Engine* Get(const std::string& spec) {
    static auto* engines = new std::map<std::string, std::unique_ptr<Engine>>();
    static auto* factories = new std::vector<std::unique_ptr<EngineFactory>>();
    auto it = engines->find(spec);
    if (it != engines->end()) return it->second.get();
    EngineRequest request;
    request.specs = {spec};
    auto resolved = ResolveEngines(request);
    std::unique_ptr<Engine> engine;
    if (resolved.ok()) {
      auto created = (*resolved)[0]->Create();
      if (created.ok()) engine = std::move(*created);
      for (auto& f : *resolved) factories->push_back(std::move(f));
    }
    return (*engines)[spec] = std::move(engine), (*engines)[spec].get();
  }
};

// The engine's observations of the first stage, as the runner gets them
// (steps it does not declare answered by the harness), one line per line of text.
Lines EngineLines(Engine& engine, const Case& c) {
  const std::vector<PreparedStage> stages = {PrepareStage(c, c.ops)};
  auto result = RunDeclaredSteps(engine, stages);
  EXPECT_TRUE(result.ok()) << engine.name() << ": " << result.status();
  if (!result.ok() || result->empty()) return {};
  std::string text;
  for (const Field& f : result->at(0).fields) absl::StrAppend(&text, ObservationLine(f), "\n");
  return absl::StrSplit(text, '\n', absl::SkipEmpty());
}

// --- comparing a program's output with an engine's

// The name of a line that says a field is not supported; empty for any other line.
std::string UnsupportedName(const std::string& line) {
  const size_t tab = line.find("\tnot supported: ");
  return tab == std::string::npos || line.find('\t') != tab ? "" : line.substr(0, tab);
}

// Whether `field` is the answer to a query only native engines give (to_string,
// heap_bytes): a program may say it cannot reproduce it.
bool NativeOnlyField(const Family& family, const std::string& field) {
  const QuerySpec* q = family.vocabulary().FindQuery(field.substr(field.rfind('.') + 1));
  return q != nullptr && q->native_only;
}

// The program printed what the engine observed: the same values (errors
// included) in the same order, and the same fields unsupported (the harness
// answers for undeclared steps after the engine's own fields, so as a set).
// A field the engine answers and the program cannot reproduce must be a
// native-only query, said so by the program.
void ExpectSameObservations(const Family& family, const Lines& program, const Lines& engine, const std::string& who) {
  std::set<std::string> program_unsupported, engine_unsupported;
  Lines program_values, engine_values;
  for (const std::string& l : program) {
    const std::string name = UnsupportedName(l);
    if (name.empty()) program_values.push_back(l);
    else program_unsupported.insert(name);
  }
  for (const std::string& l : engine) {
    const std::string name = UnsupportedName(l);
    if (!name.empty()) {
      engine_unsupported.insert(name);
      continue;
    }
    const std::string field = l.substr(0, l.find('\t'));
    if (program_unsupported.count(field) && NativeOnlyField(family, field)) {
      engine_unsupported.insert(field);  // the program said it does not reproduce this one
      continue;
    }
    engine_values.push_back(l);
  }
  // An engine that could not pin its random bits (kOwnRandomBitsField) drew its own for the
  // "lang." fields, and so did the program: those values are nobody's to reproduce.
  if (engine_unsupported.count(kOwnRandomBitsField)) {
    const auto drawn = [](const std::string& l) { return absl::StartsWith(l, "lang."); };
    program_values.erase(std::remove_if(program_values.begin(), program_values.end(), drawn), program_values.end());
    engine_values.erase(std::remove_if(engine_values.begin(), engine_values.end(), drawn), engine_values.end());
  }
  for (size_t i = 0; i < std::min(program_values.size(), engine_values.size()); ++i) {
    if (program_values[i] != engine_values[i]) {
      ADD_FAILURE() << who << ": first difference at value line " << i << "\n  program: "
                    << program_values[i].substr(0, 200) << "\n  engine:  " << engine_values[i].substr(0, 200);
      return;
    }
  }
  EXPECT_EQ(program_values.size(), engine_values.size())
      << who << ": same first lines, but " << program_values.size() << " vs " << engine_values.size()
      << "; first extra: "
      << (program_values.size() > engine_values.size() ? "program " + program_values[engine_values.size()]
          : engine_values.size() > program_values.size() ? "engine " + engine_values[program_values.size()]
                                                          : "")
             .substr(0, 200);
  EXPECT_EQ(program_unsupported, engine_unsupported) << who << ": fields not supported";
}

// --- the tests

// Where one test writes its programs; kept only when the test fails, for a person to look at.
fs::path ScratchDir() {
  return fs::path(::testing::TempDir()) / absl::StrCat("snippets_", getpid()) /
         ::testing::UnitTest::GetInstance()->current_test_info()->name();
}

class SnippetsReproduceTheEngines : public ::testing::TestWithParam<size_t> {
 protected:
  void TearDown() override {
    std::error_code ignored;
    if (HasFailure()) return;
    fs::remove_all(ScratchDir(), ignored);
    fs::remove(ScratchDir().parent_path(), ignored);  // only when no other test left files there
  }
};

TEST_P(SnippetsReproduceTheEngines, FieldByField) {
  const Case& c = Cases()[GetParam()].c;
  ASSERT_TRUE(ValidateCase(c, CompiledFamilies()).ok()) << ValidateCase(c, CompiledFamilies());
  const Family& family = *CompiledFamilies().Find(c.family);
  const std::string java_source = family.JavaSnippet(c), cpp_source = family.CppSnippet(c);
  ASSERT_FALSE(java_source.empty()) << family.name() << " has no Java program";
  ASSERT_FALSE(cpp_source.empty()) << family.name() << " has no C++ program";

  const fs::path dir = ScratchDir();
  fs::remove_all(dir);
  fs::create_directories(dir / "java");
  fs::create_directories(dir / "cpp");
  std::string skipped;
  // The toolchains are slow; the two programs build side by side.
  std::future<ProgramRun> java;
  if (const std::string why = JavaProgramsUnavailable(); why.empty()) {
    java = std::async(std::launch::async, RunJavaProgram, java_source, dir / "java");
  } else {
    skipped += " " + why;
  }
  // A C++ program needs the headers of what it reproduces: where the native engine says
  // its tree lacks the case's first sketch (an aos sketch before datasketches-cpp master),
  // the program would not compile, so it is skipped, saying so.
  std::string cpp_lacks;
  // A family datasketches-cpp does not have at all (Reservoir): the native engine declares none of
  // its steps, and its program only says so.
  if (Engine* engine = Engines::Get("cpp");
      engine != nullptr && (engine->capabilities().count(c.family) == 0 || engine->capabilities().at(c.family).empty())) {
    cpp_lacks = absl::StrCat("C++ program (", engine->name(), " has no ", c.family, ")");
  } else if (Engine* engine = Engines::Get("cpp"); engine != nullptr && !c.ops.empty()) {
    const std::string first = absl::StrCat(c.ops[0].sketch, ".", c.ops[0].op, "\tnot supported: ");
    for (const std::string& line : EngineLines(*engine, c))
      if (absl::StartsWith(line, first)) cpp_lacks = absl::StrCat("C++ program (", engine->name(), ": ", line.substr(first.size()), ")");
  }
  if (!cpp_lacks.empty()) {
    skipped += " " + cpp_lacks;
  } else if (const std::string why = CppProgramsUnavailable(); why.empty()) {
    const ProgramRun cpp = RunCppProgram(cpp_source, dir / "cpp");
    EXPECT_TRUE(cpp.ok) << cpp.log;
    Engine* engine = Engines::Get("cpp");
    ASSERT_NE(engine, nullptr) << "the native engine does not start";
    if (cpp.ok)
      ExpectSameObservations(family, absl::StrSplit(cpp.out, '\n', absl::SkipEmpty()), EngineLines(*engine, c),
                             "C++ program vs " + engine->name());
  } else {
    skipped += " " + why;
  }
  if (java.valid()) {
    const ProgramRun run = java.get();
    EXPECT_TRUE(run.ok) << run.log;
    Engine* engine = Engines::Get("java");
    ASSERT_NE(engine, nullptr) << "the java engine does not start";
    if (run.ok)
      ExpectSameObservations(family, absl::StrSplit(run.out, '\n', absl::SkipEmpty()), EngineLines(*engine, c),
                             "Java program vs " + engine->name());
  }
  if (!skipped.empty()) GTEST_SKIP() << "partly skipped:" << skipped;
}

INSTANTIATE_TEST_SUITE_P(EveryFamily, SnippetsReproduceTheEngines, ::testing::Range<size_t>(0, Cases().size()),
                         [](const ::testing::TestParamInfo<size_t>& info) {
                           return TestName(info.param, Cases()[info.param].label);
                         });

// --- the text alone (nothing compiled), on every smoke case

std::vector<Case> AllSmokeCases() {
  std::vector<Case> all;
  for (const Family* family : CompiledFamilies().all())
    for (const Suite* suite : family->suites())
      for (Case& c : suite->Generate(SuiteScale::kSmoke)) all.push_back(std::move(c));
  return all;
}

TEST(SnippetText, CrossStageIsLeftToReproWithWriter) {
  int crossed = 0;
  for (const Case& c : AllSmokeCases()) {
    if (!c.cross) continue;
    ++crossed;
    const Family& family = *CompiledFamilies().Find(c.family);
    for (const std::string& s : {family.JavaSnippet(c), family.CppSnippet(c)}) {
      EXPECT_TRUE(absl::StrContains(s, absl::StrCat("dsconform repro --writer=<engine> '", c.id, "'"))) << c.id;
      EXPECT_FALSE(absl::StrContains(s, absl::StrCat("// op ", c.ops.size(), ":"))) << c.id << ": a step past the first stage";
    }
  }
  EXPECT_GT(crossed, 0) << "no smoke case has a cross stage";
}

// Items are loops over their stream, never lists: a program is as long for a
// million items as for one.
TEST(SnippetText, LengthDoesNotGrowWithTheItems) {
  for (const Case& c : AllSmokeCases()) {
    Case more = c;
    size_t streams = 0;
    for (Op& op : more.ops)
      if (op.items) op.items->count = op.items->count * 1000 + 999, ++streams;
    const Family& family = *CompiledFamilies().Find(c.family);
    const auto java = family.JavaSnippet(c).size(), java_more = family.JavaSnippet(more).size();
    const auto cpp = family.CppSnippet(c).size(), cpp_more = family.CppSnippet(more).size();
    // A count is written at most three times (the step's JSON, its loop, its order), three digits longer.
    EXPECT_LE(java_more, java + 3 * 4 * streams) << c.id;
    EXPECT_LE(cpp_more, cpp + 3 * 4 * streams) << c.id;
  }
}

}  // namespace
}  // namespace dsconform
