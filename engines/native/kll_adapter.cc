// The KLL steps of docs/case-format.md on datasketches-cpp's kll_sketch.
//
// The only translation unit that includes datasketches-cpp's KLL headers.
#include "engines/native/cpp_adapter_base.h"

#include <cstdint>
#include <cstdlib>
#include <deque>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "absl/strings/str_cat.h"
#include "kll_sketch.hpp"
#include "harness/engine/item_tape_reader.h"

// The random bit KLL compactions use is a per-translation-unit engine in
// datasketches-cpp's headers: datasketches::random_bit up to 4.1.0,
// datasketches::random_utils::random_bit from 5.0.0 (random_utils::override_seed,
// also from 5.0.0, seeds another engine and does not reach it). Looking the name
// up through both namespaces finds whichever this tree has; the kll templates
// are instantiated in this translation unit, so they use this very engine.
// That holds while this is the only translation unit of a binary that updates
// or merges a kll_sketch: kll_helper::randomly_halve_* are templates on the
// item type alone, and another unit's instantiation (with its own random_bit)
// may be the one the linker keeps (kll_adapter_test reads images only).
namespace datasketches {
namespace random_utils {}
}  // namespace datasketches
namespace dsconform {
namespace kll_random {
using namespace datasketches;               // NOLINT: the <= 4.1.0 home of random_bit
using namespace datasketches::random_utils;  // NOLINT: its home from 5.0.0
inline void PinRandomBit(uint64_t seed) { random_bit.seed(static_cast<uint32_t>(seed)); }
}  // namespace kll_random

namespace {

// Counts the bytes a sketch holds through its allocator (items buffer and
// levels): the native-only observation heap_bytes. Copies of a sketch share
// their source's counter, as they share its allocator.
template <typename T>
struct CountingAllocator {
  using value_type = T;
  int64_t* live = nullptr;

  explicit CountingAllocator(int64_t* counter) : live(counter) {}
  template <typename U>
  CountingAllocator(const CountingAllocator<U>& other) : live(other.live) {}  // NOLINT: rebinding

  T* allocate(size_t n) {
    *live += static_cast<int64_t>(n * sizeof(T));
    return std::allocator<T>().allocate(n);
  }
  void deallocate(T* p, size_t n) {
    *live -= static_cast<int64_t>(n * sizeof(T));
    std::allocator<T>().deallocate(p, n);
  }
  template <typename U>
  bool operator==(const CountingAllocator<U>& other) const { return live == other.live; }
  template <typename U>
  bool operator!=(const CountingAllocator<U>& other) const { return live != other.live; }
};

template <typename T>
using Kll = datasketches::kll_sketch<T, std::less<T>, CountingAllocator<T>>;
using Slot = std::variant<Kll<double>, Kll<float>, Kll<int64_t>, Kll<std::string>>;

template <typename T>
const char* ItemName() {
  if constexpr (std::is_same_v<T, double>) return "double";
  if constexpr (std::is_same_v<T, float>) return "float";
  if constexpr (std::is_same_v<T, int64_t>) return "long";
  return "string";
}

// An item as an observation: floats widened (exactly) to double.
template <typename T>
Value ItemValue(const T& item) {
  if constexpr (std::is_floating_point_v<T>) return Value::Double(static_cast<double>(item));
  if constexpr (std::is_same_v<T, int64_t>) return Value::Int(item);
  if constexpr (std::is_same_v<T, std::string>) return Value::String(item);
}

// A grid point of the case (a decimal or a string) as an item.
template <typename T>
T ParseItem(const std::string& text) {
  if constexpr (std::is_same_v<T, double>) return std::strtod(text.c_str(), nullptr);
  if constexpr (std::is_same_v<T, float>) return std::strtof(text.c_str(), nullptr);
  if constexpr (std::is_same_v<T, int64_t>) return std::strtoll(text.c_str(), nullptr, 10);
  if constexpr (std::is_same_v<T, std::string>) return text;
}

template <typename... F>
struct Overloaded : F... {
  using F::operator()...;
};
template <typename... F>
Overloaded(F...) -> Overloaded<F...>;

// Updates `s` with every item of a tape of the kind its item type takes
// (kll_vocabulary.h): doubles rounded to float for a float sketch.
template <typename S>
bool FeedTape(S& s, ItemKind kind, std::string_view tape) {
  using T = typename S::value_type;
  return ForEachTapeItem(kind, tape,
                         Overloaded{[&s](int64_t v) {
                                      if constexpr (std::is_same_v<T, int64_t>) s.update(v);
                                    },
                                    [&s](double v) {
                                      if constexpr (std::is_floating_point_v<T>) s.update(static_cast<T>(v));
                                    },
                                    [&s](const std::string& v) {
                                      if constexpr (std::is_same_v<T, std::string>) s.update(v);
                                    },
                                    [](const void*, size_t) {}});
}

class KllStage {
 public:
  KllStage(const PreparedStage& stage, Observations* out) : stage_(stage), out_(out) {}

