// Theta steps on datasketches-cpp (update_theta_sketch, compact_theta_sketch,
// wrapped_compact_theta_sketch, theta_union, theta_intersection, theta_a_not_b,
// theta_jaccard_similarity), as the table "Theta steps" of
// docs/case-format.md maps them. Beyond that table:
// - serialize form=updatable records "<as>.updatable" as unsupported: the C++
//   update sketch has no serialized form.
// - deserialize of an update-sketch image (family byte 2), and writable_wrap,
//   record "<sketch>.deserialize" as unsupported; the slot does not exist, so
//   later steps naming it are skipped.
// - serialize on a wrapped sketch writes compact_theta_sketch(wrapped, its
//   order): what a C++ user does to write a wrapped image again.
// - on a tree without compressed images (before 4.1.0; the probe
//   engines/native/probes/theta_serialize_compressed.cc), serialize
//   form=compressed records "<as>.compressed" as unsupported, and deserialize
//   of a compressed image (serial version 4) "<sketch>.deserialize".
//
// The only translation unit that includes datasketches-cpp's Theta headers.
#include "engines/native/cpp_adapter_base.h"

#include <cstdlib>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>

#include "absl/strings/str_cat.h"
#include "harness/engine/item_tape_reader.h"
#include "theta_a_not_b.hpp"
#include "theta_intersection.hpp"
#include "theta_jaccard_similarity.hpp"
#include "theta_sketch.hpp"
#include "theta_union.hpp"

#ifndef DSC_CPP_HAVE_THETA_SERIALIZE_COMPRESSED
#error "engines/native/CMakeLists.txt defines DSC_CPP_HAVE_THETA_SERIALIZE_COMPRESSED by probing the tree"
#endif

namespace dsconform {
namespace {

using datasketches::compact_theta_sketch;
using datasketches::theta_a_not_b;
using datasketches::theta_intersection;
using datasketches::theta_jaccard_similarity;
using datasketches::theta_union;
using datasketches::update_theta_sketch;
using datasketches::wrapped_compact_theta_sketch;

constexpr uint64_t kDefaultSeed = datasketches::DEFAULT_SEED;

// Compressed images (serial version 4), written and read: from 4.1.0.
constexpr bool kHaveCompressed = DSC_CPP_HAVE_THETA_SERIALIZE_COMPRESSED;
constexpr const char* kNoCompressed =
    "this datasketches-cpp has no compressed images (compact_theta_sketch::serialize_compressed, serial version 4: from 4.1.0)";

// A wrapped sketch reads the bytes it was given for as long as it lives.
struct Wrapped {
  std::shared_ptr<const std::string> bytes;
  wrapped_compact_theta_sketch sketch;
};

using Slot = std::variant<update_theta_sketch, compact_theta_sketch, Wrapped, theta_union, theta_intersection>;

// Calls f with the sketch a slot holds (update, compact or wrapped); false when
// it holds a set operation.
template <typename F>
bool WithSketch(Slot& slot, F&& f) {
  if (auto* u = std::get_if<update_theta_sketch>(&slot)) return f(*u), true;
  if (auto* c = std::get_if<compact_theta_sketch>(&slot)) return f(*c), true;
  if (auto* w = std::get_if<Wrapped>(&slot)) return f(w->sketch), true;
  return false;
}

// Queries (docs/case-format.md): the library call each one makes.
Value Query(const datasketches::base_theta_sketch_alloc<std::allocator<uint64_t>>& s, const std::string& q, bool* known) {
  *known = true;
  if (q == "estimate") return Value::Double(s.get_estimate());
  if (q.size() == 3 && (q[0] == 'l' || q[0] == 'u') && q[1] == 'b' && q[2] >= '1' && q[2] <= '3') {
    const uint8_t sd = static_cast<uint8_t>(q[2] - '0');
    return Value::Double(q[0] == 'l' ? s.get_lower_bound(sd) : s.get_upper_bound(sd));
  }
  if (q == "theta") return Value::Double(s.get_theta());
  if (q == "theta_long") return Value::Int(static_cast<int64_t>(s.get_theta64()));
  if (q == "retained") return Value::Int(s.get_num_retained());
  if (q == "is_empty") return Value::Bool(s.is_empty());
  if (q == "is_estimation_mode") return Value::Bool(s.is_estimation_mode());
  if (q == "is_ordered") return Value::Bool(s.is_ordered());
  *known = false;
  return Value::Unsupported(q);
}

compact_theta_sketch Compacted(Slot& slot, bool ordered) {
  if (auto* u = std::get_if<update_theta_sketch>(&slot)) return u->compact(ordered);
  if (auto* c = std::get_if<compact_theta_sketch>(&slot)) return compact_theta_sketch(*c, ordered);
  return compact_theta_sketch(std::get<Wrapped>(slot).sketch, ordered);
}

// The slots of one stage and the observations it has made so far.
class ThetaStage {
 public:
  ThetaStage(const PreparedStage& stage, Observations* out) : stage_(stage), out_(out) {}

