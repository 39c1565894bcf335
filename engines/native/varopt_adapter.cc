// The VarOpt sampling steps of docs/case-format.md on datasketches-cpp's
// var_opt_sketch and var_opt_union, of int64_t and std::string items.
//
// The only translation unit that includes datasketches-cpp's sampling headers
// for VarOpt: its templates are instantiated here, so they draw from this
// unit's random_utils::rand (a per-unit thread_local engine in the headers),
// the very engine a step's `seed` reseeds.
#include "engines/native/cpp_adapter_base.h"

#include <cstdint>
#include <cstdlib>
#include <map>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "absl/strings/str_cat.h"
#include "harness/engine/item_tape_reader.h"
#include "var_opt_sketch.hpp"
#include "var_opt_union.hpp"

namespace dsconform {
namespace {

using LongSketch = datasketches::var_opt_sketch<int64_t>;
using StringSketch = datasketches::var_opt_sketch<std::string>;
using LongUnion = datasketches::var_opt_union<int64_t>;
using StringUnion = datasketches::var_opt_union<std::string>;
using Slot = std::variant<LongSketch, StringSketch, LongUnion, StringUnion>;

// random_utils::override_seed (5.0.0 on) is rand.seed; 4.1.0 has rand but no override_seed.
void PinRandomBits(uint64_t seed) { datasketches::random_utils::rand.seed(seed); }

// The predicates of subset_sum (varopt_steps.json): mod4 is a long divisible
// by 4, a string whose first UTF-8 byte is.
bool Mod4(int64_t v) { return v % 4 == 0; }
bool Mod4(const std::string& s) { return !s.empty() && static_cast<unsigned char>(s[0]) % 4 == 0; }

template <typename S>
struct UpdateWith {
  S* s;
  double weight;
  void operator()(int64_t v) const {
    if constexpr (std::is_same_v<S, LongSketch>) s->update(v, weight);
  }
  void operator()(const std::string& v) const {
    if constexpr (std::is_same_v<S, StringSketch>) s->update(v, weight);
  }
  void operator()(const void*, size_t) const {}
  void operator()(double) const {}
};

template <typename T>
Value ItemValue(const T& v) {
  if constexpr (std::is_same_v<T, int64_t>) return Value::Int(v);
  else return Value::String(v);
}

template <typename S>
constexpr bool kIsSketch = std::is_same_v<S, LongSketch> || std::is_same_v<S, StringSketch>;

class VaroptStage {
 public:
  VaroptStage(const PreparedStage& stage, Observations* out) : stage_(stage), out_(out) {}

  void Drop(const std::string& slot) { slots_.erase(slot); }
  absl::StatusOr<StepEnd> Step(const Op& op, const StepContext& ctx) {
    if (op.args.contains("seed")) PinRandomBits(static_cast<uint64_t>(op.Int("seed")));
    if (op.op == "create") return Create(op, ctx);
    if (op.op == "union") return MakeUnion(op, ctx);
    if (op.op == "update") return Update(op, ctx);
    if (op.op == "merge") return Merge(op, ctx);
    if (op.op == "result") return Result(op, ctx);
    if (op.op == "serialize") return Serialize(op, ctx);
    if (op.op == "deserialize" || op.op == "deserialize_union") return Deserialize(op, ctx);
    if (op.op == "sample") return Sample(op, ctx);
    if (op.op == "subset_sum") return SubsetSum(op, ctx);
    if (op.op == "query") return Query(op, ctx);
    return BadStep(stage_, ctx, absl::StrCat("'", op.op, "' is not a VarOpt step"));
  }

 private:
  absl::StatusOr<StepEnd> Create(const Op& op, const StepContext& ctx) {
    const auto k = static_cast<uint32_t>(op.Int("k"));
    const std::string item = op.Str("item");
    if (item == "long") Put(op.sketch, LongSketch(k));
    else if (item == "string") Put(op.sketch, StringSketch(k));
    else return BadStep(stage_, ctx, absl::StrCat("item: '", item, "' is neither long nor string"));
    return StepEnd::kContinue;
  }

  absl::StatusOr<StepEnd> MakeUnion(const Op& op, const StepContext& ctx) {
    const auto max_k = static_cast<uint32_t>(op.Int("max_k"));
    const std::string item = op.Str("item");
    if (item == "long") Put(op.sketch, LongUnion(max_k));
    else if (item == "string") Put(op.sketch, StringUnion(max_k));
    else return BadStep(stage_, ctx, absl::StrCat("item: '", item, "' is neither long nor string"));
    return StepEnd::kContinue;
  }