  void Drop(const std::string& slot) { slots_.erase(slot); }
  absl::StatusOr<StepEnd> Step(const Op& op, const StepContext& ctx) {
    if (unsupported_slots_.count(op.sketch) || unsupported_slots_.count(op.Str("from"))) return StepEnd::kContinue;
    if (op.op == "create") return Create(op, ctx);
    if (op.op == "update") return Update(op, ctx);
    if (op.op == "merge") return Merge(op, ctx);
    if (op.op == "serialize") return Serialize(op, ctx);
    if (op.op == "deserialize") return Deserialize(op, ctx);
    if (op.op == "copy") return Copy(op, ctx);
    if (op.op == "convert") return Convert(op, ctx);
    if (op.op == "query") return Query(op, ctx);
    return BadStep(stage_, ctx, absl::StrCat("'", op.op, "' is not a KLL step"));
  }

 private:
  // Calls f(Kll<T>*) with a new sketch of the named item type's T (nullptr: build it).
  template <typename F>
  absl::StatusOr<StepEnd> WithItemType(const std::string& item, const StepContext& ctx, F&& f) {
    if (item == "double") return f(static_cast<Kll<double>*>(nullptr));
    if (item == "float") return f(static_cast<Kll<float>*>(nullptr));
    if (item == "long") return f(static_cast<Kll<int64_t>*>(nullptr));
    if (item == "string") return f(static_cast<Kll<std::string>*>(nullptr));
    return BadStep(stage_, ctx, absl::StrCat("item: '", item, "' is not double, float, long or string"));
  }

  template <typename T>
  CountingAllocator<T> NewAllocator() {
    counters_.push_back(0);
    return CountingAllocator<T>(&counters_.back());
  }

  absl::StatusOr<StepEnd> Create(const Op& op, const StepContext& ctx) {
    const int64_t k = op.Int("k", -1);
    if (k < 0 || k > 65535) return BadStep(stage_, ctx, "k: missing or not in 0..65535");
    return WithItemType(op.Str("item"), ctx, [&](auto* type) -> absl::StatusOr<StepEnd> {
      using S = std::remove_pointer_t<decltype(type)>;
      using T = typename S::value_type;
      Put(op.sketch, S(static_cast<uint16_t>(k), std::less<T>(), NewAllocator<T>()));
      return StepEnd::kContinue;
    });
  }

  // Pins the random bit before a step that may compact, when the case asks.
  static void PinRandom(const Op& op) {
    if (op.args.contains("seed")) kll_random::PinRandomBit(static_cast<uint64_t>(op.Int("seed")));
  }

  absl::StatusOr<StepEnd> Update(const Op& op, const StepContext& ctx) {
    auto slot = AnySlot(op.sketch, ctx);
    if (!slot.ok()) return slot.status();
    if (!op.items) return BadStep(stage_, ctx, "update without items");
    const ItemKind kind = op.items->kind();
    PinRandom(op);
    bool kind_fits = true;
    const bool whole = std::visit(
        [&](auto& s) {
          using T = typename std::decay_t<decltype(s)>::value_type;
          const ItemKind wanted = std::is_floating_point_v<T>      ? ItemKind::kDouble
                                  : std::is_same_v<T, int64_t> ? ItemKind::kLong
                                                               : ItemKind::kString;
          if (kind != wanted) return kind_fits = false;
          return FeedTape(s, kind, ctx.tape);
        },
        **slot);
    if (!kind_fits)
      return BadStep(stage_, ctx,
          absl::StrCat("items of kind ", ItemKindName(kind), " do not fit slot '", op.sketch, "'"));
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
          absl::StrCat("merge: '", op.Str("from"), "' holds another item type than '", op.sketch, "'"));
    const std::string how = op.Str("how");
    if (how != "copy" && how != "move") return BadStep(stage_, ctx, "how: neither copy nor move");
    PinRandom(op);
    std::visit(
        [&](auto& d) {
          using S = std::decay_t<decltype(d)>;
          S& s = std::get<S>(**src);
          if (how == "copy") {
            d.merge(static_cast<const S&>(s));
          } else {
            d.merge(std::move(s));
          }
        },
        **dst);
    if (how == "move") slots_.erase(op.Str("from"));  // moved from: no later step may use it
    return StepEnd::kContinue;
  }

