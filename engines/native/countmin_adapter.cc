// The Count-min steps of docs/case-format.md on datasketches-cpp's count_min_sketch.
//
// The only translation unit that includes datasketches-cpp's Count-min header.
// A tree without it (DSC_CPP_HAVE_COUNTMIN_SKETCH 0, engines/native/probes)
// still builds: the adapter then declares no step.
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

#ifndef DSC_CPP_HAVE_COUNTMIN_SKETCH
#error "engines/native/CMakeLists.txt defines DSC_CPP_HAVE_COUNTMIN_SKETCH by probing the tree"
#endif

#if DSC_CPP_HAVE_COUNTMIN_SKETCH
#include "count_min.hpp"

namespace dsconform {
namespace {

using Longs = datasketches::count_min_sketch<int64_t>;
using Doubles = datasketches::count_min_sketch<double>;
using Slot = std::variant<Longs, Doubles>;

template <typename W>
Value WeightValue(W w) {
  if constexpr (std::is_same_v<W, int64_t>) return Value::Int(w);
  else return Value::Double(w);
}

// The overload each item kind reaches (docs/items.md): int64_t, std::string, and bytes.
template <typename S>
struct UpdateWith {
  S* s;
  typename S::allocator_type::value_type weight;
  void operator()(int64_t v) const { s->update(v, weight); }
  void operator()(const std::string& v) const { s->update(v, weight); }
  void operator()(const void* p, size_t n) const { s->update(p, n, weight); }
  void operator()(double) const {}
};

// The answers of an estimate step, per item in tape order.
struct Answers {
  std::vector<Value> estimate, lower_bound, upper_bound;
};

template <typename S>
struct AnswerWith {
  const S* s;
  Answers* out;
  template <typename... Item>
  void Answer(const Item&... item) const {
    out->estimate.push_back(WeightValue(s->get_estimate(item...)));
    out->lower_bound.push_back(WeightValue(s->get_lower_bound(item...)));
    out->upper_bound.push_back(WeightValue(s->get_upper_bound(item...)));
  }
  void operator()(int64_t v) const { Answer(v); }
  void operator()(const std::string& v) const { Answer(v); }
  void operator()(const void* p, size_t n) const { Answer(p, n); }
  void operator()(double) const {}
};

class CountminStage {
 public:
  CountminStage(const PreparedStage& stage, Observations* out) : stage_(stage), out_(out) {}

  void Drop(const std::string& slot) { slots_.erase(slot); }
  absl::StatusOr<StepEnd> Step(const Op& op, const StepContext& ctx) {
    if (op.op == "create") return Create(op, ctx);
    if (op.op == "update") return Update(op, ctx);
    if (op.op == "merge") return Merge(op, ctx);
    if (op.op == "serialize") return Serialize(op, ctx);
    if (op.op == "deserialize") return Deserialize(op, ctx);
    if (op.op == "estimate") return Estimate(op, ctx);
    if (op.op == "suggest") return Suggest(op);
    if (op.op == "query") return Query(op, ctx);
    return BadStep(stage_, ctx, absl::StrCat("'", op.op, "' is not a Count-min step"));
  }

 private:
  absl::StatusOr<StepEnd> Create(const Op& op, const StepContext& ctx) {
    const int64_t hashes = op.Int("num_hashes", -1), buckets = op.Int("num_buckets", -1);
    if (hashes < 1 || hashes > 255) return BadStep(stage_, ctx, "num_hashes: missing or not in 1..255");
    if (buckets < 1 || buckets > (int64_t{1} << 30)) return BadStep(stage_, ctx, "num_buckets: missing or not in 1..2^30");
    const auto h = static_cast<uint8_t>(hashes);
    const auto b = static_cast<uint32_t>(buckets);
    const bool seeded = op.args.contains("seed");
    const auto seed = static_cast<uint64_t>(op.Int("seed"));
    const std::string weight = op.Str("weight");
    // Without a seed, the constructor's default argument: what a user relying on it gets.
    if (weight == "long") Put(op.sketch, seeded ? Longs(h, b, seed) : Longs(h, b));
    else if (weight == "double") Put(op.sketch, seeded ? Doubles(h, b, seed) : Doubles(h, b));
    else return BadStep(stage_, ctx, absl::StrCat("weight: '", weight, "' is neither long nor double"));
    return StepEnd::kContinue;
  }

  absl::StatusOr<StepEnd> Update(const Op& op, const StepContext& ctx) {
    auto slot = AnySlot(op.sketch, ctx);
    if (!slot.ok()) return slot.status();
    if (!op.items || op.items->kind() == ItemKind::kDouble)
      return BadStep(stage_, ctx, "update: Count-min takes long, string or bytes items (neither library hashes a double)");
    const int64_t weight = op.Int("weight", 1);
    const bool whole = std::visit(
        [&](auto& s) {
          using S = std::decay_t<decltype(s)>;
          using W = typename S::allocator_type::value_type;
          return ForEachTapeItem(op.items->kind(), ctx.tape, UpdateWith<S>{&s, static_cast<W>(weight)});
        },
        **slot);
    if (!whole) return BadStep(stage_, ctx, "the item tape ends inside an item");
    return StepEnd::kContinue;
  }

