// The density steps of docs/case-format.md on datasketches-cpp's density_sketch<double>
// with the library's Gaussian kernel.
//
// The only translation unit that includes datasketches-cpp's density header, and so the one
// whose random engines the sketch's compactions draw from: random_bit (the coin of a compacted
// level's first point) and random_utils::rand (the shuffle of the level), both thread-local
// statics of common_defs.hpp, one per translation unit. A step's `seed` seeds both, here, on
// this thread. A tree without density_sketch.hpp (before 4.1.0) still builds: the adapter
// declares no step.
#include "engines/native/cpp_adapter_base.h"

#include <cstdint>
#include <cstdlib>
#include <map>
#include <memory>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "harness/engine/item_tape_reader.h"

#if __has_include("density_sketch.hpp")
#include "density_sketch.hpp"

// random_bit is datasketches::random_bit in 4.1.0 (the first release with the density sketch),
// datasketches::random_utils::random_bit from 5.0.0; 4.1.0 shuffles with std::random_shuffle,
// which draws from std::rand, 5.x with random_utils::rand.
namespace datasketches {
namespace random_utils {}
}  // namespace datasketches
namespace dsconform {
namespace density_random {
using namespace datasketches;               // NOLINT: the 4.1.0 home of random_bit
using namespace datasketches::random_utils;  // NOLINT: its home from 5.0.0
inline void Pin(uint64_t seed) {
  random_bit.seed(static_cast<uint32_t>(seed));
  datasketches::random_utils::rand.seed(seed);
  std::srand(static_cast<unsigned>(seed));
}
}  // namespace density_random

namespace {

using Density = datasketches::density_sketch<double>;

class DensityStage {
 public:
  DensityStage(const PreparedStage& stage, Observations* out) : stage_(stage), out_(out) {}

  void Drop(const std::string& slot) { slots_.erase(slot); }
  absl::StatusOr<StepEnd> Step(const Op& op, const StepContext& ctx) {
    if (op.args.contains("seed")) density_random::Pin(static_cast<uint64_t>(op.Int("seed")));
    if (op.op == "create") {
      const int64_t k = op.Int("k", -1), dim = op.Int("dim", -1);
      if (k < 0 || k > 65535) return BadStep(stage_, ctx, "k: missing or not in 0..65535");
      if (dim < 0 || dim > 4096) return BadStep(stage_, ctx, "dim: missing or not in 0..4096");
      slots_.insert_or_assign(op.sketch, Density(static_cast<uint16_t>(k), static_cast<uint32_t>(dim)));
      return StepEnd::kContinue;
    }
    if (op.op == "deserialize") {
      const std::string name = op.Str("image");
      const std::string* image = StageImageOrMissing(stage_, ctx, name, out_);
      if (image == nullptr) return StepEnd::kStopStage;
      slots_.insert_or_assign(op.sketch, Density::deserialize(image->data(), image->size()));
      return StepEnd::kContinue;
    }
    auto slot = FindSlot(slots_, op.sketch, stage_, ctx);
    if (!slot.ok()) return slot.status();
    Density& sketch = **slot;
    if (op.op == "update") return Update(op, ctx, sketch);
    if (op.op == "merge") {
      auto from = FindSlot(slots_, op.Str("from"), stage_, ctx);
      if (!from.ok()) return from.status();
      if (op.Str("how", "copy") == "move") {
        sketch.merge(std::move(**from));
        slots_.erase(op.Str("from"));
      } else {
        sketch.merge(static_cast<const Density&>(**from));
      }
      return StepEnd::kContinue;
    }
    if (op.op == "result") {
      const std::string as = op.Str("as");
      out_->Add(absl::StrCat(as, ".retained.size"), Value::Int(sketch.get_num_retained()));
      int64_t i = 0;
      for (const auto& entry : sketch) {
        out_->Add(absl::StrCat(as, ".retained[", i, "].weight"), Value::Int(static_cast<int64_t>(entry.second)));
        for (size_t j = 0; j < entry.first.size(); ++j)
          out_->Add(absl::StrCat(as, ".retained[", i, "][", j, "]"), Value::Double(entry.first[j]));
        ++i;
      }
      return StepEnd::kContinue;
    }
    if (op.op == "serialize") {
      const auto bytes = sketch.serialize();
      out_->Add(absl::StrCat(op.Str("as", op.sketch), ".", op.Str("form")),
                Value::Bytes(std::string(bytes.begin(), bytes.end())));
      return StepEnd::kContinue;
    }
    if (op.op == "query") return Query(op, ctx, sketch);
    return BadStep(stage_, ctx, absl::StrCat("'", op.op, "' is not a density step"));
  }