  absl::StatusOr<StepEnd> Update(const Op& op, const StepContext& ctx) {
    auto slot = AnySlot(op.sketch, ctx);
    if (!slot.ok()) return slot.status();
    const bool longs = op.items && (op.items->kind() == ItemKind::kLong);
    const bool strings = op.items && (op.items->kind() == ItemKind::kString);
    const double weight = std::strtod(op.Str("weight", "1").c_str(), nullptr);
    bool whole = true;
    if (auto* s = std::get_if<LongSketch>(*slot); s != nullptr && longs) {
      whole = ForEachTapeItem(op.items->kind(), ctx.tape, UpdateWith<LongSketch>{s, weight});
    } else if (auto* t = std::get_if<StringSketch>(*slot); t != nullptr && strings) {
      whole = ForEachTapeItem(op.items->kind(), ctx.tape, UpdateWith<StringSketch>{t, weight});
    } else {
      return BadStep(stage_, ctx, "update: a long sketch takes long tapes, a string sketch string tapes");
    }
    if (!whole) return BadStep(stage_, ctx, "the item tape ends inside an item");
    return StepEnd::kContinue;
  }

  absl::StatusOr<StepEnd> Merge(const Op& op, const StepContext& ctx) {
    auto dst = AnySlot(op.sketch, ctx);
    auto src = AnySlot(op.Str("from"), ctx);
    if (!dst.ok()) return dst.status();
    if (!src.ok()) return src.status();
    if (auto* u = std::get_if<LongUnion>(*dst); u != nullptr && std::holds_alternative<LongSketch>(**src)) {
      u->update(std::get<LongSketch>(**src));
    } else if (auto* v = std::get_if<StringUnion>(*dst); v != nullptr && std::holds_alternative<StringSketch>(**src)) {
      v->update(std::get<StringSketch>(**src));
    } else {
      return BadStep(stage_, ctx, "merge: a union takes a sketch of its item type");
    }
    return StepEnd::kContinue;
  }

  absl::StatusOr<StepEnd> Result(const Op& op, const StepContext& ctx) {
    auto src = AnySlot(op.Str("from"), ctx);
    if (!src.ok()) return src.status();
    if (auto* u = std::get_if<LongUnion>(*src)) {
      Put(op.sketch, u->get_result());
    } else if (std::holds_alternative<StringUnion>(**src)) {
      // Finding VO8: get_result may swap an item with the gadget's gap slot, which holds no
      // constructed std::string (undefined behaviour; it crashed this process). Not called.
      out_->Add(absl::StrCat(op.sketch, ".result"),
                Value::Unsupported("var_opt_union<std::string>::get_result may swap with an unconstructed "
                                   "std::string (finding VO8): not called"));
      return StepEnd::kStopStage;
    } else {
      return BadStep(stage_, ctx, "result: 'from' is not a union");
    }
    return StepEnd::kContinue;
  }

  absl::StatusOr<StepEnd> Serialize(const Op& op, const StepContext& ctx) {
    auto slot = AnySlot(op.sketch, ctx);
    if (!slot.ok()) return slot.status();
    std::string image = std::visit(
        [](const auto& s) {
          const auto bytes = s.serialize();
          return std::string(bytes.begin(), bytes.end());
        },
        **slot);
    out_->Add(absl::StrCat(op.Str("as", op.sketch), ".compact"), Value::Bytes(std::move(image)));
    return StepEnd::kContinue;
  }

  absl::StatusOr<StepEnd> Deserialize(const Op& op, const StepContext& ctx) {
    const std::string name = op.Str("image");
    const std::string* image = StageImageOrMissing(stage_, ctx, name, out_);
    if (image == nullptr) return StepEnd::kStopStage;
    const bool longs = op.Str("item") == "long";
    if (op.op == "deserialize") {
      if (longs) Put(op.sketch, LongSketch::deserialize(image->data(), image->size()));
      else Put(op.sketch, StringSketch::deserialize(image->data(), image->size()));
    } else {
      if (longs) Put(op.sketch, LongUnion::deserialize(image->data(), image->size()));
      else Put(op.sketch, StringUnion::deserialize(image->data(), image->size()));
    }
    return StepEnd::kContinue;
  }

