// The repro programs of a Reservoir case. Java: datasketches-java's calls, as
// java-bridge/.../ReservoirFamily.java makes them. C++: datasketches-cpp has no
// reservoir sketch, so every step is answered as the harness answers the native
// engine (undeclared), which the program says.
#include "sketches/reservoir/reservoir_snippets.h"

#include "absl/strings/str_cat.h"
#include "absl/strings/substitute.h"
#include "harness/family/snippet_writer.h"

namespace dsconform {
namespace {

constexpr char kUnpinned[] = "datasketches-java samples with ThreadLocalRandom, which cannot be seeded";

SnippetFamilyText JavaText() {
  SnippetFamilyText text;
  text.reserved_names = {"ReservoirItemsSketch", "ReservoirItemsUnion", "ReservoirLongsSketch", "ReservoirLongsUnion",
                         "ArrayOfLongsSerDe", "ArrayOfStringsSerDe", "ArrayOfDoublesSerDe", "MemorySegment",
                         "StandardCharsets", "unpinned"};
  for (const char* c : {"ReservoirItemsSketch", "ReservoirItemsUnion", "ReservoirLongsSketch", "ReservoirLongsUnion"})
    text.imports_when_used[c] = absl::StrCat("org.apache.datasketches.sampling.", c);
  for (const char* c : {"ArrayOfLongsSerDe", "ArrayOfStringsSerDe", "ArrayOfDoublesSerDe"})
    text.imports_when_used[c] = absl::StrCat("org.apache.datasketches.common.", c);
  text.imports_when_used["MemorySegment"] = "java.lang.foreign.MemorySegment";
  text.imports_when_used["StandardCharsets"] = "java.nio.charset.StandardCharsets";
  return text;
}

std::string Boxed(const std::string& item) { return item == "long" ? "Long" : item == "double" ? "Double" : "String"; }
std::string SerDe(const std::string& item) {
  return absl::StrCat("new ArrayOf", item == "long" ? "Longs" : item == "double" ? "Doubles" : "Strings", "SerDe()");
}
SnippetValue ItemValue(const std::string& item) {
  return item == "long" ? SnippetValue::kInt : item == "double" ? SnippetValue::kDouble : SnippetValue::kString;
}

class JavaSteps {
 public:
  explicit JavaSteps(const Case& c) : w_(c, JavaSnippetLanguage(), JavaText()) {}

  std::string Write() {
    return w_.Write([this](size_t, const Op& op) { Step(op); });
  }

 private:
  // A slot's tag: "<item> <api> <sketch|union>".
  static std::string TagOf(const std::string& item, const std::string& api, const char* what) {
    return absl::StrCat(item, " ", api, " ", what);
  }
  std::string ItemOf(const std::string& slot) const { return Part(slot, 0); }
  bool Longs(const std::string& slot) const { return Part(slot, 1) == "longs"; }
  bool IsUnion(const std::string& slot) const { return Part(slot, 2) == "union"; }
  std::string Part(const std::string& slot, int i) const {
    std::string tag = w_.Tag(slot);
    for (int skip = 0; skip < i; ++skip) tag = tag.substr(tag.find(' ') + 1);
    return tag.substr(0, tag.find(' '));
  }
  std::string Type(const std::string& item, bool longs, bool is_union) const {
    if (longs) return is_union ? "ReservoirLongsUnion" : "ReservoirLongsSketch";
    return absl::StrCat(is_union ? "ReservoirItemsUnion<" : "ReservoirItemsSketch<", Boxed(item), ">");
  }

  // After a step that may have sampled: the engine reports lang.random_bits once.
  void NoteSampled(const std::string& slot) {
    if (!declared_unpinned_) {
      w_.Line("boolean unpinned = false;");
      declared_unpinned_ = true;
    }
    const std::string v = w_.Var(slot);
    const std::string sketch = IsUnion(slot) ? absl::StrCat(v, ".getResult()") : v;
    w_.Line(absl::Substitute("if (!unpinned && $0 != null && $0.getN() > $0.getK()) {", sketch));
    w_.Line("unpinned = true;");
    w_.PrintUnsupported("lang.random_bits", kUnpinned);
    w_.Line("}");
  }