 private:
  // The tape's doubles, each times `scale`, every dim of them one point.
  absl::StatusOr<StepEnd> Update(const Op& op, const StepContext& ctx, Density& sketch) {
    if (!op.items || op.items->kind() != ItemKind::kDouble) return BadStep(stage_, ctx, "update: no doubles");
    const double scale = std::strtod(op.Str("scale", "1").c_str(), nullptr);
    const size_t dim = sketch.get_dim();
    std::vector<double> point;
    point.reserve(dim);
    if (dim == 0) return BadStep(stage_, ctx, "update: a sketch of dimension 0 takes no items");
    const bool whole = ForEachTapeItem(ItemKind::kDouble, ctx.tape, [&](const auto&... item) {
      if constexpr (sizeof...(item) == 1 && (std::is_same_v<std::decay_t<decltype(item)>, double> && ...)) {
        point.push_back((item * ...) * scale);
        if (point.size() == dim) {
          sketch.update(point);
          point.clear();
        }
      }
    });
    if (!whole) return BadStep(stage_, ctx, "the item tape ends inside an item");
    if (!point.empty()) return BadStep(stage_, ctx, "update: the items are not a whole number of points");
    return StepEnd::kContinue;
  }

  absl::StatusOr<StepEnd> Query(const Op& op, const StepContext& ctx, const Density& sketch) {
    const std::string prefix = op.Str("as", op.sketch);
    for (const std::string& q : op.StrList("queries")) {
      const std::string field = absl::StrCat(prefix, ".", q);
      if (q == "n") out_->Add(field, Value::Int(static_cast<int64_t>(sketch.get_n())));
      else if (q == "k") out_->Add(field, Value::Int(sketch.get_k()));
      else if (q == "dim") out_->Add(field, Value::Int(sketch.get_dim()));
      else if (q == "num_retained") out_->Add(field, Value::Int(sketch.get_num_retained()));
      else if (q == "is_empty") out_->Add(field, Value::Bool(sketch.is_empty()));
      else if (q == "is_estimation_mode") out_->Add(field, Value::Bool(sketch.is_estimation_mode()));
      else if (q == "estimates") {
        const std::vector<std::string> points = op.StrList("points");
        const size_t dim = sketch.get_dim();
        if (dim == 0 || points.size() % dim != 0)
          return BadStep(stage_, ctx, "points: not a whole number of points of the sketch's dimension");
        for (size_t i = 0; i < points.size() / dim; ++i) {
          std::vector<double> point;
          for (size_t j = 0; j < dim; ++j) point.push_back(std::strtod(points[i * dim + j].c_str(), nullptr));
          out_->Add(absl::StrCat(field, "[", i, "]"), Value::Double(sketch.get_estimate(point)));
        }
      } else {
        return BadStep(stage_, ctx, absl::StrCat("queries: unknown query '", q, "'"));
      }
    }
    return StepEnd::kContinue;
  }

  const PreparedStage& stage_;
  Observations* out_;
  std::map<std::string, Density> slots_;
};

}  // namespace

namespace cpp_adapters {
std::unique_ptr<CppFamilyAdapter> density() {
  return std::make_unique<StageObjectAdapter<DensityStage>>(
      "density", std::vector<std::string>{"create", "update", "merge", "result", "serialize", "deserialize", "query"});
}
}  // namespace cpp_adapters

}  // namespace dsconform

#else  // no density sketch in this datasketches-cpp tree

namespace dsconform {
namespace cpp_adapters {
std::unique_ptr<CppFamilyAdapter> density() {
  return AbsentFamilyAdapter("density", "this datasketches-cpp tree has no density_sketch.hpp");
}
}  // namespace cpp_adapters
}  // namespace dsconform
#endif
