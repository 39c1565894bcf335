// The t-digest steps of docs/case-format.md on datasketches-cpp's tdigest.
//
// The only translation unit that includes datasketches-cpp's t-digest header.
// A tree without t-digest (DSC_CPP_HAVE_TDIGEST_SKETCH 0, engines/native/probes)
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

#ifndef DSC_CPP_HAVE_TDIGEST_SKETCH
#error "engines/native/CMakeLists.txt defines DSC_CPP_HAVE_TDIGEST_SKETCH by probing the tree"
#endif

#if DSC_CPP_HAVE_TDIGEST_SKETCH
#include "tdigest.hpp"

namespace dsconform {
namespace {

using Slot = std::variant<datasketches::tdigest<double>, datasketches::tdigest<float>>;

// The visitor of a tape of doubles (float digests: each double rounded, as a user's cast does).
template <typename T>
struct DoublesInto {
  datasketches::tdigest<T>* s;
  void operator()(double v) const { s->update(static_cast<T>(v)); }
  void operator()(int64_t) const {}
  void operator()(const std::string&) const {}
  void operator()(const void*, size_t) const {}
};

class TdigestStage {
 public:
  TdigestStage(const PreparedStage& stage, Observations* out) : stage_(stage), out_(out) {}

  void Drop(const std::string& slot) { slots_.erase(slot); }
  absl::StatusOr<StepEnd> Step(const Op& op, const StepContext& ctx) {
    if (op.op == "create") return Create(op, ctx);
    if (op.op == "update") return Update(op, ctx);
    if (op.op == "merge") return Merge(op, ctx);
    if (op.op == "compress") return Compress(op, ctx);
    if (op.op == "serialize") return Serialize(op, ctx);
    if (op.op == "deserialize") return Deserialize(op, ctx);
    if (op.op == "query") return Query(op, ctx);
    return BadStep(stage_, ctx, absl::StrCat("'", op.op, "' is not a t-digest step"));
  }

 private:
  absl::StatusOr<StepEnd> Create(const Op& op, const StepContext& ctx) {
    const int64_t k = op.Int("k", -1);
    if (k < 0 || k > 65535) return BadStep(stage_, ctx, "k: missing or not in 0..65535");
    const std::string item = op.Str("item");
    if (item == "double") {
      Put(op.sketch, datasketches::tdigest<double>(static_cast<uint16_t>(k)));
    } else if (item == "float") {
      Put(op.sketch, datasketches::tdigest<float>(static_cast<uint16_t>(k)));
    } else {
      return BadStep(stage_, ctx, absl::StrCat("item: '", item, "' is not double or float"));
    }
    return StepEnd::kContinue;
  }

