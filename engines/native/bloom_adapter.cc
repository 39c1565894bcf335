// The Bloom filter steps of docs/case-format.md on datasketches-cpp's bloom_filter.
//
// The only translation unit that includes datasketches-cpp's Bloom filter header.
// A tree without it (before 5.2.0: DSC_CPP_HAVE_BLOOM_FILTER 0, engines/native/probes)
// still builds: the adapter then declares no step.
#include "engines/native/cpp_adapter_base.h"

#include <cstdint>
#include <cstdlib>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "harness/engine/item_tape_reader.h"

#ifndef DSC_CPP_HAVE_BLOOM_FILTER
#error "engines/native/CMakeLists.txt defines DSC_CPP_HAVE_BLOOM_FILTER by probing the tree"
#endif

#if DSC_CPP_HAVE_BLOOM_FILTER
#include "bloom_filter.hpp"

namespace dsconform {
namespace {

using datasketches::bloom_filter;

// A filter and, when it wraps an image, the copy of the image it reads (and,
// writable, changes): the bytes must outlive the filter and never move.
struct Slot {
  std::unique_ptr<std::vector<uint8_t>> memory;
  bloom_filter filter;
};

// Every item of a tape through `call(item...)`, the overloads of docs/items.md.
template <typename Call>
struct EachItem {
  Call call;
  void operator()(int64_t v) const { call(v); }
  void operator()(double v) const { call(v); }
  void operator()(const std::string& v) const { call(v); }
  void operator()(const void* p, size_t n) const { call(p, n); }
};
template <typename Call>
EachItem<Call> Each(Call call) {
  return EachItem<Call>{std::move(call)};
}

// The answers of a query over items: bit i of the bitmap is item i's answer.
struct Answers {
  std::string bitmap;
  int64_t present = 0, absent = 0;
  void Add(bool yes) {
    const int64_t i = present + absent;
    if (i % 8 == 0) bitmap.push_back('\0');
    if (yes) bitmap.back() = static_cast<char>(bitmap.back() | (1 << (i % 8)));
    ++(yes ? present : absent);
  }
};

class BloomStage {
 public:
  BloomStage(const PreparedStage& stage, Observations* out) : stage_(stage), out_(out) {}

  void Drop(const std::string& slot) { slots_.erase(slot); }
  absl::StatusOr<StepEnd> Step(const Op& op, const StepContext& ctx) {
    if (op.op == "create") return Create(op, ctx);
    if (op.op == "update") return Update(op, ctx);
    if (op.op == "query_and_update" || op.op == "query_items") return QueryItems(op, ctx);
    if (op.op == "union" || op.op == "intersect") return Combine(op, ctx);
    if (op.op == "invert" || op.op == "reset") return Modify(op, ctx);
    if (op.op == "compatible") return Compatible(op, ctx);
    if (op.op == "serialize") return Serialize(op, ctx);
    if (op.op == "deserialize") return Deserialize(op, ctx);
    if (op.op == "suggest") return Suggest(op);
    if (op.op == "query") return Query(op, ctx);
    return BadStep(stage_, ctx, absl::StrCat("'", op.op, "' is not a Bloom filter step"));
  }

 private:
  absl::StatusOr<StepEnd> Create(const Op& op, const StepContext& ctx) {
    const uint64_t seed = static_cast<uint64_t>(op.Int("seed"));
    const std::string by = op.Str("by");
    if (by == "size") {
      Put(op.sketch, {nullptr, bloom_filter::builder::create_by_size(static_cast<uint64_t>(op.Int("num_bits")),
                                                                    static_cast<uint16_t>(op.Int("num_hashes")), seed)});
    } else if (by == "accuracy") {
      Put(op.sketch, {nullptr, bloom_filter::builder::create_by_accuracy(static_cast<uint64_t>(op.Int("max_items")),
                                                                        std::strtod(op.Str("fpp").c_str(), nullptr),
                                                                        seed)});
    } else {
      return BadStep(stage_, ctx, absl::StrCat("by: '", by, "' is neither size nor accuracy"));
    }
    return StepEnd::kContinue;
  }

