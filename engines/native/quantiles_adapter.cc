// The Classic Quantiles steps of docs/case-format.md on datasketches-cpp's
// quantiles_sketch.
//
// The only translation unit that includes datasketches-cpp's quantiles headers.
#include "engines/native/cpp_adapter_base.h"

#include <cstdint>
#include <cstdlib>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "absl/strings/str_cat.h"
#include "harness/engine/item_tape_reader.h"
#include "quantiles_sketch.hpp"

// A classic sketch draws its random bits from two per-translation-unit engines
// of datasketches-cpp's headers: random_bit (the offset of zip_buffer, when a
// full base buffer or level moves up; datasketches::random_bit up to 4.1.0,
// datasketches::random_utils::random_bit from 5.0.0) and random_utils::rand
// (the offset of zip_buffer_with_stride, when a merge downsamples a sketch of
// larger k). The quantiles templates are instantiated in this translation
// unit, so seeding this unit's engines pins both (the KLL adapter does the same
// for its own unit: kll_adapter.cc).
namespace datasketches {
namespace random_utils {}
}  // namespace datasketches
namespace dsconform {
namespace quantiles_random {
using namespace datasketches;               // NOLINT: the <= 4.1.0 home of random_bit
using namespace datasketches::random_utils;  // NOLINT: its home from 5.0.0
inline void Pin(uint64_t seed) {
  random_bit.seed(static_cast<uint32_t>(seed));
  datasketches::random_utils::rand.seed(seed);
}
}  // namespace quantiles_random

namespace {

template <typename T>
using Quantiles = datasketches::quantiles_sketch<T>;
using Slot = std::variant<Quantiles<double>, Quantiles<int64_t>, Quantiles<std::string>>;

template <typename T>
Value ItemValue(const T& item) {
  if constexpr (std::is_same_v<T, double>) return Value::Double(item);
  if constexpr (std::is_same_v<T, int64_t>) return Value::Int(item);
  if constexpr (std::is_same_v<T, std::string>) return Value::String(item);
}

// A grid point of the case (a decimal or a string) as an item.
template <typename T>
T ParseItem(const std::string& text) {
  if constexpr (std::is_same_v<T, double>) return std::strtod(text.c_str(), nullptr);
  if constexpr (std::is_same_v<T, int64_t>) return std::strtoll(text.c_str(), nullptr, 10);
  if constexpr (std::is_same_v<T, std::string>) return text;
}

template <typename... F>
struct Overloaded : F... {
  using F::operator()...;
};
template <typename... F>
Overloaded(F...) -> Overloaded<F...>;

template <typename S>
bool FeedTape(S& s, ItemKind kind, std::string_view tape) {
  using T = typename S::value_type;
  return ForEachTapeItem(kind, tape,
                         Overloaded{[&s](int64_t v) {
                                      if constexpr (std::is_same_v<T, int64_t>) s.update(v);
                                    },
                                    [&s](double v) {
                                      if constexpr (std::is_same_v<T, double>) s.update(v);
                                    },
                                    [&s](const std::string& v) {
                                      if constexpr (std::is_same_v<T, std::string>) s.update(v);
                                    },
                                    [](const void*, size_t) {}});
}

class QuantilesStage {
 public:
  QuantilesStage(const PreparedStage& stage, Observations* out) : stage_(stage), out_(out) {}

  void Drop(const std::string& slot) { slots_.erase(slot); }
  absl::StatusOr<StepEnd> Step(const Op& op, const StepContext& ctx) {
    if (unsupported_slots_.count(op.sketch) || unsupported_slots_.count(op.Str("from"))) {
      unsupported_slots_.insert(op.sketch);
      return StepEnd::kContinue;
    }
    if (op.op == "create") return Create(op, ctx);
    if (op.op == "update") return Update(op, ctx);
    if (op.op == "merge") return Merge(op, ctx);
    if (op.op == "serialize") return Serialize(op, ctx);
    if (op.op == "deserialize") return Deserialize(op, ctx);
    if (op.op == "query") return Query(op, ctx);
    return BadStep(stage_, ctx, absl::StrCat("'", op.op, "' is not a Quantiles step"));
  }

