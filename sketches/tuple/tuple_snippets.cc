// The walk over a Tuple case's steps that writes both repro programs, each
// with the calls its engine makes (java-bridge/.../TupleFamily.java,
// engines/native/tuple_adapter.cc); the two languages' text differs per call,
// so each step writes one or the other. Not expressed: the java-direct engine's
// aod sketches in MemorySegments. The C++ text of an aos case needs a tree with
// array_of_strings_sketch.hpp (master after 5.2.0).
#include "sketches/tuple/tuple_snippets.h"

#include <set>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/substitute.h"
#include "harness/family/snippet_steps.h"

namespace dsconform {
namespace {

// A language's text for the family, and whether it is Java.
struct TupleDialect {
  const SnippetLanguage& (*language)();
  SnippetFamilyText (*family_text)();
  bool java;
};

constexpr char kJavaSummaries[] = R"(
/** The `summaries` query: every entry by ascending hash, a double as the hex of its bits. */
static String summaries(TupleSketch<?> s) {
  java.util.TreeMap<Long, String> m = new java.util.TreeMap<>(Long::compareUnsigned);
  TupleSketchIterator<?> it = s.iterator();
  while (it.next()) {
    Object v = it.getSummary();
    m.put(it.getHash(), v instanceof DoubleSummary d ? String.format("%016x", Double.doubleToRawLongBits(d.getValue()))
        : Integer.toString(((IntegerSummary) v).getValue()));
  }
  StringBuilder b = new StringBuilder();
  for (java.util.Map.Entry<Long, String> e : m.entrySet()) {
    if (b.length() > 0) b.append(' ');
    b.append(String.format("%016x", e.getKey())).append(':').append(e.getValue());
  }
  return b.toString();
}
)";

constexpr char kJavaAodSummaries[] = R"(
/** The `summaries` query of an array-of-doubles sketch: the values of an entry joined by '/'. */
static String aodSummaries(ArrayOfDoublesSketch s) {
  java.util.TreeMap<Long, String> m = new java.util.TreeMap<>(Long::compareUnsigned);
  ArrayOfDoublesSketchIterator it = s.iterator();
  while (it.next()) {
    java.util.List<String> parts = new java.util.ArrayList<>();
    for (double d : it.getValues()) parts.add(String.format("%016x", Double.doubleToRawLongBits(d)));
    m.put(it.getKey(), String.join("/", parts));
  }
  StringBuilder b = new StringBuilder();
  for (java.util.Map.Entry<Long, String> e : m.entrySet()) {
    if (b.length() > 0) b.append(' ');
    b.append(String.format("%016x", e.getKey())).append(':').append(e.getValue());
  }
  return b.toString();
}
)";

constexpr char kJavaAosSummaries[] = R"(
/** The `summaries` query of an array-of-strings sketch: quoted strings joined by '/', bytes outside 0x20..0x7e, '"' and '\\' as \\xhh. */
static String aosSummaries(TupleSketch<ArrayOfStringsSummary> s) {
  java.util.TreeMap<Long, String> m = new java.util.TreeMap<>(Long::compareUnsigned);
  TupleSketchIterator<ArrayOfStringsSummary> it = s.iterator();
  while (it.next()) {
    StringBuilder t = new StringBuilder();
    String[] strings = it.getSummary().getValue();
    for (int j = 0; j < strings.length; j++) {
      t.append(j > 0 ? "/\"" : "\"");
      for (byte x : strings[j].getBytes(java.nio.charset.StandardCharsets.UTF_8)) {
        int c = x & 0xff;
        if (c < 0x20 || c > 0x7e || c == '"' || c == '\\') t.append(String.format("\\x%02x", c));
        else t.append((char) c);
      }
      t.append('"');
    }
    m.put(it.getHash(), t.toString());
  }
  StringBuilder b = new StringBuilder();
  for (java.util.Map.Entry<Long, String> e : m.entrySet()) {
    if (b.length() > 0) b.append(' ');
    b.append(String.format("%016x", e.getKey())).append(':').append(e.getValue());
  }
  return b.toString();
}
)";

constexpr char kJavaSumCombiner[] = R"(
/** The aod intersection's combiner: the sum, as the union's. */
static double[] sumCombiner(double[] a, double[] b) {
  double[] r = new double[a.length];
  for (int i = 0; i < a.length; i++) r[i] = a[i] + b[i];
  return r;
}
)";

constexpr char kJavaAodArray[] = R"(
/** An aod update: value j of the array is v + j. */
static double[] aodArray(int n, double v) {
  double[] a = new double[n];
  for (int j = 0; j < n; j++) a[j] = v + (double) j;
  return a;
}
)";

SnippetFamilyText JavaTupleText() {
  SnippetFamilyText text;
  const std::string tuple = "org.apache.datasketches.tuple.";
  for (const char* name : {"TupleSketch", "CompactTupleSketch", "UpdatableTupleSketch", "UpdatableTupleSketchBuilder",
                           "TupleUnion", "TupleIntersection", "TupleAnotB", "JaccardSimilarity",
                           "TupleSketchIterator"})
    text.imports_when_used[name] = tuple + name;
  for (const char* name : {"DoubleSummary", "DoubleSummaryFactory", "DoubleSummarySetOperations",
                           "DoubleSummaryDeserializer"})
    text.imports_when_used[name] = tuple + "adouble." + name;
  for (const char* name : {"IntegerSummary", "IntegerSummaryFactory", "IntegerSummarySetOperations",
                           "IntegerSummaryDeserializer"})
    text.imports_when_used[name] = tuple + "aninteger." + name;
  for (const char* name : {"ArrayOfDoublesSketch", "ArrayOfDoublesUpdatableSketch",
                           "ArrayOfDoublesUpdatableSketchBuilder", "ArrayOfDoublesSetOperationBuilder",
                           "ArrayOfDoublesUnion", "ArrayOfDoublesIntersection", "ArrayOfDoublesAnotB",
                           "ArrayOfDoublesCompactSketch", "ArrayOfDoublesSketchIterator"})
    text.imports_when_used[name] = tuple + "arrayofdoubles." + name;
  for (const char* name : {"ArrayOfStringsTupleSketch", "ArrayOfStringsSummary", "ArrayOfStringsSummarySetOperations",
                           "ArrayOfStringsSummaryDeserializer"})
    text.imports_when_used[name] = tuple + "strings." + name;
  text.imports_when_used["UpdatableThetaSketch"] = "org.apache.datasketches.theta.UpdatableThetaSketch";
  text.imports_when_used["ResizeFactor"] = "org.apache.datasketches.common.ResizeFactor";
  text.imports_when_used["MemorySegment"] = "java.lang.foreign.MemorySegment";
  for (const auto& [name, import] : text.imports_when_used) text.reserved_names.insert(name);
  text.reserved_names.insert({"summaries", "aodSummaries", "aosSummaries", "sumCombiner", "aodArray"});
  text.helpers_when_used = {{"summaries", kJavaSummaries},
                            {"aodSummaries", kJavaAodSummaries},
                            {"aosSummaries", kJavaAosSummaries},
                            {"sumCombiner", kJavaSumCombiner},
                            {"aodArray", kJavaAodArray}};
  return text;
}

