// The repro programs of a density case: C++ as engines/native/density_adapter.cc
// makes the calls; Java only says, step by step, that it has no density sketch
// (as reservoir_snippets.cc's C++ program does for a family datasketches-cpp lacks).
#include "sketches/density/density_snippets.h"

#include <cstdlib>
#include <map>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/substitute.h"
#include "harness/family/snippet_writer.h"

namespace dsconform {
namespace {

// Density compactions draw the coin of a level's first point from random_utils::random_bit and
// shuffle the level with random_utils::rand: both per translation unit, as in the engine.
constexpr char kCppPin[] = R"(
// Pins the density sketch's random bits, as dsconform's engine does before a step with a seed.
void pinRandomBits(uint64_t seed) {
  ds::random_utils::random_bit.seed(static_cast<uint32_t>(seed));
  ds::random_utils::rand.seed(seed);
}
)";

constexpr char kNoJava[] = "datasketches-java has no density sketch";

SnippetFamilyText JavaText() {
  SnippetFamilyText text;
  for (const char* step : {"create", "update", "merge", "result", "serialize", "deserialize", "query"})
    text.undeclared_steps[step] = kNoJava;
  return text;
}

SnippetFamilyText CppText() {
  SnippetFamilyText text;
  text.library_dirs = {"density"};
  text.reserved_names = {"pinRandomBits", "density_sketch"};
  text.imports_when_used = {{"density_sketch", "density_sketch.hpp"}};
  text.helpers_when_used = {{"pinRandomBits", kCppPin}};
  return text;
}

class CppSteps {
 public:
  explicit CppSteps(const Case& c) : w_(c, CppSnippetLanguage(), CppText()) {}

  std::string Write() {
    return w_.Write([this](size_t, const Op& op) { Step(op); });
  }

 private:
  void Pin(const Op& op) {
    if (!op.args.contains("seed")) return;
    w_.Line(absl::StrCat("pinRandomBits(", w_.language().seed_literal(static_cast<uint64_t>(op.Int("seed"))), ");"));
  }

  void Step(const Op& op) {
    const std::string& s = op.op;
    if (s == "create") {
      const std::string var = w_.Declare(op.sketch, absl::StrCat(op.Int("dim")));
      w_.Line(absl::StrCat("ds::density_sketch<double> ", var, "(", op.Int("k"), ", ", op.Int("dim"), ");"));
    } else if (s == "update") {
      if (!op.items) return;
      const std::string v = w_.Var(op.sketch);
      Pin(op);
      const std::string point = w_.NewVariable("point"), scale = w_.NewVariable("scale");
      w_.Line(absl::StrCat("const double ", scale, " = ",
                           w_.language().double_value(op.Str("scale", "1")), ";  // each coordinate: item * scale"));
      w_.Line(absl::StrCat("std::vector<double> ", point, ";  // every ", v, ".get_dim() items are one point"));
      w_.UpdateLoop(*op.items, [&](const std::string& item) {
        // One statement: the loop around it has no braces of its own.
        return absl::Substitute("{ $0.push_back($1 * $2); if ($0.size() == $3.get_dim()) { $3.update($0); $0.clear(); } }",
                                point, item, scale, v);
      });
    } else if (s == "merge") {
      const std::string v = w_.Var(op.sketch), from = w_.Var(op.Str("from"));
      Pin(op);
      const bool move = op.Str("how", "copy") == "move";
      w_.Line(absl::StrCat(v, ".merge(", move ? absl::StrCat("std::move(", from, ")") : from, ");"));
      if (move) w_.Forget(op.Str("from"));
    } else if (s == "result") {
      const std::string v = w_.Var(op.sketch), as = op.Str("as");
      const std::string i = w_.NewVariable("i"), e = w_.NewVariable("entry");
      w_.Print(SnippetValue::kInt, as + ".retained.size", v + ".get_num_retained()");
      w_.Line(absl::StrCat("int64_t ", i, " = 0;"));
      w_.Line(absl::StrCat("for (const auto& ", e, " : ", v, ") {"));
      w_.PrintIndexed(SnippetValue::kInt, as + ".retained", i, e + ".second", ".weight");
      const std::string dim = w_.Tag(op.sketch);
      for (int j = 0; j < std::atoi(dim.c_str()); ++j)
        w_.PrintIndexed(SnippetValue::kDouble, as + ".retained", i, absl::StrCat(e, ".first[", j, "]"),
                        absl::StrCat("[", j, "]"));
      w_.Line(absl::StrCat("  ++", i, ";"));
      w_.Line("}");
    } else if (s == "serialize") {
      const std::string field = absl::StrCat(op.Str("as", op.sketch), ".", op.Str("form"));
      const std::string image = w_.NewVariable(field);
      w_.Line(absl::StrCat("const auto ", image, " = ", w_.Var(op.sketch), ".serialize();"));
      w_.PrintImage(field, image);
      image_dims_[field] = w_.Tag(op.sketch);
    } else if (s == "deserialize") {
      const std::string name = op.Str("image");
      const std::string image = w_.ImageOrStop(name, absl::StrCat("image '", name, "' is not in this stage"));
      if (image.empty()) return;
      const std::string var = w_.Declare(op.sketch, image_dims_[name]);
      w_.Line(absl::StrCat("auto ", var, " = ds::density_sketch<double>::deserialize(", image, ".data(), ", image,
                           ".size());"));
    } else if (s == "query") {
      Query(op);
    } else {
      w_.Comment(absl::StrCat("'", s, "' is not a density step"));
    }
  }

