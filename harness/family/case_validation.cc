#include "harness/family/case_validation.h"

#include <algorithm>
#include <map>
#include <set>

#include "absl/container/flat_hash_set.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "harness/family/family.h"
#include "harness/truth/truth_kind.h"

namespace dsconform {
namespace {

bool IsName(const std::string& s, bool allow_dots) {
  if (s.empty() || s.size() > 64) return false;
  for (char ch : s) {
    const bool ok = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '_' ||
                    ch == '-' || (allow_dots && ch == '.');
    if (!ok) return false;
  }
  return true;
}

absl::Status Fail(const Case& c, const std::string& path, const std::string& what) {
  return absl::InvalidArgumentError(absl::StrCat("case ", c.id, ": ", path, ": ", what));
}

absl::Status ValidateOps(const Case& c, const Family& family, const std::vector<Op>& ops,
                         std::set<std::string> images, const std::string& base) {
  const StepVocabulary& vocabulary = family.vocabulary();
  std::map<std::string, std::string> slots;  // slot -> the kind of what it holds
  absl::flat_hash_set<std::string> fields;  // observation names produced so far: each must be unique
  for (size_t i = 0; i < ops.size(); ++i) {
    const Op& op = ops[i];
    const std::string path = absl::StrCat(base, "/", i);
    const StepSpec* step = vocabulary.FindStep(op.op);
    if (step == nullptr) {
      return Fail(c, path + "/op", absl::StrCat("unknown step '", op.op, "' (known: ",
                                                absl::StrJoin(vocabulary.StepNames(), ", "), ")"));
    }
    if (step->slotless) {
      if (!op.sketch.empty()) return Fail(c, path + "/sketch", "not allowed for " + op.op);
    } else {
      if (op.sketch.empty()) return Fail(c, path + "/sketch", "missing");
      if (!IsName(op.sketch, false)) return Fail(c, path + "/sketch", "must be a name of [A-Za-z0-9_-], got '" + op.sketch + "'");
      if (step->makes.empty() && !slots.count(op.sketch))
        return Fail(c, path + "/sketch", "slot '" + op.sketch + "' is used before it is created");
    }
    for (const auto& member : step->members) {
      if (!op.args.contains(member.name)) continue;
      if ((member.type == "slot" || member.type == "name" || member.type == "image") &&
          !IsName(op.Str(member.name.c_str()), member.type != "slot"))
        return Fail(c, path + "/" + member.name, "must be a name, got " + op.args[member.name].dump());
      if (member.type == "slot" && !slots.count(op.Str(member.name.c_str())))
        return Fail(c, path + "/" + member.name, "slot '" + op.Str(member.name.c_str()) + "' is used before it is created");
      if (member.type == "image" && !images.count(op.Str(member.name.c_str())))
        return Fail(c, path + "/" + member.name,
                    "no image named '" + op.Str(member.name.c_str()) + "' was produced before this step");
    }
    if (step->items != op.items.has_value())
      return Fail(c, path + "/items", step->items ? "missing" : "this step takes no items");
    if (auto st = vocabulary.ValidateStep(op, slots); !st.ok()) return Fail(c, path, std::string(st.message()));
    if (auto st = family.ValidateStep(op, slots); !st.ok()) return Fail(c, path, std::string(st.message()));
    for (const auto& f : vocabulary.ProducedFields(op))
      if (!fields.insert(f).second)
        return Fail(c, path, "produces the field '" + f + "' a second time (name it with \"as\")");
    if (!step->makes.empty()) slots[op.sketch] = step->makes;
    for (const auto& o : step->observes)
      if (o.kind == "bytes")
        for (const auto& f : vocabulary.ProducedFields(op)) images.insert(f);
  }
  return absl::OkStatus();
}

// Every truth member is the case member of one of the family's kinds, whose entries that kind reads.
absl::Status ValidateTruth(const Case& c, const Family& family) {
  const std::vector<const TruthKind*> kinds = family.truth_kinds();
  for (const auto& [member, entries] : c.truth) {
    auto kind = std::find_if(kinds.begin(), kinds.end(),
                             [&, &member = member](const TruthKind* k) { return k->case_member() == member; });
    if (kind == kinds.end()) {
      std::vector<std::string> known;
      for (const TruthKind* k : kinds) known.push_back(k->case_member());
      return Fail(c, "/" + member,
                  absl::StrCat("unknown field: no kind of truth of family ", family.name(), " (its kinds' members: ",
                               known.empty() ? "none" : absl::StrJoin(known, ", "), ")"));
    }
    if (auto st = (*kind)->ValidateEntries(entries, "/" + member); !st.ok())
      return absl::Status(st.code(), absl::StrCat("case ", c.id, ": ", st.message()));
  }
  return absl::OkStatus();
}

}  // namespace

absl::Status ValidateCase(const Case& c, const FamilyCatalog& families) {
  if (c.id.empty()) return absl::InvalidArgumentError("a case has an empty id");
  const Family* family = families.Find(c.family);
  if (family == nullptr)
    return Fail(c, "/family",
                absl::StrCat("unknown family '", c.family, "' (known: ", absl::StrJoin(families.names(), ", "), ")"));
  if (c.ops.empty()) return Fail(c, "/ops", "a case needs at least one step");
  std::set<std::string> inputs;
  for (const auto& [name, bytes] : c.inputs) {
    if (!IsName(name, true)) return Fail(c, "/inputs", "'" + name + "' is not a name");
    inputs.insert(name);
  }
  if (auto st = ValidateOps(c, *family, c.ops, inputs, "/ops"); !st.ok()) return st;
  if (c.cross) {
    std::set<std::string> images(c.cross->images.begin(), c.cross->images.end());
    if (images.empty()) return Fail(c, "/cross/images", "a cross stage needs at least one image");
    if (auto st = ValidateOps(c, *family, c.cross->ops, images, "/cross/ops"); !st.ok()) return st;
  }
  return ValidateTruth(c, *family);
}

}  // namespace dsconform