  void Drop(const std::string& slot) { slots_.erase(slot); }
  absl::StatusOr<StepEnd> Step(const Op& op, const StepContext& ctx) {
    if (ReadsUnmadeSlot(op, unsupported_slots_, out_) || unsupported_slots_.count(op.sketch))
      return StepEnd::kContinue;
    const std::string& s = op.op;
    if (s == "create") return Create(op);
    if (s == "union") return Union(op);
    if (s == "intersection") {
      Put(op.sketch, Slot(std::in_place_type<theta_intersection>, Seed(op)));
      return StepEnd::kContinue;
    }
    if (s == "update") return Update(op, ctx);
    if (s == "merge") return Merge(op, ctx);
    if (s == "result") return Result(op, ctx);
    if (s == "compact") {
      auto from = Sketch(op.Str("from"), ctx);
      if (!from.ok()) return from.status();
      Put(op.sketch, Compacted(**from, op.Int("ordered", 1) != 0));
      return StepEnd::kContinue;
    }
    if (s == "a_not_b") return ANotB(op, ctx);
    if (s == "jaccard") return Jaccard(op, ctx);
    if (s == "serialize") return Serialize(op, ctx);
    if (s == "deserialize") return Deserialize(op, ctx);
    if (s == "reset") return Reset(op, ctx);
    if (s == "query") return QueryStep(op, ctx);
    return BadStep(stage_, ctx, absl::StrCat("'", s, "' is not a Theta step"));
  }

 private:
  absl::StatusOr<StepEnd> Create(const Op& op) {
    update_theta_sketch::builder b;
    b.set_lg_k(static_cast<uint8_t>(op.Int("lg_k")));
    if (op.args.contains("rf")) b.set_resize_factor(ResizeFactor(op.Int("rf")));
    if (op.args.contains("p")) b.set_p(P(op));
    b.set_seed(Seed(op));
    Put(op.sketch, b.build());
    return StepEnd::kContinue;
  }

  absl::StatusOr<StepEnd> Union(const Op& op) {
    theta_union::builder b;
    b.set_lg_k(static_cast<uint8_t>(op.Int("lg_k")));
    if (op.args.contains("p")) b.set_p(P(op));
    b.set_seed(Seed(op));
    Put(op.sketch, b.build());
    return StepEnd::kContinue;
  }

  absl::StatusOr<StepEnd> Update(const Op& op, const StepContext& ctx) {
    auto slot = Any(op.sketch, ctx);
    if (!slot.ok()) return slot.status();
    auto* sketch = std::get_if<update_theta_sketch>(*slot);
    if (sketch == nullptr) {
      // theta_union takes sketches only; a wrapped or compact sketch cannot change.
      out_->Add(op.sketch + ".update", Value::Unsupported("datasketches-cpp updates only an update_theta_sketch"));
      unsupported_slots_.insert(op.sketch);
      return StepEnd::kContinue;
    }
    if (!op.items) return BadStep(stage_, ctx, "update without items");
    const bool whole = ForEachTapeItem(op.items->kind(), ctx.tape, [sketch](auto&&... item) {
      sketch->update(std::forward<decltype(item)>(item)...);
    });
    if (!whole) return BadStep(stage_, ctx, "the item tape ends inside an item");
    return StepEnd::kContinue;
  }

  absl::StatusOr<StepEnd> Merge(const Op& op, const StepContext& ctx) {
    auto target = Any(op.sketch, ctx);
    auto from = Sketch(op.Str("from"), ctx);
    if (!target.ok()) return target.status();
    if (!from.ok()) return from.status();
    if (auto* u = std::get_if<theta_union>(*target)) {
      WithSketch(**from, [u](const auto& s) { u->update(s); });
    } else if (auto* i = std::get_if<theta_intersection>(*target)) {
      WithSketch(**from, [i](const auto& s) { i->update(s); });
    } else {
      return BadStep(stage_, ctx, absl::StrCat("slot '", op.sketch, "' is not a union or an intersection"));
    }
    return StepEnd::kContinue;
  }