constexpr char kCppModePolicy[] = R"(
// The min, max and always-one modes: datasketches-cpp ships the sum only; these
// policies are written as Java's DoubleSummary/IntegerSummary state them.
enum class summary_mode { sum, min, max, always_one };
template <typename T>
void apply_mode(summary_mode m, T& s, T v) {
  if (m == summary_mode::sum) s = static_cast<T>(s + v);
  else if (m == summary_mode::min) { if (v < s) s = v; }
  else if (m == summary_mode::max) { if (v > s) s = v; }
  else s = 1;
}
template <typename T>
T fresh_summary(summary_mode m) {
  if (m == summary_mode::min) return std::is_integral<T>::value ? std::numeric_limits<T>::max() : std::numeric_limits<T>::infinity();
  if (m == summary_mode::max) return std::is_integral<T>::value ? std::numeric_limits<T>::min() : -std::numeric_limits<T>::infinity();
  return m == summary_mode::always_one ? 1 : 0;
}
template <typename T>
struct mode_policy {
  summary_mode mode = summary_mode::sum;
  T create() const { return fresh_summary<T>(mode); }
  void update(T& s, T v) const { apply_mode(mode, s, v); }
  void operator()(T& s, const T& other) const {
    T r = fresh_summary<T>(mode);
    apply_mode(mode, r, s);
    apply_mode(mode, r, other);
    s = r;
  }
};
)";

constexpr char kCppSummaries[] = R"(
std::string summary_text(double d) {
  uint64_t bits;
  std::memcpy(&bits, &d, 8);
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(bits));
  return buf;
}
std::string summary_text(int32_t v) { return std::to_string(v); }
template <typename A>
std::string summary_text(const A& a) {
  std::string s;
  for (uint8_t j = 0; j < a.size(); ++j) s += (j ? "/" : "") + summary_text(static_cast<double>(a[j]));
  return s;
}
// The `summaries` query: every entry by ascending hash.
template <typename S>
std::string summaries(const S& s) {
  std::map<uint64_t, std::string> m;
  for (const auto& e : s) m[e.first] = summary_text(e.second);
  std::string out;
  for (const auto& e : m) {
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(e.first));
    out += (out.empty() ? "" : " ") + std::string(buf) + ":" + e.second;
  }
  return out;
}
)";

constexpr char kCppAosKeepFirst[] = R"(
// The array of strings: set operations keep the first summary, as Java's
// ArrayOfStringsSummarySetOperations does (datasketches-cpp ships no policy for them).
struct aos_keep_first {
  void operator()(ds::array_of_strings&, const ds::array_of_strings&) const {}
};
)";

constexpr char kCppAosSummaries[] = R"(// The `summaries` query of an aos sketch: quoted strings joined by '/', other bytes as \\xhh.
template <typename S>
std::string aos_summaries(const S& s) {
  std::map<uint64_t, std::string> m;
  for (const auto& e : s) {
    std::string t;
    for (uint32_t j = 0; j < e.second.size(); ++j) {
      t += j ? "/\"" : "\"";
      for (unsigned char c : e.second[j]) {
        char buf[5];
        std::snprintf(buf, sizeof buf, "\\x%02x", c);
        if (c < 0x20 || c > 0x7e || c == '"' || c == '\\') t += buf;
        else t += static_cast<char>(c);
      }
      t += '"';
    }
    m[e.first] = t;
  }
  std::string out;
  for (const auto& e : m) {
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(e.first));
    out += (out.empty() ? "" : " ") + std::string(buf) + ":" + e.second;
  }
  return out;
}
)";

constexpr char kCppAodSum[] = R"(
// The aod intersection's policy: the sum, as the union's.
struct aod_sum_policy {
  uint8_t num_values = 1;
  template <typename A>
  void operator()(A& a, const A& b) const { for (uint8_t i = 0; i < num_values; ++i) a[i] += b[i]; }
  uint8_t get_num_values() const { return num_values; }
};
)";

SnippetFamilyText CppTupleText() {
  SnippetFamilyText text;
  text.library_dirs = {"theta", "tuple"};
  text.imports_when_used = {{"update_tuple_sketch", "tuple_sketch.hpp"},
                            {"compact_tuple_sketch", "tuple_sketch.hpp"},
                            {"tuple_union", "tuple_union.hpp"},
                            {"tuple_intersection", "tuple_intersection.hpp"},
                            {"tuple_a_not_b", "tuple_a_not_b.hpp"},
                            {"tuple_jaccard_similarity", "tuple_jaccard_similarity.hpp"},
                            {"update_array_of_doubles_sketch", "array_of_doubles_sketch.hpp"},
                            {"compact_array_of_doubles_sketch", "array_of_doubles_sketch.hpp"},
                            {"array_of_doubles_union", "array_of_doubles_sketch.hpp"},
                            {"array_of_doubles_intersection", "array_of_doubles_sketch.hpp"},
                            {"array_of_doubles_a_not_b", "array_of_doubles_sketch.hpp"},
                            {"update_array_of_strings_tuple_sketch", "array_of_strings_sketch.hpp"},
                            {"compact_array_of_strings_tuple_sketch", "array_of_strings_sketch.hpp"},
                            {"aos_summaries", "map"},
                            {"update_theta_sketch", "theta_sketch.hpp"},
                            {"summaries", "map"},
                            {"summary_text", "cstring"},
                            {"mode_policy", "limits"}};
  text.reserved_names = {"summaries", "summary_text", "mode_policy", "summary_mode", "apply_mode", "fresh_summary",
                         "aod_sum_policy", "aos_keep_first", "aos_summaries"};
  text.helpers_when_used = {{"mode_policy", kCppModePolicy}, {"summaries", kCppSummaries},
                            {"aod_sum_policy", kCppAodSum}, {"aos_keep_first", kCppAosKeepFirst},
                            {"aos_summaries", kCppAosSummaries}};
  return text;
}