  absl::StatusOr<StepEnd> Serialize(const Op& op, const StepContext& ctx) {
    auto slot = AnySlot(op.sketch, ctx);
    if (!slot.ok()) return slot.status();
    if (op.Str("form") != "compact") return BadStep(stage_, ctx, "form: KLL images are compact");
    std::string image = std::visit(
        [](const auto& s) {
          const auto bytes = s.serialize();
          return std::string(bytes.begin(), bytes.end());
        },
        **slot);
    out_->Add(absl::StrCat(FieldPrefix(op), ".compact"), Value::Bytes(std::move(image)));
    return StepEnd::kContinue;
  }

  absl::StatusOr<StepEnd> Deserialize(const Op& op, const StepContext& ctx) {
    const std::string mode = op.Str("mode", "heapify");
    if (mode == "wrap") {
      out_->Add(op.sketch + ".deserialize", Value::Unsupported("wrap is a Java-only operation"));
      unsupported_slots_.insert(op.sketch);
      return StepEnd::kContinue;
    }
    const std::string name = op.Str("image");
    const std::string* image = StageImageOrMissing(stage_, ctx, name, out_);
    if (image == nullptr) return StepEnd::kStopStage;
    return WithItemType(op.Str("item"), ctx, [&](auto* type) -> absl::StatusOr<StepEnd> {
      using S = std::remove_pointer_t<decltype(type)>;
      using T = typename S::value_type;
      Put(op.sketch, S::deserialize(image->data(), image->size(), datasketches::serde<T>(), std::less<T>(),
                                    NewAllocator<T>()));
      return StepEnd::kContinue;
    });
  }

  absl::StatusOr<StepEnd> Copy(const Op& op, const StepContext& ctx) {
    const std::string from = op.Str("from");
    auto src = AnySlot(from, ctx);
    if (!src.ok()) return src.status();
    const std::string how = op.Str("how", "construct");
    if (how != "construct" && how != "assign" && how != "move_construct" && how != "move_assign")
      return BadStep(stage_, ctx, absl::StrCat("how: '", how, "' is not a copy or move"));
    std::optional<Slot> made;
    std::visit(
        [&](auto& s) {
          using S = std::decay_t<decltype(s)>;
          using T = typename S::value_type;
          if (how == "construct") {
            made.emplace(std::in_place_type<S>, s);
          } else if (how == "move_construct") {
            made.emplace(std::in_place_type<S>, std::move(s));
          } else {
            // Assignment onto a sketch that already exists (with its own allocator and buffers).
            S target(s.get_k(), std::less<T>(), NewAllocator<T>());
            if (how == "assign") {
              target = s;
            } else {
              target = std::move(s);
            }
            made.emplace(std::in_place_type<S>, std::move(target));
          }
        },
        **src);
    if (how == "move_construct" || how == "move_assign") slots_.erase(from);
    slots_.insert_or_assign(op.sketch, std::move(*made));
    return StepEnd::kContinue;
  }

  absl::StatusOr<StepEnd> Convert(const Op& op, const StepContext& ctx) {
    auto src = AnySlot(op.Str("from"), ctx);
    if (!src.ok()) return src.status();
    const auto* floats = std::get_if<Kll<float>>(*src);
    if (floats == nullptr || op.Str("item") != "double")
      return BadStep(stage_, ctx, "convert: only float to double is defined");
    Put(op.sketch, Kll<double>(*floats, std::less<double>(), NewAllocator<double>()));
    return StepEnd::kContinue;
  }

