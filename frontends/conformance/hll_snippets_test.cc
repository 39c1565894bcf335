// The repro snippets compile, run, and print what the harness observes: each
// case's Java and C++ programs are built with the real toolchains and their
// output compared line by line with the native engine's observations, with
// each other, and with direct library calls made here.
#include "sketches/hll/hll_snippets.h"

#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <future>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/escaping.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"
#include "gtest/gtest.h"
#include "harness/case/case_builder.h"
#include "harness/engine/engine.h"
#include "sketches/hll/hll_suites.h"

#ifdef DSC_HAVE_CPP
#include "hll.hpp"
#include "engines/native/cpp_engine.h"
#endif

namespace dsconform {
namespace {

namespace fs = std::filesystem;
using Lines = std::vector<std::string>;

// --- running programs

std::string ReadFile(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string ShellQuote(const std::string& s) {
  std::string out = "'";
  for (char ch : s) out += ch == '\'' ? std::string("'\\''") : std::string(1, ch);
  return out + "'";
}

struct Ran {
  bool ok = false;
  Lines lines;      // stdout, one entry per line
  std::string log;  // the command and its stderr, for failure messages
};

// Runs `command` in `dir` (bounded by `timeout`), its stdout and stderr in files there.
Ran RunIn(const fs::path& dir, const std::string& command) {
  const std::string full = absl::StrCat("cd ", ShellQuote(dir.string()), " && timeout 300 ", command,
                                        " >stdout.txt 2>stderr.txt");
  Ran r;
  const int status = std::system(full.c_str());
  r.ok = status == 0;
  r.lines = absl::StrSplit(ReadFile(dir / "stdout.txt"), '\n', absl::SkipEmpty());
  r.log = absl::StrCat("$ ", full, "\n(exit status ", status, ")\n", ReadFile(dir / "stderr.txt").substr(0, 4000));
  return r;
}

// Where one test writes its programs; kept only when the test fails, for a person to look at.
fs::path ScratchDir() {
  return fs::path(::testing::TempDir()) / absl::StrCat("hll_snippets_", getpid()) /
         ::testing::UnitTest::GetInstance()->current_test_info()->name();
}

class HllSnippets : public ::testing::Test {
 protected:
  void TearDown() override {
    std::error_code ignored;
    if (HasFailure()) return;
    fs::remove_all(ScratchDir(), ignored);
    fs::remove(ScratchDir().parent_path(), ignored);  // only when no other test left files there
  }
};

bool JavaAvailable(std::string* why) {
  if (!fs::exists(DSC_SNIPPET_JAVA)) {
    *why = absl::StrCat("no java at ", DSC_SNIPPET_JAVA, " (set -DDSC_SNIPPET_JAVA_HOME)");
    return false;
  }
  if (!fs::exists(DSC_SNIPPET_JAVA_JAR)) {
    *why = absl::StrCat("no datasketches-java jar at ", DSC_SNIPPET_JAVA_JAR, " (set -DDSC_SNIPPET_JAVA_JAR)");
    return false;
  }
  return true;
}

// The Java program as a person would run it: a single-file source launch.
Ran RunJavaSnippet(const std::string& source, const fs::path& dir) {
  std::ofstream(dir / "Repro.java") << source;
  return RunIn(dir, absl::StrCat(ShellQuote(DSC_SNIPPET_JAVA), " -XX:TieredStopAtLevel=1 -cp ", ShellQuote(DSC_SNIPPET_JAVA_JAR),
                                 " Repro.java"));
}

#ifdef DSC_HAVE_CPP
Ran RunCppSnippet(const std::string& source, const fs::path& dir) {
  std::ofstream(dir / "repro.cc") << source;
  std::string includes;
  for (absl::string_view d : absl::StrSplit(DSC_SNIPPET_CPP_INCLUDES, '|', absl::SkipEmpty()))
    absl::StrAppend(&includes, " -I", ShellQuote(std::string(d)));
  Ran built = RunIn(dir, absl::StrCat(ShellQuote(DSC_SNIPPET_CXX), " -std=c++17 -O0 -Wall", includes,
                                      " repro.cc -o repro"));
  if (!built.ok) return built;
  return RunIn(dir, "./repro");
}
#endif

// --- what the harness observes

#ifdef DSC_HAVE_CPP
// An observation as the snippets print it.
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

// The native engine's observations of the case's first stage.
Lines EngineLines(const Case& c) {
  auto engine = MakeCppEngineFactory()->Create();
  EXPECT_TRUE(engine.ok()) << engine.status();
  if (!engine.ok()) return {};
  const std::vector<PreparedStage> stages = {PrepareStage(c, c.ops)};
  auto result = (*engine)->Run(stages);
  EXPECT_TRUE(result.ok()) << result.status();
  if (!result.ok() || result->empty()) return {};
  Lines lines;
  for (const Field& f : result->at(0).fields) lines.push_back(ObservationLine(f));
  return lines;
}
#endif

// The fields a case's first stage produces, in order, with the kind of value
// each must print: worked out from the case alone, as docs/case-format.md says.
enum class Expect { kHex, kDouble, kInt, kBool, kType };
std::vector<std::pair<std::string, Expect>> ExpectedFields(const Case& c) {
  std::vector<std::pair<std::string, Expect>> out;
  for (const Op& op : c.ops) {
    const std::string prefix = op.Str("as", op.sketch);
    if (op.op == "serialize") out.push_back({absl::StrCat(prefix, ".", op.Str("form")), Expect::kHex});
    if (op.op == "rel_err") out.push_back({prefix, Expect::kDouble});
    if (op.op != "query") continue;
    for (const std::string& q : op.StrList("queries")) {
      Expect e = Expect::kDouble;
      if (q == "is_empty" || q == "is_compact") e = Expect::kBool;
      if (q == "lg_k" || q == "compact_size" || q == "updatable_size") e = Expect::kInt;
      if (q == "type") e = Expect::kType;
      out.push_back({absl::StrCat(prefix, ".", q), e});
    }
  }
  return out;
}

bool WellFormed(const std::string& value, Expect e) {
  auto all = [&](const char* chars) { return value.find_first_not_of(chars) == std::string::npos; };
  switch (e) {
    case Expect::kHex: return !value.empty() && value.size() % 2 == 0 && all("0123456789abcdef");
    case Expect::kDouble: return value.size() == 16 && all("0123456789abcdef");
    case Expect::kInt: return !value.empty() && all("0123456789");
    case Expect::kBool: return value == "true" || value == "false";
    case Expect::kType: return value == "HLL_4" || value == "HLL_6" || value == "HLL_8";
  }
  return false;
}

// Every field of the case, in order, each with a well-formed value.
void ExpectEveryFieldInOrder(const Case& c, const Lines& lines, const std::string& who) {
  const auto fields = ExpectedFields(c);
  ASSERT_EQ(lines.size(), fields.size()) << who << " printed " << lines.size() << " lines for " << fields.size()
                                         << " fields";
  for (size_t i = 0; i < fields.size(); ++i) {
    const std::vector<std::string> parts = absl::StrSplit(lines[i], absl::MaxSplits('\t', 1));
    ASSERT_EQ(parts.size(), 2u) << who << " line " << i << ": " << lines[i].substr(0, 120);
    EXPECT_EQ(parts[0], fields[i].first) << who << " line " << i;
    EXPECT_TRUE(WellFormed(parts[1], fields[i].second))
        << who << " line " << i << ": " << lines[i].substr(0, 120);
  }
}

// Line-by-line equality, reporting the first difference (images are long).
void ExpectSameLines(const Lines& actual, const Lines& expected, const std::string& what) {
  for (size_t i = 0; i < std::min(actual.size(), expected.size()); ++i) {
    if (actual[i] != expected[i]) {
      ADD_FAILURE() << what << ": first difference at line " << i << "\n  got:      " << actual[i].substr(0, 160)
                    << "\n  expected: " << expected[i].substr(0, 160);
      return;
    }
  }
  EXPECT_EQ(actual.size(), expected.size()) << what << ": same first lines, different counts";
}

// --- where the two libraries differ

// Differences between datasketches-java (9.0.0) and datasketches-cpp (5.2.0)
// that the cases below hit, each as a mask of exactly the differing bits, so
// that everything else about those fields is still compared.
struct KnownDifference {
  const char* what;
  // Masks `value` of field `name` in place; false when this difference cannot apply to the field.
  bool (*mask)(const std::string& name, std::string* value);
};

int HexByte(const std::string& hex, size_t i) { return std::stoi(hex.substr(2 * i, 2), nullptr, 16); }

const KnownDifference kKnownDifferences[] = {
    {"HLL_6/HLL_8 compact images: datasketches-cpp sets the compact flag (byte 5, 0x08), datasketches-java does not",
     [](const std::string& name, std::string* hex) {
       if (!absl::EndsWith(name, ".compact") || hex->size() < 16) return false;
       if (((HexByte(*hex, 7) >> 2) & 3) == 0) return false;  // byte 7 holds the type in bits 2-3; 0 is HLL_4
       hex->replace(10, 2, absl::StrFormat("%02x", HexByte(*hex, 5) & ~0x08));
       return true;
     }},
    {"upper relative errors: datasketches-cpp returns them negative, datasketches-java positive",
     [](const std::string& name, std::string* bits) {
       if (!absl::StartsWith(name, "upper.") || bits->size() != 16) return false;
       (*bits)[0] = "01234567"[std::stoi(bits->substr(0, 1), nullptr, 16) & 7];
       return true;
     }},
};

// Whether two printed lines are equal, or differ only by one known difference
// (then named in *what).
bool SameAsideFromKnownDifferences(const std::string& a, const std::string& b, const char** what = nullptr) {
  if (a == b) return true;
  std::vector<std::string> x = absl::StrSplit(a, absl::MaxSplits('\t', 1));
  std::vector<std::string> y = absl::StrSplit(b, absl::MaxSplits('\t', 1));
  if (x.size() != 2 || y.size() != 2 || x[0] != y[0]) return false;
  for (const KnownDifference& d : kKnownDifferences) {
    std::string xv = x[1], yv = y[1];
    if (d.mask(x[0], &xv) && d.mask(y[0], &yv) && xv == yv) {
      if (what != nullptr) *what = d.what;
      return true;
    }
  }
  return false;
}

// The Java output equals the C++ one line by line, known differences masked.
// Returns the names of the fields that needed a mask.
std::vector<std::string> ExpectSameAsideFromKnownDifferences(const Lines& java, const Lines& cpp) {
  std::vector<std::string> masked;
  Lines java_masked = java, cpp_masked = cpp;
  for (size_t i = 0; i < std::min(java.size(), cpp.size()); ++i) {
    const char* what = nullptr;
    if (java[i] == cpp[i] || !SameAsideFromKnownDifferences(java[i], cpp[i], &what)) continue;
    const std::string name = java[i].substr(0, java[i].find('\t'));
    java_masked[i] = cpp_masked[i] = absl::StrCat(name, "\t(", what, ")");
    masked.push_back(name);
  }
  ExpectSameLines(java_masked, cpp_masked, "java vs c++ snippet, known differences masked");
  return masked;
}

std::string LineOf(const Lines& lines, const std::string& name) {
  for (const std::string& l : lines)
    if (absl::StartsWith(l, name + "\t")) return l;
  return "";
}

// --- the cases

Case FromSuite(const Suite& suite, const std::string& id_part) {
  for (Case& c : suite.Generate(SuiteScale::kSmoke))
    if (absl::StrContains(c.id, id_part)) return std::move(c);
  ADD_FAILURE() << suite.name() << " has no smoke case with '" << id_part << "' in its id";
  return Case{};
}

// Both programs for one case, run side by side (the toolchains are slow, the
// machine has cores to spare between them).
struct Outputs {
  Ran java;
  Ran cpp;
  bool java_skipped = false;
  bool cpp_skipped = false;
  std::string skip_reason;
};

Outputs RunBoth(const Case& c) {
  Outputs out;
  const fs::path dir = ScratchDir();
  fs::remove_all(dir);
  fs::create_directories(dir / "java");
  fs::create_directories(dir / "cpp");
  std::string why;
  std::future<Ran> java;
  if (JavaAvailable(&why)) {
    java = std::async(std::launch::async, RunJavaSnippet, HllJavaSnippet(c), dir / "java");
  } else {
    out.java_skipped = true;
    out.skip_reason = why;
  }
#ifdef DSC_HAVE_CPP
  out.cpp = RunCppSnippet(HllCppSnippet(c), dir / "cpp");
#else
  out.cpp_skipped = true;
  out.skip_reason += " built without datasketches-cpp (DSC_HAVE_CPP is OFF): the C++ snippet is not compiled";
#endif
  if (java.valid()) out.java = java.get();
  return out;
}

// The checks every suite case gets: each program ran and printed every field
// in order, the C++ one exactly what the native engine observes, and the Java
// one the same lines, identical or up to the known differences of the libraries.
enum class Agreement { kIdentical, kAsideFromKnownDifferences };

void ExpectBothReproduceTheHarness(const Case& c, const Outputs& out, Agreement agreement) {
  if (!out.java_skipped) {
    ASSERT_TRUE(out.java.ok) << out.java.log;
    ExpectEveryFieldInOrder(c, out.java.lines, "java snippet");
  }
  if (!out.cpp_skipped) {
    ASSERT_TRUE(out.cpp.ok) << out.cpp.log;
    ExpectEveryFieldInOrder(c, out.cpp.lines, "c++ snippet");
#ifdef DSC_HAVE_CPP
    const Lines engine = EngineLines(c);
    ExpectSameLines(out.cpp.lines, engine, "c++ snippet vs the native engine");
#endif
  }
  if (!out.java_skipped && !out.cpp_skipped && agreement == Agreement::kIdentical) {
    ExpectSameLines(out.java.lines, out.cpp.lines, "java vs c++ snippet");
  } else if (!out.java_skipped && !out.cpp_skipped) {
    const auto masked = ExpectSameAsideFromKnownDifferences(out.java.lines, out.cpp.lines);
    if (!masked.empty()) std::printf("known differences masked in %zu fields, e.g. %s\n", masked.size(), masked[0].c_str());
  }
  if (out.java_skipped || out.cpp_skipped) GTEST_SKIP() << "partly skipped:" << out.skip_reason;
}

#ifdef DSC_HAVE_CPP
// A sketch built here by direct library calls, from the same item tape the
// engines read, for a case whose steps 0 and 1 are create and update of `a`.
datasketches::hll_sketch DirectSketch(const Case& c) {
  const Op& create = c.ops.at(0);
  const datasketches::target_hll_type type = create.Str("type") == "HLL_4"   ? datasketches::HLL_4
                                             : create.Str("type") == "HLL_6" ? datasketches::HLL_6
                                                                             : datasketches::HLL_8;
  datasketches::hll_sketch sketch(static_cast<uint8_t>(create.Int("lg_k")), type);
  const ItemStream& items = *c.ops.at(1).items;
  const std::string tape = EncodeItemTape(items);
  for (size_t pos = 0; pos < tape.size();) {
    if (items.kind() == ItemKind::kLong || items.kind() == ItemKind::kDouble) {
      uint64_t bits;
      std::memcpy(&bits, tape.data() + pos, 8);  // little-endian host, as the tape
      pos += 8;
      double d;
      std::memcpy(&d, &bits, 8);
      if (items.kind() == ItemKind::kLong) sketch.update(static_cast<int64_t>(bits));
      else sketch.update(d);
    } else {
      uint32_t len;
      std::memcpy(&len, tape.data() + pos, 4);
      const std::string item = tape.substr(pos + 4, len);
      pos += 4 + len;
      if (items.kind() == ItemKind::kString) sketch.update(item);
      else sketch.update(item.data(), item.size());
    }
  }
  return sketch;
}

void ExpectEstimateAndImageOfDirectCalls(const Case& c, const Outputs& out) {
  const datasketches::hll_sketch direct = DirectSketch(c);
  double estimate = direct.get_estimate();
  uint64_t bits;
  std::memcpy(&bits, &estimate, 8);
  const auto image = direct.serialize_compact();
  const std::string estimate_line = absl::StrFormat("a.estimate\t%016x", bits);
  const std::string image_line =
      absl::StrCat("a.compact\t", absl::BytesToHexString(std::string(image.begin(), image.end())));
  for (const auto* ran : {&out.java, &out.cpp}) {
    if (ran->lines.empty()) continue;  // skipped; reported elsewhere
    // Java only up to the known differences (datasketches-cpp made the direct calls).
    EXPECT_TRUE(SameAsideFromKnownDifferences(LineOf(ran->lines, "a.estimate"), estimate_line))
        << LineOf(ran->lines, "a.estimate") << " vs direct " << estimate_line;
    EXPECT_TRUE(SameAsideFromKnownDifferences(LineOf(ran->lines, "a.compact"), image_line))
        << LineOf(ran->lines, "a.compact").substr(0, 200) << "...\n vs direct " << image_line.substr(0, 200) << "...";
  }
}
#endif

TEST_F(HllSnippets, MatrixCaseInHllModeReproducesTheHarnessInBothLanguages) {
  const Case c = FromSuite(HllMatrixSuite(), "hll/sketch/lgk=8/type=HLL_4/n=4096");
  const Outputs out = RunBoth(c);
#ifdef DSC_HAVE_CPP
  ExpectEstimateAndImageOfDirectCalls(c, out);
#endif
  // The harness found the libraries equal on matrix cases: the snippets must be, line by line.
  ExpectBothReproduceTheHarness(c, out, Agreement::kIdentical);
}

TEST_F(HllSnippets, UnionOfThreeInputsInEveryOrderReproducesTheHarness) {
  // Inputs of lgK 8, 10 and 11 into lgMaxK 11. (At lgMaxK 8, where inputs are downsampled,
  // datasketches-cpp 5.2.0's result depends on the merge order, so the languages cannot agree.)
  const Case c = FromSuite(HllUnionSuite(), "hll/union/s=3/inputs=3/lgmaxk=11");
  const Outputs out = RunBoth(c);
  ExpectBothReproduceTheHarness(c, out, Agreement::kAsideFromKnownDifferences);
  // The suite's own invariant, in Java too: every merge order gives the same result.
  for (const auto* ran : {&out.java, &out.cpp}) {
    if (ran->lines.empty()) continue;
    auto image = [&](const std::string& union_slot) {
      const std::string line = LineOf(ran->lines, union_slot + "_HLL_4.compact");
      return line.substr(std::min(line.size(), line.find('\t') + 1));
    };
    for (const char* u : {"u1", "u2", "u3", "u4", "u5", "um"}) EXPECT_EQ(image(u), image("u0")) << u;
  }
}

TEST_F(HllSnippets, Utf8StringItemsReproduceTheHarness) {
  const Case c = FromSuite(HllItemsSuite(), "hll/items/gen=utf8_strings/lgk=12/type=HLL_6/n=1000");
  const Outputs out = RunBoth(c);
#ifdef DSC_HAVE_CPP
  ExpectEstimateAndImageOfDirectCalls(c, out);
#endif
  ExpectBothReproduceTheHarness(c, out, Agreement::kAsideFromKnownDifferences);
}

TEST_F(HllSnippets, SpecialAndRandomDoublesReproduceTheHarness) {
  const Case c = FromSuite(HllItemsSuite(), "hll/items/gen=doubles/lgk=12/type=HLL_8/n=1000");
  const Outputs out = RunBoth(c);
#ifdef DSC_HAVE_CPP
  ExpectEstimateAndImageOfDirectCalls(c, out);
#endif
  ExpectBothReproduceTheHarness(c, out, Agreement::kAsideFromKnownDifferences);
}

TEST_F(HllSnippets, RelativeErrorsReproduceTheHarness) {
  const Case c = FromSuite(HllRelativeErrorSuite(), "hll/rel_err/lgk=12");
  const Outputs out = RunBoth(c);
#ifdef DSC_HAVE_CPP
  for (const auto* ran : {&out.java, &out.cpp}) {
    if (ran->lines.empty()) continue;
    const double direct = datasketches::hll_sketch::get_rel_err(true, false, 12, 2);
    uint64_t bits;
    std::memcpy(&bits, &direct, 8);
    const std::string line = absl::StrFormat("upper.sd2\t%016x", bits);
    EXPECT_TRUE(SameAsideFromKnownDifferences(LineOf(ran->lines, "upper.sd2"), line))
        << LineOf(ran->lines, "upper.sd2") << " vs direct " << line;
  }
#endif
  ExpectBothReproduceTheHarness(c, out, Agreement::kAsideFromKnownDifferences);
}

// Every step kind, the other generators, slot names that are keywords or not
// identifiers, a Java-only wrap, and a library exception that ends the case.
Case EveryStepCase() {
  const nlohmann::ordered_json sketch_queries = HllSketchQueries();
  CaseBuilder b("hll/snippet-test/every-step", "", "hll");
  b.Step("create", "i", {{"lg_k", 10}, {"type", "HLL_8"}})
      // Seed 14 makes no empty array among the first 60: the libraries hash those differently (docs/items.md).
      .Update("i", {ItemGenerator::kByteArrays, 0, 14, 60})
      .Update("i", {ItemGenerator::kAsciiStrings, 5, 0, 200})
      .Update("i", Random(3, 500))
      .Step("query", "i", {{"queries", sketch_queries}})
      .Step("union", "union", {{"lg_max_k", 10}})
      .Update("union", Sequence(-50, 100))
      .Step("query", "union", {{"queries", HllUnionQueries()}})
      .Step("merge", "union", {{"from", "i"}, {"how", "copy"}})
      .Step("copy", "2nd-copy", {{"from", "i"}})
      .Step("convert", "h", {{"from", "i"}, {"type", "HLL_4"}})
      .Step("merge", "union", {{"from", "h"}, {"how", "move"}})
      .Step("result", "r", {{"from", "union"}, {"type", "HLL_6"}})
      .Step("serialize", "r", {{"form", "compact"}})
      .Step("serialize", "r", {{"form", "updatable"}, {"as", "r2"}})
      .Step("deserialize", "d", {{"image", "r.compact"}, {"mode", "heapify"}})
      .Update("d", {ItemGenerator::kUtf8Strings, -7, 0, 50})
      .Step("query", "d", {{"queries", sketch_queries}})
      .Step("query", "union", {{"queries", HllUnionQueries()}, {"as", "union.after"}})
      .Step("reset", "2nd-copy")
      .Step("query", "2nd-copy", {{"queries", {"is_empty", "estimate"}}})
      .Step("rel_err", "", {{"lg_k", 10}, {"upper", 1}, {"unioned", 1}, {"sd", 2}, {"as", "upper.unioned.sd2"}})
      .Step("deserialize", "w", {{"image", "r2.updatable"}, {"mode", "writable_wrap"}})
      .Update("w", Sequence(0, 10))
      .Step("query", "w", {{"queries", {"estimate"}}})
      .Step("serialize", "w", {{"form", "compact"}})
      .Step("create", "bad", {{"lg_k", 3}, {"type", "HLL_4"}})  // out of range: both libraries throw
      .Step("query", "bad", {{"queries", {"estimate"}}});
  return b.Build();
}

TEST_F(HllSnippets, EveryStepKindRunsUpToTheLibraryException) {
  const Case c = EveryStepCase();
  const Outputs out = RunBoth(c);
  const size_t error_op = c.ops.size() - 2;
  const std::string error_prefix = absl::StrCat("error@op", error_op, "\t");
  Lines shared;  // the lines both libraries print before the wrap
  if (!out.cpp_skipped) {
    ASSERT_TRUE(out.cpp.ok) << out.cpp.log;
    const Lines& lines = out.cpp.lines;
    ASSERT_GE(lines.size(), 2u);
    // Like the engine, the snippet skips the steps on w and goes on to the exception.
    EXPECT_EQ(lines[lines.size() - 2], "w.deserialize\tnot supported: wrap is a Java-only operation");
    EXPECT_EQ(lines.back(), error_prefix + "std::invalid_argument: Invalid value of k: 3");
#ifdef DSC_HAVE_CPP
    ExpectSameLines(lines, EngineLines(c), "c++ snippet vs the native engine");
#endif
    shared.assign(lines.begin(), lines.end() - 2);
    const auto fields = ExpectedFields(c);
    ASSERT_GE(fields.size(), shared.size());
    for (size_t i = 0; i < shared.size(); ++i)
      EXPECT_TRUE(absl::StartsWith(shared[i], fields[i].first + "\t")) << i << ": " << shared[i].substr(0, 80);
  }
  if (!out.java_skipped) {
    ASSERT_TRUE(out.java.ok) << out.java.log;
    const Lines& lines = out.java.lines;
    ASSERT_GE(lines.size(), 3u);
    EXPECT_TRUE(absl::StartsWith(lines.back(),
                                 error_prefix + "org.apache.datasketches.common.SketchesArgumentException: "))
        << lines.back();
    EXPECT_TRUE(absl::StartsWith(lines[lines.size() - 3], "w.estimate\t")) << lines[lines.size() - 3];
    EXPECT_TRUE(absl::StartsWith(lines[lines.size() - 2], "w.compact\t")) << lines[lines.size() - 2];
    if (!shared.empty()) ExpectSameAsideFromKnownDifferences(Lines(lines.begin(), lines.end() - 3), shared);
  }
  if (out.java_skipped || out.cpp_skipped) GTEST_SKIP() << "partly skipped:" << out.skip_reason;
}

// --- the text alone (nothing compiled)

TEST_F(HllSnippets, CrossStageIsLeftToReproWithWriter) {
  const Case c = FromSuite(HllCrossHeapifySuite(), "hll/cross/lgk=8/type=HLL_4/n=8");
  for (const std::string& s : {HllJavaSnippet(c), HllCppSnippet(c)}) {
    EXPECT_TRUE(absl::StrContains(s, "dsconform repro --writer=<engine> 'hll/cross/lgk=8/type=HLL_4/n=8'")) << s;
    EXPECT_FALSE(absl::StrContains(s, "heapify(")) << s;
    EXPECT_FALSE(absl::StrContains(s, "deserialize(")) << s;
  }
}

TEST_F(HllSnippets, LargeStreamsAreLoopsNotLists) {
  const Case c = FromSuite(HllMatrixSuite(), "hll/sketch/lgk=12/type=HLL_8/n=32768");
  const std::string java = HllJavaSnippet(c);
  const std::string cpp = HllCppSnippet(c);
  EXPECT_LT(java.size(), 4000u);
  EXPECT_LT(cpp.size(), 4000u);
  EXPECT_TRUE(absl::StrContains(java, "for (long i = 0; i < 32768; ++i) a.update(i);")) << java;
  EXPECT_TRUE(absl::StrContains(cpp, "for (int64_t i = 0; i < 32768; ++i) a.update(i);")) << cpp;
}

TEST_F(HllSnippets, SlotNamesBecomeVariablesLegalInBothLanguages) {
  const Case c = EveryStepCase();
  const std::string java = HllJavaSnippet(c);
  const std::string cpp = HllCppSnippet(c);
  EXPECT_TRUE(absl::StrContains(java, "HllUnion union_2 = new HllUnion(10);")) << java;
  EXPECT_TRUE(absl::StrContains(cpp, "ds::hll_union union_2(10);")) << cpp;
  EXPECT_TRUE(absl::StrContains(java, "HllSketch i_2 = new HllSketch(10, TgtHllType.HLL_8);")) << java;
  EXPECT_TRUE(absl::StrContains(cpp, "ds::hll_sketch s_2nd_copy(i_2);")) << cpp;
}

}  // namespace
}  // namespace dsconform