 private:
  template <typename F>
  absl::StatusOr<StepEnd> WithItemType(const std::string& item, const StepContext& ctx, F&& f) {
    if (item == "double") return f(static_cast<Quantiles<double>*>(nullptr));
    if (item == "long") return f(static_cast<Quantiles<int64_t>*>(nullptr));
    if (item == "string") return f(static_cast<Quantiles<std::string>*>(nullptr));
    return BadStep(stage_, ctx, absl::StrCat("item: '", item, "' is not double, long or string"));
  }

  absl::StatusOr<StepEnd> Create(const Op& op, const StepContext& ctx) {
    const int64_t k = op.Int("k", -1);
    if (k < 0 || k > 65535) return BadStep(stage_, ctx, "k: missing or not in 0..65535");
    return WithItemType(op.Str("item"), ctx, [&](auto* type) -> absl::StatusOr<StepEnd> {
      using S = std::remove_pointer_t<decltype(type)>;
      Put(op.sketch, S(static_cast<uint16_t>(k)));
      return StepEnd::kContinue;
    });
  }

  static void PinRandom(const Op& op) {
    if (op.args.contains("seed")) quantiles_random::Pin(static_cast<uint64_t>(op.Int("seed")));
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
          const ItemKind wanted = std::is_same_v<T, double>    ? ItemKind::kDouble
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
    PinRandom(op);
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
    const std::string field = absl::StrCat(FieldPrefix(op), ".", op.Str("form"));
    if (op.Str("form") == "updatable") {
      out_->Add(field, Value::Unsupported("datasketches-cpp writes the compact form only"));
      return StepEnd::kContinue;
    }
    if (op.Str("form") != "compact") return BadStep(stage_, ctx, "form: neither compact nor updatable");
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
      Put(op.sketch, S::deserialize(image->data(), image->size(), datasketches::serde<T>()));
      return StepEnd::kContinue;
    });
  }

  absl::StatusOr<StepEnd> Query(const Op& op, const StepContext& ctx) {
    auto slot = AnySlot(op.sketch, ctx);
    if (!slot.ok()) return slot.status();
    const std::string prefix = FieldPrefix(op);
    const std::vector<std::string> points_text = op.StrList("points");
    std::vector<double> ranks;
    for (const auto& r : op.StrList("ranks")) ranks.push_back(std::strtod(r.c_str(), nullptr));
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
            else if (base == "quantiles") {
              for (size_t i = 0; i < ranks.size(); ++i)
                out_->Add(absl::StrCat(field, "[", i, "]"), ItemValue<T>(s.get_quantile(ranks[i], inclusive)));
            } else if (base == "ranks") {
              for (size_t i = 0; i < points.size(); ++i)
                out_->Add(absl::StrCat(field, "[", i, "]"), Value::Double(s.get_rank(points[i], inclusive)));
            } else if (base == "pmf" || base == "cdf") {
              const auto values = base == "pmf"
                                      ? s.get_PMF(points.data(), static_cast<uint32_t>(points.size()), inclusive)
                                      : s.get_CDF(points.data(), static_cast<uint32_t>(points.size()), inclusive);
              for (size_t i = 0; i < values.size(); ++i)
                out_->Add(absl::StrCat(field, "[", i, "]"), Value::Double(values[i]));
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
    return FindSlot(slots_, name, stage_, ctx, "does not exist");
  }

  static std::string FieldPrefix(const Op& op) { return op.Str("as", op.sketch); }

  const PreparedStage& stage_;
  Observations* out_;
  std::map<std::string, Slot> slots_;
  std::set<std::string> unsupported_slots_;
};

}  // namespace

namespace cpp_adapters {

std::unique_ptr<CppFamilyAdapter> quantiles() {
  return std::make_unique<StageObjectAdapter<QuantilesStage>>(
      "quantiles", std::vector<std::string>{"create", "update", "merge", "serialize", "deserialize", "query"});
}

}  // namespace cpp_adapters

}  // namespace dsconform
