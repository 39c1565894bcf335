#include "sketches/kll/kll_family.h"

#include <cstdlib>
#include <map>
#include <set>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "harness/case/json_access.h"
#include "sketches/kll/kll_image_layout.h"
#include "sketches/kll/kll_suites.h"
#include "sketches/kll/kll_vocabulary.h"

namespace dsconform {
namespace {

// The members each step may carry besides op, sketch and items.
const std::map<std::string, std::vector<std::string>> kMembers = {
    {"create", {"k", "item"}},
    {"update", {"seed", "seed_optional"}},
    {"merge", {"from", "how", "seed", "seed_optional"}},
    {"serialize", {"form", "as"}},
    {"deserialize", {"image", "item", "mode"}},
    {"copy", {"from", "how"}},
    {"convert", {"from", "item"}},
    {"query", {"queries", "as", "ranks", "points"}},
};

absl::Status Strip(const absl::Status& st) {
  // json_access messages start with the (empty) path's "/"; the caller adds the step's path.
  return st.ok() ? st : absl::InvalidArgumentError(std::string(st.message()).substr(1));
}

absl::Status IntIn(const Op& op, const char* key, int64_t lo, int64_t hi, bool required) {
  auto v = OptionalInt(op.args, key, "");
  if (!v.ok()) return Strip(v.status());
  if (!v->has_value()) return required ? absl::InvalidArgumentError(absl::StrCat(key, ": missing")) : absl::OkStatus();
  if (**v < lo || **v > hi)
    return absl::InvalidArgumentError(absl::StrCat(key, ": must be in ", lo, "..", hi, ", got ", **v));
  return absl::OkStatus();
}

absl::Status OneOf(const Op& op, const char* key, const std::set<std::string>& allowed, bool required = true) {
  auto v = OptionalString(op.args, key, "");
  if (!v.ok()) return Strip(v.status());
  if (!v->has_value()) return required ? absl::InvalidArgumentError(absl::StrCat(key, ": missing")) : absl::OkStatus();
  if (!allowed.count(**v))
    return absl::InvalidArgumentError(
        absl::StrCat(key, ": must be one of ", absl::StrJoin(allowed, ", "), ", got '", **v, "'"));
  return absl::OkStatus();
}

// `seed` pins the compactions' random bits; `seed_optional` (a bool, only with
// a seed) lets an engine that cannot pin them compact with its own.
absl::Status ValidateSeed(const Op& op) {
  if (auto st = IntIn(op, "seed", 0, INT64_MAX, false); !st.ok()) return st;
  if (!op.args.contains("seed_optional")) return absl::OkStatus();
  if (!op.args.at("seed_optional").is_boolean()) return absl::InvalidArgumentError("seed_optional: must be true or false");
  if (!op.args.contains("seed")) return absl::InvalidArgumentError("seed_optional: only with a seed");
  return absl::OkStatus();
}

const std::set<std::string> kItemTypes(std::begin(kKllItemTypes), std::end(kKllItemTypes));

absl::Status ValidateQueries(const Op& op) {
  auto queries = OptionalStringList(op.args, "queries", "");
  if (!queries.ok()) return Strip(queries.status());
  if (queries->empty()) return absl::InvalidArgumentError("queries: missing or empty");
  bool need_ranks = false, need_points = false;
  for (const auto& q : *queries) {
    if (!IsKllQuery(q)) return absl::InvalidArgumentError(absl::StrCat("queries: unknown query '", q, "'"));
    need_ranks |= KllQueryNeedsRanks(q);
    need_points |= KllQueryNeedsPoints(q);
  }
  auto ranks = OptionalStringList(op.args, "ranks", "");
  if (!ranks.ok()) return Strip(ranks.status());
  for (const auto& r : *ranks) {
    char* end = nullptr;
    const double d = std::strtod(r.c_str(), &end);
    if (r.empty() || *end != '\0' || !(d >= 0.0 && d <= 1.0))
      return absl::InvalidArgumentError(absl::StrCat("ranks: '", r, "' is not a decimal rank in 0..1"));
  }
  auto points = OptionalStringList(op.args, "points", "");
  if (!points.ok()) return Strip(points.status());
  if (need_ranks && ranks->empty()) return absl::InvalidArgumentError("ranks: the quantiles queries need ranks");
  if (need_points && points->empty())
    return absl::InvalidArgumentError("points: the ranks, pmf and cdf queries need points");
  return absl::OkStatus();
}

class Kll final : public Family {
 public:
  std::string name() const override { return "kll"; }

  absl::Status ValidateOp(const Op& op, const std::map<std::string, std::string>& /*slots*/,
                          const std::string& /*path*/) const override {
    auto members = kMembers.find(op.op);
    if (members == kMembers.end()) return absl::InvalidArgumentError(absl::StrCat("op: '", op.op, "' is not a KLL step"));
    if (auto st = RejectUnknownKeys(op.args, members->second, ""); !st.ok()) return Strip(st);
    const std::string& s = op.op;
    if (s == "create") {
      if (auto st = IntIn(op, "k", 8, 65535, true); !st.ok()) return st;
      return OneOf(op, "item", kItemTypes);
    }
    if (s == "update") return ValidateSeed(op);
    if (s == "merge") {
      if (auto st = OneOf(op, "how", {"copy", "move"}); !st.ok()) return st;
      return ValidateSeed(op);
    }
    if (s == "serialize") return OneOf(op, "form", {"compact"});
    if (s == "deserialize") {
      if (auto st = OneOf(op, "item", kItemTypes); !st.ok()) return st;
      return OneOf(op, "mode", {"heapify", "wrap"}, false);
    }
    if (s == "copy") return OneOf(op, "how", {"construct", "assign", "move_construct", "move_assign"}, false);
    if (s == "convert") return OneOf(op, "item", {"double"});
    if (s == "query") return ValidateQueries(op);
    return absl::OkStatus();
  }

  std::vector<const Suite*> suites() const override { return KllSuites(); }

  std::vector<DecodedField> DecodeImage(std::string_view image) const override { return DecodeKllImage(image); }
  std::vector<DecodedField> DecodeImageRange(std::string_view image, uint32_t begin, uint32_t end) const override {
    std::vector<DecodedField> out;
    for (auto& f : DecodeKllImage(image))
      if (f.offset < end && f.offset + f.size > begin) out.push_back(std::move(f));
    return out;
  }

  std::vector<std::string> CheckInvariant(const Invariant& invariant,
                                          const std::vector<const Value*>& /*values*/) const override {
    return {absl::StrCat("kll has no invariant check '", invariant.check, "'")};
  }

  std::string JavaSnippet(const Case& /*c*/) const override { return ""; }
  std::string CppSnippet(const Case& /*c*/) const override { return ""; }
};

}  // namespace

const Family& KllFamily() {
  static const Kll* family = new Kll();
  return *family;
}

}  // namespace dsconform
