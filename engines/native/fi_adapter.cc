// The Frequent items steps of docs/case-format.md on datasketches-cpp's
// frequent_items_sketch.
//
// The only translation unit that includes datasketches-cpp's frequent items
// headers.
#include "engines/native/cpp_adapter_base.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <set>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "absl/strings/str_cat.h"
#include "frequent_items_sketch.hpp"
#include "harness/engine/item_tape_reader.h"

namespace dsconform {
namespace {

using Longs = datasketches::frequent_items_sketch<int64_t>;
using Strings = datasketches::frequent_items_sketch<std::string>;
using Slot = std::variant<Longs, Strings>;

// The item type of a slot's sketch (frequent_items_sketch names none).
template <typename S>
using ItemOf = std::conditional_t<std::is_same_v<std::decay_t<S>, Longs>, int64_t, std::string>;

template <typename... F>
struct Overloaded : F... {
  using F::operator()...;
};
template <typename... F>
Overloaded(F...) -> Overloaded<F...>;

template <typename T>
Value ItemValue(const T& item) {
  if constexpr (std::is_same_v<T, int64_t>) return Value::Int(item);
  else return Value::String(item);
}

// A key of the case (decimal text for longs) as an item.
template <typename T>
T ParseKey(const std::string& text) {
  if constexpr (std::is_same_v<T, int64_t>) return std::strtoll(text.c_str(), nullptr, 10);
  else return text;
}

// Room for `n` more fields at once (a list's rows are thousands), growing as push_back would so
// that many small queries do not each reallocate.
void Reserve(Observations* out, size_t n) {
  std::vector<Field>& fields = out->fields;
  if (fields.size() + n > fields.capacity()) fields.reserve(std::max(fields.size() + n, 2 * fields.capacity()));
}

class FiStage {
 public:
  FiStage(const PreparedStage& stage, Observations* out) : stage_(stage), out_(out) {}

  void Drop(const std::string& slot) { slots_.erase(slot); }
  absl::StatusOr<StepEnd> Step(const Op& op, const StepContext& ctx) {
    if (unsupported_slots_.count(op.sketch) || unsupported_slots_.count(op.Str("from"))) {
      if (op.op == "create" || op.op == "deserialize") unsupported_slots_.insert(op.sketch);
      return StepEnd::kContinue;
    }
    if (op.op == "create") return Create(op, ctx);
    if (op.op == "update") return Update(op, ctx);
    if (op.op == "merge") return Merge(op, ctx);
    if (op.op == "serialize") return Serialize(op, ctx);
    if (op.op == "deserialize") return Deserialize(op, ctx);
    if (op.op == "query") return Query(op, ctx);
    return BadStep(stage_, ctx, absl::StrCat("'", op.op, "' is not a Frequent items step"));
  }

 private:
  absl::StatusOr<StepEnd> Create(const Op& op, const StepContext& ctx) {
    const int64_t lg = op.Int("lg_max_map_size", -1);
    if (lg < 0 || lg > 255) return BadStep(stage_, ctx, "lg_max_map_size: missing or not in 0..255");
    const std::string item = op.Str("item");
    if (item == "long") slots_.insert_or_assign(op.sketch, Slot(std::in_place_type<Longs>, static_cast<uint8_t>(lg)));
    else if (item == "string") slots_.insert_or_assign(op.sketch, Slot(std::in_place_type<Strings>, static_cast<uint8_t>(lg)));
    else return BadStep(stage_, ctx, absl::StrCat("item: '", item, "' is neither long nor string"));
    return StepEnd::kContinue;
  }