const TupleDialect kJava = {JavaSnippetLanguage, JavaTupleText, true};
const TupleDialect kCpp = {CppSnippetLanguage, CppTupleText, false};

// What a slot holds, as the writer's tag: the kind of object and its summary.
struct SlotInfo {
  std::string kind;     // update, compact, union, intersection, theta
  std::string summary;  // double_sum ... aod
  int num_values = 1;
};

class TupleSteps final : public SnippetSteps<TupleDialect> {
 public:
  using SnippetSteps::SnippetSteps;

 private:
  bool java() const { return d_.java; }

  void Step(const Op& op) override {
    for (const char* key : {"from", "a", "b", "with"}) {
      const std::string read = op.Str(key);
      if (!missing_.count(read)) continue;
      if (missing_.insert(op.sketch).second)
        w_.PrintUnsupported(op.sketch + "." + op.op,
                            absl::StrCat("reads slot '", read, "', which ",
                                         java() ? "this engine" : "datasketches-cpp", " could not make"));
      return;
    }
    if (missing_.count(op.sketch)) {
      w_.Comment(absl::StrCat("skipped: '", op.sketch, "' was made by a step this library cannot do"));
      return;
    }
    const std::string& s = op.op;
    if (s == "create") Create(op);
    else if (s == "create_theta") CreateTheta(op);
    else if (s == "union") NewUnion(op);
    else if (s == "intersection") NewIntersection(op);
    else if (s == "update") Update(op);
    else if (s == "merge") Merge(op);
    else if (s == "result") Result(op);
    else if (s == "compact") Compact(op);
    else if (s == "a_not_b") ANotB(op);
    else if (s == "jaccard") Jaccard(op);
    else if (s == "serialize") Serialize(op);
    else if (s == "deserialize") Deserialize(op);
    else if (s == "query") Query(op);
    else w_.Comment(absl::StrCat("'", s, "' is not a Tuple step"));
  }

  // --- summaries

  static bool IsAod(const std::string& summary) { return summary == "aod"; }
  static bool IsAos(const std::string& summary) { return summary == "aos"; }
  static bool IsInt(const std::string& summary) { return summary.rfind("int_", 0) == 0; }
  static std::string Mode(const std::string& summary) { return summary.substr(summary.find('_') + 1); }
  static std::string JavaMode(const std::string& summary) {
    const std::string m = Mode(summary);
    return m == "min" ? "Min" : m == "max" ? "Max" : m == "always_one" ? "AlwaysOne" : "Sum";
  }
  // Java: the factory and set operations of a summary.
  static std::string JavaFactory(const std::string& summary) {
    return IsInt(summary) ? absl::StrCat("new IntegerSummaryFactory(IntegerSummary.Mode.", JavaMode(summary), ")")
                          : absl::StrCat("new DoubleSummaryFactory(DoubleSummary.Mode.", JavaMode(summary), ")");
  }
  static std::string JavaSetOps(const std::string& summary) {
    if (IsAos(summary)) return "new ArrayOfStringsSummarySetOperations()";
    const std::string m = JavaMode(summary);
    return IsInt(summary) ? absl::Substitute("new IntegerSummarySetOperations(IntegerSummary.Mode.$0, IntegerSummary.Mode.$0)", m)
                          : absl::Substitute("new DoubleSummarySetOperations(DoubleSummary.Mode.$0, DoubleSummary.Mode.$0)", m);
  }
  static std::string JavaType(const std::string& summary) {
    return IsAos(summary) ? "ArrayOfStringsSummary" : IsInt(summary) ? "IntegerSummary" : "DoubleSummary";
  }
  // C++: the summary type, and the policy object (the library's sum, else mode_policy).
  static std::string CppType(const std::string& summary) {
    return IsAos(summary) ? "ds::array_of_strings" : IsInt(summary) ? "int32_t" : "double";
  }
  static bool CppSum(const std::string& summary) { return Mode(summary) == "sum"; }
  static std::string CppPolicy(const std::string& summary) {
    return absl::StrCat("mode_policy<", CppType(summary), ">{summary_mode::", Mode(summary), "}");
  }

  // The value of item `i` of an update step, as the engines compute it.
  std::string ValueExpr(const Op& op, const std::string& summary) const {
    if (op.args.contains("special")) {
      const std::string sp = op.Str("special");
      if (java()) return sp == "nan" ? "Double.NaN" : sp == "inf" ? "Double.POSITIVE_INFINITY"
                                   : sp == "-inf" ? "Double.NEGATIVE_INFINITY" : "-0.0";
      return sp == "nan" ? "std::numeric_limits<double>::quiet_NaN()" : sp == "inf" ? "std::numeric_limits<double>::infinity()"
             : sp == "-inf" ? "-std::numeric_limits<double>::infinity()" : "-0.0";
    }
    const std::string value = op.Str("value", "1"), step = op.Str("value_step", "0");
    if (IsInt(summary)) {
      return java() ? absl::Substitute("(int) ($0L + i * $1L)", value, step)
                    : absl::Substitute("static_cast<int32_t>(static_cast<uint64_t>(int64_t{$0} + i * int64_t{$1}))", value, step);
    }
    const std::string base = w_.language().double_value(value), inc = w_.language().double_value(step);
    return java() ? absl::Substitute("$0 + (double) i * $1", base, inc)
                  : absl::Substitute("$0 + static_cast<double>(i) * $1", base, inc);
  }
  // A theta sketch's summary in a set operation: a fresh summary of the mode updated with the value.
  std::string ThetaSummary(const Op& op, const std::string& summary) {
    const std::string value = op.Str("value", "1");
    if (java()) {
      const std::string v = w_.NewVariable("summary");
      w_.Line(absl::StrCat(JavaType(summary), " ", v, " = ", JavaFactory(summary), ".newSummary();"));
      w_.Line(absl::StrCat(v, ".update(", IsInt(summary) ? absl::StrCat(value, "") : w_.language().double_value(value), ");"));
      return v;
    }
    const std::string v = w_.NewVariable("summary");
    const std::string type = CppType(summary);
    const std::string literal = IsInt(summary) ? absl::StrCat("int32_t{", value, "}") : w_.language().double_value(value);
    if (CppSum(summary)) {
      w_.Line(absl::StrCat(type, " ", v, " = ", literal, ";"));
    } else {
      const std::string policy = w_.NewVariable("policy");
      w_.Line(absl::StrCat("const mode_policy<", type, "> ", policy, "{summary_mode::", Mode(summary), "};"));
      w_.Line(absl::StrCat(type, " ", v, " = ", policy, ".create();"));
      w_.Line(absl::StrCat(policy, ".update(", v, ", ", literal, ");"));
    }
    return v;
  }