  absl::StatusOr<StepEnd> Result(const Op& op, const StepContext& ctx) {
    auto from = Any(op.Str("from"), ctx);
    if (!from.ok()) return from.status();
    const bool ordered = op.Int("ordered", 1) != 0;
    if (auto* u = std::get_if<theta_union>(*from)) {
      Put(op.sketch, u->get_result(ordered));
    } else if (auto* i = std::get_if<theta_intersection>(*from)) {
      Put(op.sketch, i->get_result(ordered));
    } else {
      return BadStep(stage_, ctx, absl::StrCat("slot '", op.Str("from"), "' is not a union or an intersection"));
    }
    return StepEnd::kContinue;
  }

  absl::StatusOr<StepEnd> ANotB(const Op& op, const StepContext& ctx) {
    auto a = Sketch(op.Str("a"), ctx);
    auto b = Sketch(op.Str("b"), ctx);
    if (!a.ok()) return a.status();
    if (!b.ok()) return b.status();
    const theta_a_not_b diff(Seed(op));
    const bool ordered = op.Int("ordered", 1) != 0;
    std::optional<compact_theta_sketch> result;
    WithSketch(**a, [&](const auto& sa) {
      WithSketch(**b, [&](const auto& sb) { result.emplace(diff.compute(sa, sb, ordered)); });
    });
    Put(op.sketch, std::move(*result));
    return StepEnd::kContinue;
  }

  absl::StatusOr<StepEnd> Jaccard(const Op& op, const StepContext& ctx) {
    auto a = Sketch(op.sketch, ctx);
    auto b = Sketch(op.Str("with"), ctx);
    if (!a.ok()) return a.status();
    if (!b.ok()) return b.status();
    std::array<double, 3> j{};
    WithSketch(**a, [&](const auto& sa) {
      WithSketch(**b, [&](const auto& sb) { j = theta_jaccard_similarity::jaccard(sa, sb, Seed(op)); });
    });
    const std::string as = op.Str("as");
    out_->Add(as + ".lower", Value::Double(j[0]));
    out_->Add(as + ".estimate", Value::Double(j[1]));
    out_->Add(as + ".upper", Value::Double(j[2]));
    return StepEnd::kContinue;
  }

  absl::StatusOr<StepEnd> Serialize(const Op& op, const StepContext& ctx) {
    auto slot = Sketch(op.sketch, ctx);
    if (!slot.ok()) return slot.status();
    const std::string form = op.Str("form");
    const std::string field = absl::StrCat(op.Str("as", op.sketch), ".", form);
    if (form == "updatable") {
      out_->Add(field, Value::Unsupported("datasketches-cpp serializes compact sketches only"));
      return StepEnd::kContinue;
    }
    if (form == "compressed" && !kHaveCompressed) {
      out_->Add(field, Value::Unsupported(kNoCompressed));
      return StepEnd::kContinue;
    }
    // An update sketch is written as its ordered compact form, a wrapped one in its own order.
    compact_theta_sketch compact = std::holds_alternative<update_theta_sketch>(**slot)
                                       ? Compacted(**slot, true)
                                       : Compacted(**slot, IsOrdered(**slot));
#if DSC_CPP_HAVE_THETA_SERIALIZE_COMPRESSED
    const auto bytes = form == "compressed" ? compact.serialize_compressed() : compact.serialize();
#else
    const auto bytes = compact.serialize();
#endif
    out_->Add(field, Value::Bytes(std::string(bytes.begin(), bytes.end())));
    return StepEnd::kContinue;
  }

  absl::StatusOr<StepEnd> Deserialize(const Op& op, const StepContext& ctx) {
    const std::string mode = op.Str("mode", "heapify");
    const std::string* image = StageImageOrMissing(stage_, ctx, op.Str("image"), out_);
    if (image == nullptr) return StepEnd::kStopStage;
    // Byte 1 is the serial version, byte 2 the family (2: an update sketch's image).
    const bool update_image = image->size() > 2 && (*image)[1] == 3 && (*image)[2] == 2;
    const bool unreadable_compressed = !kHaveCompressed && image->size() > 1 && (*image)[1] == 4;
    if (mode == "writable_wrap" || update_image || unreadable_compressed) {
      out_->Add(op.sketch + ".deserialize",
                Value::Unsupported(mode == "writable_wrap" ? "writable wrap is a Java-only operation"
                                   : update_image          ? "datasketches-cpp reads compact images only"
                                                           : kNoCompressed));
      unsupported_slots_.insert(op.sketch);
      return StepEnd::kContinue;
    }
    if (mode == "wrap") {
      auto bytes = std::make_shared<const std::string>(*image);
      auto wrapped = wrapped_compact_theta_sketch::wrap(bytes->data(), bytes->size(), Seed(op));
      Put(op.sketch, Slot(std::in_place_type<Wrapped>, Wrapped{bytes, wrapped}));
    } else {
      Put(op.sketch, compact_theta_sketch::deserialize(image->data(), image->size(), Seed(op)));
    }
    return StepEnd::kContinue;
  }

