// The repro programs of an EBPPS case: one walk over the steps, the text of
// each call in the language's dialect (Java as java-bridge/.../EbppsFamily.java
// makes them, C++ as engines/native/ebpps_adapter.cc does).
#include "sketches/ebpps/ebpps_snippets.h"

#include "absl/strings/str_cat.h"
#include "absl/strings/substitute.h"
#include "harness/family/snippet_writer.h"

namespace dsconform {
namespace {

// Java: the sketch's two samples get one java.util.Random(seed), as the engine gives them.
constexpr char kJavaPin[] = R"(
  // Pins EBPPS's random bits: its samples draw from a java.util.Random that only the
  // package-private EbppsItemsSample.replaceRandom replaces (reached by reflection).
  // A merge copies the other sketch's sample and its generator: both get the one Random.
  static void pinRandomBits(long seed, EbppsItemsSketch<?>... sketches) throws Exception {
    java.util.Random random = new java.util.Random(seed);
    for (EbppsItemsSketch<?> sketch : sketches)
      for (String name : new String[] {"sample_", "tmp_"}) {
        java.lang.reflect.Field f = EbppsItemsSketch.class.getDeclaredField(name);
        f.setAccessible(true);
        Object sample = f.get(sketch);
        java.lang.reflect.Method m = sample.getClass().getDeclaredMethod("replaceRandom", java.util.Random.class);
        m.setAccessible(true);
        m.invoke(sample, random);
      }
  }
)";

// C++: EBPPS draws from random_utils::rand, one per translation unit; override_seed seeds it.
constexpr char kCppPin[] = R"(
// Pins EBPPS's random bits (random_utils::rand, seeded by override_seed), as dsconform's engine does.
void pinRandomBits(uint64_t seed) { ds::random_utils::override_seed(seed); }
)";

struct Dialect {
  bool java;
  std::string Type(const std::string& item) const {
    if (java) return item == "long" ? "EbppsItemsSketch<Long>" : "EbppsItemsSketch<String>";
    return item == "long" ? "ds::ebpps_sketch<int64_t>" : "ds::ebpps_sketch<std::string>";
  }
  std::string SerDe(const std::string& item) const {
    return item == "long" ? "new ArrayOfLongsSerDe()" : "new ArrayOfStringsSerDe()";
  }
};

SnippetFamilyText JavaText() {
  SnippetFamilyText text;
  text.reserved_names = {"EbppsItemsSketch", "ArrayOfLongsSerDe", "ArrayOfStringsSerDe", "MemorySegment",
                         "pinRandomBits"};
  text.imports_when_used = {{"EbppsItemsSketch", "org.apache.datasketches.sampling.EbppsItemsSketch"},
                            {"ArrayOfLongsSerDe", "org.apache.datasketches.common.ArrayOfLongsSerDe"},
                            {"ArrayOfStringsSerDe", "org.apache.datasketches.common.ArrayOfStringsSerDe"},
                            {"MemorySegment", "java.lang.foreign.MemorySegment"}};
  text.helpers_when_used = {{"pinRandomBits", kJavaPin}};
  return text;
}

SnippetFamilyText CppText() {
  SnippetFamilyText text;
  text.library_dirs = {"sampling"};
  text.reserved_names = {"pinRandomBits"};
  text.imports_when_used = {{"ebpps_sketch", "ebpps_sketch.hpp"}};
  text.helpers_when_used = {{"pinRandomBits", kCppPin}};
  return text;
}

// A weight as both languages parse the decimal text of the case (nan, inf, -inf included).
std::string WeightLiteral(bool java, const std::string& w) {
  if (w == "nan") return java ? "Double.NaN" : "std::numeric_limits<double>::quiet_NaN()";
  if (w == "inf") return java ? "Double.POSITIVE_INFINITY" : "std::numeric_limits<double>::infinity()";
  if (w == "-inf") return java ? "Double.NEGATIVE_INFINITY" : "-std::numeric_limits<double>::infinity()";
  return java ? absl::StrCat("Double.parseDouble(\"", w, "\")") : absl::StrCat("std::strtod(\"", w, "\", nullptr)");
}

class Steps {
 public:
  Steps(const Case& c, bool java)
      : w_(c, java ? JavaSnippetLanguage() : CppSnippetLanguage(), java ? JavaText() : CppText()), d_{java} {}

  std::string Write() {
    return w_.Write([this](size_t, const Op& op) { Step(op); });
  }

 private:
  void Pin(const Op& op, const std::string& vars) {
    if (!op.args.contains("seed")) return;
    const std::string seed = w_.language().seed_literal(static_cast<uint64_t>(op.Int("seed")));
    w_.Line(d_.java ? absl::StrCat("pinRandomBits(", seed, ", ", vars, ");") : absl::StrCat("pinRandomBits(", seed, ");"));
  }