  absl::StatusOr<StepEnd> Update(const Op& op, const StepContext& ctx) {
    auto slot = AnySlot(op.sketch, ctx);
    if (!slot.ok()) return slot.status();
    if (!op.items) return BadStep(stage_, ctx, "update without items");
    const ItemKind kind = op.items->kind();
    const int64_t weight = op.Int("weight", 1);
    bool kind_fits = true;
    const bool whole = std::visit(
        [&](auto& s) {
          using T = ItemOf<decltype(s)>;
          if (kind != (std::is_same_v<T, int64_t> ? ItemKind::kLong : ItemKind::kString)) return kind_fits = false;
          // Weight 1 through the one-argument call, as a user would write it.
          auto add = [&s, weight](const T& item) {
            if (weight == 1) s.update(item);
            else s.update(item, static_cast<uint64_t>(weight));
          };
          return ForEachTapeItem(kind, ctx.tape,
                                 Overloaded{[&](int64_t v) {
                                              if constexpr (std::is_same_v<T, int64_t>) add(v);
                                            },
                                            [](double) {},
                                            [&](const std::string& v) {
                                              if constexpr (std::is_same_v<T, std::string>) add(v);
                                            },
                                            [](const void*, size_t) {}});
        },
        **slot);
    if (!kind_fits)
      return BadStep(stage_, ctx, absl::StrCat("items of kind ", ItemKindName(kind), " do not fit slot '", op.sketch, "'"));
    if (!whole) return BadStep(stage_, ctx, "the item tape ends inside an item");
    return StepEnd::kContinue;
  }

  absl::StatusOr<StepEnd> Merge(const Op& op, const StepContext& ctx) {
    auto dst = AnySlot(op.sketch, ctx);
    auto src = AnySlot(op.Str("from"), ctx);
    if (!dst.ok()) return dst.status();
    if (!src.ok()) return src.status();
    if ((*dst)->index() != (*src)->index())
      return BadStep(stage_, ctx, absl::StrCat("merge: '", op.Str("from"), "' holds another item type than '", op.sketch, "'"));
    std::visit(
        [&](auto& d) {
          using S = std::decay_t<decltype(d)>;
          d.merge(static_cast<const S&>(std::get<S>(**src)));
        },
        **dst);
    return StepEnd::kContinue;
  }

  absl::StatusOr<StepEnd> Serialize(const Op& op, const StepContext& ctx) {
    auto slot = AnySlot(op.sketch, ctx);
    if (!slot.ok()) return slot.status();
    if (op.Str("form") != "compact") return BadStep(stage_, ctx, "form: Frequent items images are compact");
    const std::string field = absl::StrCat(FieldPrefix(op), ".compact");
    if (op.Str("serde", "utf8") != "utf8") {
      out_->Add(field, Value::Unsupported("datasketches-cpp has one string serde, UTF-8"));
      return StepEnd::kContinue;
    }
    std::string image = std::visit(
        [](const auto& s) {
          const auto bytes = s.serialize();
          return std::string(bytes.begin(), bytes.end());
        },
        **slot);
    out_->Add(field, Value::Bytes(std::move(image)));
    return StepEnd::kContinue;
  }

  absl::StatusOr<StepEnd> Deserialize(const Op& op, const StepContext& ctx) {
    if (op.Str("serde", "utf8") != "utf8") {
      out_->Add(op.sketch + ".deserialize", Value::Unsupported("datasketches-cpp has one string serde, UTF-8"));
      unsupported_slots_.insert(op.sketch);
      return StepEnd::kContinue;
    }
    const std::string name = op.Str("image");
    const std::string* image = StageImageOrMissing(stage_, ctx, name, out_);
    if (image == nullptr) return StepEnd::kStopStage;
    const std::string item = op.Str("item");
    if (item == "long") slots_.insert_or_assign(op.sketch, Slot(Longs::deserialize(image->data(), image->size())));
    else if (item == "string") slots_.insert_or_assign(op.sketch, Slot(Strings::deserialize(image->data(), image->size())));
    else return BadStep(stage_, ctx, absl::StrCat("item: '", item, "' is neither long nor string"));
    return StepEnd::kContinue;
  }