  absl::StatusOr<StepEnd> Update(const Op& op, const StepContext& ctx) {
    auto f = Filter(op.sketch, ctx);
    if (!f.ok()) return f.status();
    bloom_filter& filter = **f;
    if (!op.items) return BadStep(stage_, ctx, "update: no items");
    const bool whole = ForEachTapeItem(op.items->kind(), ctx.tape,
                                       Each([&filter](const auto&... item) { filter.update(item...); }));
    if (!whole) return BadStep(stage_, ctx, "the item tape ends inside an item");
    return StepEnd::kContinue;
  }

  absl::StatusOr<StepEnd> QueryItems(const Op& op, const StepContext& ctx) {
    auto f = Filter(op.sketch, ctx);
    if (!f.ok()) return f.status();
    bloom_filter& filter = **f;
    if (!op.items) return BadStep(stage_, ctx, absl::StrCat(op.op, ": no items"));
    Answers answers;
    const bool and_update = op.op == "query_and_update";
    const bool whole = ForEachTapeItem(op.items->kind(), ctx.tape, Each([&](const auto&... item) {
                                         answers.Add(and_update ? filter.query_and_update(item...)
                                                                : filter.query(item...));
                                       }));
    if (!whole) return BadStep(stage_, ctx, "the item tape ends inside an item");
    const std::string as = op.Str("as", op.sketch);
    out_->Add(absl::StrCat(as, ".answers"), Value::Bytes(std::move(answers.bitmap)));
    out_->Add(absl::StrCat(as, ".present"), Value::Int(answers.present));
    out_->Add(absl::StrCat(as, ".absent"), Value::Int(answers.absent));
    return StepEnd::kContinue;
  }

  absl::StatusOr<StepEnd> Combine(const Op& op, const StepContext& ctx) {
    auto dst = Filter(op.sketch, ctx);
    auto src = Filter(op.Str("from"), ctx);
    if (!dst.ok()) return dst.status();
    if (!src.ok()) return src.status();
    if (op.op == "union") {
      (*dst)->union_with(**src);
    } else {
      (*dst)->intersect(**src);
    }
    return StepEnd::kContinue;
  }

  absl::StatusOr<StepEnd> Modify(const Op& op, const StepContext& ctx) {
    auto f = Filter(op.sketch, ctx);
    if (!f.ok()) return f.status();
    if (op.op == "invert") {
      (*f)->invert();
    } else {
      (*f)->reset();
    }
    return StepEnd::kContinue;
  }

  absl::StatusOr<StepEnd> Compatible(const Op& op, const StepContext& ctx) {
    auto a = Filter(op.sketch, ctx);
    auto b = Filter(op.Str("with"), ctx);
    if (!a.ok()) return a.status();
    if (!b.ok()) return b.status();
    out_->Add(op.Str("as"), Value::Bool((*a)->is_compatible(**b)));
    return StepEnd::kContinue;
  }

  absl::StatusOr<StepEnd> Serialize(const Op& op, const StepContext& ctx) {
    auto f = Filter(op.sketch, ctx);
    if (!f.ok()) return f.status();
    const auto bytes = (*f)->serialize();
    out_->Add(absl::StrCat(op.Str("as", op.sketch), ".", op.Str("form")),
              Value::Bytes(std::string(bytes.begin(), bytes.end())));
    return StepEnd::kContinue;
  }

  absl::StatusOr<StepEnd> Deserialize(const Op& op, const StepContext& ctx) {
    const std::string name = op.Str("image");
    const std::string* image = StageImageOrMissing(stage_, ctx, name, out_);
    if (image == nullptr) return StepEnd::kStopStage;
    const std::string mode = op.Str("mode");
    if (mode == "heapify") {
      Put(op.sketch, {nullptr, bloom_filter::deserialize(image->data(), image->size())});
      return StepEnd::kContinue;
    }
    if (mode != "wrap" && mode != "writable_wrap") return BadStep(stage_, ctx, absl::StrCat("mode: '", mode, "'"));
    auto memory = std::make_unique<std::vector<uint8_t>>(image->begin(), image->end());
    bloom_filter filter = mode == "wrap" ? bloom_filter::wrap(memory->data(), memory->size())
                                         : bloom_filter::writable_wrap(memory->data(), memory->size());
    Put(op.sketch, {std::move(memory), std::move(filter)});
    return StepEnd::kContinue;
  }

