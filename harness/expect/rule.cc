#include "harness/expect/rule.h"

#include "absl/strings/str_cat.h"
#include "harness/case/json_access.h"

namespace dsconform {
namespace {

const std::vector<std::string> kPartKeys = {"suite",  "cases",    "where",        "stage",   "engines",
                                            "writer", "fields",   "decoded",      "max_ulps", "max_relative",
                                            "negated", "at_least", "value",   "message"};

// Member errors read "/key: ..." (as the JSON accessors name them); a rule's message names the
// member from the rule down: "engines: ...", "parts/1/engines: ...".
absl::Status At(const std::string& path, const absl::Status& st) {
  const std::string m(st.message());
  if (!m.empty() && m[0] == '/') return absl::InvalidArgumentError(path.empty() ? m.substr(1) : path + m);
  return absl::InvalidArgumentError(path.empty() ? m : absl::StrCat(path, ": ", m));
}

// A member that may be one string or a list of them.
absl::StatusOr<std::vector<std::string>> Strings(const nlohmann::json& j, const std::string& key) {
  auto it = j.find(key);
  if (it == j.end()) return std::vector<std::string>();
  if (it->is_string()) return std::vector<std::string>{it->get<std::string>()};
  auto list = OptionalStringList(j, key, "");
  if (!list.ok()) return absl::InvalidArgumentError(absl::StrCat("/", key, ": expected a string or a list of strings"));
  if (list->empty()) return absl::InvalidArgumentError(absl::StrCat("/", key, ": an empty list matches nothing"));
  return list;
}

absl::Status ParsePart(const nlohmann::json& j, RulePart* part) {
  auto fail = [](const std::string& key, const absl::Status& st) {
    const std::string m(st.message());
    return absl::InvalidArgumentError(absl::StrCat("/", key, ": ", m));
  };
  auto suites = Strings(j, "suite");
  if (!suites.ok()) return suites.status();
  part->scope.suites = *suites;
  auto cases = Strings(j, "cases");
  if (!cases.ok()) return cases.status();
  part->scope.cases = *cases;
  auto where = Strings(j, "where");
  if (!where.ok()) return where.status();
  for (const auto& w : *where) {
    auto p = CasePredicate::Parse(w);
    if (!p.ok()) return fail("where", p.status());
    part->scope.where.push_back(std::move(*p));
  }
  auto stages = Strings(j, "stage");
  if (!stages.ok()) return stages.status();
  for (const auto& s : *stages) {
    Stage stage;
    if (!StageFromName(s, &stage))
      return absl::InvalidArgumentError(absl::StrCat("/stage: \"", s, "\" is none of first, cross, self"));
    part->scope.stages.push_back(stage);
  }
  auto engines = Strings(j, "engines");
  if (!engines.ok()) return engines.status();
  if (engines->size() > 2)
    return absl::InvalidArgumentError("/engines: one selector (both engines) or two (one each, either order)");
  for (const auto& e : *engines) {
    auto s = EngineSelector::Parse(e);
    if (!s.ok()) return fail("engines", s.status());
    part->scope.engines.push_back(std::move(*s));
  }
  auto writer = OptionalString(j, "writer", "");
  if (!writer.ok()) return writer.status();
  if (writer->has_value()) {
    auto s = EngineSelector::Parse(**writer);
    if (!s.ok()) return fail("writer", s.status());
    part->scope.writer = std::move(*s);
  }
  auto fields = Strings(j, "fields");
  if (!fields.ok()) return fields.status();
  part->shape.fields = *fields;
  auto decoded = Strings(j, "decoded");
  if (!decoded.ok()) return decoded.status();
  part->shape.decoded = *decoded;
  auto ulps = OptionalInt(j, "max_ulps", "");
  if (!ulps.ok()) return ulps.status();
  if (ulps->has_value()) {
    if (**ulps < 0) return absl::InvalidArgumentError("/max_ulps: must be 0 or more");
    part->shape.max_ulps = static_cast<uint64_t>(**ulps);
  }
  if (auto it = j.find("max_relative"); it != j.end()) {
    if (!it->is_number() || it->get<double>() < 0)
      return absl::InvalidArgumentError("/max_relative: expected a number, 0 or more");
    part->shape.max_relative = it->get<double>();
  }
  if (auto it = j.find("at_least"); it != j.end()) {
    if (!it->is_number()) return absl::InvalidArgumentError("/at_least: expected a number");
    part->shape.at_least = it->get<double>();
  }
  if (auto it = j.find("negated"); it != j.end()) {
    if (!it->is_boolean()) return absl::InvalidArgumentError("/negated: expected true or false");
    part->shape.negated = it->get<bool>();
  }
  auto value = OptionalString(j, "value", "");
  if (!value.ok()) return value.status();
  if (value->has_value() && !ValueKindFromName(**value, &part->shape.value))
    return absl::InvalidArgumentError(absl::StrCat("/value: \"", **value, "\" is none of nonfinite, nan, missing, error"));
  auto messages = Strings(j, "message");
  if (!messages.ok()) return messages.status();
  part->shape.messages = *messages;
  return absl::OkStatus();
}

}  // namespace

std::string Rule::Where() const { return absl::StrCat(finding, " (", file, ":", line, ")"); }

std::string Rule::Explanation() const { return absl::StrCat(finding, ": ", reason, " (", doc, ")"); }

absl::StatusOr<Rule> ParseRule(const nlohmann::json& j) {
  if (!j.is_object()) return absl::InvalidArgumentError("expected one JSON object per line");
  std::vector<std::string> allowed = {"finding", "doc", "reason", "link", "family", "every_record", "parts"};
  allowed.insert(allowed.end(), kPartKeys.begin(), kPartKeys.end());
  if (auto st = RejectUnknownKeys(j, allowed, ""); !st.ok()) return At("", st);
  Rule r;
  for (auto [key, out] : {std::pair<const char*, std::string*>{"finding", &r.finding}, {"doc", &r.doc},
                          {"reason", &r.reason}, {"family", &r.family}}) {
    auto v = RequireString(j, key, "");
    if (!v.ok()) return At("", v.status());
    if (v->empty()) return absl::InvalidArgumentError(absl::StrCat(key, ": must not be empty"));
    *out = *v;
  }
  auto link = OptionalString(j, "link", "");
  if (!link.ok()) return At("", link.status());
  r.link = link->value_or("");
  if (auto it = j.find("every_record"); it != j.end()) {
    if (!it->is_boolean())
      return absl::InvalidArgumentError(absl::StrCat("every_record: expected true or false, got ", JsonTypeName(*it)));
    r.every_record = it->get<bool>();
  }
  // The rule's own part members are the defaults of its parts.
  nlohmann::json defaults = nlohmann::json::object();
  for (const auto& key : kPartKeys)
    if (j.contains(key)) defaults[key] = j[key];
  auto parts = j.find("parts");
  if (parts == j.end()) {
    RulePart part;
    if (auto st = ParsePart(defaults, &part); !st.ok()) return At("", st);
    r.parts.push_back(std::move(part));
    return r;
  }
  if (!parts->is_array() || parts->empty())
    return absl::InvalidArgumentError("parts: expected a list of one or more objects");
  for (size_t i = 0; i < parts->size(); ++i) {
    const nlohmann::json& p = (*parts)[i];
    const std::string path = absl::StrCat("parts/", i);
    if (!p.is_object()) return absl::InvalidArgumentError(absl::StrCat(path, ": expected an object"));
    std::vector<std::string> part_keys = kPartKeys;
    part_keys.push_back("part");
    if (auto st = RejectUnknownKeys(p, part_keys, ""); !st.ok()) return At(path, st);
    nlohmann::json merged = defaults;
    for (auto it = p.begin(); it != p.end(); ++it) merged[it.key()] = it.value();
    RulePart part;
    auto name = RequireString(p, "part", "");
    if (!name.ok()) return At(path, absl::InvalidArgumentError("/part: missing: name the part (what it covers)"));
    part.name = *name;
    merged.erase("part");
    if (auto st = ParsePart(merged, &part); !st.ok()) return At(path, st);
    r.parts.push_back(std::move(part));
  }
  return r;
}

nlohmann::ordered_json RuleToJson(const Rule& r) {
  nlohmann::ordered_json j;
  j["finding"] = r.finding;
  j["doc"] = r.doc;
  j["family"] = r.family;
  auto part_json = [](const RulePart& p, nlohmann::ordered_json& o) {
    auto list = [&](const char* key, const std::vector<std::string>& v) {
      if (v.size() == 1) o[key] = v[0];
      else if (!v.empty()) o[key] = v;
    };
    list("suite", p.scope.suites);
    list("cases", p.scope.cases);
    std::vector<std::string> where, stages, engines, value;
    for (const auto& w : p.scope.where) where.push_back(w.text());
    for (Stage s : p.scope.stages) stages.push_back(StageName(s));
    list("where", where);
    list("stage", stages);
    for (const auto& e : p.scope.engines) engines.push_back(e.text());
    if (!engines.empty()) o["engines"] = engines;
    if (p.scope.writer) o["writer"] = p.scope.writer->text();
    list("fields", p.shape.fields);
    list("decoded", p.shape.decoded);
    if (p.shape.max_ulps) o["max_ulps"] = *p.shape.max_ulps;
    if (p.shape.max_relative) o["max_relative"] = *p.shape.max_relative;
    if (p.shape.negated) o["negated"] = true;
    if (p.shape.at_least) o["at_least"] = *p.shape.at_least;
    if (p.shape.value != DifferenceShape::ValueKind::kAny) o["value"] = ValueKindName(p.shape.value);
    list("message", p.shape.messages);
  };
  if (r.parts.size() == 1) {
    part_json(r.parts[0], j);
  } else {
    nlohmann::ordered_json parts = nlohmann::ordered_json::array();
    for (const RulePart& p : r.parts) {
      nlohmann::ordered_json o;
      o["part"] = p.name;
      part_json(p, o);
      parts.push_back(std::move(o));
    }
    j["parts"] = std::move(parts);
  }
  if (r.every_record) j["every_record"] = true;
  j["reason"] = r.reason;
  if (!r.link.empty()) j["link"] = r.link;
  return j;
}

}  // namespace dsconform