  void Step(const Op& op) {
    const std::string& s = op.op;
    if (s == "create" || s == "create_union") {
      const std::string item = op.Str("item"), api = op.Str("api", "items");
      const bool is_union = s == "create_union";
      const std::string type = Type(item, api == "longs", is_union);
      const std::string cls = type.substr(0, type.find('<'));
      const std::string var = w_.Declare(op.sketch, TagOf(item, api, is_union ? "union" : "sketch"));
      w_.Line(absl::StrCat(type, " ", var, " = ", cls, ".newInstance(", op.Int(is_union ? "max_k" : "k"), ");"));
    } else if (s == "update") {
      if (!op.items) return;
      const std::string v = w_.Var(op.sketch);
      w_.UpdateLoop(*op.items, [&](const std::string& item) { return absl::StrCat(v, ".update(", item, ");"); });
      NoteSampled(op.sketch);
    } else if (s == "union") {
      w_.Line(absl::StrCat(w_.Var(op.sketch), ".update(", w_.Var(op.Str("from")), ");"));
      NoteSampled(op.sketch);
    } else if (s == "get_result") {
      const std::string from = op.Str("from");
      const std::string item = ItemOf(from);
      const bool longs = Longs(from);
      const std::string from_var = w_.Var(from);
      const std::string var = w_.Declare(op.sketch, TagOf(item, longs ? "longs" : "items", "sketch"));
      w_.Line(absl::StrCat(Type(item, longs, false), " ", var, " = ", from_var, ".getResult();"));
      // An empty union's result is null: the engine says so in these words.
      w_.Line(absl::StrCat("if (", var, " == null) throw new NullPointerException(\"getResult() returned null\");"));
      NoteSampled(op.sketch);
    } else if (s == "serialize") {
      const std::string field = absl::StrCat(op.Str("as", op.sketch), ".", op.Str("form"));
      const std::string image = w_.NewVariable(field);
      const std::string arg = Longs(op.sketch) ? "" : SerDe(ItemOf(op.sketch));
      w_.Line(absl::StrCat("byte[] ", image, " = ", w_.Var(op.sketch), ".toByteArray(", arg, ");"));
      w_.PrintImage(field, image);
    } else if (s == "deserialize" || s == "deserialize_union") {
      const std::string name = op.Str("image");
      const std::string image = w_.ImageOrStop(name, absl::StrCat("image '", name, "' is not in this stage"));
      if (image.empty()) return;
      const std::string item = op.Str("item"), api = op.Str("api", "items");
      const bool is_union = s == "deserialize_union", longs = api == "longs";
      const std::string type = Type(item, longs, is_union);
      const std::string var = w_.Declare(op.sketch, TagOf(item, api, is_union ? "union" : "sketch"));
      w_.Line(absl::StrCat(type, " ", var, " = ", type.substr(0, type.find('<')), ".heapify(MemorySegment.ofArray(",
                           image, ".clone())", longs ? "" : absl::StrCat(", ", SerDe(item)), ");"));
    } else if (s == "query") {
      Query(op);
    } else {
      w_.Comment(absl::StrCat("'", s, "' is not a reservoir step"));
    }
  }

  void Query(const Op& op) {
    const std::string v = w_.Var(op.sketch);
    const std::string prefix = op.Str("as", op.sketch);
    const std::string item = ItemOf(op.sketch);
    const bool longs = Longs(op.sketch);
    for (const std::string& q : op.StrList("queries")) {
      const std::string field = absl::StrCat(prefix, ".", q);
      if (q == "max_k") {
        w_.Print(SnippetValue::kInt, field, v + ".getMaxK()");
      } else if (q == "n" || q == "k" || q == "num_samples") {
        const char* call = q == "n" ? ".getN()" : q == "k" ? ".getK()" : ".getNumSamples()";
        w_.Print(SnippetValue::kInt, field, v + call);
      } else if (q == "samples") {
        const std::string samples = w_.NewVariable(absl::StrCat(prefix, "_samples"));
        const std::string type = longs ? "long[]" : Boxed(item) + "[]";
        const std::string empty = longs ? "new long[0]" : absl::StrCat("new ", Boxed(item), "[0]");
        w_.Line(absl::Substitute("$0 $1 = $2.getNumSamples() == 0 ? $3 : $2.getSamples();", type, samples, v, empty));
        w_.Print(SnippetValue::kInt, field + ".size", samples + ".length");
        const std::string i = w_.NewVariable("i");
        w_.Line(absl::Substitute("for (int $0 = 0; $0 < $1.length; ++$0) {", i, samples));
        w_.PrintIndexed(ItemValue(item), field, i, absl::StrCat(samples, "[", i, "]"));
        w_.Line("}");
      } else if (q == "subset_sum") {
        const std::string summary = w_.NewVariable(absl::StrCat(prefix, "_subset_sum"));
        const std::string predicate =
            item == "string" ? "x -> x.getBytes(StandardCharsets.UTF_8).length % 2 == 0" : "x -> x % 2 == 0";
        w_.Line(absl::StrCat("var ", summary, " = ", v, ".estimateSubsetSum(", predicate, ");"));
        w_.Print(SnippetValue::kDouble, field + ".estimate", summary + ".getEstimate()");
        w_.Print(SnippetValue::kDouble, field + ".lower_bound", summary + ".getLowerBound()");
        w_.Print(SnippetValue::kDouble, field + ".upper_bound", summary + ".getUpperBound()");
        w_.Print(SnippetValue::kDouble, field + ".total_weight", summary + ".getTotalSketchWeight()");
      } else {
        w_.Comment(absl::StrCat("unknown query '", q, "'"));
      }
    }
  }

  SnippetWriter w_;
  bool declared_unpinned_ = false;
};

SnippetFamilyText CppText() {
  SnippetFamilyText text;
  // The program's prologue names namespace datasketches: one header of the library declares it.
  text.library_dirs = {"common"};
  text.imports_when_used = {{"reservoir", "common_defs.hpp"}};
  for (const char* step : {"create", "create_union", "update", "union", "get_result", "serialize", "deserialize",
                           "deserialize_union", "query"})
    text.undeclared_steps[step] = "datasketches-cpp has no reservoir sketch";
  return text;
}

}  // namespace

std::string ReservoirJavaSnippet(const Case& c) { return JavaSteps(c).Write(); }

std::string ReservoirCppSnippet(const Case& c) {
  SnippetWriter w(c, CppSnippetLanguage(), CppText());
  return w.Write([](size_t, const Op&) {});
}

}  // namespace dsconform
