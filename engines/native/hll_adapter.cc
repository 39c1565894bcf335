// HLL steps on datasketches-cpp's hll_sketch and hll_union, exactly as the
// table "HLL steps" of docs/case-format.md maps them. Beyond that table:
// - merge how=move calls hll_union::update(hll_sketch&&) on the slot itself;
//   the slot then holds whatever the library left in it (in 5.2.0: unchanged,
//   or the union's previous, empty gadget when the union adopted the sketch).
// - deserialize mode wrap/writable_wrap records "<sketch>.deserialize" as
//   unsupported ("wrap is a Java-only operation"); the slot it would create
//   does not exist, so later steps naming it (as sketch or from) are skipped
//   and the rest of the stage runs on.
// - result without a type uses HLL_4, the default of both libraries.
//
// The only translation unit that includes datasketches-cpp's HLL headers.
#include "engines/native/cpp_adapter_base.h"

#include <map>
#include <set>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>

#include "absl/strings/str_cat.h"
#include "hll.hpp"
#include "harness/engine/item_tape_reader.h"

namespace dsconform {
namespace {

using datasketches::hll_sketch;
using datasketches::hll_union;
using datasketches::target_hll_type;

using Slot = std::variant<hll_sketch, hll_union>;

struct TypeRow {
  const char* name;
  target_hll_type type;
};
constexpr TypeRow kTypes[] = {
    {"HLL_4", datasketches::HLL_4}, {"HLL_6", datasketches::HLL_6}, {"HLL_8", datasketches::HLL_8}};

const char* TypeName(target_hll_type t) {
  for (const auto& row : kTypes)
    if (row.type == t) return row.name;
  return "?";
}

// Queries (docs/case-format.md): the library call each one makes.
enum class Query { kEstimate, kComposite, kLowerBound, kUpperBound, kIsEmpty, kLgK, kIsCompact, kType,
                   kCompactSize, kUpdatableSize };
struct QueryRow {
  const char* name;
  Query query;
  uint8_t num_std_dev;  // bounds only
  bool sketch_only;     // not defined on hll_union
};
constexpr QueryRow kQueries[] = {
    {"estimate", Query::kEstimate, 0, false},       {"composite", Query::kComposite, 0, false},
    {"lb1", Query::kLowerBound, 1, false},          {"lb2", Query::kLowerBound, 2, false},
    {"lb3", Query::kLowerBound, 3, false},          {"ub1", Query::kUpperBound, 1, false},
    {"ub2", Query::kUpperBound, 2, false},          {"ub3", Query::kUpperBound, 3, false},
    {"is_empty", Query::kIsEmpty, 0, false},        {"lg_k", Query::kLgK, 0, false},
    {"is_compact", Query::kIsCompact, 0, true},     {"type", Query::kType, 0, true},
    {"compact_size", Query::kCompactSize, 0, true}, {"updatable_size", Query::kUpdatableSize, 0, true},
};

// T is hll_sketch or hll_union; sketch-only rows are never evaluated on a union.
template <typename T>
Value Evaluate(const T& target, const QueryRow& row) {
  switch (row.query) {
    case Query::kEstimate: return Value::Double(target.get_estimate());
    case Query::kComposite: return Value::Double(target.get_composite_estimate());
    case Query::kLowerBound: return Value::Double(target.get_lower_bound(row.num_std_dev));
    case Query::kUpperBound: return Value::Double(target.get_upper_bound(row.num_std_dev));
    case Query::kIsEmpty: return Value::Bool(target.is_empty());
    case Query::kLgK: return Value::Int(target.get_lg_config_k());
    default: break;
  }
  if constexpr (std::is_same_v<T, hll_sketch>) {
    switch (row.query) {
      case Query::kIsCompact: return Value::Bool(target.is_compact());
      case Query::kType: return Value::String(TypeName(target.get_target_type()));
      case Query::kCompactSize: return Value::Int(target.get_compact_serialization_bytes());
      case Query::kUpdatableSize: return Value::Int(target.get_updatable_serialization_bytes());
      default: break;
    }
  }
  return Value::Unsupported(absl::StrCat(row.name, " is not defined here"));  // unreachable after validation
}

// The slots of one stage and the observations it has made so far.
class HllStage {
 public:
  HllStage(const PreparedStage& stage, Observations* out) : stage_(stage), out_(out) {}

  void Drop(const std::string& slot) { slots_.erase(slot); }
  absl::StatusOr<StepEnd> Step(const Op& op, const StepContext& ctx);

 private:
  using Handler = absl::StatusOr<StepEnd> (HllStage::*)(const Op&, const StepContext&);
  struct StepRow {
    const char* op;
    Handler handler;
  };
  static const StepRow kSteps[];

  absl::StatusOr<StepEnd> Create(const Op& op, const StepContext& ctx) {
    auto lg_k = Byte(op, "lg_k", ctx);
    auto type = Type(op, ctx);
    if (!lg_k.ok()) return lg_k.status();
    if (!type.ok()) return type.status();
    Put(op.sketch, hll_sketch(*lg_k, *type));
    return StepEnd::kContinue;
  }