  absl::StatusOr<StepEnd> Sample(const Op& op, const StepContext& ctx) {
    auto slot = AnySlot(op.sketch, ctx);
    if (!slot.ok()) return slot.status();
    const std::string prefix = op.Str("as", op.sketch);
    return std::visit(
        [&](const auto& s) -> absl::StatusOr<StepEnd> {
          using S = std::decay_t<decltype(s)>;
          if constexpr (kIsSketch<S>) {
            out_->Add(prefix + ".size", Value::Int(s.get_num_samples()));
            size_t i = 0;
            for (const auto& [item, weight] : s) {
              out_->Add(absl::StrCat(prefix, ".item[", i, "]"), ItemValue(item));
              out_->Add(absl::StrCat(prefix, ".weight[", i, "]"), Value::Double(weight));
              ++i;
            }
            return StepEnd::kContinue;
          } else {
            return BadStep(stage_, ctx, "sample: not a sketch");
          }
        },
        **slot);
  }

  absl::StatusOr<StepEnd> SubsetSum(const Op& op, const StepContext& ctx) {
    auto slot = AnySlot(op.sketch, ctx);
    if (!slot.ok()) return slot.status();
    const std::string pred = op.Str("pred"), as = op.Str("as");
    return std::visit(
        [&](const auto& s) -> absl::StatusOr<StepEnd> {
          using S = std::decay_t<decltype(s)>;
          if constexpr (kIsSketch<S>) {
            const auto sum = s.estimate_subset_sum([&](const auto& item) {
              return pred == "all" ? true : pred == "none" ? false : Mod4(item);
            });
            out_->Add(as + ".estimate", Value::Double(sum.estimate));
            out_->Add(as + ".lower_bound", Value::Double(sum.lower_bound));
            out_->Add(as + ".upper_bound", Value::Double(sum.upper_bound));
            out_->Add(as + ".total_weight", Value::Double(sum.total_sketch_weight));
            return StepEnd::kContinue;
          } else {
            return BadStep(stage_, ctx, "subset_sum: not a sketch");
          }
        },
        **slot);
  }

  absl::StatusOr<StepEnd> Query(const Op& op, const StepContext& ctx) {
    auto slot = AnySlot(op.sketch, ctx);
    if (!slot.ok()) return slot.status();
    const std::string prefix = op.Str("as", op.sketch);
    for (const std::string& q : op.StrList("queries")) {
      const std::string field = absl::StrCat(prefix, ".", q);
      absl::Status st = std::visit(
          [&](const auto& s) -> absl::Status {
            using S = std::decay_t<decltype(s)>;
            if constexpr (kIsSketch<S>) {
              if (q == "k") out_->Add(field, Value::Int(s.get_k()));
              else if (q == "n") out_->Add(field, Value::Int(static_cast<int64_t>(s.get_n())));
              else if (q == "num_samples") out_->Add(field, Value::Int(s.get_num_samples()));
              else if (q == "is_empty") out_->Add(field, Value::Bool(s.is_empty()));
              else if (q == "serialized_size") out_->Add(field, Value::Int(static_cast<int64_t>(s.get_serialized_size_bytes())));
              else if (q == "to_string") out_->Add(field, Value::String(std::string(s.to_string())));
              else return BadStep(stage_, ctx, absl::StrCat("queries: unknown query '", q, "'"));
              return absl::OkStatus();
            } else {
              return BadStep(stage_, ctx, "query: not a sketch");
            }
          },
          **slot);
      if (!st.ok()) return st;
    }
    return StepEnd::kContinue;
  }

  template <typename S>
  void Put(const std::string& name, S&& sketch) {
    PutVariantSlot(slots_, name, std::forward<S>(sketch));
  }

  absl::StatusOr<Slot*> AnySlot(const std::string& name, const StepContext& ctx) {
    return FindSlot(slots_, name, stage_, ctx);
  }

  const PreparedStage& stage_;
  Observations* out_;
  std::map<std::string, Slot> slots_;
};

}  // namespace

namespace cpp_adapters {
std::unique_ptr<CppFamilyAdapter> varopt() {
  return std::make_unique<StageObjectAdapter<VaroptStage>>(
      "varopt", std::vector<std::string>{"create", "update", "union", "merge", "result", "serialize", "deserialize",
                                         "deserialize_union", "sample", "subset_sum", "query"});
}
}  // namespace cpp_adapters

}  // namespace dsconform
