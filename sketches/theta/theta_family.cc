#include "sketches/theta/theta_family.h"

#include <cstdlib>
#include <set>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "harness/case/json_access.h"
#include "sketches/theta/theta_image_layout.h"
#include "sketches/theta/theta_suites.h"

namespace dsconform {
namespace {

// What a slot holds, from the step that made it.
enum class SlotKind { kUpdate, kCompact, kSketch, kUnion, kIntersection, kUnknown };

SlotKind KindOf(const std::map<std::string, std::string>& slots, const std::string& slot) {
  auto it = slots.find(slot);
  if (it == slots.end()) return SlotKind::kUnknown;
  const std::string& step = it->second;
  if (step == "create") return SlotKind::kUpdate;
  if (step == "union") return SlotKind::kUnion;
  if (step == "intersection") return SlotKind::kIntersection;
  if (step == "deserialize") return SlotKind::kSketch;  // update or compact: the image decides
  return SlotKind::kCompact;                             // compact, result, a_not_b
}

bool IsSketch(SlotKind k) {
  return k == SlotKind::kUpdate || k == SlotKind::kCompact || k == SlotKind::kSketch || k == SlotKind::kUnknown;
}

const std::set<std::string> kSketchQueries = {"estimate", "lb1",        "lb2",      "lb3",      "ub1",
                                              "ub2",      "ub3",        "theta",    "theta_long", "retained",
                                              "is_empty", "is_estimation_mode", "is_ordered"};
const std::set<std::string> kUpdateQueries = {"lg_k", "rf"};
const std::set<std::string> kIntersectionQueries = {"has_result"};

// The members each step may carry besides op, sketch and items.
const std::map<std::string, std::vector<std::string>> kMembers = {
    {"create", {"lg_k", "rf", "p", "seed"}},
    {"union", {"lg_k", "p", "seed"}},
    {"intersection", {"seed"}},
    {"update", {}},
    {"merge", {"from"}},
    {"result", {"from", "ordered"}},
    {"compact", {"from", "ordered"}},
    {"a_not_b", {"a", "b", "ordered", "seed"}},
    {"jaccard", {"with", "seed", "as"}},
    {"serialize", {"form", "as"}},
    {"deserialize", {"image", "mode", "seed"}},
    {"reset", {}},
    {"query", {"queries", "as"}},
};

absl::Status Strip(const absl::Status& st) {
  return st.ok() ? st : absl::InvalidArgumentError(std::string(st.message()).substr(1));
}

absl::Status IntIn(const Op& op, const char* key, int64_t lo, int64_t hi, bool optional = false) {
  if (optional && !op.args.contains(key)) return absl::OkStatus();
  auto v = RequireInt(op.args, key, "");
  if (!v.ok()) return Strip(v.status());
  if (*v < lo || *v > hi) return absl::InvalidArgumentError(absl::StrCat(key, ": must be in ", lo, "..", hi, ", got ", *v));
  return absl::OkStatus();
}

absl::Status OneOf(const Op& op, const char* key, const std::set<std::string>& allowed) {
  auto v = RequireString(op.args, key, "");
  if (!v.ok()) return Strip(v.status());
  if (!allowed.count(*v))
    return absl::InvalidArgumentError(absl::StrCat(key, ": must be one of ", absl::StrJoin(allowed, ", "), ", got '", *v, "'"));
  return absl::OkStatus();
}

// p travels as text ("0.5") because case arguments hold no floating point;
// both libraries take it as a float.
absl::Status Probability(const Op& op) {
  if (!op.args.contains("p")) return absl::OkStatus();
  auto v = RequireString(op.args, "p", "");
  if (!v.ok()) return Strip(v.status());
  char* end = nullptr;
  const double p = std::strtod(v->c_str(), &end);
  if (v->empty() || *end != '\0' || !(p > 0.0 && p <= 1.0))
    return absl::InvalidArgumentError(absl::StrCat("p: must be a decimal in (0, 1], got '", *v, "'"));
  return absl::OkStatus();
}

absl::Status Seed(const Op& op) {
  if (!op.args.contains("seed")) return absl::OkStatus();
  return Strip(RequireInt(op.args, "seed", "").status());
}

absl::Status SlotNeeds(const std::map<std::string, std::string>& slots, const std::string& slot, const char* key,
                       bool (*ok)(SlotKind), const char* what) {
  if (!slots.count(slot)) return absl::InvalidArgumentError(absl::StrCat(key, ": slot '", slot, "' does not exist"));
  if (!ok(KindOf(slots, slot)))
    return absl::InvalidArgumentError(absl::StrCat(key, ": '", slot, "' is not ", what));
  return absl::OkStatus();
}

bool IsSetOp(SlotKind k) { return k == SlotKind::kUnion || k == SlotKind::kIntersection; }
bool IsUpdateOrUnion(SlotKind k) { return k == SlotKind::kUpdate || k == SlotKind::kUnion || k == SlotKind::kSketch; }

class Theta final : public Family {
 public:
  std::string name() const override { return "theta"; }