  absl::StatusOr<StepEnd> Union(const Op& op, const StepContext& ctx) {
    auto lg_max_k = Byte(op, "lg_max_k", ctx);
    if (!lg_max_k.ok()) return lg_max_k.status();
    slots_.insert_or_assign(op.sketch, Slot(std::in_place_type<hll_union>, *lg_max_k));
    return StepEnd::kContinue;
  }

  absl::StatusOr<StepEnd> Update(const Op& op, const StepContext& ctx) {
    auto slot = AnySlot(op.sketch, ctx);
    if (!slot.ok()) return slot.status();
    if (!op.items) return BadStep(stage_, ctx, "update without items");
    const bool whole_tape = std::visit(
        [&](auto& target) {
          return ForEachTapeItem(op.items->kind(), ctx.tape,
                                 [&target](auto&&... item) { target.update(std::forward<decltype(item)>(item)...); });
        },
        **slot);
    if (!whole_tape) return BadStep(stage_, ctx, "the item tape ends inside an item");
    return StepEnd::kContinue;
  }

  absl::StatusOr<StepEnd> Merge(const Op& op, const StepContext& ctx) {
    auto u = UnionSlot(op.sketch, ctx);
    auto sketch = SketchSlot(op.Str("from"), ctx);
    if (!u.ok()) return u.status();
    if (!sketch.ok()) return sketch.status();
    const std::string how = op.Str("how");
    if (!MergeCopyOrMove(how, **u, **sketch))
      return BadStep(stage_, ctx, absl::StrCat("how: '", how, "' is neither copy nor move"));
    return StepEnd::kContinue;
  }

  absl::StatusOr<StepEnd> Result(const Op& op, const StepContext& ctx) {
    auto u = UnionSlot(op.Str("from"), ctx);
    auto type = Type(op, ctx, datasketches::HLL_4);
    if (!u.ok()) return u.status();
    if (!type.ok()) return type.status();
    Put(op.sketch, (*u)->get_result(*type));
    return StepEnd::kContinue;
  }

  absl::StatusOr<StepEnd> Serialize(const Op& op, const StepContext& ctx) {
    auto sketch = SketchSlot(op.sketch, ctx);
    if (!sketch.ok()) return sketch.status();
    const std::string form = op.Str("form");
    hll_sketch::vector_bytes bytes;
    if (form == "compact") {
      bytes = (*sketch)->serialize_compact();
    } else if (form == "updatable") {
      bytes = (*sketch)->serialize_updatable();
    } else {
      return BadStep(stage_, ctx, absl::StrCat("form: '", form, "' is neither compact nor updatable"));
    }
    out_->Add(absl::StrCat(FieldPrefix(op), ".", form), Value::Bytes(std::string(bytes.begin(), bytes.end())));
    return StepEnd::kContinue;
  }

  absl::StatusOr<StepEnd> Deserialize(const Op& op, const StepContext& ctx) {
    const std::string mode = op.Str("mode", "heapify");
    if (mode == "wrap" || mode == "writable_wrap") {
      // The slot never exists here; later steps on it are skipped (the differ
      // counts the fields they would have produced as unsupported).
      out_->Add(op.sketch + ".deserialize", Value::Unsupported("wrap is a Java-only operation"));
      unsupported_slots_.insert(op.sketch);
      return StepEnd::kContinue;
    }
    if (mode != "heapify")
      return BadStep(stage_, ctx, absl::StrCat("mode: '", mode, "' is not heapify, wrap or writable_wrap"));
    const std::string name = op.Str("image");
    const std::string* image = StageImageOrMissing(stage_, ctx, name, out_);
    if (image == nullptr) return StepEnd::kStopStage;
    Put(op.sketch, hll_sketch::deserialize(image->data(), image->size()));
    return StepEnd::kContinue;
  }

  absl::StatusOr<StepEnd> Copy(const Op& op, const StepContext& ctx) {
    auto from = SketchSlot(op.Str("from"), ctx);
    if (!from.ok()) return from.status();
    Put(op.sketch, hll_sketch(**from));
    return StepEnd::kContinue;
  }

  absl::StatusOr<StepEnd> Convert(const Op& op, const StepContext& ctx) {
    auto from = SketchSlot(op.Str("from"), ctx);
    auto type = Type(op, ctx);
    if (!from.ok()) return from.status();
    if (!type.ok()) return type.status();
    Put(op.sketch, hll_sketch(**from, *type));
    return StepEnd::kContinue;
  }

  absl::StatusOr<StepEnd> Reset(const Op& op, const StepContext& ctx) {
    auto slot = AnySlot(op.sketch, ctx);
    if (!slot.ok()) return slot.status();
    std::visit([](auto& target) { target.reset(); }, **slot);
    return StepEnd::kContinue;
  }