  absl::StatusOr<StepEnd> Update(const Op& op, const StepContext& ctx) {
    auto slot = AnySlot(op.sketch, ctx);
    if (!slot.ok()) return slot.status();
    if (!op.items || op.items->kind() != ItemKind::kDouble)
      return BadStep(stage_, ctx, "update: t-digest takes a tape of doubles");
    const bool whole = std::visit(
        [&](auto& s) {
          using T = typename std::decay_t<decltype(s)>::value_type;
          return ForEachTapeItem(ItemKind::kDouble, ctx.tape, DoublesInto<T>{&s});
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
      return BadStep(stage_, ctx, absl::StrCat("merge: '", op.Str("from"), "' holds another value type than '",
                                               op.sketch, "'"));
    std::visit([&](auto& d) { d.merge(std::get<std::decay_t<decltype(d)>>(**src)); }, **dst);
    return StepEnd::kContinue;
  }

  absl::StatusOr<StepEnd> Compress(const Op& op, const StepContext& ctx) {
    auto slot = AnySlot(op.sketch, ctx);
    if (!slot.ok()) return slot.status();
    std::visit([](auto& s) { s.compress(); }, **slot);
    return StepEnd::kContinue;
  }

  absl::StatusOr<StepEnd> Serialize(const Op& op, const StepContext& ctx) {
    auto slot = AnySlot(op.sketch, ctx);
    if (!slot.ok()) return slot.status();
    const std::string form = op.Str("form");
    if (form != "compact" && form != "buffer") return BadStep(stage_, ctx, "form: neither compact nor buffer");
    std::string image = std::visit(
        [&](const auto& s) {
          const auto bytes = s.serialize(0, form == "buffer");
          return std::string(bytes.begin(), bytes.end());
        },
        **slot);
    out_->Add(absl::StrCat(op.Str("as", op.sketch), ".", form), Value::Bytes(std::move(image)));
    return StepEnd::kContinue;
  }

  absl::StatusOr<StepEnd> Deserialize(const Op& op, const StepContext& ctx) {
    const std::string name = op.Str("image");
    const std::string* image = StageImageOrMissing(stage_, ctx, name, out_);
    if (image == nullptr) return StepEnd::kStopStage;
    const std::string item = op.Str("item");
    if (item == "double") {
      Put(op.sketch, datasketches::tdigest<double>::deserialize(image->data(), image->size()));
    } else if (item == "float") {
      Put(op.sketch, datasketches::tdigest<float>::deserialize(image->data(), image->size()));
    } else {
      return BadStep(stage_, ctx, absl::StrCat("item: '", item, "' is not double or float"));
    }
    return StepEnd::kContinue;
  }

  absl::StatusOr<StepEnd> Query(const Op& op, const StepContext& ctx) {
    auto slot = AnySlot(op.sketch, ctx);
    if (!slot.ok()) return slot.status();
    const std::string prefix = op.Str("as", op.sketch);
    std::vector<double> ranks;
    for (const auto& r : op.StrList("ranks")) ranks.push_back(std::strtod(r.c_str(), nullptr));
    const std::vector<std::string> points_text = op.StrList("points");
    for (const std::string& q : op.StrList("queries")) {
      const std::string field = absl::StrCat(prefix, ".", q);
      absl::Status st = std::visit(
          [&](const auto& s) -> absl::Status {
            using T = typename std::decay_t<decltype(s)>::value_type;
            std::vector<T> points;
            for (const auto& p : points_text) points.push_back(static_cast<T>(std::strtod(p.c_str(), nullptr)));
            if (q == "n") out_->Add(field, Value::Int(static_cast<int64_t>(s.get_total_weight())));
            else if (q == "k") out_->Add(field, Value::Int(s.get_k()));
            else if (q == "is_empty") out_->Add(field, Value::Bool(s.is_empty()));
            else if (q == "min") out_->Add(field, Value::Double(static_cast<double>(s.get_min_value())));
            else if (q == "max") out_->Add(field, Value::Double(static_cast<double>(s.get_max_value())));
            else if (q == "to_string") {
              const auto text = s.to_string(true);
              out_->Add(field, Value::String(std::string(text.begin(), text.end())));
            } else if (q == "quantiles") {
              for (size_t i = 0; i < ranks.size(); ++i)
                out_->Add(absl::StrCat(field, "[", i, "]"), Value::Double(static_cast<double>(s.get_quantile(ranks[i]))));
            } else if (q == "ranks") {
              for (size_t i = 0; i < points.size(); ++i)
                out_->Add(absl::StrCat(field, "[", i, "]"), Value::Double(s.get_rank(points[i])));
            } else if (q == "pmf" || q == "cdf") {
              const auto values = q == "pmf" ? s.get_PMF(points.data(), static_cast<uint32_t>(points.size()))
                                             : s.get_CDF(points.data(), static_cast<uint32_t>(points.size()));
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
    return FindSlot(slots_, name, stage_, ctx);
  }

  const PreparedStage& stage_;
  Observations* out_;
  std::map<std::string, Slot> slots_;
};

}  // namespace

namespace cpp_adapters {
std::unique_ptr<CppFamilyAdapter> tdigest() {
  return std::make_unique<StageObjectAdapter<TdigestStage>>(
      "tdigest", std::vector<std::string>{"create", "update", "merge", "compress", "serialize", "deserialize", "query"});
}
}  // namespace cpp_adapters

}  // namespace dsconform

#else  // no t-digest in this datasketches-cpp tree

namespace dsconform {
namespace cpp_adapters {
std::unique_ptr<CppFamilyAdapter> tdigest() {
  return AbsentFamilyAdapter("tdigest", "this datasketches-cpp tree has no t-digest");
}
}  // namespace cpp_adapters
}  // namespace dsconform
#endif