  // --- steps

  void Create(const Op& op) {
    const std::string summary = op.Str("summary");
    const int n = static_cast<int>(op.Int("num_values", 1));
    const std::string lg_k = absl::StrCat(op.Int("lg_k"));
    const std::string p = op.args.contains("p") ? w_.language().float_value(op.Str("p")) : "";
    const bool seeded = op.args.contains("seed") && op.Int("seed") != 9001;
    const std::string seed = op.args.contains("seed") ? SeedLiteral(op) : "";
    const std::string var = Declare(op.sketch, {"update", summary, n});
    if (IsAos(summary)) {
      if (java()) {
        const std::string rf = absl::StrCat("ResizeFactor.X", op.args.contains("rf") ? op.Int("rf") : 8);
        w_.Line(absl::StrCat("ArrayOfStringsTupleSketch ", var, " = new ArrayOfStringsTupleSketch(", lg_k, ", ", rf, ", ",
                             p.empty() ? "1f" : p, seeded ? absl::StrCat(", ", seed, ")  /* 9.1.0 and later */;") : ");"));
        return;
      }
      std::string settings = absl::StrCat(".set_lg_k(", lg_k, ")");
      if (op.args.contains("rf")) absl::StrAppend(&settings, ".set_resize_factor(ds::theta_constants::resize_factor::X", op.Int("rf"), ")");
      if (!p.empty()) absl::StrAppend(&settings, ".set_p(", p, ")");
      if (op.args.contains("seed")) absl::StrAppend(&settings, ".set_seed(", seed, ")");
      w_.Line(absl::StrCat("auto ", var, " = ds::update_array_of_strings_tuple_sketch<>::builder()", settings, ".build();"));
      return;
    }
    if (java()) {
      std::string b;
      if (IsAod(summary)) {
        b = absl::StrCat("new ArrayOfDoublesUpdatableSketchBuilder().setNominalEntries(1 << ", lg_k, ").setNumberOfValues(", n, ")");
        if (op.args.contains("seed")) absl::StrAppend(&b, ".setSeed(", seed, ")");
      } else {
        b = absl::StrCat("new UpdatableTupleSketchBuilder<>(", JavaFactory(summary), ").setNominalEntries(1 << ", lg_k, ")");
        if (seeded) absl::StrAppend(&b, ".setSeed(", seed, ")  /* 9.1.0 and later */");
      }
      if (op.args.contains("rf")) absl::StrAppend(&b, ".setResizeFactor(ResizeFactor.X", op.Int("rf"), ")");
      if (!p.empty()) absl::StrAppend(&b, ".setSamplingProbability(", p, ")");
      w_.Line(IsAod(summary) ? absl::StrCat("ArrayOfDoublesUpdatableSketch ", var, " = ", b, ".build();")
                             : absl::StrCat("UpdatableTupleSketch<", IsInt(summary) ? "Integer" : "Double", ", ",
                                            JavaType(summary), "> ", var, " = ", b, ".build();"));
      return;
    }
    std::string settings = absl::StrCat(".set_lg_k(", lg_k, ")");
    if (op.args.contains("rf")) absl::StrAppend(&settings, ".set_resize_factor(ds::theta_constants::resize_factor::X", op.Int("rf"), ")");
    if (!p.empty()) absl::StrAppend(&settings, ".set_p(", p, ")");
    if (op.args.contains("seed")) absl::StrAppend(&settings, ".set_seed(", seed, ")");
    if (IsAod(summary)) {
      w_.Line(absl::StrCat("auto ", var, " = ds::update_array_of_doubles_sketch::builder(ds::default_array_of_doubles_update_policy(", n,
                           "))", settings, ".build();"));
    } else if (CppSum(summary)) {
      w_.Line(absl::StrCat("auto ", var, " = ds::update_tuple_sketch<", CppType(summary), ">::builder()", settings, ".build();"));
    } else {
      const std::string type = CppType(summary);
      w_.Line(absl::StrCat("auto ", var, " = ds::update_tuple_sketch<", type, ", ", type, ", mode_policy<", type, ">>::builder(",
                           CppPolicy(summary), ")", settings, ".build();"));
    }
  }

  void CreateTheta(const Op& op) {
    const std::string var = Declare(op.sketch, {"theta", "", 1});
    const std::string seed = op.args.contains("seed") ? SeedLiteral(op) : "";
    if (java()) {
      w_.Line(absl::StrCat("UpdatableThetaSketch ", var, " = UpdatableThetaSketch.builder().setLogNominalEntries(", op.Int("lg_k"),
                           ")", seed.empty() ? "" : absl::StrCat(".setSeed(", seed, ")"), ".build();"));
    } else {
      w_.Line(absl::StrCat("auto ", var, " = ds::update_theta_sketch::builder().set_lg_k(", op.Int("lg_k"), ")",
                           seed.empty() ? "" : absl::StrCat(".set_seed(", seed, ")"), ".build();"));
    }
  }