  absl::StatusOr<StepEnd> QueryStep(const Op& op, const StepContext& ctx) {
    auto slot = AnySlot(op.sketch, ctx);
    if (!slot.ok()) return slot.status();
    const bool on_union = std::holds_alternative<hll_union>(**slot);
    for (const std::string& q : op.StrList("queries")) {
      const QueryRow* row = nullptr;
      for (const auto& r : kQueries)
        if (q == r.name) row = &r;
      if (row == nullptr) return BadStep(stage_, ctx, absl::StrCat("queries: unknown query '", q, "'"));
      if (on_union && row->sketch_only)
        return BadStep(stage_, ctx, absl::StrCat("queries: '", q, "' is not defined on a union"));
      out_->Add(absl::StrCat(FieldPrefix(op), ".", q),
                std::visit([row](const auto& target) { return Evaluate(target, *row); }, **slot));
    }
    return StepEnd::kContinue;
  }

  absl::StatusOr<StepEnd> RelErr(const Op& op, const StepContext& ctx) {
    auto lg_k = Byte(op, "lg_k", ctx);
    auto sd = Byte(op, "sd", ctx);
    if (!lg_k.ok()) return lg_k.status();
    if (!sd.ok()) return sd.status();
    const std::string as = op.Str("as");
    if (as.empty()) return BadStep(stage_, ctx, "as: missing");
    out_->Add(as, Value::Double(hll_sketch::get_rel_err(op.Int("upper") != 0, op.Int("unioned") != 0, *lg_k, *sd)));
    return StepEnd::kContinue;
  }

  // --- slots and arguments

  void Put(const std::string& name, hll_sketch&& sketch) {
    slots_.insert_or_assign(name, Slot(std::in_place_type<hll_sketch>, std::move(sketch)));
  }

  absl::StatusOr<Slot*> AnySlot(const std::string& name, const StepContext& ctx) {
    return FindSlot(slots_, name, stage_, ctx);
  }

  template <typename T>
  absl::StatusOr<T*> SlotOf(const std::string& name, const StepContext& ctx, const char* what) {
    auto slot = AnySlot(name, ctx);
    if (!slot.ok()) return slot.status();
    if (T* t = std::get_if<T>(*slot)) return t;
    return BadStep(stage_, ctx, absl::StrCat("slot '", name, "' is not ", what));
  }
  absl::StatusOr<hll_sketch*> SketchSlot(const std::string& name, const StepContext& ctx) {
    return SlotOf<hll_sketch>(name, ctx, "a sketch");
  }
  absl::StatusOr<hll_union*> UnionSlot(const std::string& name, const StepContext& ctx) {
    return SlotOf<hll_union>(name, ctx, "a union");
  }

  // An integer argument passed to the library as uint8_t; values the library
  // rejects (lg_k 3) are its to reject, values no uint8_t holds are a bad case.
  absl::StatusOr<uint8_t> Byte(const Op& op, const char* key, const StepContext& ctx) {
    const int64_t v = op.Int(key, -1);
    if (v < 0 || v > 255) return BadStep(stage_, ctx, absl::StrCat(key, ": missing or not in 0..255"));
    return static_cast<uint8_t>(v);
  }

  absl::StatusOr<target_hll_type> Type(const Op& op, const StepContext& ctx,
                                       std::optional<target_hll_type> fallback = std::nullopt) {
    const std::string name = op.Str("type");
    if (name.empty() && fallback) return *fallback;
    for (const auto& row : kTypes)
      if (name == row.name) return row.type;
    return BadStep(stage_, ctx, absl::StrCat("type: '", name, "' is not HLL_4, HLL_6 or HLL_8"));
  }

  static std::string FieldPrefix(const Op& op) { return op.Str("as", op.sketch); }

  const PreparedStage& stage_;
  Observations* out_;
  std::map<std::string, Slot> slots_;
  std::set<std::string> unsupported_slots_;
};

const HllStage::StepRow HllStage::kSteps[] = {
    {"create", &HllStage::Create},
    {"union", &HllStage::Union},
    {"update", &HllStage::Update},
    {"merge", &HllStage::Merge},
    {"result", &HllStage::Result},
    {"serialize", &HllStage::Serialize},
    {"deserialize", &HllStage::Deserialize},
    {"copy", &HllStage::Copy},
    {"convert", &HllStage::Convert},
    {"reset", &HllStage::Reset},
    {"query", &HllStage::QueryStep},
    {"rel_err", &HllStage::RelErr},
};

absl::StatusOr<StepEnd> HllStage::Step(const Op& op, const StepContext& ctx) {
  if (unsupported_slots_.count(op.sketch) || unsupported_slots_.count(op.Str("from"))) return StepEnd::kContinue;
  for (const auto& row : kSteps)
    if (op.op == row.op) return (this->*row.handler)(op, ctx);
  return BadStep(stage_, ctx, absl::StrCat("'", op.op, "' is not an HLL step"));
}

}  // namespace

namespace cpp_adapters {

std::unique_ptr<CppFamilyAdapter> hll() {
  return std::make_unique<StageObjectAdapter<HllStage>>(
      "hll", std::vector<std::string>{"create", "union", "update", "merge", "result", "serialize", "deserialize", "copy", "convert", "reset",
                                   "query", "rel_err"});
}

}  // namespace cpp_adapters

}  // namespace dsconform