  absl::StatusOr<StepEnd> Query(const Op& op, const StepContext& ctx) {
    auto slot = AnySlot(op.sketch, ctx);
    if (!slot.ok()) return slot.status();
    const std::string prefix = FieldPrefix(op);
    const std::vector<std::string> keys = op.StrList("keys");
    const bool has_threshold = op.args.contains("threshold");
    const int64_t threshold = op.Int("threshold", 0);
    for (const std::string& q : op.StrList("queries")) {
      const std::string field = absl::StrCat(prefix, ".", q);
      absl::Status st = std::visit(
          [&](const auto& s) -> absl::Status {
            using T = ItemOf<decltype(s)>;
            if (q == "total_weight") out_->Add(field, Value::Int(static_cast<int64_t>(s.get_total_weight())));
            else if (q == "maximum_error") out_->Add(field, Value::Int(static_cast<int64_t>(s.get_maximum_error())));
            else if (q == "num_active_items") out_->Add(field, Value::Int(s.get_num_active_items()));
            else if (q == "is_empty") out_->Add(field, Value::Bool(s.is_empty()));
            else if (q == "epsilon") out_->Add(field, Value::Double(s.get_epsilon()));
            else if (q == "serialized_size") out_->Add(field, Value::Int(static_cast<int64_t>(s.get_serialized_size_bytes())));
            else if (q == "to_string") {
              const auto text = s.to_string(true);
              out_->Add(field, Value::String(std::string(text.begin(), text.end())));
            } else if (q == "estimate" || q == "lower_bound" || q == "upper_bound") {
              Reserve(out_, keys.size());
              for (size_t i = 0; i < keys.size(); ++i) {
                const T key = ParseKey<T>(keys[i]);
                const uint64_t v = q == "estimate" ? s.get_estimate(key)
                                   : q == "lower_bound" ? s.get_lower_bound(key)
                                                        : s.get_upper_bound(key);
                out_->Add(absl::StrCat(field, "[", i, "]"), Value::Int(static_cast<int64_t>(v)));
              }
            } else if (q == "frequent_nfp" || q == "frequent_nfn") {
              const auto type = q == "frequent_nfp" ? datasketches::NO_FALSE_POSITIVES : datasketches::NO_FALSE_NEGATIVES;
              const auto rows = has_threshold ? s.get_frequent_items(type, static_cast<uint64_t>(threshold))
                                              : s.get_frequent_items(type);
              Reserve(out_, 1 + 4 * rows.size());
              out_->Add(field + ".size", Value::Int(static_cast<int64_t>(rows.size())));
              for (size_t i = 0; i < rows.size(); ++i) {
                const std::string row = absl::StrCat(field, "[", i, "]");
                out_->Add(row, ItemValue<T>(rows[i].get_item()));
                out_->Add(row + ".estimate", Value::Int(static_cast<int64_t>(rows[i].get_estimate())));
                out_->Add(row + ".lower_bound", Value::Int(static_cast<int64_t>(rows[i].get_lower_bound())));
                out_->Add(row + ".upper_bound", Value::Int(static_cast<int64_t>(rows[i].get_upper_bound())));
              }
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

  absl::StatusOr<Slot*> AnySlot(const std::string& name, const StepContext& ctx) {
    return FindSlot(slots_, name, stage_, ctx);
  }

  static std::string FieldPrefix(const Op& op) { return op.Str("as", op.sketch); }

  const PreparedStage& stage_;
  Observations* out_;
  std::map<std::string, Slot> slots_;
  std::set<std::string> unsupported_slots_;
};

}  // namespace

namespace cpp_adapters {

std::unique_ptr<CppFamilyAdapter> fi() {
  return std::make_unique<StageObjectAdapter<FiStage>>(
      "fi", std::vector<std::string>{"create", "update", "merge", "serialize", "deserialize", "query"});
}

}  // namespace cpp_adapters

}  // namespace dsconform
