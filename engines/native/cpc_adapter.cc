// CPC steps on datasketches-cpp's cpc_sketch and cpc_union, as the table "CPC
// steps" of docs/case-format.md maps them. Beyond that table:
// - merge how=move calls cpc_union::update(cpc_sketch&&) on the slot itself;
//   the slot then holds whatever the library left in it.
// - deserialize mode=wrap records "<sketch>.deserialize" as unsupported
//   (CpcWrapper is Java's); a later step that reads that slot records
//   "<its slot>.<step>" as unsupported in turn, and the stage goes on.
// - without a seed member, create, union and deserialize use the library's
//   default argument.
//
// The only translation unit that includes datasketches-cpp's CPC headers.
#include "engines/native/cpp_adapter_base.h"

#include <map>
#include <set>
#include <string>
#include <utility>
#include <variant>

#include "absl/strings/str_cat.h"
#include "cpc_sketch.hpp"
#include "cpc_union.hpp"
#include "harness/engine/item_tape_reader.h"

namespace dsconform {
namespace {

using datasketches::cpc_sketch;
using datasketches::cpc_union;

using Slot = std::variant<cpc_sketch, cpc_union>;

// Queries (docs/case-format.md): the library call each one makes.
enum class Query { kEstimate, kLowerBound, kUpperBound, kIsEmpty, kLgK, kValidate };
struct QueryRow {
  const char* name;
  Query query;
  unsigned kappa;  // bounds only
};
constexpr QueryRow kQueries[] = {
    {"estimate", Query::kEstimate, 0}, {"lb1", Query::kLowerBound, 1}, {"lb2", Query::kLowerBound, 2},
    {"lb3", Query::kLowerBound, 3},    {"ub1", Query::kUpperBound, 1}, {"ub2", Query::kUpperBound, 2},
    {"ub3", Query::kUpperBound, 3},    {"is_empty", Query::kIsEmpty, 0}, {"lg_k", Query::kLgK, 0},
    {"validate", Query::kValidate, 0},
};

Value Evaluate(const cpc_sketch& s, const QueryRow& row) {
  switch (row.query) {
    case Query::kEstimate: return Value::Double(s.get_estimate());
    case Query::kLowerBound: return Value::Double(s.get_lower_bound(row.kappa));
    case Query::kUpperBound: return Value::Double(s.get_upper_bound(row.kappa));
    case Query::kIsEmpty: return Value::Bool(s.is_empty());
    case Query::kLgK: return Value::Int(s.get_lg_k());
    case Query::kValidate: return Value::Bool(s.validate());
  }
  return Value::Unsupported("unknown query");  // unreachable after validation
}

// The slots a step reads (its own slot, unless it makes it, `from`, and the writer of `image`).
std::vector<std::string> SlotsRead(const Op& op) {
  std::vector<std::string> read;
  if (op.op == "update" || op.op == "merge" || op.op == "serialize" || op.op == "query") read.push_back(op.sketch);
  if (op.args.contains("from")) read.push_back(op.Str("from"));
  // An image is named after the slot that wrote it ("a.compact"); an unusable slot wrote none.
  if (op.args.contains("image")) read.push_back(op.Str("image").substr(0, op.Str("image").find('.')));
  return read;
}

// The slots of one stage and the observations it has made so far.
class CpcStage {
 public:
  CpcStage(const PreparedStage& stage, Observations* out) : stage_(stage), out_(out) {}

  void Drop(const std::string& slot) { slots_.erase(slot); }
  absl::StatusOr<StepEnd> Step(const Op& op, const StepContext& ctx);

 private:
  using Handler = absl::StatusOr<StepEnd> (CpcStage::*)(const Op&, const StepContext&);
  struct StepRow {
    const char* op;
    Handler handler;
  };
  static const StepRow kSteps[];