  absl::StatusOr<StepEnd> Merge(const Op& op, const StepContext& ctx) {
    auto dst = AnySlot(op.sketch, ctx);
    auto src = AnySlot(op.Str("from"), ctx);
    if (!dst.ok()) return dst.status();
    if (!src.ok()) return src.status();
    if ((*dst)->index() != (*src)->index())
      return BadStep(stage_, ctx,
                     absl::StrCat("merge: '", op.Str("from"), "' holds another counter type than '", op.sketch, "'"));
    // The same slot twice is the same object: the library's own check refuses it.
    std::visit([&](auto& d) { d.merge(std::get<std::decay_t<decltype(d)>>(**src)); }, **dst);
    return StepEnd::kContinue;
  }

  absl::StatusOr<StepEnd> Serialize(const Op& op, const StepContext& ctx) {
    auto slot = AnySlot(op.sketch, ctx);
    if (!slot.ok()) return slot.status();
    if (op.Str("form") != "compact") return BadStep(stage_, ctx, "form: not compact");
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
    const bool seeded = op.args.contains("seed");
    const auto seed = static_cast<uint64_t>(op.Int("seed"));
    const std::string weight = op.Str("weight");
    if (weight == "long") {
      Put(op.sketch, seeded ? Longs::deserialize(image->data(), image->size(), seed)
                            : Longs::deserialize(image->data(), image->size()));
    } else if (weight == "double") {
      Put(op.sketch, seeded ? Doubles::deserialize(image->data(), image->size(), seed)
                            : Doubles::deserialize(image->data(), image->size()));
    } else {
      return BadStep(stage_, ctx, absl::StrCat("weight: '", weight, "' is neither long nor double"));
    }
    return StepEnd::kContinue;
  }

  absl::StatusOr<StepEnd> Estimate(const Op& op, const StepContext& ctx) {
    auto slot = AnySlot(op.sketch, ctx);
    if (!slot.ok()) return slot.status();
    if (!op.items || op.items->kind() == ItemKind::kDouble)
      return BadStep(stage_, ctx, "estimate: Count-min takes long, string or bytes items (neither library hashes a double)");
    const std::string prefix = op.Str("as", op.sketch);
    Answers answers;
    const bool whole = std::visit(
        [&](const auto& s) {
          return ForEachTapeItem(op.items->kind(), ctx.tape, AnswerWith<std::decay_t<decltype(s)>>{&s, &answers});
        },
        **slot);
    if (!whole) return BadStep(stage_, ctx, "the item tape ends inside an item");
    const std::pair<const char*, std::vector<Value>*> parts[] = {{"estimate", &answers.estimate}, {"lower_bound", &answers.lower_bound}, {"upper_bound", &answers.upper_bound}};
    for (const auto& [query, values] : parts)
      for (size_t i = 0; i < values->size(); ++i)
        out_->Add(absl::StrCat(prefix, ".", query, "[", i, "]"), std::move((*values)[i]));
    return StepEnd::kContinue;
  }

  absl::StatusOr<StepEnd> Suggest(const Op& op) {
    const std::string as = op.Str("as");
    if (op.args.contains("relative_error"))
      out_->Add(absl::StrCat(as, ".num_buckets"),
                Value::Int(Longs::suggest_num_buckets(std::strtod(op.Str("relative_error").c_str(), nullptr))));
    if (op.args.contains("confidence"))
      out_->Add(absl::StrCat(as, ".num_hashes"),
                Value::Int(Longs::suggest_num_hashes(std::strtod(op.Str("confidence").c_str(), nullptr))));
    return StepEnd::kContinue;
  }

  absl::StatusOr<StepEnd> Query(const Op& op, const StepContext& ctx) {
    auto slot = AnySlot(op.sketch, ctx);
    if (!slot.ok()) return slot.status();
    const std::string prefix = op.Str("as", op.sketch);
    for (const std::string& q : op.StrList("queries")) {
      const std::string field = absl::StrCat(prefix, ".", q);
      absl::Status st = std::visit(
          [&](const auto& s) -> absl::Status {
            if (q == "total_weight") out_->Add(field, WeightValue(s.get_total_weight()));
            else if (q == "num_hashes") out_->Add(field, Value::Int(s.get_num_hashes()));
            else if (q == "num_buckets") out_->Add(field, Value::Int(s.get_num_buckets()));
            else if (q == "seed") out_->Add(field, Value::Int(static_cast<int64_t>(s.get_seed())));
            else if (q == "relative_error") out_->Add(field, Value::Double(s.get_relative_error()));
            else if (q == "is_empty") out_->Add(field, Value::Bool(s.is_empty()));
            else if (q == "serialized_size") out_->Add(field, Value::Int(static_cast<int64_t>(s.get_serialized_size_bytes())));
            else if (q == "to_string") {
              const auto text = s.to_string();
              out_->Add(field, Value::String(std::string(text.begin(), text.end())));
            } else {
              return BadStep(stage_, ctx, absl::StrCat("queries: unknown query '", q, "'"));
            }
            return absl::OkStatus();
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
std::unique_ptr<CppFamilyAdapter> countmin() {
  return std::make_unique<StageObjectAdapter<CountminStage>>(
      "countmin",
      std::vector<std::string>{"create", "update", "merge", "serialize", "deserialize", "estimate", "suggest", "query"});
}
}  // namespace cpp_adapters

}  // namespace dsconform

#else  // no Count-min in this datasketches-cpp tree

namespace dsconform {
namespace cpp_adapters {
std::unique_ptr<CppFamilyAdapter> countmin() {
  return AbsentFamilyAdapter("countmin", "this datasketches-cpp tree has no Count-min");
}
}  // namespace cpp_adapters
}  // namespace dsconform
#endif