  void Step(const Op& op) {
    const std::string& s = op.op;
    if (s == "create") {
      const std::string item = op.Str("item");
      const std::string var = w_.Declare(op.sketch, item);
      w_.Line(d_.java ? absl::StrCat(d_.Type(item), " ", var, " = new EbppsItemsSketch<>(", op.Int("k"), ");")
                      : absl::StrCat(d_.Type(item), " ", var, "(", op.Int("k"), ");"));
    } else if (s == "update") {
      if (!op.items) return;
      const std::string v = w_.Var(op.sketch);
      Pin(op, v);
      const std::string weight = op.args.contains("weight") ? WeightLiteral(d_.java, op.Str("weight")) : "1.0";
      const std::string wv = w_.NewVariable("weight");
      w_.Line(absl::StrCat(d_.java ? "double " : "const double ", wv, " = ", weight, ";"));
      w_.UpdateLoop(*op.items, [&](const std::string& item) { return absl::StrCat(v, ".update(", item, ", ", wv, ");"); });
    } else if (s == "merge") {
      const std::string v = w_.Var(op.sketch), from = w_.Var(op.Str("from"));
      Pin(op, absl::StrCat(v, ", ", from));
      const bool move = op.Str("how", "copy") == "move" && !d_.java;
      w_.Line(absl::StrCat(v, ".merge(", move ? absl::StrCat("std::move(", from, ")") : from, ");"));
    } else if (s == "result") {
      const std::string v = w_.Var(op.sketch);
      Pin(op, v);
      const std::string item = w_.Tag(op.sketch);
      const std::string as = op.Str("as");
      const std::string result = w_.NewVariable(as + "_result");
      w_.Line(d_.java ? absl::StrCat("var ", result, " = ", v, ".getResult();")
                      : absl::StrCat("const auto ", result, " = ", v, ".get_result();"));
      // Java's is null for an empty sketch (EB6): the engine says so in these words.
      if (d_.java)
        w_.Line(absl::StrCat("if (", result, " == null) throw new NullPointerException(\"getResult() returned null\");"));
      w_.Print(SnippetValue::kInt, as + ".result.size", d_.java ? result + ".size()" : result + ".size()");
      const std::string i = w_.NewVariable("i");
      w_.Line(d_.java ? absl::Substitute("for (int $0 = 0; $0 < $1.size(); ++$0) {", i, result)
                      : absl::Substitute("for (size_t $0 = 0; $0 < $1.size(); ++$0) {", i, result));
      w_.PrintIndexed(item == "long" ? SnippetValue::kInt : SnippetValue::kString, as + ".result", i,
                      d_.java ? absl::Substitute("$0.get($1)", result, i) : absl::Substitute("$0[$1]", result, i));
      w_.Line("}");
    } else if (s == "serialize") {
      const std::string field = absl::StrCat(op.Str("as", op.sketch), ".", op.Str("form"));
      const std::string image = w_.NewVariable(field);
      const std::string v = w_.Var(op.sketch);
      w_.Line(d_.java ? absl::StrCat("byte[] ", image, " = ", v, ".toByteArray(", d_.SerDe(w_.Tag(op.sketch)), ");")
                      : absl::StrCat("const auto ", image, " = ", v, ".serialize();"));
      w_.PrintImage(field, image);
    } else if (s == "deserialize") {
      const std::string name = op.Str("image");
      const std::string image = w_.ImageOrStop(name, absl::StrCat("image '", name, "' is not in this stage"));
      if (image.empty()) return;
      const std::string item = op.Str("item");
      const std::string var = w_.Declare(op.sketch, item);
      w_.Line(d_.java ? absl::StrCat(d_.Type(item), " ", var, " = EbppsItemsSketch.heapify(MemorySegment.ofArray(",
                                     image, "), ", d_.SerDe(item), ");")
                      : absl::StrCat("auto ", var, " = ", d_.Type(item), "::deserialize(", image, ".data(), ", image,
                                     ".size());"));
    } else if (s == "query") {
      Query(op);
    } else {
      w_.Comment(absl::StrCat("'", s, "' is not an EBPPS step"));
    }
  }

  void Query(const Op& op) {
    const std::string v = w_.Var(op.sketch);
    const std::string prefix = op.Str("as", op.sketch);
    for (const std::string& q : op.StrList("queries")) {
      const std::string field = absl::StrCat(prefix, ".", q);
      if (q == "n") w_.Print(SnippetValue::kInt, field, v + (d_.java ? ".getN()" : ".get_n()"));
      else if (q == "k") w_.Print(SnippetValue::kInt, field, v + (d_.java ? ".getK()" : ".get_k()"));
      else if (q == "c") w_.Print(SnippetValue::kDouble, field, v + (d_.java ? ".getC()" : ".get_c()"));
      else if (q == "cumulative_weight")
        w_.Print(SnippetValue::kDouble, field, v + (d_.java ? ".getCumulativeWeight()" : ".get_cumulative_weight()"));
      else if (q == "is_empty") w_.Print(SnippetValue::kBool, field, v + (d_.java ? ".isEmpty()" : ".is_empty()"));
      else if (q == "serialized_size")
        w_.Print(SnippetValue::kInt, field,
                 d_.java ? absl::StrCat(v, ".getSerializedSizeBytes(", d_.SerDe(w_.Tag(op.sketch)), ")")
                         : v + ".get_serialized_size_bytes()");
      else if (q == "to_string") {
        if (d_.java) w_.PrintUnsupported(field, "a native-only observation");
        else w_.Print(SnippetValue::kString, field, v + ".to_string()");
      } else {
        w_.Comment(absl::StrCat("unknown query '", q, "'"));
      }
    }
  }

  SnippetWriter w_;
  Dialect d_;
};

}  // namespace

std::string EbppsJavaSnippet(const Case& c) { return Steps(c, true).Write(); }
std::string EbppsCppSnippet(const Case& c) { return Steps(c, false).Write(); }

}  // namespace dsconform