  absl::Status ValidateOp(const Op& op, const std::map<std::string, std::string>& slots,
                          const std::string& /*path*/) const override {
    auto members = kMembers.find(op.op);
    if (members == kMembers.end()) return absl::InvalidArgumentError("op: not a Theta step");
    if (auto st = RejectUnknownKeys(op.args, members->second, ""); !st.ok()) return Strip(st);
    const std::string& s = op.op;
    if (s == "create") {
      if (auto st = IntIn(op, "lg_k", 4, 26); !st.ok()) return st;
      if (op.args.contains("rf")) {
        auto rf = RequireInt(op.args, "rf", "");
        if (!rf.ok() || (*rf != 1 && *rf != 2 && *rf != 4 && *rf != 8))
          return absl::InvalidArgumentError("rf: must be 1, 2, 4 or 8");
      }
      if (auto st = Probability(op); !st.ok()) return st;
      return Seed(op);
    }
    if (s == "union") {
      if (auto st = IntIn(op, "lg_k", 4, 26); !st.ok()) return st;
      if (auto st = Probability(op); !st.ok()) return st;
      return Seed(op);
    }
    if (s == "intersection") return Seed(op);
    if (s == "update") return SlotNeeds(slots, op.sketch, "sketch", IsUpdateOrUnion, "an update sketch or a union");
    if (s == "merge") {
      if (auto st = SlotNeeds(slots, op.sketch, "sketch", IsSetOp, "a union or an intersection"); !st.ok()) return st;
      return SlotNeeds(slots, op.Str("from"), "from", IsSketch, "a sketch");
    }
    if (s == "result") {
      if (auto st = SlotNeeds(slots, op.Str("from"), "from", IsSetOp, "a union or an intersection"); !st.ok()) return st;
      return IntIn(op, "ordered", 0, 1, true);
    }
    if (s == "compact") {
      if (auto st = SlotNeeds(slots, op.Str("from"), "from", IsSketch, "a sketch"); !st.ok()) return st;
      return IntIn(op, "ordered", 0, 1, true);
    }
    if (s == "a_not_b") {
      for (const char* key : {"a", "b"})
        if (auto st = SlotNeeds(slots, op.Str(key), key, IsSketch, "a sketch"); !st.ok()) return st;
      if (auto st = IntIn(op, "ordered", 0, 1, true); !st.ok()) return st;
      return Seed(op);
    }
    if (s == "jaccard") {
      if (auto st = SlotNeeds(slots, op.sketch, "sketch", IsSketch, "a sketch"); !st.ok()) return st;
      if (auto st = SlotNeeds(slots, op.Str("with"), "with", IsSketch, "a sketch"); !st.ok()) return st;
      if (op.Str("as").empty()) return absl::InvalidArgumentError("as: missing");
      return Seed(op);
    }
    if (s == "serialize") {
      if (auto st = SlotNeeds(slots, op.sketch, "sketch", IsSketch, "a sketch"); !st.ok()) return st;
      return OneOf(op, "form", {"compact", "compressed", "updatable"});
    }
    if (s == "deserialize") {
      if (auto st = OneOf(op, "mode", {"heapify", "wrap", "writable_wrap"}); !st.ok()) return st;
      return Seed(op);
    }
    if (s == "reset") return SlotNeeds(slots, op.sketch, "sketch", IsUpdateOrUnion, "an update sketch or a union");
    if (s == "query") return ValidateQueries(op, slots);
    return absl::OkStatus();
  }

  std::vector<const Suite*> suites() const override { return ThetaSuites(); }

  std::vector<DecodedField> DecodeImage(std::string_view image) const override { return DecodeThetaImage(image); }
  std::vector<DecodedField> DecodeImageRange(std::string_view image, uint32_t begin, uint32_t end) const override {
    return DecodeThetaImageRange(image, begin, end);
  }

  std::vector<std::string> CheckInvariant(const Invariant& invariant,
                                          const std::vector<const Value*>& /*values*/) const override {
    return {absl::StrCat("theta has no invariant check '", invariant.check, "'")};
  }

  std::string JavaSnippet(const Case&) const override { return ""; }
  std::string CppSnippet(const Case&) const override { return ""; }

  std::vector<std::string> SnapshotPrefixes() const override { return {"theta"}; }
  Case SnapshotCase(const std::string& id, const std::string& image) const override {
    return ThetaSnapshotCase(id, image);
  }

 private:
  static absl::Status ValidateQueries(const Op& op, const std::map<std::string, std::string>& slots) {
    auto queries = OptionalStringList(op.args, "queries", "");
    if (!queries.ok()) return Strip(queries.status());
    if (queries->empty()) return absl::InvalidArgumentError("queries: missing or empty");
    const SlotKind kind = KindOf(slots, op.sketch);
    for (const auto& q : *queries) {
      const bool allowed = kind == SlotKind::kIntersection ? kIntersectionQueries.count(q) > 0
                           : kind == SlotKind::kUnion      ? false
                           : kUpdateQueries.count(q)       ? kind == SlotKind::kUpdate
                                                           : kSketchQueries.count(q) > 0;
      if (!allowed)
        return absl::InvalidArgumentError(absl::StrCat("queries: '", q, "' is not a query of slot '", op.sketch, "'"));
    }
    return absl::OkStatus();
  }
};

}  // namespace

const Family& ThetaFamily() {
  static const Theta* family = new Theta();
  return *family;
}

}  // namespace dsconform
