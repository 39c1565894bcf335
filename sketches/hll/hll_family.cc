#include "sketches/hll/hll_family.h"

#include <set>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "harness/case/json_access.h"
#include "harness/family/step_arguments.h"
#include "sketches/hll/hll_image_checks.h"
#include "sketches/hll/hll_image_layout.h"
#include "sketches/hll/hll_snippets.h"
#include "sketches/hll/hll_suites.h"

namespace dsconform {
namespace {

const std::set<std::string> kTypes = {"HLL_4", "HLL_6", "HLL_8"};
const std::set<std::string> kUnionQueries = {"estimate", "composite", "lb1", "lb2", "lb3",
                                             "ub1",      "ub2",       "ub3", "is_empty", "lg_k"};
const std::set<std::string> kSketchOnlyQueries = {"is_compact", "type", "compact_size", "updatable_size"};

// The members each step may carry besides op, sketch and items.
const std::map<std::string, std::vector<std::string>> kMembers = {
    {"create", {"lg_k", "type"}},   {"union", {"lg_max_k"}},
    {"update", {}},                 {"merge", {"from", "how"}},
    {"result", {"from", "type"}},   {"serialize", {"form", "as"}},
    {"deserialize", {"image", "mode"}}, {"copy", {"from"}},
    {"convert", {"from", "type"}},  {"reset", {}},
    {"query", {"queries", "as"}},   {"rel_err", {"lg_k", "upper", "unioned", "sd", "as"}},
};

class Hll final : public Family {
 public:
  std::string name() const override { return "hll"; }

  absl::Status ValidateOp(const Op& op, const std::map<std::string, std::string>& slots,
                          const std::string& path) const override {
    auto members = kMembers.find(op.op);
    if (members == kMembers.end()) return absl::InvalidArgumentError("op: not an HLL step");
    if (auto st = StepMembersAre(op, members->second); !st.ok()) return st;
    const std::string& s = op.op;
    if (s == "create") {
      if (auto st = StepIntIn(op, "lg_k", 4, 21); !st.ok()) return st;
      return StepOneOf(op, "type", kTypes);
    }
    if (s == "union") return StepIntIn(op, "lg_max_k", 4, 21);
    if (s == "merge") {
      if (auto st = StepSlotIs(slots, op.sketch, true, "sketch"); !st.ok()) return st;
      if (auto st = StepSlotIs(slots, op.Str("from"), false, "from"); !st.ok()) return st;
      return StepOneOf(op, "how", {"copy", "move"});
    }
    if (s == "result") {
      if (auto st = StepSlotIs(slots, op.Str("from"), true, "from"); !st.ok()) return st;
      return StepOneOf(op, "type", kTypes);
    }
    if (s == "serialize") {
      if (auto st = StepSlotIs(slots, op.sketch, false, "sketch"); !st.ok()) return st;
      return StepOneOf(op, "form", {"compact", "updatable"});
    }
    if (s == "deserialize") return StepOneOf(op, "mode", {"heapify", "wrap", "writable_wrap"});
    if (s == "copy") return StepSlotIs(slots, op.Str("from"), false, "from");
    if (s == "convert") {
      if (auto st = StepSlotIs(slots, op.Str("from"), false, "from"); !st.ok()) return st;
      return StepOneOf(op, "type", kTypes);
    }
    if (s == "query") return ValidateQueries(op, slots);
    if (s == "rel_err") {
      if (auto st = StepIntIn(op, "lg_k", 4, 21); !st.ok()) return st;
      if (auto st = StepIntIn(op, "upper", 0, 1); !st.ok()) return st;
      if (auto st = StepIntIn(op, "unioned", 0, 1); !st.ok()) return st;
      if (auto st = StepIntIn(op, "sd", 1, 3); !st.ok()) return st;
      if (op.Str("as").empty()) return absl::InvalidArgumentError("as: missing");
    }
    return absl::OkStatus();
  }

  std::vector<const Suite*> suites() const override { return HllSuites(); }

  std::vector<DecodedField> DecodeImage(std::string_view image) const override { return DecodeHllImage(image); }
  std::vector<DecodedField> DecodeImageRange(std::string_view image, uint32_t begin, uint32_t end) const override {
    return DecodeHllImageRange(image, begin, end);
  }

  std::vector<std::string> CheckInvariant(const Invariant& invariant,
                                          const std::vector<const Value*>& values) const override {
    return CheckHllInvariant(invariant, values);
  }

  std::string JavaSnippet(const Case& c) const override { return HllJavaSnippet(c); }
  std::string CppSnippet(const Case& c) const override { return HllCppSnippet(c); }

  std::vector<std::string> SnapshotPrefixes() const override { return {"hll4", "hll6", "hll8"}; }
  Case SnapshotCase(const std::string& id, const std::string& image) const override {
    return HllSnapshotCase(id, image);
  }

 private:
  static absl::Status ValidateQueries(const Op& op, const std::map<std::string, std::string>& slots) {
    auto queries = OptionalStringList(op.args, "queries", "");
    if (!queries.ok()) return absl::InvalidArgumentError(std::string(queries.status().message()).substr(1));
    if (queries->empty()) return absl::InvalidArgumentError("queries: missing or empty");
    auto it = slots.find(op.sketch);
    const bool on_union = it != slots.end() && it->second == "union";
    for (const auto& q : *queries) {
      if (!kUnionQueries.count(q) && !kSketchOnlyQueries.count(q))
        return absl::InvalidArgumentError(absl::StrCat("queries: unknown query '", q, "'"));
      if (on_union && kSketchOnlyQueries.count(q))
        return absl::InvalidArgumentError(absl::StrCat("queries: '", q, "' is not defined on a union"));
    }
    return absl::OkStatus();
  }
};

}  // namespace

const Family& HllFamily() {
  static const Hll* family = new Hll();
  return *family;
}

}  // namespace dsconform