  StepEnd Suggest(const Op& op) {
    const uint64_t max_items = static_cast<uint64_t>(op.Int("max_items"));
    const uint64_t num_bits = static_cast<uint64_t>(op.Int("num_bits"));
    const double fpp = std::strtod(op.Str("fpp").c_str(), nullptr);
    const std::string as = op.Str("as");
    // Each answer on its own: a refusal of one (an exception) still ends the stage, as any step's does.
    out_->Add(absl::StrCat(as, ".num_bits"),
              Value::Int(static_cast<int64_t>(bloom_filter::builder::suggest_num_filter_bits(max_items, fpp))));
    out_->Add(absl::StrCat(as, ".num_hashes_by_fpp"), Value::Int(bloom_filter::builder::suggest_num_hashes(fpp)));
    out_->Add(absl::StrCat(as, ".num_hashes_by_size"),
              Value::Int(bloom_filter::builder::suggest_num_hashes(max_items, num_bits)));
    out_->Add(absl::StrCat(as, ".serialized_size"),
              Value::Int(static_cast<int64_t>(bloom_filter::get_serialized_size_bytes(num_bits))));
    return StepEnd::kContinue;
  }

  absl::StatusOr<StepEnd> Query(const Op& op, const StepContext& ctx) {
    auto f = Filter(op.sketch, ctx);
    if (!f.ok()) return f.status();
    bloom_filter& filter = **f;
    const std::string prefix = op.Str("as", op.sketch);
    for (const std::string& q : op.StrList("queries")) {
      const std::string field = absl::StrCat(prefix, ".", q);
      if (q == "bits_used") out_->Add(field, Value::Int(static_cast<int64_t>(filter.get_bits_used())));
      else if (q == "capacity") out_->Add(field, Value::Int(static_cast<int64_t>(filter.get_capacity())));
      else if (q == "num_hashes") out_->Add(field, Value::Int(filter.get_num_hashes()));
      else if (q == "seed") out_->Add(field, Value::Int(static_cast<int64_t>(filter.get_seed())));
      else if (q == "is_empty") out_->Add(field, Value::Bool(filter.is_empty()));
      else if (q == "serialized_size") out_->Add(field, Value::Int(static_cast<int64_t>(filter.get_serialized_size_bytes())));
      else if (q == "to_string") {
        const auto text = filter.to_string(false);
        out_->Add(field, Value::String(std::string(text.begin(), text.end())));
      } else {
        return BadStep(stage_, ctx, absl::StrCat("queries: unknown query '", q, "'"));
      }
    }
    return StepEnd::kContinue;
  }

  void Put(const std::string& name, Slot slot) {
    slots_.erase(name);
    slots_.emplace(name, std::move(slot));
  }

  absl::StatusOr<bloom_filter*> Filter(const std::string& name, const StepContext& ctx) {
    auto slot = FindSlot(slots_, name, stage_, ctx);
    if (!slot.ok()) return slot.status();
    return &(*slot)->filter;
  }

  const PreparedStage& stage_;
  Observations* out_;
  std::map<std::string, Slot> slots_;
};

}  // namespace

namespace cpp_adapters {
std::unique_ptr<CppFamilyAdapter> bloom() {
  return std::make_unique<StageObjectAdapter<BloomStage>>(
      "bloom", std::vector<std::string>{"create", "update", "query_and_update", "query_items", "union", "intersect",
                                        "invert", "compatible", "reset", "serialize", "deserialize", "suggest",
                                        "query"});
}
}  // namespace cpp_adapters

}  // namespace dsconform

#else  // no Bloom filter in this datasketches-cpp tree

namespace dsconform {
namespace cpp_adapters {
std::unique_ptr<CppFamilyAdapter> bloom() {
  return AbsentFamilyAdapter("bloom", "this datasketches-cpp tree has no Bloom filter");
}
}  // namespace cpp_adapters
}  // namespace dsconform
#endif