  absl::StatusOr<StepEnd> Reset(const Op& op, const StepContext& ctx) {
    auto slot = Any(op.sketch, ctx);
    if (!slot.ok()) return slot.status();
    if (auto* u = std::get_if<update_theta_sketch>(*slot)) u->reset();
    else if (auto* un = std::get_if<theta_union>(*slot)) un->reset();
    else return BadStep(stage_, ctx, "reset needs an update sketch or a union");
    return StepEnd::kContinue;
  }

  absl::StatusOr<StepEnd> QueryStep(const Op& op, const StepContext& ctx) {
    auto slot = Any(op.sketch, ctx);
    if (!slot.ok()) return slot.status();
    const std::string prefix = op.Str("as", op.sketch) + ".";
    for (const std::string& q : op.StrList("queries")) {
      Value v;
      bool known = false;
      if (auto* i = std::get_if<theta_intersection>(*slot)) {
        known = q == "has_result";
        v = Value::Bool(i->has_result());
      } else if (auto* u = std::get_if<update_theta_sketch>(*slot); u && (q == "lg_k" || q == "rf")) {
        known = true;
        v = q == "lg_k" ? Value::Int(u->get_lg_k()) : Value::Int(int64_t{1} << static_cast<int>(u->get_rf()));
      } else {
        WithSketch(**slot, [&](const auto& s) { v = Query(s, q, &known); });
      }
      if (!known)
        return BadStep(stage_, ctx, absl::StrCat("queries: '", q, "' is not a query of slot '", op.sketch, "'"));
      out_->Add(prefix + q, std::move(v));
    }
    return StepEnd::kContinue;
  }

  // --- slots and arguments

  template <typename T>
  void Put(const std::string& name, T&& value) {
    slots_.insert_or_assign(name, Slot(std::forward<T>(value)));
  }
  void Put(const std::string& name, Slot&& slot) { slots_.insert_or_assign(name, std::move(slot)); }

  absl::StatusOr<Slot*> Any(const std::string& name, const StepContext& ctx) {
    return FindSlot(slots_, name, stage_, ctx);
  }

  absl::StatusOr<Slot*> Sketch(const std::string& name, const StepContext& ctx) {
    auto slot = Any(name, ctx);
    if (!slot.ok()) return slot.status();
    if (std::holds_alternative<theta_union>(**slot) || std::holds_alternative<theta_intersection>(**slot))
      return BadStep(stage_, ctx, absl::StrCat("slot '", name, "' is not a sketch"));
    return *slot;
  }

  static bool IsOrdered(Slot& slot) {
    bool ordered = true;
    WithSketch(slot, [&](const auto& s) { ordered = s.is_ordered(); });
    return ordered;
  }

  static uint64_t Seed(const Op& op) {
    return op.args.contains("seed") ? static_cast<uint64_t>(op.Int("seed")) : kDefaultSeed;
  }
  // As the case format says: a decimal read as a float, as Java's Float.parseFloat does.
  static float P(const Op& op) { return std::strtof(op.Str("p").c_str(), nullptr); }
  static datasketches::theta_constants::resize_factor ResizeFactor(int64_t rf) {
    using RF = datasketches::theta_constants::resize_factor;
    return rf == 1 ? RF::X1 : rf == 2 ? RF::X2 : rf == 4 ? RF::X4 : RF::X8;
  }

  const PreparedStage& stage_;
  Observations* out_;
  std::map<std::string, Slot> slots_;
  std::set<std::string> unsupported_slots_;
};

}  // namespace

namespace cpp_adapters {

std::unique_ptr<CppFamilyAdapter> theta() {
  std::vector<std::string> lacks;
  if (!kHaveCompressed)
    lacks.push_back("serialize form=compressed, and deserialize of a compressed image (serial version 4): "
                    "no compact_theta_sketch::serialize_compressed (from 4.1.0)");
  return std::make_unique<StageObjectAdapter<ThetaStage>>(
      "theta",
      std::vector<std::string>{"create", "union", "intersection", "update", "merge", "result", "compact", "a_not_b",
                               "jaccard", "serialize", "deserialize", "reset", "query"},
      std::move(lacks));
}

}  // namespace cpp_adapters

}  // namespace dsconform
