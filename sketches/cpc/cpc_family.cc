#include "sketches/cpc/cpc_family.h"

#include <set>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "harness/case/json_access.h"
#include "harness/family/step_arguments.h"
#include "sketches/cpc/cpc_image_checks.h"
#include "sketches/cpc/cpc_image_layout.h"
#include "sketches/cpc/cpc_suites.h"

namespace dsconform {
namespace {

const std::set<std::string> kQueries = {"estimate", "lb1", "lb2", "lb3", "ub1", "ub2", "ub3",
                                        "is_empty", "lg_k", "validate"};

// The members each step may carry besides op, sketch and items.
const std::map<std::string, std::vector<std::string>> kMembers = {
    {"create", {"lg_k", "seed"}},          {"union", {"lg_k", "seed"}},
    {"update", {}},                        {"merge", {"from", "how"}},
    {"result", {"from"}},                  {"serialize", {"form", "as"}},
    {"deserialize", {"image", "mode", "seed"}}, {"query", {"queries", "as"}},
};

class Cpc final : public Family {
 public:
  std::string name() const override { return "cpc"; }

  absl::Status ValidateOp(const Op& op, const std::map<std::string, std::string>& slots,
                          const std::string& path) const override {
    auto members = kMembers.find(op.op);
    if (members == kMembers.end()) return absl::InvalidArgumentError(absl::StrCat("op: '", op.op, "' is not a CPC step"));
    if (auto st = StepMembersAre(op, members->second); !st.ok()) return st;
    const std::string& s = op.op;
    if (s == "create" || s == "union") {
      if (auto st = StepIntIn(op, "lg_k", 4, 26); !st.ok()) return st;
      return StepOptionalInt(op, "seed");
    }
    if (s == "update") return absl::OkStatus();
    if (s == "merge") {
      if (auto st = StepSlotIs(slots, op.sketch, true, "sketch"); !st.ok()) return st;
      if (auto st = StepSlotIs(slots, op.Str("from"), false, "from"); !st.ok()) return st;
      return StepOneOf(op, "how", {"copy", "move"});
    }
    if (s == "result") return StepSlotIs(slots, op.Str("from"), true, "from");
    if (s == "serialize") {
      if (auto st = StepSlotIs(slots, op.sketch, false, "sketch"); !st.ok()) return st;
      return StepOneOf(op, "form", {"compact"});
    }
    if (s == "deserialize") {
      if (auto st = StepOneOf(op, "mode", {"heapify", "wrap"}); !st.ok()) return st;
      return StepOptionalInt(op, "seed");
    }
    if (s == "query") {
      if (auto st = StepSlotIs(slots, op.sketch, false, "sketch"); !st.ok()) return st;
      auto queries = OptionalStringList(op.args, "queries", "");
      if (!queries.ok()) return absl::InvalidArgumentError(std::string(queries.status().message()).substr(1));
      if (queries->empty()) return absl::InvalidArgumentError("queries: missing or empty");
      for (const auto& q : *queries)
        if (!kQueries.count(q)) return absl::InvalidArgumentError(absl::StrCat("queries: unknown query '", q, "'"));
    }
    return absl::OkStatus();
  }

  std::vector<const Suite*> suites() const override { return CpcSuites(); }

  std::vector<DecodedField> DecodeImage(std::string_view image) const override { return DecodeCpcImage(image); }
  std::vector<DecodedField> DecodeImageRange(std::string_view image, uint32_t begin, uint32_t end) const override {
    return DecodeCpcImageRange(image, begin, end);
  }

  std::vector<std::string> CheckInvariant(const Invariant& invariant,
                                          const std::vector<const Value*>& values) const override {
    return CheckCpcInvariant(invariant, values);
  }

  // Repro snippets are not written for CPC yet: `dsconform repro` prints the case program only.
  std::string JavaSnippet(const Case&) const override { return ""; }
  std::string CppSnippet(const Case&) const override { return ""; }

  std::vector<std::string> SnapshotPrefixes() const override { return {"cpc"}; }
  Case SnapshotCase(const std::string& id, const std::string& image) const override {
    return CpcSnapshotCase(id, image);
  }
};

}  // namespace

const Family& CpcFamily() {
  static const Cpc* family = new Cpc();
  return *family;
}

}  // namespace dsconform
