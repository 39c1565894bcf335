// The REQ steps of docs/case-format.md on datasketches-cpp's req_sketch<float>.
//
// The only translation unit that includes datasketches-cpp's REQ headers.
#include "engines/native/cpp_adapter_base.h"

#include <cstdint>
#include <cstdlib>
#include <map>
#include <set>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "harness/engine/item_tape_reader.h"
#include "req_sketch.hpp"

// A REQ compactor draws its coin from random_bit (datasketches::random_bit up
// to 4.1.0, datasketches::random_utils::random_bit from 5.0.0), a
// per-translation-unit engine of datasketches-cpp's headers: at every
// compaction from an even state, and once per compactor a reader builds from
// an image. The req templates are instantiated in this unit, so seeding this
// unit's engine pins them (kll_adapter.cc does the same for its own unit).
namespace datasketches {
namespace random_utils {}
}  // namespace datasketches
namespace dsconform {
namespace req_random {
using namespace datasketches;               // NOLINT: the <= 4.1.0 home of random_bit
using namespace datasketches::random_utils;  // NOLINT: its home from 5.0.0
inline void Pin(uint64_t seed) { random_bit.seed(static_cast<uint32_t>(seed)); }
}  // namespace req_random

namespace {

using Req = datasketches::req_sketch<float>;

template <typename... F>
struct Overloaded : F... {
  using F::operator()...;
};
template <typename... F>
Overloaded(F...) -> Overloaded<F...>;

class ReqStage {
 public:
  ReqStage(const PreparedStage& stage, Observations* out) : stage_(stage), out_(out) {}

  void Drop(const std::string& slot) { slots_.erase(slot); }
  absl::StatusOr<StepEnd> Step(const Op& op, const StepContext& ctx) {
    if (op.op == "create") return Create(op, ctx);
    if (op.op == "update") return Update(op, ctx);
    if (op.op == "merge") return Merge(op, ctx);
    if (op.op == "serialize") return Serialize(op, ctx);
    if (op.op == "deserialize") return Deserialize(op, ctx);
    if (op.op == "query") return Query(op, ctx);
    return BadStep(stage_, ctx, absl::StrCat("'", op.op, "' is not a REQ step"));
  }

 private:
  absl::StatusOr<StepEnd> Create(const Op& op, const StepContext& ctx) {
    const int64_t k = op.Int("k", -1);
    if (k < 0 || k > 65535) return BadStep(stage_, ctx, "k: missing or not in 0..65535");
    if (op.Str("item", "float") != "float") return BadStep(stage_, ctx, "item: only float");
    Put(op.sketch, Req(static_cast<uint16_t>(k), op.args.value("hra", true)));
    return StepEnd::kContinue;
  }

  static void PinRandom(const Op& op) {
    if (op.args.contains("seed")) req_random::Pin(static_cast<uint64_t>(op.Int("seed")));
  }

  absl::StatusOr<StepEnd> Update(const Op& op, const StepContext& ctx) {
    auto slot = Slot(op.sketch, ctx);
    if (!slot.ok()) return slot.status();
    if (!op.items) return BadStep(stage_, ctx, "update without items");
    if (op.items->kind() != ItemKind::kDouble)
      return BadStep(stage_, ctx,
                     absl::StrCat("items of kind ", ItemKindName(op.items->kind()), " do not fit a float sketch"));
    PinRandom(op);
    Req& s = **slot;
    // Doubles rounded to float, as every engine does (the tape kind is checked above).
    const bool whole = ForEachTapeItem(ItemKind::kDouble, ctx.tape,
                                       Overloaded{[&s](double v) { s.update(static_cast<float>(v)); },
                                                  [](int64_t) {}, [](const std::string&) {},
                                                  [](const void*, size_t) {}});
    if (!whole) return BadStep(stage_, ctx, "the item tape ends inside an item");
    return StepEnd::kContinue;
  }

  absl::StatusOr<StepEnd> Merge(const Op& op, const StepContext& ctx) {
    auto dst = Slot(op.sketch, ctx);
    auto src = Slot(op.Str("from"), ctx);
    if (!dst.ok()) return dst.status();
    if (!src.ok()) return src.status();
    PinRandom(op);
    (*dst)->merge(static_cast<const Req&>(**src));
    return StepEnd::kContinue;
  }

  absl::StatusOr<StepEnd> Serialize(const Op& op, const StepContext& ctx) {
    auto slot = Slot(op.sketch, ctx);
    if (!slot.ok()) return slot.status();
    if (op.Str("form") != "compact") return BadStep(stage_, ctx, "form: only compact");
    const auto bytes = (*slot)->serialize();
    out_->Add(absl::StrCat(FieldPrefix(op), ".compact"), Value::Bytes(std::string(bytes.begin(), bytes.end())));
    return StepEnd::kContinue;
  }