  void Query(const Op& op) {
    const std::string v = w_.Var(op.sketch);
    const std::string prefix = op.Str("as", op.sketch);
    for (const std::string& q : op.StrList("queries")) {
      const std::string field = absl::StrCat(prefix, ".", q);
      if (q == "n") w_.Print(SnippetValue::kInt, field, v + ".get_n()");
      else if (q == "k") w_.Print(SnippetValue::kInt, field, v + ".get_k()");
      else if (q == "dim") w_.Print(SnippetValue::kInt, field, v + ".get_dim()");
      else if (q == "num_retained") w_.Print(SnippetValue::kInt, field, v + ".get_num_retained()");
      else if (q == "is_empty") w_.Print(SnippetValue::kBool, field, v + ".is_empty()");
      else if (q == "is_estimation_mode") w_.Print(SnippetValue::kBool, field, v + ".is_estimation_mode()");
      else if (q == "estimates") Estimates(op, v, field);
      else w_.Comment(absl::StrCat("unknown query '", q, "'"));
    }
  }

  // One estimate per point: each get_dim() values of `points`.
  void Estimates(const Op& op, const std::string& v, const std::string& field) {
    const std::vector<std::string> points = op.StrList("points");
    const int dim = std::atoi(w_.Tag(op.sketch).c_str());
    if (dim <= 0) {
      w_.Comment("the sketch's dimension is not known to this program");
      return;
    }
    for (size_t i = 0; i * dim + dim <= points.size(); ++i) {
      std::vector<std::string> coords;
      for (int j = 0; j < dim; ++j) coords.push_back(w_.language().double_value(points[i * dim + j]));
      w_.Print(SnippetValue::kDouble, absl::StrCat(field, "[", i, "]"),
               absl::StrCat(v, ".get_estimate(std::vector<double>{", absl::StrJoin(coords, ", "), "})"));
    }
  }

  SnippetWriter w_;
  std::map<std::string, std::string> image_dims_;  // image field -> the dimension of the sketch that wrote it
};

}  // namespace

std::string DensityJavaSnippet(const Case& c) {
  SnippetWriter w(c, JavaSnippetLanguage(), JavaText());
  return w.Write([](size_t, const Op&) {});
}

std::string DensityCppSnippet(const Case& c) { return CppSteps(c).Write(); }

}  // namespace dsconform