  absl::StatusOr<StepEnd> Create(const Op& op, const StepContext& ctx) {
    auto lg_k = LgK(op, ctx);
    if (!lg_k.ok()) return lg_k.status();
    if (op.args.contains("seed")) {
      Put(op.sketch, cpc_sketch(*lg_k, Seed(op)));
    } else {
      Put(op.sketch, cpc_sketch(*lg_k));
    }
    return StepEnd::kContinue;
  }

  absl::StatusOr<StepEnd> Union(const Op& op, const StepContext& ctx) {
    auto lg_k = LgK(op, ctx);
    if (!lg_k.ok()) return lg_k.status();
    if (op.args.contains("seed")) {
      slots_.insert_or_assign(op.sketch, Slot(std::in_place_type<cpc_union>, *lg_k, Seed(op)));
    } else {
      slots_.insert_or_assign(op.sketch, Slot(std::in_place_type<cpc_union>, *lg_k));
    }
    return StepEnd::kContinue;
  }

  absl::StatusOr<StepEnd> Update(const Op& op, const StepContext& ctx) {
    auto sketch = SketchSlot(op.sketch, ctx);
    if (!sketch.ok()) return sketch.status();
    if (!op.items) return BadStep(stage_, ctx, "update without items");
    cpc_sketch& target = **sketch;
    if (!ForEachTapeItem(op.items->kind(), ctx.tape,
                         [&target](auto&&... item) { target.update(std::forward<decltype(item)>(item)...); }))
      return BadStep(stage_, ctx, "the item tape ends inside an item");
    return StepEnd::kContinue;
  }

  absl::StatusOr<StepEnd> Merge(const Op& op, const StepContext& ctx) {
    auto u = UnionSlot(op.sketch, ctx);
    auto sketch = SketchSlot(op.Str("from"), ctx);
    if (!u.ok()) return u.status();
    if (!sketch.ok()) return sketch.status();
    const std::string how = op.Str("how");
    if (!MergeCopyOrMove(how, **u, **sketch))
      return BadStep(stage_, ctx, absl::StrCat("how: '", how, "' is neither copy nor move"));
    return StepEnd::kContinue;
  }

  absl::StatusOr<StepEnd> Result(const Op& op, const StepContext& ctx) {
    auto u = UnionSlot(op.Str("from"), ctx);
    if (!u.ok()) return u.status();
    Put(op.sketch, (*u)->get_result());
    return StepEnd::kContinue;
  }

  absl::StatusOr<StepEnd> Serialize(const Op& op, const StepContext& ctx) {
    auto sketch = SketchSlot(op.sketch, ctx);
    if (!sketch.ok()) return sketch.status();
    if (op.Str("form") != "compact") return BadStep(stage_, ctx, "form: CPC has only the compact form");
    const auto bytes = (*sketch)->serialize();
    out_->Add(absl::StrCat(FieldPrefix(op), ".compact"), Value::Bytes(std::string(bytes.begin(), bytes.end())));
    return StepEnd::kContinue;
  }

  absl::StatusOr<StepEnd> Deserialize(const Op& op, const StepContext& ctx) {
    const std::string mode = op.Str("mode", "heapify");
    if (mode == "wrap") {
      out_->Add(op.sketch + ".deserialize", Value::Unsupported("CpcWrapper (a read-only view of an image) is Java's"));
      unusable_.insert(op.sketch);
      slots_.erase(op.sketch);
      return StepEnd::kContinue;
    }
    if (mode != "heapify") return BadStep(stage_, ctx, absl::StrCat("mode: '", mode, "' is neither heapify nor wrap"));
    const std::string name = op.Str("image");
    const std::string* image = StageImageOrMissing(stage_, ctx, name, out_);
    if (image == nullptr) return StepEnd::kStopStage;
    if (op.args.contains("seed")) {
      Put(op.sketch, cpc_sketch::deserialize(image->data(), image->size(), Seed(op)));
    } else {
      Put(op.sketch, cpc_sketch::deserialize(image->data(), image->size()));
    }
    return StepEnd::kContinue;
  }