  void NewUnion(const Op& op) {
    const std::string summary = op.Str("summary");
    const int n = static_cast<int>(op.Int("num_values", 1));
    const std::string var = Declare(op.sketch, {"union", summary, n});
    const std::string lg_k = absl::StrCat(op.Int("lg_k"));
    const bool seeded = op.args.contains("seed") && op.Int("seed") != 9001;
    if (!java() && IsAos(summary)) {
      w_.Line(absl::StrCat("auto ", var, " = ds::tuple_union<ds::array_of_strings, aos_keep_first>::builder(aos_keep_first()).set_lg_k(",
                           lg_k, ")", op.args.contains("seed") ? absl::StrCat(".set_seed(", SeedLiteral(op), ")") : "", ".build();"));
      return;
    }
    if (java()) {
      if (IsAod(summary)) {
        w_.Line(absl::StrCat("ArrayOfDoublesUnion ", var, " = new ArrayOfDoublesSetOperationBuilder().setNominalEntries(1 << ", lg_k,
                             ").setNumberOfValues(", n, ")", op.args.contains("seed") ? absl::StrCat(".setSeed(", SeedLiteral(op), ")") : "",
                             ".buildUnion();"));
      } else {
        w_.Line(absl::StrCat("TupleUnion<", JavaType(summary), "> ", var, " = new TupleUnion<>(1 << ", lg_k, ", ",
                             JavaSetOps(summary), seeded ? absl::StrCat(", ", SeedLiteral(op)) : "", ");"));
      }
      return;
    }
    const std::string seed = op.args.contains("seed") ? absl::StrCat(".set_seed(", SeedLiteral(op), ")") : "";
    if (IsAod(summary)) {
      w_.Line(absl::StrCat("auto ", var, " = ds::array_of_doubles_union::builder(ds::default_array_of_doubles_union_policy(", n,
                           ")).set_lg_k(", lg_k, ")", seed, ".build();"));
    } else if (CppSum(summary)) {
      w_.Line(absl::StrCat("auto ", var, " = ds::tuple_union<", CppType(summary), ">::builder().set_lg_k(", lg_k, ")", seed, ".build();"));
    } else {
      const std::string type = CppType(summary);
      w_.Line(absl::StrCat("auto ", var, " = ds::tuple_union<", type, ", mode_policy<", type, ">>::builder(", CppPolicy(summary),
                           ").set_lg_k(", lg_k, ")", seed, ".build();"));
    }
  }

  void NewIntersection(const Op& op) {
    const std::string summary = op.Str("summary");
    const int n = static_cast<int>(op.Int("num_values", 1));
    const std::string var = Declare(op.sketch, {"intersection", summary, n});
    const bool seeded = op.args.contains("seed") && op.Int("seed") != 9001;
    const std::string seed = op.args.contains("seed") ? SeedLiteral(op) : "ds::DEFAULT_SEED";
    if (java()) {
      if (IsAod(summary)) {
        w_.Line(absl::StrCat("ArrayOfDoublesIntersection ", var, " = new ArrayOfDoublesSetOperationBuilder().setNumberOfValues(", n, ")",
                             op.args.contains("seed") ? absl::StrCat(".setSeed(", SeedLiteral(op), ")") : "", ".buildIntersection();"));
      } else {
        w_.Line(absl::StrCat("TupleIntersection<", JavaType(summary), "> ", var, " = new TupleIntersection<>(", JavaSetOps(summary),
                             seeded ? absl::StrCat(", ", SeedLiteral(op)) : "", ");"));
      }
      return;
    }
    if (IsAos(summary)) {
      w_.Line(absl::StrCat("ds::tuple_intersection<ds::array_of_strings, aos_keep_first> ", var, "(", seed, ", aos_keep_first());"));
    } else if (IsAod(summary)) {
      w_.Line(absl::StrCat("ds::array_of_doubles_intersection<aod_sum_policy> ", var, "(", seed, ", aod_sum_policy{", n, "});"));
    } else if (CppSum(summary)) {
      // The sum intersection: the library's union policy (`+=`).
      w_.Line(absl::StrCat("ds::tuple_intersection<", CppType(summary), ", ds::default_tuple_union_policy<", CppType(summary),
                           ">> ", var, "(", seed, ");"));
    } else {
      const std::string type = CppType(summary);
      w_.Line(absl::StrCat("ds::tuple_intersection<", type, ", mode_policy<", type, ">> ", var, "(", seed, ", ",
                           CppPolicy(summary), ");"));
    }
  }

  void Update(const Op& op) {
    if (!op.items) return;
    const SlotInfo info = Info(op.sketch);
    const std::string target = w_.Var(op.sketch);
    if (info.kind == "theta") {
      w_.UpdateLoop(*op.items, [&](const std::string& item) { return absl::StrCat(target, ".update(", item, ");"); });
      return;
    }
    if (info.kind != "update") {
      if (java()) return w_.Fail(absl::StrCat("slot ", op.sketch, " cannot be updated"));
      return w_.Comment("not an update sketch: the native engine refuses the case");
    }
    if (IsAos(info.summary)) return UpdateAos(op, info, target);
    const std::string value = ValueExpr(op, info.summary);
    if (IsAod(info.summary)) {
      w_.UpdateLoop(*op.items, [&](const std::string& item) {
        if (java()) return absl::StrCat(target, ".update(", item, ", aodArray(", info.num_values, ", ", value, "));");
        return absl::StrCat("{ std::vector<double> v(", info.num_values, "); for (size_t j = 0; j < v.size(); ++j) v[j] = ", value,
                            " + static_cast<double>(j); ", target, ".update(", item, ", v); }");
      });
      return;
    }
    w_.UpdateLoop(*op.items, [&](const std::string& item) {
      return absl::StrCat(target, ".update(", item, ", ", java() ? (IsInt(info.summary) ? "(Integer) " : "(Double) ") : "",
                          "(", value, "));");
    });
  }

