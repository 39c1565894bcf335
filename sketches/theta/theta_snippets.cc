// The walk over a Theta case's steps that writes both repro programs; the
// languages differ in their dialect (theta_java_snippet.cc, theta_cpp_snippet.cc).
#include "sketches/theta/theta_snippets.h"

#include <set>

#include "absl/strings/str_cat.h"
#include "absl/strings/substitute.h"
#include "harness/family/snippet_steps.h"
#include "sketches/theta/theta_snippet_dialect.h"

namespace dsconform {
namespace {

struct QueryRow {
  const char* name;
  SnippetValue value;
  const char* ThetaSnippetDialect::*call;
  int num_std_dev;     // bounds only
  bool update_only;    // lg_k, rf
};
constexpr QueryRow kQueries[] = {
    {"estimate", SnippetValue::kDouble, &ThetaSnippetDialect::estimate, 0, false},
    {"lb1", SnippetValue::kDouble, &ThetaSnippetDialect::lower_bound, 1, false},
    {"lb2", SnippetValue::kDouble, &ThetaSnippetDialect::lower_bound, 2, false},
    {"lb3", SnippetValue::kDouble, &ThetaSnippetDialect::lower_bound, 3, false},
    {"ub1", SnippetValue::kDouble, &ThetaSnippetDialect::upper_bound, 1, false},
    {"ub2", SnippetValue::kDouble, &ThetaSnippetDialect::upper_bound, 2, false},
    {"ub3", SnippetValue::kDouble, &ThetaSnippetDialect::upper_bound, 3, false},
    {"theta", SnippetValue::kDouble, &ThetaSnippetDialect::theta, 0, false},
    {"theta_long", SnippetValue::kInt, &ThetaSnippetDialect::theta_long, 0, false},
    {"retained", SnippetValue::kInt, &ThetaSnippetDialect::retained, 0, false},
    {"is_empty", SnippetValue::kBool, &ThetaSnippetDialect::is_empty, 0, false},
    {"is_estimation_mode", SnippetValue::kBool, &ThetaSnippetDialect::is_estimation_mode, 0, false},
    {"is_ordered", SnippetValue::kBool, &ThetaSnippetDialect::is_ordered, 0, false},
    {"lg_k", SnippetValue::kInt, &ThetaSnippetDialect::lg_k, 0, true},
    {"rf", SnippetValue::kInt, &ThetaSnippetDialect::rf, 0, true},
};

// Slot kinds as the writer's tags.
std::string TagOf(ThetaKind kind) { return std::to_string(static_cast<int>(kind)); }

class ThetaSteps final : public SnippetSteps<ThetaSnippetDialect> {
 public:
  using SnippetSteps::SnippetSteps;

 private:
  void Step(const Op& op) override {
    // As the native engine: a step that reads a slot the library could not make
    // leaves its own slot unmade, said once; steps on such a slot are skipped.
    for (const char* key : {"from", "a", "b", "with"}) {
      const std::string read = op.Str(key);
      if (!missing_.count(read)) continue;
      if (missing_.insert(op.sketch).second)
        w_.PrintUnsupported(op.sketch + "." + op.op,
                            absl::StrCat("reads slot '", read, "', which datasketches-cpp could not make"));
      return;
    }
    if (missing_.count(op.sketch)) {
      w_.Comment(absl::StrCat("skipped: '", op.sketch, "' was made by a step this library cannot do"));
      return;
    }
    const std::string& s = op.op;
    if (s == "create") {
      std::string settings = Seeded(op) ? absl::Substitute(d_.set_seed, SeedLiteral(op)) : "";
      if (op.args.contains("rf")) absl::StrAppend(&settings, absl::Substitute(d_.set_rf, op.Int("rf")));
      if (op.args.contains("p")) absl::StrAppend(&settings, absl::Substitute(d_.set_p, P(op)));
      w_.Line(absl::Substitute(d_.create, Declare(op.sketch, ThetaKind::kUpdate), op.Int("lg_k"), settings));
    } else if (s == "union") {
      std::string settings = Seeded(op) ? absl::Substitute(d_.set_seed, SeedLiteral(op)) : "";
      if (op.args.contains("p")) absl::StrAppend(&settings, absl::Substitute(d_.set_p, P(op)));
      w_.Line(absl::Substitute(d_.new_union, Declare(op.sketch, ThetaKind::kUnion), op.Int("lg_k"), settings));
    } else if (s == "intersection") {
      w_.Line(absl::Substitute(Seeded(op) ? d_.new_intersection : d_.new_intersection_default_seed,
                               Declare(op.sketch, ThetaKind::kIntersection), Seeded(op) ? SeedLiteral(op) : ""));
    } else if (s == "update") {
      Update(op);
    } else if (s == "merge") {
      const bool into_union = Kind(op.sketch) == ThetaKind::kUnion;
      w_.Line(absl::Substitute(into_union ? d_.merge_union : d_.merge_intersection, w_.Var(op.sketch),
                               w_.Var(op.Str("from"))));
    } else if (s == "result") {
      const std::string from = w_.Var(op.Str("from"));
      w_.Line(absl::Substitute(d_.result, Declare(op.sketch, ThetaKind::kCompact), from, Ordered(op)));
    } else if (s == "compact") {
      const std::string from = w_.Var(op.Str("from"));
      const char* call = d_.compact[static_cast<int>(Kind(op.Str("from")))];
      w_.Line(absl::Substitute(call, Declare(op.sketch, ThetaKind::kCompact), from, Ordered(op)));
    } else if (s == "a_not_b") {
      const std::string a = w_.Var(op.Str("a")), b = w_.Var(op.Str("b"));
      const std::string seed = Seeded(op) ? absl::Substitute(d_.a_not_b_seed, SeedLiteral(op)) : "";
      w_.Line(absl::Substitute(d_.a_not_b, Declare(op.sketch, ThetaKind::kCompact), a, b, Ordered(op), seed));
    } else if (s == "jaccard") {
      Jaccard(op);
    } else if (s == "serialize") {
      Serialize(op);
    } else if (s == "deserialize") {
      Deserialize(op);
    } else if (s == "reset") {
      Reset(op);
    } else if (s == "query") {
      Query(op);
    } else {
      w_.Comment(absl::StrCat("'", s, "' is not a Theta step"));
    }
  }

