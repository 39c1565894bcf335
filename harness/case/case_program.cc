#include "harness/case/case_program.h"

#include <algorithm>

#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "harness/case/json_access.h"

namespace dsconform {

int64_t Op::Int(const char* key, int64_t fallback) const {
  auto it = args.find(key);
  if (it == args.end() || !it->is_number_integer()) return fallback;
  return it->get<int64_t>();
}

std::string Op::Str(const char* key, const std::string& fallback) const {
  auto it = args.find(key);
  if (it == args.end() || !it->is_string()) return fallback;
  return it->get<std::string>();
}

std::vector<std::string> Op::StrList(const char* key) const {
  std::vector<std::string> out;
  auto it = args.find(key);
  if (it == args.end() || !it->is_array()) return out;
  for (const auto& e : *it)
    if (e.is_string()) out.push_back(e.get<std::string>());
  return out;
}

namespace {

nlohmann::ordered_json OpToJson(const Op& op) {
  nlohmann::ordered_json j;
  j["op"] = op.op;
  if (!op.sketch.empty()) j["sketch"] = op.sketch;
  for (auto it = op.args.begin(); it != op.args.end(); ++it) j[it.key()] = it.value();
  if (op.items) j["items"] = ItemStreamToJson(*op.items);
  return j;
}

nlohmann::ordered_json OpsToJson(const std::vector<Op>& ops) {
  nlohmann::ordered_json a = nlohmann::ordered_json::array();
  for (const auto& op : ops) a.push_back(OpToJson(op));
  return a;
}

absl::StatusOr<Op> OpFromJson(const nlohmann::json& j, const std::string& path) {
  if (!j.is_object()) return absl::InvalidArgumentError(absl::StrCat(path, ": expected an object"));
  Op op;
  auto name = RequireString(j, "op", path);
  if (!name.ok()) return name.status();
  op.op = *name;
  auto sketch = OptionalString(j, "sketch", path);
  if (!sketch.ok()) return sketch.status();
  op.sketch = sketch->value_or("");
  for (auto it = j.begin(); it != j.end(); ++it) {
    if (it.key() == "op" || it.key() == "sketch") continue;
    if (it.key() == "items") {
      auto items = ItemStreamFromJson(it.value(), path + "/items");
      if (!items.ok()) return items.status();
      op.items = *items;
      continue;
    }
    op.args[it.key()] = it.value();
  }
  return op;
}

absl::StatusOr<std::vector<Op>> OpsFromJson(const nlohmann::json& j, const std::string& path) {
  if (!j.is_array()) return absl::InvalidArgumentError(absl::StrCat(path, ": expected an array of operations"));
  std::vector<Op> ops;
  for (size_t i = 0; i < j.size(); ++i) {
    auto op = OpFromJson(j[i], absl::StrCat(path, "/", i));
    if (!op.ok()) return op.status();
    ops.push_back(std::move(*op));
  }
  return ops;
}

// The members a case has of its own; any other is a kind of truth's entries.
const std::vector<std::string>& CaseMembers() {
  static const auto* members =
      new std::vector<std::string>{"id", "suite", "family", "ops", "inputs", "cross", "invariants"};
  return *members;
}

// `of` (what is judged) first, `series` (how the study pools it) last, the kind's own members by name
// between: the order a suite and a parser give alike.
nlohmann::ordered_json EntryInCaseOrder(const nlohmann::ordered_json& entry) {
  if (!entry.is_object()) return entry;
  std::vector<std::string> keys;
  for (auto it = entry.begin(); it != entry.end(); ++it)
    if (it.key() != "of" && it.key() != "series") keys.push_back(it.key());
  std::sort(keys.begin(), keys.end());
  if (entry.contains("of")) keys.insert(keys.begin(), "of");
  if (entry.contains("series")) keys.push_back("series");
  nlohmann::ordered_json out = nlohmann::ordered_json::object();
  for (const auto& k : keys) out[k] = entry.at(k);
  return out;
}

}  // namespace

bool IsJudgingMember(const std::string& member) {
  const auto& own = CaseMembers();
  return member == "invariants" || std::find(own.begin(), own.end(), member) == own.end();
}

nlohmann::ordered_json CaseToJson(const Case& c) {
  nlohmann::ordered_json j;
  j["id"] = c.id;
  j["suite"] = c.suite;
  j["family"] = c.family;
  j["ops"] = OpsToJson(c.ops);
  if (!c.inputs.empty()) {
    nlohmann::ordered_json in = nlohmann::ordered_json::object();
    for (const auto& [name, bytes] : c.inputs) in[name] = absl::BytesToHexString(bytes);
    j["inputs"] = in;
  }
  if (c.cross) {
    j["cross"]["images"] = c.cross->images;
    j["cross"]["ops"] = OpsToJson(c.cross->ops);
  }
  if (!c.invariants.empty()) {
    nlohmann::ordered_json inv = nlohmann::ordered_json::array();
    for (const auto& i : c.invariants) inv.push_back({{"check", i.check}, {"fields", i.fields}});
    j["invariants"] = inv;
  }
  for (const auto& [member, entries] : c.truth) {
    nlohmann::ordered_json out = nlohmann::ordered_json::array();
    for (const auto& e : entries) out.push_back(EntryInCaseOrder(e));
    j[member] = std::move(out);
  }
  return j;
}

absl::StatusOr<Case> CaseFromJson(const nlohmann::json& j, const std::string& path) {
  if (!j.is_object()) return absl::InvalidArgumentError(absl::StrCat(path, ": a case must be a JSON object"));
  for (auto it = j.begin(); it != j.end(); ++it) {
    const auto& own = CaseMembers();
    if (std::find(own.begin(), own.end(), it.key()) != own.end() || it->is_array()) continue;
    return absl::InvalidArgumentError(absl::StrCat(path, "/", it.key(), ": unknown field (allowed: ",
                                                   absl::StrJoin(own, ", "),
                                                   "; and, as arrays, the entries of the family's kinds of truth)"));
  }
  Case c;
  auto id = RequireString(j, "id", path);
  if (!id.ok()) return id.status();
  c.id = *id;
  auto fail = [&](const absl::Status& st) {
    return absl::Status(st.code(), absl::StrCat("case ", c.id, ": ", st.message()));
  };
  auto suite = OptionalString(j, "suite", path);
  if (!suite.ok()) return fail(suite.status());
  c.suite = suite->value_or("");
  auto family = RequireString(j, "family", path);
  if (!family.ok()) return fail(family.status());
  c.family = *family;
  auto ops_it = j.find("ops");
  if (ops_it == j.end()) return fail(absl::InvalidArgumentError(path + "/ops: missing"));
  auto ops = OpsFromJson(*ops_it, path + "/ops");
  if (!ops.ok()) return fail(ops.status());
  c.ops = std::move(*ops);
  if (auto in = j.find("inputs"); in != j.end()) {
    if (!in->is_object()) return fail(absl::InvalidArgumentError(path + "/inputs: expected an object of name: hex"));
    for (auto it = in->begin(); it != in->end(); ++it) {
      const std::string ipath = path + "/inputs/" + it.key();
      if (!it->is_string()) return fail(absl::InvalidArgumentError(ipath + ": expected a hex string"));
      const std::string hex = it->get<std::string>();
      if (hex.size() % 2 != 0 || hex.find_first_not_of("0123456789abcdefABCDEF") != std::string::npos)
        return fail(absl::InvalidArgumentError(ipath + ": not an even number of hex digits"));
      c.inputs[it.key()] = absl::HexStringToBytes(hex);
    }
  }
  if (auto cross = j.find("cross"); cross != j.end()) {
    const std::string cpath = path + "/cross";
    if (!cross->is_object()) return fail(absl::InvalidArgumentError(cpath + ": expected an object"));
    if (auto st = RejectUnknownKeys(*cross, {"images", "ops"}, cpath); !st.ok()) return fail(st);
    CrossStage stage;
    auto images = OptionalStringList(*cross, "images", cpath);
    if (!images.ok()) return fail(images.status());
    stage.images = *images;
    auto cops = OpsFromJson(cross->value("ops", nlohmann::json::array()), cpath + "/ops");
    if (!cops.ok()) return fail(cops.status());
    stage.ops = std::move(*cops);
    c.cross = std::move(stage);
  }
  if (auto inv = j.find("invariants"); inv != j.end()) {
    if (!inv->is_array()) return fail(absl::InvalidArgumentError(path + "/invariants: expected an array"));
    for (size_t i = 0; i < inv->size(); ++i) {
      const std::string ipath = absl::StrCat(path, "/invariants/", i);
      const auto& e = (*inv)[i];
      if (!e.is_object()) return fail(absl::InvalidArgumentError(ipath + ": expected an object"));
      if (auto st = RejectUnknownKeys(e, {"check", "fields"}, ipath); !st.ok()) return fail(st);
      Invariant x;
      auto check = RequireString(e, "check", ipath);
      if (!check.ok()) return fail(check.status());
      x.check = *check;
      auto fields = OptionalStringList(e, "fields", ipath);
      if (!fields.ok()) return fail(fields.status());
      x.fields = *fields;
      c.invariants.push_back(std::move(x));
    }
  }
  for (auto it = j.begin(); it != j.end(); ++it) {
    const auto& own = CaseMembers();
    if (std::find(own.begin(), own.end(), it.key()) == own.end()) c.truth[it.key()] = it.value();
  }
  return c;
}

}  // namespace dsconform