  // An aos update: the key is the one-string array of the item's text, item i's strings
  // strings[(i + j) mod len] (the vocabulary's `strings`).
  void UpdateAos(const Op& op, const SlotInfo& info, const std::string& target) {
    const ItemKind kind = op.items->kind();
    if (kind != ItemKind::kLong && kind != ItemKind::kString) {
      if (java()) return w_.Fail("an aos key is a string array: double and byte-array items are not defined");
      return w_.Comment("double and byte-array items have no aos key: the native engine refuses the case");
    }
    std::vector<std::string> strings = op.StrList("strings");
    if (strings.empty()) strings = {"s"};
    std::vector<std::string> quoted;
    for (const std::string& t : strings) quoted.push_back(w_.language().quote(t));
    const std::string strs = w_.NewVariable("strings");
    const std::string n = absl::StrCat(info.num_values), len = absl::StrCat(strings.size());
    if (java()) {
      w_.Line(absl::StrCat("String[] ", strs, " = {", absl::StrJoin(quoted, ", "), "};"));
      w_.UpdateLoop(*op.items, [&](const std::string& item) {
        std::vector<std::string> values;
        for (int j = 0; j < info.num_values; ++j) values.push_back(absl::StrCat(strs, "[(int) ((i + ", j, ") % ", len, ")]"));
        return absl::StrCat(target, ".update(new String[] {", kind == ItemKind::kLong ? absl::StrCat("Long.toString(", item, ")") : item,
                            "}, new String[] {", absl::StrJoin(values, ", "), "});");
      });
      return;
    }
    w_.Line(absl::StrCat("const std::vector<std::string> ", strs, " = {", absl::StrJoin(quoted, ", "), "};"));
    w_.UpdateLoop(*op.items, [&](const std::string& item) {
      return absl::StrCat("{ ds::array_of_strings v(", n, ", \"\"); for (uint8_t j = 0; j < ", n, "; ++j) v[j] = ", strs,
                          "[(static_cast<size_t>(i) + j) % ", len, "]; ", target,
                          ".update(ds::hash_array_of_strings_key(ds::array_of_strings(1, ",
                          kind == ItemKind::kLong ? absl::StrCat("std::to_string(", item, ")") : absl::StrCat("std::string(", item, ")"),
                          ")), v); }");
    });
  }

  void Merge(const Op& op) {
    const SlotInfo target = Info(op.sketch);
    const SlotInfo from = Info(op.Str("from"));
    const std::string t = w_.Var(op.sketch), f = w_.Var(op.Str("from"));
    const bool into_union = target.kind == "union";
    if (from.kind == "theta") {
      if (IsAod(target.summary)) {
        w_.PrintUnsupported(op.sketch + ".merge", java() ? "datasketches-java has no theta sketch input to an ArrayOfDoublesUnion"
                                                         : "datasketches-cpp converts a theta sketch to a tuple sketch of one summary (compact_tuple_sketch(theta, summary)), not to an array-of-doubles sketch");
        missing_.insert(op.sketch);
        return;
      }
      const std::string summary = ThetaSummary(op, target.summary);
      if (java()) w_.Line(absl::StrCat(t, into_union ? ".union(" : ".intersect(", f, ", ", summary, ");"));
      else w_.Line(absl::StrCat(t, ".update(ds::compact_tuple_sketch<", CppType(target.summary), ">(", f, ", ", summary, ", true));"));
      return;
    }
    if (java()) {
      if (IsAod(target.summary))
        w_.Line(absl::StrCat(t, into_union ? ".union(" : ".intersect(", f, into_union ? ");" : ", (x, y) -> sumCombiner(x, y));"));
      else w_.Line(absl::StrCat(t, into_union ? ".union(" : ".intersect(", f, ");"));
    } else {
      w_.Line(absl::StrCat(t, ".update(", f, ");"));
    }
  }

  void Result(const Op& op) {
    const SlotInfo from = Info(op.Str("from"));
    const std::string f = w_.Var(op.Str("from"));
    const std::string var = Declare(op.sketch, {"compact", from.summary, from.num_values});
    if (java()) {
      w_.Line(IsAod(from.summary) ? absl::StrCat("ArrayOfDoublesCompactSketch ", var, " = ", f, ".getResult();")
                                  : absl::StrCat("CompactTupleSketch<", JavaType(from.summary), "> ", var, " = ", f, ".getResult();"));
    } else {
      w_.Line(absl::StrCat("auto ", var, " = ", f, ".get_result(", Ordered(op), ");"));
    }
  }

  void Compact(const Op& op) {
    const SlotInfo from = Info(op.Str("from"));
    const std::string f = w_.Var(op.Str("from"));
    const std::string var = Declare(op.sketch, {"compact", from.summary, from.num_values});
    if (java()) {
      w_.Line(IsAod(from.summary) ? absl::StrCat("ArrayOfDoublesCompactSketch ", var, " = ", f, ".compact();")
                                  : absl::StrCat("CompactTupleSketch<", JavaType(from.summary), "> ", var, " = ", f, ".compact();"));
    } else if (from.kind == "update") {
      w_.Line(absl::StrCat("auto ", var, " = ", f, ".compact(", Ordered(op), ");"));
    } else {
      w_.Line(absl::StrCat("auto ", var, " = decltype(", f, ")(", f, ", ", Ordered(op), ");"));
    }
  }

  void ANotB(const Op& op) {
    const SlotInfo a = Info(op.Str("a")), b = Info(op.Str("b"));
    const std::string va = w_.Var(op.Str("a")), vb = w_.Var(op.Str("b"));
    const bool seeded = op.args.contains("seed") && op.Int("seed") != 9001;
    const std::string var = Declare(op.sketch, {"compact", a.summary, a.num_values});
    if (IsAod(a.summary)) {
      if (b.kind == "theta") {
        w_.PrintUnsupported(op.sketch + ".a_not_b", java() ? "datasketches-java has no theta sketch input to an ArrayOfDoublesAnotB"
                                                           : "no array-of-doubles sketch from a theta sketch in datasketches-cpp");
        missing_.insert(op.sketch);
        return;
      }
      if (java()) {
        const std::string d = w_.NewVariable("a_not_b");
        w_.Line(absl::StrCat("ArrayOfDoublesAnotB ", d, " = new ArrayOfDoublesSetOperationBuilder().setNumberOfValues(", a.num_values,
                             ").buildAnotB();"));
        w_.Line(absl::StrCat(d, ".update(", va, ", ", vb, ");"));
        w_.Line(absl::StrCat("ArrayOfDoublesCompactSketch ", var, " = ", d, ".getResult();"));
      } else {
        w_.Line(absl::StrCat("auto ", var, " = ds::array_of_doubles_a_not_b(", op.args.contains("seed") ? SeedLiteral(op) : "ds::DEFAULT_SEED",
                             ").compute(", va, ", ", vb, ", ", Ordered(op), ");"));
      }
      return;
    }
    if (java()) {
      w_.Line(absl::StrCat("CompactTupleSketch<", JavaType(a.summary), "> ", var, " = TupleAnotB.aNotB(", va, ", ", vb,
                           seeded ? absl::StrCat(", ", SeedLiteral(op)) : "", ");"));
      return;
    }
    const std::string type = CppType(a.summary);
    const std::string seed = op.args.contains("seed") ? SeedLiteral(op) : "ds::DEFAULT_SEED";
    const std::string bexpr = b.kind == "theta" ? absl::StrCat("ds::compact_tuple_sketch<", type, ">(", vb, ", ", type, "(), ", Ordered(op), ")") : vb;
    w_.Line(absl::StrCat("auto ", var, " = ds::tuple_a_not_b<", type, ">(", seed, ").compute(", va, ", ", bexpr, ", ", Ordered(op), ");"));
  }