  absl::StatusOr<StepEnd> Query(const Op& op, const StepContext& ctx) {
    auto slot = AnySlot(op.sketch, ctx);
    if (!slot.ok()) return slot.status();
    const std::string prefix = FieldPrefix(op);
    const std::vector<std::string> ranks_text = op.StrList("ranks");
    const std::vector<std::string> points_text = op.StrList("points");
    std::vector<double> ranks;
    for (const auto& r : ranks_text) ranks.push_back(std::strtod(r.c_str(), nullptr));
    for (const std::string& q : op.StrList("queries")) {
      const std::string field = absl::StrCat(prefix, ".", q);
      absl::Status st = std::visit(
          [&](const auto& s) -> absl::Status {
            using S = std::decay_t<decltype(s)>;
            using T = typename S::value_type;
            std::vector<T> points;
            for (const auto& p : points_text) points.push_back(ParseItem<T>(p));
            const bool inclusive = q.size() < 5 || q.substr(q.size() - 5) != "_excl";
            const std::string base = inclusive ? q : q.substr(0, q.size() - 5);
            if (q == "n") out_->Add(field, Value::Int(static_cast<int64_t>(s.get_n())));
            else if (q == "k") out_->Add(field, Value::Int(s.get_k()));
            else if (q == "num_retained") out_->Add(field, Value::Int(s.get_num_retained()));
            else if (q == "is_empty") out_->Add(field, Value::Bool(s.is_empty()));
            else if (q == "is_estimation_mode") out_->Add(field, Value::Bool(s.is_estimation_mode()));
            else if (q == "min") out_->Add(field, ItemValue<T>(s.get_min_item()));
            else if (q == "max") out_->Add(field, ItemValue<T>(s.get_max_item()));
            else if (q == "rank_error") out_->Add(field, Value::Double(s.get_normalized_rank_error(false)));
            else if (q == "rank_error_pmf") out_->Add(field, Value::Double(s.get_normalized_rank_error(true)));
            else if (q == "serialized_size") out_->Add(field, Value::Int(static_cast<int64_t>(s.get_serialized_size_bytes())));
            else if (q == "to_string") {
              const auto text = s.to_string(true, false);
              out_->Add(field, Value::String(std::string(text.begin(), text.end())));
            }
            else if (q == "heap_bytes") out_->Add(field, Value::Int(*s.get_allocator().live));
            else if (base == "quantiles") {
              for (size_t i = 0; i < ranks.size(); ++i)
                out_->Add(absl::StrCat(field, "[", i, "]"), ItemValue<T>(s.get_quantile(ranks[i], inclusive)));
            } else if (base == "ranks") {
              for (size_t i = 0; i < points.size(); ++i)
                out_->Add(absl::StrCat(field, "[", i, "]"), Value::Double(s.get_rank(points[i], inclusive)));
            } else if (base == "pmf" || base == "cdf") {
              const auto values = base == "pmf" ? s.get_PMF(points.data(), static_cast<uint32_t>(points.size()), inclusive)
                                                : s.get_CDF(points.data(), static_cast<uint32_t>(points.size()), inclusive);
              for (size_t i = 0; i < values.size(); ++i) out_->Add(absl::StrCat(field, "[", i, "]"), Value::Double(values[i]));
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

  // --- slots

  template <typename S>
  void Put(const std::string& name, S&& sketch) {
    PutVariantSlot(slots_, name, std::forward<S>(sketch));
  }

  absl::StatusOr<Slot*> AnySlot(const std::string& name, const StepContext& ctx) {
    return FindSlot(slots_, name, stage_, ctx, "does not exist (or was moved from)");
  }

  static std::string FieldPrefix(const Op& op) { return op.Str("as", op.sketch); }

  const PreparedStage& stage_;
  Observations* out_;
  std::deque<int64_t> counters_;  // declared before the slots: they outlive every sketch that counts into them
  std::map<std::string, Slot> slots_;
  std::set<std::string> unsupported_slots_;
};

}  // namespace

namespace cpp_adapters {

std::unique_ptr<CppFamilyAdapter> kll() {
  return std::make_unique<StageObjectAdapter<KllStage>>(
      "kll", std::vector<std::string>{"create", "update", "merge", "serialize", "deserialize", "copy", "convert", "query"});
}

}  // namespace cpp_adapters

}  // namespace dsconform