  absl::StatusOr<StepEnd> Deserialize(const Op& op, const StepContext& ctx) {
    const std::string* image = StageImageOrMissing(stage_, ctx, op.Str("image"), out_);
    if (image == nullptr) return StepEnd::kStopStage;
    PinRandom(op);  // the reader draws one coin per compactor
    Put(op.sketch, Req::deserialize(image->data(), image->size()));
    return StepEnd::kContinue;
  }

  absl::StatusOr<StepEnd> Query(const Op& op, const StepContext& ctx) {
    auto slot = Slot(op.sketch, ctx);
    if (!slot.ok()) return slot.status();
    const Req& s = **slot;
    const std::string prefix = FieldPrefix(op);
    std::vector<float> points;
    for (const auto& p : op.StrList("points")) points.push_back(std::strtof(p.c_str(), nullptr));
    std::vector<double> ranks;
    for (const auto& r : op.StrList("ranks")) ranks.push_back(std::strtod(r.c_str(), nullptr));
    for (const std::string& q : op.StrList("queries")) {
      const std::string field = absl::StrCat(prefix, ".", q);
      const bool inclusive = q.size() < 5 || q.substr(q.size() - 5) != "_excl";
      const std::string base = inclusive ? q : q.substr(0, q.size() - 5);
      auto each_rank = [&](auto f) {
        for (size_t i = 0; i < ranks.size(); ++i)
          out_->Add(absl::StrCat(field, "[", i, "]"), Value::Double(f(ranks[i])));
      };
      if (q == "n") out_->Add(field, Value::Int(static_cast<int64_t>(s.get_n())));
      else if (q == "k") out_->Add(field, Value::Int(s.get_k()));
      else if (q == "hra") out_->Add(field, Value::Bool(s.is_HRA()));
      else if (q == "num_retained") out_->Add(field, Value::Int(s.get_num_retained()));
      else if (q == "is_empty") out_->Add(field, Value::Bool(s.is_empty()));
      else if (q == "is_estimation_mode") out_->Add(field, Value::Bool(s.is_estimation_mode()));
      else if (q == "min") out_->Add(field, Value::Double(s.get_min_item()));
      else if (q == "max") out_->Add(field, Value::Double(s.get_max_item()));
      else if (base == "quantiles")
        each_rank([&](double r) { return static_cast<double>(s.get_quantile(r, inclusive)); });
      else if (base == "ranks") {
        for (size_t i = 0; i < points.size(); ++i)
          out_->Add(absl::StrCat(field, "[", i, "]"), Value::Double(s.get_rank(points[i], inclusive)));
      } else if (base == "pmf" || base == "cdf") {
        const auto values = base == "pmf" ? s.get_PMF(points.data(), static_cast<uint32_t>(points.size()), inclusive)
                                          : s.get_CDF(points.data(), static_cast<uint32_t>(points.size()), inclusive);
        for (size_t i = 0; i < values.size(); ++i)
          out_->Add(absl::StrCat(field, "[", i, "]"), Value::Double(values[i]));
      } else if (q == "rse") {
        each_rank([&](double r) { return Req::get_RSE(s.get_k(), r, s.is_HRA(), s.get_n()); });
      } else if (q.size() == 8 && (q.rfind("rank_lb", 0) == 0 || q.rfind("rank_ub", 0) == 0) && q[7] >= '1' &&
                 q[7] <= '3') {
        const uint8_t sd = static_cast<uint8_t>(q[7] - '0');
        const bool lower = q[5] == 'l';  // rank_lb<sd> or rank_ub<sd>
        each_rank([&](double r) { return lower ? s.get_rank_lower_bound(r, sd) : s.get_rank_upper_bound(r, sd); });
      } else {
        return BadStep(stage_, ctx, absl::StrCat("queries: unknown query '", q, "'"));
      }
    }
    return StepEnd::kContinue;
  }

  void Put(const std::string& name, Req&& sketch) {
    slots_.erase(name);
    slots_.emplace(name, std::move(sketch));
  }

  absl::StatusOr<Req*> Slot(const std::string& name, const StepContext& ctx) {
    return FindSlot(slots_, name, stage_, ctx, "does not exist");
  }

  static std::string FieldPrefix(const Op& op) { return op.Str("as", op.sketch); }

  const PreparedStage& stage_;
  Observations* out_;
  std::map<std::string, Req> slots_;
};

}  // namespace

namespace cpp_adapters {

std::unique_ptr<CppFamilyAdapter> req() {
  return std::make_unique<StageObjectAdapter<ReqStage>>(
      "req", std::vector<std::string>{"create", "update", "merge", "serialize", "deserialize", "query"});
}

}  // namespace cpp_adapters

}  // namespace dsconform