  void Jaccard(const Op& op) {
    const SlotInfo a = Info(op.sketch), b = Info(op.Str("with"));
    const std::string va = w_.Var(op.sketch), vb = w_.Var(op.Str("with"));
    const std::string summary = op.Str("summary");
    const std::string as = op.Str("as");
    const std::string j = w_.NewVariable(as);
    const bool seeded = op.args.contains("seed") && op.Int("seed") != 9001;
    if (java()) {
      const std::string seed = seeded ? absl::StrCat(", ", SeedLiteral(op)) : "";
      if (b.kind == "theta") {
        const std::string s = ThetaSummary(op, summary);
        w_.Line(absl::StrCat("double[] ", j, " = JaccardSimilarity.jaccard(", va, ", ", vb, ", ", s, ", ", JavaSetOps(summary), seed, ");"));
      } else {
        w_.Line(absl::StrCat("double[] ", j, " = JaccardSimilarity.jaccard(", va, ", ", vb, ", ", JavaSetOps(summary), seed, ");"));
      }
    } else {
      const std::string type = CppType(a.summary);
      const std::string seed = op.args.contains("seed") ? SeedLiteral(op) : "ds::DEFAULT_SEED";
      std::string bexpr = vb;
      if (b.kind == "theta") bexpr = absl::StrCat("ds::compact_tuple_sketch<", type, ">(", vb, ", ", ThetaSummary(op, summary), ")");
      w_.Line(absl::StrCat("auto ", j, " = ds::tuple_jaccard_similarity<", type, ", mode_policy<", type, ">, mode_policy<", type,
                           ">>::jaccard(", va, ", ", bexpr, ", ", seed, ");"));
    }
    const char* parts[] = {"lower", "estimate", "upper"};
    for (int k = 0; k < 3; ++k) w_.Print(SnippetValue::kDouble, absl::StrCat(as, ".", parts[k]), absl::StrCat(j, "[", k, "]"));
  }

  void Serialize(const Op& op) {
    const SlotInfo info = Info(op.sketch);
    const std::string form = op.Str("form");
    const std::string field = absl::StrCat(op.Str("as", op.sketch), ".", form);
    const std::string s = w_.Var(op.sketch);
    const std::string image = w_.NewVariable(field);
    if (form == "updatable") {
      if (!java()) return w_.PrintUnsupported(field, "datasketches-cpp serializes compact tuple sketches only");
      if (info.kind != "update") return w_.Fail("not an update sketch");
      w_.Line(absl::StrCat("byte[] ", image, " = ", s, ".toByteArray();"));
    } else if (java()) {
      w_.Line(absl::StrCat("byte[] ", image, " = ", s, info.kind == "update" ? ".compact()" : "", ".toByteArray();"));
    } else {
      w_.Line(absl::StrCat("const auto ", image, " = ", s, info.kind == "update" ? ".compact(true)" : "",
                           IsAos(info.summary) ? ".serialize(0, ds::default_array_of_strings_serde<>());" : ".serialize();"));
    }
    w_.PrintImage(field, image);
  }

  void Deserialize(const Op& op) {
    const std::string name = op.Str("image");
    const std::string image = w_.ImageOrStop(
        name, absl::StrCat("image '", name, "' is neither an image of the stage nor a byte field it produced"));
    if (image.empty()) return;
    const std::string summary = op.Str("summary");
    const int n = static_cast<int>(op.Int("num_values", 1));
    const std::string mode = op.Str("mode", "heapify");
    const std::string* input = w_.InputImage(name);
    const bool update_image = input != nullptr && input->size() > 3 &&
                              ((*input)[1] == 2 || ((*input)[1] == 1 && (*input)[3] == 2));
    const bool seeded = op.args.contains("seed") && op.Int("seed") != 9001;
    if (!java()) {
      if (mode == "wrap" || update_image) {
        w_.PrintUnsupported(op.sketch + ".deserialize", mode == "wrap" ? "datasketches-cpp has no wrapped tuple sketch"
                                                                       : "datasketches-cpp reads compact tuple images only");
        missing_.insert(op.sketch);
        return;
      }
      const std::string var = Declare(op.sketch, {"compact", summary, n});
      const std::string seed = op.args.contains("seed") ? absl::StrCat(", ", SeedLiteral(op)) : "";
      w_.Line(absl::StrCat("auto ", var, " = ", IsAod(summary)   ? "ds::compact_array_of_doubles_sketch"
                                                : IsAos(summary) ? "ds::compact_array_of_strings_tuple_sketch<>"
                                                               : absl::StrCat("ds::compact_tuple_sketch<", CppType(summary), ">"),
                           "::deserialize(", image, ".data(), ", image, ".size()", seed, ");"));
      return;
    }
    if (IsAod(summary)) {
      const std::string seed = op.args.contains("seed") ? absl::StrCat(", ", SeedLiteral(op)) : "";
      const std::string var = Declare(op.sketch, {update_image ? "update" : "compact", summary, n});
      const std::string cls = update_image ? "ArrayOfDoublesUpdatableSketch" : "ArrayOfDoublesSketch";
      const std::string seg = mode == "wrap" && !update_image ? absl::StrCat("MemorySegment.ofArray(", image, ".clone()).asReadOnly()")
                                                               : absl::StrCat("MemorySegment.ofArray(", image, ".clone())");
      w_.Line(absl::StrCat(cls, " ", var, " = ", cls, ".", mode == "wrap" ? "wrap" : "heapify", "(", seg, seed, ");"));
      return;
    }
    if (mode == "wrap") {
      w_.PrintUnsupported(op.sketch + ".deserialize", "datasketches-java has no wrap of a generic tuple sketch");
      missing_.insert(op.sketch);
      return;
    }
    const std::string deser = IsAos(summary)   ? "new ArrayOfStringsSummaryDeserializer()"
                              : IsInt(summary) ? "new IntegerSummaryDeserializer()"
                                               : "new DoubleSummaryDeserializer()";
    if (update_image) {
      if (seeded) {
        w_.PrintUnsupported(op.sketch + ".deserialize", "TupleSketch.heapifyUpdatableSketch takes no seed");
        missing_.insert(op.sketch);
        return;
      }
      if (IsAos(summary)) {
        const std::string var = Declare(op.sketch, {"update", summary, n});
        w_.Line(absl::StrCat("ArrayOfStringsTupleSketch ", var, " = new ArrayOfStringsTupleSketch(MemorySegment.ofArray(", image, "));"));
        return;
      }
      const std::string var = Declare(op.sketch, {"update", summary, n});
      w_.Line(absl::StrCat("UpdatableTupleSketch<", IsInt(summary) ? "Integer" : "Double", ", ", JavaType(summary), "> ", var,
                           " = TupleSketch.heapifyUpdatableSketch(MemorySegment.ofArray(", image, "), ", deser, ", ",
                           JavaFactory(summary), ");"));
      return;
    }
    const std::string var = Declare(op.sketch, {"compact", summary, n});
    w_.Line(absl::StrCat("TupleSketch<", JavaType(summary), "> ", var, " = TupleSketch.heapifySketch(MemorySegment.ofArray(", image,
                         "), ", deser, seeded ? absl::StrCat(", ", SeedLiteral(op)) : "", ");"));
  }

