// The EBPPS steps of docs/case-format.md on datasketches-cpp's ebpps_sketch.
//
// The only translation unit that includes datasketches-cpp's EBPPS header, and so the one whose
// random_utils::rand (a thread-local mt19937_64 declared static in common_defs.hpp, one per
// translation unit) EBPPS draws from: a step's `seed` is override_seed here, on this thread.
// A tree without ebpps_sketch.hpp (before 5.0.0) still builds: the adapter declares no step.
#include "engines/native/cpp_adapter_base.h"

#include <cstdint>
#include <cstdlib>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "absl/strings/str_cat.h"
#include "harness/engine/item_tape_reader.h"

#if __has_include("ebpps_sketch.hpp")
#include "ebpps_sketch.hpp"

namespace dsconform {
namespace {

using LongSketch = datasketches::ebpps_sketch<int64_t>;
using StringSketch = datasketches::ebpps_sketch<std::string>;
using Slot = std::variant<LongSketch, StringSketch>;

// The weight text of a case: strtod reads nan, inf and -inf as the vocabulary means them.
double Weight(const Op& op) { return op.args.contains("weight") ? std::strtod(op.Str("weight").c_str(), nullptr) : 1.0; }

class EbppsStage {
 public:
  EbppsStage(const PreparedStage& stage, Observations* out) : stage_(stage), out_(out) {}

  void Drop(const std::string& slot) { slots_.erase(slot); }
  absl::StatusOr<StepEnd> Step(const Op& op, const StepContext& ctx) {
    if (op.args.contains("seed")) datasketches::random_utils::override_seed(static_cast<uint64_t>(op.Int("seed")));
    if (op.op == "create") {
      const uint32_t k = static_cast<uint32_t>(op.Int("k"));
      if (op.Str("item") == "long") PutVariantSlot(slots_, op.sketch, LongSketch(k));
      else PutVariantSlot(slots_, op.sketch, StringSketch(k));
      return StepEnd::kContinue;
    }
    if (op.op == "deserialize") return Deserialize(op, ctx);
    auto slot = FindSlot(slots_, op.sketch, stage_, ctx);
    if (!slot.ok()) return slot.status();
    if (op.op == "merge") {
      auto from = FindSlot(slots_, op.Str("from"), stage_, ctx);
      if (!from.ok()) return from.status();
      const bool move = op.Str("how", "copy") == "move";
      bool same = true;
      std::visit(
          [&](auto& into) {
            using S = std::decay_t<decltype(into)>;
            S* src = std::get_if<S>(*from);
            if (src == nullptr) {
              same = false;
              return;
            }
            if (move) into.merge(std::move(*src));
            else into.merge(static_cast<const S&>(*src));
          },
          **slot);
      if (!same) return BadStep(stage_, ctx, "merge: the sketches hold different item types");
      if (move) slots_.erase(op.Str("from"));
      return StepEnd::kContinue;
    }
    return std::visit([&](auto& sketch) { return OnSketch(op, ctx, sketch); }, **slot);
  }

 private:
  template <typename S>
  absl::StatusOr<StepEnd> OnSketch(const Op& op, const StepContext& ctx, S& sketch) {
    using T = typename std::decay_t<decltype(sketch.get_result())>::value_type;
    if (op.op == "update") {
      if (!op.items) return BadStep(stage_, ctx, "update: no items");
      const double w = Weight(op);
      bool fits = true;
      const bool whole = ForEachTapeItem(op.items->kind(), ctx.tape, [&](const auto&... item) {
        if constexpr (sizeof...(item) == 1 && (std::is_convertible_v<decltype(item), T> && ...)) {
          sketch.update(T(item...), w);
        } else {
          fits = false;
        }
      });
      if (!fits) return BadStep(stage_, ctx, "update: the items do not fit the sketch's item type");
      if (!whole) return BadStep(stage_, ctx, "the item tape ends inside an item");
      return StepEnd::kContinue;
    }
    if (op.op == "result") {
      const auto result = sketch.get_result();
      const std::string as = op.Str("as");
      out_->Add(absl::StrCat(as, ".result.size"), Value::Int(static_cast<int64_t>(result.size())));
      for (size_t i = 0; i < result.size(); ++i) {
        const std::string field = absl::StrCat(as, ".result[", i, "]");
        if constexpr (std::is_same_v<T, int64_t>) out_->Add(field, Value::Int(result[i]));
        else out_->Add(field, Value::String(result[i]));
      }
      return StepEnd::kContinue;
    }
    if (op.op == "serialize") {
      const auto bytes = sketch.serialize();
      out_->Add(absl::StrCat(op.Str("as", op.sketch), ".", op.Str("form")),
                Value::Bytes(std::string(bytes.begin(), bytes.end())));
      return StepEnd::kContinue;
    }
    if (op.op == "query") {
      const std::string prefix = op.Str("as", op.sketch);
      for (const std::string& q : op.StrList("queries")) {
        const std::string field = absl::StrCat(prefix, ".", q);
        if (q == "n") out_->Add(field, Value::Int(static_cast<int64_t>(sketch.get_n())));
        else if (q == "k") out_->Add(field, Value::Int(sketch.get_k()));
        else if (q == "c") out_->Add(field, Value::Double(sketch.get_c()));
        else if (q == "cumulative_weight") out_->Add(field, Value::Double(sketch.get_cumulative_weight()));
        else if (q == "is_empty") out_->Add(field, Value::Bool(sketch.is_empty()));
        else if (q == "serialized_size")
          out_->Add(field, Value::Int(static_cast<int64_t>(sketch.get_serialized_size_bytes())));
        else if (q == "to_string") out_->Add(field, Value::String(std::string(sketch.to_string())));
        else return BadStep(stage_, ctx, absl::StrCat("queries: unknown query '", q, "'"));
      }
      return StepEnd::kContinue;
    }
    return BadStep(stage_, ctx, absl::StrCat("'", op.op, "' is not an EBPPS step"));
  }

  absl::StatusOr<StepEnd> Deserialize(const Op& op, const StepContext& ctx) {
    const std::string name = op.Str("image");
    const std::string* image = StageImageOrMissing(stage_, ctx, name, out_);
    if (image == nullptr) return StepEnd::kStopStage;
    if (op.Str("item") == "long") PutVariantSlot(slots_, op.sketch, LongSketch::deserialize(image->data(), image->size()));
    else PutVariantSlot(slots_, op.sketch, StringSketch::deserialize(image->data(), image->size()));
    return StepEnd::kContinue;
  }

  const PreparedStage& stage_;
  Observations* out_;
  std::map<std::string, Slot> slots_;
};

}  // namespace

namespace cpp_adapters {
std::unique_ptr<CppFamilyAdapter> ebpps() {
  return std::make_unique<StageObjectAdapter<EbppsStage>>(
      "ebpps", std::vector<std::string>{"create", "update", "merge", "result", "serialize", "deserialize", "query"});
}
}  // namespace cpp_adapters

}  // namespace dsconform

#else  // no EBPPS in this datasketches-cpp tree

namespace dsconform {
namespace cpp_adapters {
std::unique_ptr<CppFamilyAdapter> ebpps() {
  return AbsentFamilyAdapter("ebpps", "this datasketches-cpp tree has no ebpps_sketch.hpp (before 5.0.0)");
}
}  // namespace cpp_adapters
}  // namespace dsconform
#endif
