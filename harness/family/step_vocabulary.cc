#include "harness/family/step_vocabulary.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <set>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/match.h"
#include "harness/case/json_access.h"

namespace dsconform {
namespace {

// The interval a decimal member accepts, as validation reads it: a bound not
// given is open ("(-inf, 1]", "[0, inf)").
std::string DecimalRange(const MemberSpec& m) {
  const std::string from = m.above ? absl::StrCat("(", *m.above) : m.min ? absl::StrCat("[", *m.min) : "(-inf";
  return absl::StrCat(from, ", ", m.max ? absl::StrCat(*m.max, "]") : "inf)");
}

absl::Status Bad(const std::string& where, const std::string& what) {
  return absl::InvalidArgumentError(absl::StrCat(where, ": ", what));
}

// json_access messages start with the (here empty) JSON path's "/".
absl::Status WithoutPath(const absl::Status& st) {
  if (st.ok()) return st;
  const std::string m(st.message());
  return absl::InvalidArgumentError(!m.empty() && m[0] == '/' ? m.substr(1) : m);
}

std::vector<std::string> Strings(const nlohmann::ordered_json& j, const std::string& where, absl::Status* st) {
  std::vector<std::string> out;
  if (j.is_null()) return out;
  if (!j.is_array()) {
    *st = Bad(where, "expected an array of strings");
    return out;
  }
  for (const auto& s : j) {
    if (!s.is_string()) {
      *st = Bad(where, "expected an array of strings");
      return out;
    }
    out.push_back(s.get<std::string>());
  }
  return out;
}

std::string Text(const nlohmann::ordered_json& obj, const char* key) {
  auto it = obj.find(key);
  return it != obj.end() && it->is_string() ? it->get<std::string>() : "";
}

// A decimal written as text ("0.5"): case arguments hold no floating point.
bool ParseDecimal(const std::string& s, double* out) {
  char* end = nullptr;
  *out = std::strtod(s.c_str(), &end);
  return !s.empty() && *end == '\0';
}

const std::set<std::string> kMemberTypes = {"int",   "decimal", "bool",    "enum",         "name",
                                            "slot",  "image",   "queries", "decimal_list", "string_list"};

absl::StatusOr<MemberSpec> ParseMember(const std::string& name, const nlohmann::ordered_json& j,
                                       const std::string& where) {
  if (!j.is_object()) return Bad(where, "expected an object");
  if (auto st = WithoutPath(RejectUnknownKeys(
          j, {"type", "optional", "min", "max", "above", "values", "of", "requires", "doc"}, ""));
      !st.ok())
    return Bad(where, std::string(st.message()));
  MemberSpec m;
  m.name = name;
  m.type = Text(j, "type");
  if (!kMemberTypes.count(m.type))
    return Bad(where + "/type", absl::StrCat("'", m.type, "' is not one of ", absl::StrJoin(kMemberTypes, ", ")));
  m.optional = j.value("optional", false);
  if (j.contains("min")) m.min = j["min"].get<int64_t>();
  if (j.contains("max")) m.max = j["max"].get<int64_t>();
  if (j.contains("above")) m.above = j["above"].get<double>();
  if (j.contains("values")) {
    if (!j["values"].is_array() || j["values"].empty()) return Bad(where + "/values", "expected a non-empty array");
    for (const auto& v : j["values"]) m.values.push_back(nlohmann::json(v));
  }
  if (m.type == "enum" && m.values.empty()) return Bad(where, "an enum needs its values");
  absl::Status st;
  m.of = Strings(j.value("of", nlohmann::ordered_json()), where + "/of", &st);
  if (!st.ok()) return st;
  if (m.type == "slot" && m.of.empty()) return Bad(where, "a slot member needs the kinds it accepts (of)");
  m.requires_member = Text(j, "requires");
  m.doc = Text(j, "doc");
  return m;
}

// Whether args[key] is an array with a string in it (Op::StrList would not be empty), read in place.
bool HasStringIn(const nlohmann::ordered_json& args, const std::string& key) {
  auto it = args.find(key);
  return it != args.end() && it->is_array() &&
         std::any_of(it->begin(), it->end(), [](const nlohmann::ordered_json& e) { return e.is_string(); });
}

absl::Status CheckMember(const MemberSpec& m, const Op& op, const std::map<std::string, std::string>& slot_kinds,
                         const std::function<bool(const std::string&, const std::vector<std::string>&)>& fits,
                         const std::function<std::string(const std::string&)>& kind_name) {
  const char* key = m.name.c_str();
  if (!op.args.contains(m.name)) {
    if (m.optional) return absl::OkStatus();
    return Bad(m.name, "missing");
  }
  const auto& v = op.args.at(m.name);
  if (!m.requires_member.empty() && !op.args.contains(m.requires_member))
    return Bad(m.name, "only with a " + m.requires_member);
  if (m.type == "int") {
    auto i = RequireInt(op.args, key, "");
    if (!i.ok()) return WithoutPath(i.status());
    if (!m.values.empty()) {
      for (const auto& allowed : m.values)
        if (allowed.is_number_integer() && allowed.get<int64_t>() == *i) return absl::OkStatus();
      std::vector<std::string> texts;
      for (const auto& allowed : m.values) texts.push_back(allowed.dump());
      return Bad(m.name, absl::StrCat("must be one of ", absl::StrJoin(texts, ", "), ", got ", *i));
    }
    if ((m.min && *i < *m.min) || (m.max && *i > *m.max)) {
      if (m.min && m.max) return Bad(m.name, absl::StrCat("must be in ", *m.min, "..", *m.max, ", got ", *i));
      return Bad(m.name, absl::StrCat("must be ", m.min ? absl::StrCat("at least ", *m.min)
                                                        : absl::StrCat("at most ", *m.max), ", got ", *i));
    }
    return absl::OkStatus();
  }
  if (m.type == "bool") return v.is_boolean() ? absl::OkStatus() : Bad(m.name, "must be true or false");
  if (m.type == "decimal" || m.type == "enum" || m.type == "name" || m.type == "slot" || m.type == "image") {
    auto s = RequireString(op.args, key, "");
    if (!s.ok()) return WithoutPath(s.status());
    if (m.type == "decimal") {
      double d = 0;
      const bool parsed = ParseDecimal(*s, &d);
      const bool low = m.above ? d > *m.above : (!m.min || d >= *m.min);
      if (!parsed || !low || (m.max && d > *m.max)) {
        return Bad(m.name, absl::StrCat("must be a decimal in ", DecimalRange(m), ", got '", *s, "'"));
      }
    }
    if (m.type == "enum") {
      std::vector<std::string> allowed;
      for (const auto& a : m.values) allowed.push_back(a.get<std::string>());
      if (std::find(allowed.begin(), allowed.end(), *s) == allowed.end())
        return Bad(m.name, absl::StrCat("must be one of ", absl::StrJoin(allowed, ", "), ", got '", *s, "'"));
    }
    if (m.type == "name" && s->empty()) return Bad(m.name, "missing");
    if (m.type == "slot") {
      auto it = slot_kinds.find(*s);
      if (it != slot_kinds.end() && !fits(it->second, m.of))
        return Bad(m.name, absl::StrCat("'", *s, "' is ", kind_name(it->second), ", this step needs ",
                                        absl::StrJoin(m.of, " or ", [&](std::string* out, const std::string& k) {
                                          out->append(kind_name(k));
                                        })));
    }
    return absl::OkStatus();
  }
  if (m.type == "decimal_list" || m.type == "string_list" || m.type == "queries") {
    auto list = OptionalStringList(op.args, key, "");
    if (!list.ok()) return WithoutPath(list.status());
    if (m.type == "queries" && list->empty()) return Bad(m.name, "missing or empty");
    if (m.type == "decimal_list")
      for (const auto& r : *list) {
        double d = 0;
        if (!ParseDecimal(r, &d) || (m.min && d < *m.min) || (m.max && d > *m.max))
          return Bad(m.name, absl::StrCat("'", r, "' is not a decimal in ", m.min.value_or(0), "..", m.max.value_or(1)));
      }
    return absl::OkStatus();
  }
  return Bad(m.name, "has an unknown type " + m.type);
}

std::string MemberText(const MemberSpec& m) {
  std::string text = absl::StrCat("`", m.name, "`");
  if (m.type == "int" && !m.values.empty()) {
    std::vector<std::string> v;
    for (const auto& x : m.values) v.push_back(x.dump());
    absl::StrAppend(&text, " ", absl::StrJoin(v, "/"));
  } else if (m.type == "int" && m.min && m.max) {
    absl::StrAppend(&text, " ", *m.min, "..", *m.max);
  } else if (m.type == "enum") {
    std::vector<std::string> v;
    for (const auto& x : m.values) v.push_back(x.get<std::string>());
    absl::StrAppend(&text, " ", absl::StrJoin(v, "/"));
  } else if (m.type == "decimal") {
    absl::StrAppend(&text, " (decimal text in ", DecimalRange(m), ")");
  } else if (m.type == "slot") {
    absl::StrAppend(&text, " (", absl::StrJoin(m.of, " or "), ")");
  } else if (m.type == "bool") {
    absl::StrAppend(&text, " true/false");
  } else if (m.type == "decimal_list") {
    absl::StrAppend(&text, " (decimals in ", m.min.value_or(0), "..", m.max.value_or(1), ")");
  }
  if (!m.doc.empty()) absl::StrAppend(&text, " (", m.doc, ")");
  if (!m.requires_member.empty()) absl::StrAppend(&text, " (with `", m.requires_member, "`)");
  if (m.optional) absl::StrAppend(&text, " (optional)");
  return text;
}

// "holds": one alternative or a list of them, each {"per": N, "of": [members], "allocated": bool,
// "room": bool, "refused_from": N, "carries": member}.
absl::StatusOr<std::vector<HoldsSpec>> ParseHolds(const nlohmann::ordered_json& j, const StepSpec& step,
                                                  const std::string& at) {
  if (step.makes.empty()) return Bad(at, "only a step that makes a slot holds items");
  const nlohmann::ordered_json list = j.is_array() ? j : nlohmann::ordered_json::array({j});
  std::vector<HoldsSpec> out;
  for (size_t i = 0; i < list.size(); ++i) {
    const auto& h = list[i];
    const std::string where = j.is_array() ? absl::StrCat(at, "/", i) : at;
    if (!h.is_object())
      return Bad(where, "expected {\"per\": N, \"of\": [members], \"allocated\": bool, \"room\": bool, \"refused_from\": N, \"carries\": member}");
    if (auto st = WithoutPath(RejectUnknownKeys(h, {"per", "of", "allocated", "room", "refused_from", "carries"}, ""));
        !st.ok())
      return Bad(where, std::string(st.message()));
    HoldsSpec spec;
    if (h.contains("per")) {
      if (!h["per"].is_number() || h["per"].get<double>() <= 0) return Bad(where + "/per", "expected a number above 0");
      spec.per = h["per"].get<double>();
    }
    absl::Status st;
    spec.of = Strings(h.value("of", nlohmann::ordered_json()), where + "/of", &st);
    if (!st.ok()) return st;
    if (spec.of.empty()) return Bad(where + "/of", "expected the members that size the slot");
    auto int_member = [&](const std::string& member) {
      return std::any_of(step.members.begin(), step.members.end(),
                         [&](const MemberSpec& m) { return m.name == member && m.type == "int"; });
    };
    for (const auto& member : spec.of)
      if (!int_member(member)) return Bad(where + "/of", "'" + member + "' is not an int member of the step");
    if (h.contains("carries")) {
      if (!h["carries"].is_string() || !int_member(h["carries"].get<std::string>()))
        return Bad(where + "/carries", "expected an int member of the step");
      spec.carries = h["carries"].get<std::string>();
    }
    if (h.contains("allocated")) {
      if (!h["allocated"].is_boolean()) return Bad(where + "/allocated", "expected true or false");
      spec.allocated = h["allocated"].get<bool>();
    }
    if (h.contains("room")) {
      if (!h["room"].is_boolean()) return Bad(where + "/room", "expected true or false");
      spec.room = h["room"].get<bool>();
      if (spec.room && spec.allocated) return Bad(where + "/room", "a slot allocated whole has no room beside its items");
    }
    if (h.contains("refused_from")) {
      if (!h["refused_from"].is_number() || h["refused_from"].get<double>() <= 0)
        return Bad(where + "/refused_from", "expected a number of items above 0");
      spec.refused_from = h["refused_from"].get<double>();
    }
    out.push_back(std::move(spec));
  }
  return out;
}

}  // namespace

absl::StatusOr<StepVocabulary> StepVocabulary::FromJsonText(const char* text) {
  // Ordered: steps, members and queries keep the order the file gives them.
  const auto j = nlohmann::ordered_json::parse(text, nullptr, false);
  if (j.is_discarded()) return absl::InvalidArgumentError("step vocabulary: not JSON");
  return FromJson(j);
}

absl::StatusOr<StepVocabulary> StepVocabulary::FromJson(const nlohmann::ordered_json& j) {
  if (!j.is_object()) return absl::InvalidArgumentError("step vocabulary: expected an object");
  if (auto st = WithoutPath(
          RejectUnknownKeys(j, {"family", "title", "slot_kinds", "steps", "queries", "notes"}, ""));
      !st.ok())
    return st;
  StepVocabulary v;
  v.family_ = Text(j, "family");
  v.title_ = Text(j, "title");
  v.notes_ = Text(j, "notes");
  if (v.family_.empty()) return Bad("family", "missing");
  const std::string where = "vocabulary of " + v.family_;
  if (!j.contains("slot_kinds") || !j["slot_kinds"].is_object() || j["slot_kinds"].empty())
    return Bad(where + "/slot_kinds", "expected an object of kind -> the kind it is one of (or null)");
  for (const auto& [kind, parent] : j["slot_kinds"].items())
    v.parent_kind_[kind] = parent.is_string() ? parent.get<std::string>() : "";
  for (const auto& [kind, parent] : v.parent_kind_)
    if (!parent.empty() && !v.parent_kind_.count(parent)) return Bad(where + "/slot_kinds/" + kind, "unknown kind " + parent);
  auto known_kinds = [&](const std::vector<std::string>& kinds, const std::string& at) -> absl::Status {
    for (const auto& k : kinds)
      if (!v.parent_kind_.count(k)) return Bad(at, "unknown slot kind '" + k + "'");
    return absl::OkStatus();
  };
  if (!j.contains("steps") || !j["steps"].is_array()) return Bad(where + "/steps", "expected an array");
  for (size_t i = 0; i < j["steps"].size(); ++i) {
    const auto& s = j["steps"][i];
    const std::string at = absl::StrCat(where, "/steps/", i);
    if (auto st = WithoutPath(RejectUnknownKeys(
            s, {"step", "makes", "on", "slotless", "items", "members", "observes", "holds", "java", "cpp", "example"},
            ""));
        !st.ok())
      return Bad(at, std::string(st.message()));
    StepSpec step;
    step.name = Text(s, "step");
    if (step.name.empty()) return Bad(at + "/step", "missing");
    step.makes = Text(s, "makes");
    absl::Status st;
    step.on = Strings(s.value("on", nlohmann::ordered_json()), at + "/on", &st);
    if (!st.ok()) return st;
    step.slotless = s.value("slotless", false);
    step.items = s.value("items", false);
    if (!step.makes.empty() && (!step.on.empty() || step.slotless)) return Bad(at, "a step either makes a slot or acts on one");
    if (step.makes.empty() && step.on.empty() && !step.slotless) return Bad(at, "needs makes, on or slotless");
    if (!step.makes.empty())
      if (auto k = known_kinds({step.makes}, at + "/makes"); !k.ok()) return k;
    if (auto k = known_kinds(step.on, at + "/on"); !k.ok()) return k;
    if (s.contains("members")) {
      if (!s["members"].is_object()) return Bad(at + "/members", "expected an object");
      for (const auto& [name, spec] : s["members"].items()) {
        auto m = ParseMember(name, spec, at + "/members/" + name);
        if (!m.ok()) return m.status();
        if (auto k = known_kinds(m->of, at + "/members/" + name + "/of"); !k.ok()) return k;
        step.members.push_back(std::move(*m));
      }
    }
    for (const auto& o : s.value("observes", nlohmann::ordered_json::array()))
      step.observes.push_back({Text(o, "field"), Text(o, "kind")});
    if (s.contains("holds")) {
      auto holds = ParseHolds(s["holds"], step, at + "/holds");
      if (!holds.ok()) return holds.status();
      step.holds = std::move(*holds);
    }
    step.java = Text(s, "java");
    step.cpp = Text(s, "cpp");
    if (s.contains("example")) {
      if (!s["example"].is_array() || s["example"].empty()) return Bad(at + "/example", "expected an array of steps");
      step.example = s["example"];
    }
    if (v.FindStep(step.name) != nullptr) return Bad(at, "step '" + step.name + "' appears twice");
    v.steps_.push_back(std::move(step));
  }
  if (j.contains("queries")) {
    if (!j["queries"].is_object()) return Bad(where + "/queries", "expected an object");
    for (const auto& [name, q] : j["queries"].items()) {
      const std::string at = where + "/queries/" + name;
      if (auto st = WithoutPath(RejectUnknownKeys(q, {"kind", "on", "grid", "native_only", "doc"}, "")); !st.ok())
        return Bad(at, std::string(st.message()));
      QuerySpec spec;
      spec.name = name;
      spec.kind = Text(q, "kind");
      absl::Status st;
      spec.on = Strings(q.value("on", nlohmann::ordered_json()), at + "/on", &st);
      if (!st.ok()) return st;
      if (auto k = known_kinds(spec.on, at + "/on"); !k.ok()) return k;
      spec.grid = Text(q, "grid");
      spec.native_only = q.value("native_only", false);
      spec.doc = Text(q, "doc");
      v.queries_.push_back(std::move(spec));
    }
  }
  return v;
}

std::optional<StepVocabulary::Capacity> StepVocabulary::CapacityOf(const Op& op) const {
  const StepSpec* step = FindStep(op.op);
  if (step == nullptr) return std::nullopt;
  for (const HoldsSpec& h : step->holds) {
    double items = h.per;
    bool complete = true;
    auto value_of = [&](const std::string& member) -> std::optional<int64_t> {
      auto it = op.args.find(member);
      if (it == op.args.end() || !it->is_number_integer()) return std::nullopt;
      return it->get<int64_t>();
    };
    for (const auto& member : h.of) {
      const auto value = value_of(member);
      if (!value) {
        complete = false;
        break;
      }
      items *= absl::StartsWith(member, "lg_") ? std::ldexp(1.0, static_cast<int>(std::min<int64_t>(*value, 62)))
                                               : static_cast<double>(*value);
    }
    double weight = 1;
    if (!h.carries.empty()) {
      const auto carried = value_of(h.carries);
      if (!carried) complete = false;
      weight += static_cast<double>(carried.value_or(0));
    }
    if (complete)
      return Capacity{h.refused_from > 0 && items >= h.refused_from ? 0 : items, weight, h.allocated, h.room};
  }
  return std::nullopt;
}

const StepVocabulary& StepVocabulary::Compiled(const char* text) {
  auto v = FromJsonText(text);
  if (!v.ok()) {
    std::fprintf(stderr, "dsconform: a compiled-in step vocabulary does not read: %s\n",
                 std::string(v.status().message()).c_str());
    std::abort();
  }
  return *new StepVocabulary(std::move(*v));
}

const StepSpec* StepVocabulary::FindStep(const std::string& step) const {
  for (const auto& s : steps_)
    if (s.name == step) return &s;
  return nullptr;
}

const QuerySpec* StepVocabulary::FindQuery(const std::string& query) const {
  for (const auto& q : queries_)
    if (q.name == query) return &q;
  return nullptr;
}

std::vector<std::string> StepVocabulary::StepNames() const {
  std::vector<std::string> names;
  for (const auto& s : steps_) names.push_back(s.name);
  return names;
}

bool StepVocabulary::KindFits(const std::string& have, const std::string& want) const {
  auto descends = [&](std::string k, const std::string& from) {
    while (!k.empty()) {
      if (k == from) return true;
      auto it = parent_kind_.find(k);
      k = it == parent_kind_.end() ? "" : it->second;
    }
    return false;
  };
  return descends(have, want) || descends(want, have);
}

std::string StepVocabulary::KindMadeBy(const Op& op) const {
  const StepSpec* s = FindStep(op.op);
  return s == nullptr ? "" : s->makes;
}

absl::Status StepVocabulary::ValidateStep(const Op& op, const std::map<std::string, std::string>& slot_kinds) const {
  const StepSpec* step = FindStep(op.op);
  if (step == nullptr)
    return Bad("op", absl::StrCat("'", op.op, "' is not a ", title_, " step (", absl::StrJoin(StepNames(), ", "), ")"));
  std::vector<std::string> allowed;
  for (const auto& m : step->members) allowed.push_back(m.name);
  if (auto st = WithoutPath(RejectUnknownKeys(op.args, allowed, "")); !st.ok()) return st;
  auto fits = [this](const std::string& have, const std::vector<std::string>& wants) {
    for (const auto& w : wants)
      if (KindFits(have, w)) return true;
    return false;
  };
  auto kind_name = [](const std::string& k) {
    // "an update", "an intersection", but "a union".
    const bool vowel_sound = !k.empty() && std::string("aeiou").find(k[0]) != std::string::npos && k.rfind("uni", 0) != 0;
    return absl::StrCat(vowel_sound ? "an " : "a ", k);
  };
  if (!step->on.empty()) {
    auto it = slot_kinds.find(op.sketch);
    if (it != slot_kinds.end() && !fits(it->second, step->on))
      return Bad("sketch", absl::StrCat("'", op.sketch, "' is ", kind_name(it->second), ", this step needs ",
                                        absl::StrJoin(step->on, " or ", [&](std::string* out, const std::string& k) {
                                          out->append(kind_name(k));
                                        })));
  }
  for (const auto& m : step->members)
    if (auto st = CheckMember(m, op, slot_kinds, fits, kind_name); !st.ok()) return st;
  // Queries: known, defined on this slot's kind, with the grid they are answered on.
  for (const auto& m : step->members) {
    if (m.type != "queries" || !op.args.contains(m.name)) continue;
    auto it = slot_kinds.find(op.sketch);
    for (const auto& q : op.StrList(m.name.c_str())) {
      const QuerySpec* spec = FindQuery(q);
      if (spec == nullptr) return Bad(m.name, absl::StrCat("unknown query '", q, "'"));
      if (!spec->on.empty() && it != slot_kinds.end() && !fits(it->second, spec->on))
        return Bad(m.name, absl::StrCat("'", q, "' is not defined on ", kind_name(it->second)));
      if (!spec->grid.empty() && !HasStringIn(op.args, spec->grid))
        return Bad(spec->grid, absl::StrCat("the query '", q, "' needs ", spec->grid));
    }
  }
  return absl::OkStatus();
}

std::vector<std::string> StepVocabulary::ProducedFields(const Op& op) const {
  std::vector<std::string> out;
  const StepSpec* step = FindStep(op.op);
  if (step == nullptr) return out;
  for (const auto& o : step->observes) {
    std::vector<std::string> fields = {""};
    std::string rest = o.field;
    while (!rest.empty()) {
      const size_t open = rest.find('{');
      const size_t close = open == std::string::npos ? std::string::npos : rest.find('}', open);
      const std::string literal = rest.substr(0, open);
      for (auto& f : fields) f += literal;
      if (close == std::string::npos) break;
      const std::string key = rest.substr(open + 1, close - open - 1);
      rest = rest.substr(close + 1);
      std::vector<std::string> values;
      if (key == "as") values = {op.Str("as", op.sketch)};
      else if (op.args.contains(key) && op.args.at(key).is_array()) values = op.StrList(key.c_str());
      else values = {op.Str(key.c_str())};
      std::vector<std::string> next;
      for (const auto& f : fields)
        for (const auto& v : values) next.push_back(f + v);
      fields = std::move(next);
    }
    for (auto& f : fields) out.push_back(std::move(f));
  }
  return out;
}

std::string StepVocabulary::MarkdownSection() const {
  std::string md = absl::StrCat("## ", title_, " steps\n\n| step | members | datasketches-java | datasketches-cpp |\n",
                                "| --- | --- | --- | --- |\n");
  for (const auto& s : steps_) {
    std::vector<std::string> members;
    if (s.items) members.push_back("`items`");
    for (const auto& m : s.members) members.push_back(MemberText(m));
    std::string acts = s.makes.empty() ? (s.slotless ? "" : absl::StrCat(" on ", absl::StrJoin(s.on, "/")))
                                       : absl::StrCat(" makes ", s.makes);
    absl::StrAppend(&md, "| `", s.name, "`", acts, " | ", absl::StrJoin(members, ", "), " | ", s.java, " | ", s.cpp,
                    " |\n");
  }
  if (!queries_.empty()) {
    absl::StrAppend(&md, "\n| query | value | on | |\n| --- | --- | --- | --- |\n");
    for (const auto& q : queries_) {
      std::string note = q.doc;
      if (!q.grid.empty()) note = absl::StrCat("one field `<as>.", q.name, "[i]` per element of `", q.grid, "`",
                                               note.empty() ? "" : "; ", note);
      if (q.native_only) note = absl::StrCat("native engines only", note.empty() ? "" : "; ", note);
      absl::StrAppend(&md, "| `", q.name, "` | ", q.kind, " | ", q.on.empty() ? "any" : absl::StrJoin(q.on, "/"), " | ",
                      note, " |\n");
    }
  }
  if (!notes_.empty()) absl::StrAppend(&md, "\n", notes_, "\n");
  return md;
}

}  // namespace dsconform