  absl::StatusOr<StepEnd> QueryStep(const Op& op, const StepContext& ctx) {
    auto sketch = SketchSlot(op.sketch, ctx);
    if (!sketch.ok()) return sketch.status();
    for (const std::string& q : op.StrList("queries")) {
      const QueryRow* row = nullptr;
      for (const auto& r : kQueries)
        if (q == r.name) row = &r;
      if (row == nullptr) return BadStep(stage_, ctx, absl::StrCat("queries: unknown query '", q, "'"));
      out_->Add(absl::StrCat(FieldPrefix(op), ".", q), Evaluate(**sketch, *row));
    }
    return StepEnd::kContinue;
  }

  // --- slots and arguments

  void Put(const std::string& name, cpc_sketch&& sketch) {
    slots_.insert_or_assign(name, Slot(std::in_place_type<cpc_sketch>, std::move(sketch)));
  }

  template <typename T>
  absl::StatusOr<T*> SlotOf(const std::string& name, const StepContext& ctx, const char* what) {
    auto slot = FindSlot(slots_, name, stage_, ctx);
    if (!slot.ok()) return slot.status();
    if (T* t = std::get_if<T>(*slot)) return t;
    return BadStep(stage_, ctx, absl::StrCat("slot '", name, "' is not ", what));
  }
  absl::StatusOr<cpc_sketch*> SketchSlot(const std::string& name, const StepContext& ctx) {
    return SlotOf<cpc_sketch>(name, ctx, "a sketch");
  }
  absl::StatusOr<cpc_union*> UnionSlot(const std::string& name, const StepContext& ctx) {
    return SlotOf<cpc_union>(name, ctx, "a union");
  }

  // lg_k is passed as uint8_t; values the library rejects are its to reject.
  absl::StatusOr<uint8_t> LgK(const Op& op, const StepContext& ctx) {
    const int64_t v = op.Int("lg_k", -1);
    if (v < 0 || v > 255) return BadStep(stage_, ctx, "lg_k: missing or not in 0..255");
    return static_cast<uint8_t>(v);
  }

  // The seed as the library takes it: the case's int64 reinterpreted as uint64, as Java's long is.
  static uint64_t Seed(const Op& op) { return static_cast<uint64_t>(op.Int("seed")); }

  static std::string FieldPrefix(const Op& op) { return op.Str("as", op.sketch); }

  const PreparedStage& stage_;
  Observations* out_;
  std::map<std::string, Slot> slots_;
  std::set<std::string> unusable_;  // slots an unsupported step left without a value
};

const CpcStage::StepRow CpcStage::kSteps[] = {
    {"create", &CpcStage::Create},           {"union", &CpcStage::Union},
    {"update", &CpcStage::Update},           {"merge", &CpcStage::Merge},
    {"result", &CpcStage::Result},           {"serialize", &CpcStage::Serialize},
    {"deserialize", &CpcStage::Deserialize}, {"query", &CpcStage::QueryStep},
};

absl::StatusOr<StepEnd> CpcStage::Step(const Op& op, const StepContext& ctx) {
  for (const std::string& read : SlotsRead(op)) {
    if (!unusable_.count(read)) continue;
    out_->Add(absl::StrCat(op.sketch, ".", op.op),
              Value::Unsupported(absl::StrCat("it reads slot '", read, "', which this engine could not make")));
    unusable_.insert(op.sketch);
    return StepEnd::kContinue;
  }
  for (const auto& row : kSteps) {
    if (op.op != row.op) continue;
    unusable_.erase(op.sketch);
    return (this->*row.handler)(op, ctx);
  }
  return BadStep(stage_, ctx, absl::StrCat("'", op.op, "' is not a CPC step"));
}

}  // namespace

namespace cpp_adapters {

std::unique_ptr<CppFamilyAdapter> cpc() {
  return std::make_unique<StageObjectAdapter<CpcStage>>(
      "cpc", std::vector<std::string>{"create", "union", "update", "merge", "result", "serialize", "deserialize", "query"});
}

}  // namespace cpp_adapters

}  // namespace dsconform