  void Query(const Op& op) {
    const SlotInfo info = Info(op.sketch);
    const std::string s = w_.Var(op.sketch);
    const std::string prefix = op.Str("as", op.sketch);
    for (const std::string& q : op.StrList("queries")) {
      const std::string field = absl::StrCat(prefix, ".", q);
      if (info.kind == "intersection") {
        if (java() && IsAod(info.summary)) w_.PrintUnsupported(field, "ArrayOfDoublesIntersection has no hasResult()");
        else w_.Print(SnippetValue::kBool, field, java() ? absl::StrCat(s, ".hasResult()") : absl::StrCat(s, ".has_result()"));
        continue;
      }
      if (info.kind == "theta") {
        w_.Print(SnippetValue::kDouble, field, java() ? absl::StrCat(s, ".getEstimate()") : absl::StrCat(s, ".get_estimate()"));
        continue;
      }
      const bool aod = IsAod(info.summary);
      if (q == "estimate") w_.Print(SnippetValue::kDouble, field, absl::StrCat(s, java() ? ".getEstimate()" : ".get_estimate()"));
      else if (q.size() == 3 && (q[0] == 'l' || q[0] == 'u') && q[1] == 'b')
        w_.Print(SnippetValue::kDouble, field,
                 absl::StrCat(s, java() ? (q[0] == 'l' ? ".getLowerBound(" : ".getUpperBound(")
                                        : (q[0] == 'l' ? ".get_lower_bound(" : ".get_upper_bound("),
                              q.substr(2), ")"));
      else if (q == "theta") w_.Print(SnippetValue::kDouble, field, absl::StrCat(s, java() ? ".getTheta()" : ".get_theta()"));
      else if (q == "theta_long") {
        if (java() && aod) w_.PrintUnsupported(field, "ArrayOfDoublesSketch has no public getThetaLong()");
        else w_.Print(SnippetValue::kInt, field, java() ? absl::StrCat(s, ".getThetaLong()")
                                                        : absl::StrCat("static_cast<int64_t>(", s, ".get_theta64())"));
      } else if (q == "retained") w_.Print(SnippetValue::kInt, field, absl::StrCat(s, java() ? ".getRetainedEntries()" : ".get_num_retained()"));
      else if (q == "is_empty") w_.Print(SnippetValue::kBool, field, absl::StrCat(s, java() ? ".isEmpty()" : ".is_empty()"));
      else if (q == "is_estimation_mode")
        w_.Print(SnippetValue::kBool, field, absl::StrCat(s, java() ? ".isEstimationMode()" : ".is_estimation_mode()"));
      else if (q == "summaries")
        w_.Print(SnippetValue::kString, field,
                 IsAos(info.summary) ? absl::StrCat(java() ? "aosSummaries(" : "aos_summaries(", s, ")")
                 : java()            ? absl::StrCat(aod ? "aodSummaries(" : "summaries(", s, ")")
                                     : absl::StrCat("summaries(", s, ")"));
      else if (q == "lg_k") {
        if (java()) w_.Print(SnippetValue::kInt, field, aod ? absl::StrCat("Integer.numberOfTrailingZeros(", s, ".getNominalEntries())")
                                                            : absl::StrCat(s, ".getLgK()"));
        else w_.Print(SnippetValue::kInt, field, absl::StrCat(s, ".get_lg_k()"));
      } else {
        w_.Comment(absl::StrCat("unknown query '", q, "'"));
      }
    }
  }

  // --- slots

  std::string Declare(const std::string& slot, const SlotInfo& info) {
    return w_.Declare(slot, absl::StrCat(info.kind, ":", info.summary, ":", info.num_values));
  }
  SlotInfo Info(const std::string& slot) const {
    const std::string tag = w_.Tag(slot);
    SlotInfo info;
    const size_t a = tag.find(':'), b = tag.rfind(':');
    if (a == std::string::npos || a == b) return info;
    info.kind = tag.substr(0, a);
    info.summary = tag.substr(a + 1, b - a - 1);
    info.num_values = std::stoi(tag.substr(b + 1));
    return info;
  }
  std::string SeedLiteral(const Op& op) const {
    return w_.language().seed_literal(static_cast<uint64_t>(op.Int("seed")));
  }
  static const char* Ordered(const Op& op) { return op.Int("ordered", 1) != 0 ? "true" : "false"; }

  std::set<std::string> missing_;  // slots a step this library cannot do would have made
};

}  // namespace

std::string TupleJavaSnippet(const Case& c) { return TupleSteps(c, kJava).Write(); }
std::string TupleCppSnippet(const Case& c) { return TupleSteps(c, kCpp).Write(); }

}  // namespace dsconform