  void Update(const Op& op) {
    if (!op.items) return;
    std::string target = w_.Var(op.sketch);
    ThetaKind kind = Kind(op.sketch);
    if (kind == ThetaKind::kAny) {
      target = UpdatableView(op.sketch, absl::StrCat("slot ", op.sketch, " cannot be updated"));
      kind = ThetaKind::kUpdate;
    }
    const char* call = d_.update[static_cast<int>(kind)];
    if (call == nullptr) {
      // theta_union takes sketches only in C++; a compact or wrapped sketch cannot change.
      Refuse(op, absl::StrCat("slot ", op.sketch, " cannot be updated"),
             "datasketches-cpp updates only an update_theta_sketch");
      missing_.insert(op.sketch);
      return;
    }
    w_.UpdateLoop(*op.items, [&](const std::string& item) { return absl::Substitute(call, target, item); });
  }

  void Jaccard(const Op& op) {
    const std::string a = w_.Var(op.sketch), b = w_.Var(op.Str("with"));
    const std::string as = op.Str("as");
    const std::string j = w_.NewVariable(as);
    w_.Line(absl::Substitute(d_.jaccard, j, a, b, Seeded(op) ? absl::Substitute(d_.seed_argument, SeedLiteral(op)) : ""));
    const char* parts[] = {"lower", "estimate", "upper"};
    for (int k = 0; k < 3; ++k) w_.Print(SnippetValue::kDouble, absl::StrCat(as, ".", parts[k]), absl::StrCat(j, "[", k, "]"));
  }

  void Serialize(const Op& op) {
    const std::string form = op.Str("form");
    const std::string field = absl::StrCat(op.Str("as", op.sketch), ".", form);
    std::string sketch = w_.Var(op.sketch);
    ThetaKind kind = Kind(op.sketch);
    if (form == "updatable" && kind == ThetaKind::kAny) {
      sketch = UpdatableView(op.sketch, "not an update sketch");
      kind = ThetaKind::kUpdate;
    }
    const char* const* calls = form == "updatable"    ? d_.serialize_updatable
                               : form == "compressed" ? d_.serialize_compressed
                                                      : d_.serialize_compact;
    const char* call = calls[static_cast<int>(kind)];
    if (call == nullptr) {
      Refuse(op, "not an update sketch", "datasketches-cpp serializes compact sketches only", field);
      return;
    }
    const std::string image = w_.NewVariable(field);
    w_.Line(absl::Substitute(call, image, sketch));
    w_.PrintImage(field, image);
  }

  void Deserialize(const Op& op) {
    const std::string name = op.Str("image");
    const std::string image = w_.ImageOrStop(
        name, absl::StrCat("image '", name, "' is neither an image of the stage nor a byte field it produced"));
    if (image.empty()) return;
    const std::string mode = op.Str("mode", "heapify");
    const std::string* input = w_.InputImage(name);
    // An update sketch's image (serial version 3, family 2); this program writes none in C++.
    const bool update_image = input != nullptr && input->size() > 2 && (*input)[1] == 3 && (*input)[2] == 2;
    if ((mode == "writable_wrap" && d_.writable_wrap == nullptr) || (update_image && !d_.reads_update_images)) {
      w_.PrintUnsupported(op.sketch + ".deserialize", mode == "writable_wrap"
                                                          ? "writable wrap is a Java-only operation"
                                                          : "datasketches-cpp reads compact images only");
      missing_.insert(op.sketch);
      return;
    }
    const std::string seed = Seeded(op) ? absl::Substitute(d_.seed_argument, SeedLiteral(op)) : "";
    if (mode == "writable_wrap") {
      const std::string wrap_seed = Seeded(op) ? SeedLiteral(op) : "";
      w_.Line(absl::Substitute(Seeded(op) ? d_.writable_wrap : d_.writable_wrap_default_seed,
                               Declare(op.sketch, ThetaKind::kUpdate), image, wrap_seed));
    } else if (mode == "wrap") {
      w_.Line(absl::Substitute(d_.wrap, Declare(op.sketch, d_.wrap_kind), image, seed));
    } else {
      w_.Line(absl::Substitute(d_.heapify, Declare(op.sketch, d_.heapify_kind), image, seed));
    }
  }

  void Reset(const Op& op) {
    std::string target = w_.Var(op.sketch);
    const ThetaKind kind = Kind(op.sketch);
    if (kind == ThetaKind::kAny) {
      target = UpdatableView(op.sketch, absl::StrCat("slot ", op.sketch, " cannot be reset"));
    } else if (kind != ThetaKind::kUpdate && kind != ThetaKind::kUnion) {
      if (d_.refuses_with_exception) return w_.Fail(absl::StrCat("slot ", op.sketch, " cannot be reset"));
      return w_.Comment("a compact sketch has no reset: the native engine refuses the case");
    }
    w_.Line(absl::StrCat(target, ".reset();"));
  }

  void Query(const Op& op) {
    std::string target = w_.Var(op.sketch);
    const ThetaKind kind = Kind(op.sketch);
    const std::string prefix = op.Str("as", op.sketch);
    for (const std::string& q : op.StrList("queries")) {
      const std::string field = absl::StrCat(prefix, ".", q);
      if (kind == ThetaKind::kIntersection) {
        w_.Print(SnippetValue::kBool, field, absl::Substitute(d_.has_result, target));
        continue;
      }
      const QueryRow* row = nullptr;
      for (const QueryRow& r : kQueries)
        if (q == r.name) row = &r;
      if (row == nullptr) {
        w_.Comment(absl::StrCat("unknown query '", q, "'"));
        continue;
      }
      std::string on = target;
      if (row->update_only && kind == ThetaKind::kAny) {
        on = UpdatableView(op.sketch, absl::StrCat("query ", q, " needs an update sketch"));
      } else if (row->update_only && kind != ThetaKind::kUpdate) {
        if (d_.refuses_with_exception) return w_.Fail(absl::StrCat("query ", q, " needs an update sketch"));
        w_.Comment(absl::StrCat("'", q, "' needs an update sketch: the native engine refuses the case"));
        continue;
      }
      w_.Print(row->value, field, absl::Substitute(d_.*row->call, on, row->num_std_dev));
    }
  }

  // A step the slot's sketch cannot take: the Java engine throws `java_message`;
  // the native one records `field` (by default <slot>.<step>) unsupported.
  void Refuse(const Op& op, const std::string& java_message, const std::string& native_reason,
              const std::string& field = "") {
    if (d_.refuses_with_exception) return w_.Fail(java_message);
    w_.PrintUnsupported(field.empty() ? op.sketch + "." + op.op : field, native_reason);
  }

  // Java: the slot's sketch as an update sketch, failing as the engine does
  // when the image it was read from is compact.
  std::string UpdatableView(const std::string& slot, const std::string& message) {
    const std::string view = w_.NewVariable(slot + "_update");
    w_.Line(absl::Substitute(d_.updatable_view, view, w_.Var(slot), w_.Quote(message)));
    return view;
  }

  std::string Declare(const std::string& slot, ThetaKind kind) { return w_.Declare(slot, TagOf(kind)); }
  ThetaKind Kind(const std::string& slot) const {
    const std::string tag = w_.Tag(slot);
    return tag.empty() ? ThetaKind::kCompact : static_cast<ThetaKind>(std::stoi(tag));
  }

  static bool Seeded(const Op& op) { return op.args.contains("seed"); }
  std::string SeedLiteral(const Op& op) const {
    return w_.language().seed_literal(static_cast<uint64_t>(op.Int("seed")));
  }
  std::string P(const Op& op) const { return w_.language().float_value(op.Str("p")); }
  static const char* Ordered(const Op& op) { return op.Int("ordered", 1) != 0 ? "true" : "false"; }

  std::set<std::string> missing_;  // slots a step this library cannot do would have made
};

}  // namespace

std::string WriteThetaSnippet(const Case& c, const ThetaSnippetDialect& dialect) {
  return ThetaSteps(c, dialect).Write();
}

std::string ThetaJavaSnippet(const Case& c) { return WriteThetaSnippet(c, JavaThetaDialect()); }
std::string ThetaCppSnippet(const Case& c) { return WriteThetaSnippet(c, CppThetaDialect()); }

}  // namespace dsconform
