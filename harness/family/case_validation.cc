#include "harness/family/case_validation.h"

#include <map>
#include <set>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "harness/family/family.h"

namespace dsconform {
namespace {

// Steps that create the slot they name; every other step needs it to exist.
const std::set<std::string> kCreatingSteps = {"create", "union", "result", "deserialize", "copy", "convert",
                                              "intersection", "compact", "a_not_b"};
const std::set<std::string> kAllSteps = {"create", "union",  "update", "merge", "result", "serialize", "deserialize",
                                         "copy",   "convert", "reset", "query", "rel_err",
                                         "intersection", "compact", "a_not_b", "jaccard"};
// Steps that act on no slot.
const std::set<std::string> kSlotlessSteps = {"rel_err"};

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
  std::map<std::string, std::string> slots;
  std::set<std::string> fields;  // observation names produced so far: each must be unique
  for (size_t i = 0; i < ops.size(); ++i) {
    const Op& op = ops[i];
    const std::string path = absl::StrCat(base, "/", i);
    if (!kAllSteps.count(op.op)) {
      return Fail(c, path + "/op", absl::StrCat("unknown step '", op.op, "' (known: ", absl::StrJoin(kAllSteps, ", "), ")"));
    }
    if (kSlotlessSteps.count(op.op)) {
      if (!op.sketch.empty()) return Fail(c, path + "/sketch", "not allowed for " + op.op);
    } else {
      if (op.sketch.empty()) return Fail(c, path + "/sketch", "missing");
      if (!IsName(op.sketch, false)) return Fail(c, path + "/sketch", "must be a name of [A-Za-z0-9_-], got '" + op.sketch + "'");
      if (!kCreatingSteps.count(op.op) && !slots.count(op.sketch))
        return Fail(c, path + "/sketch", "slot '" + op.sketch + "' is used before it is created");
    }
    for (const char* key : {"from", "as", "image"}) {
      const std::string v = op.Str(key);
      if (op.args.contains(key) && !IsName(v, std::string(key) != "from"))
        return Fail(c, path + "/" + key, "must be a name, got " + op.args[key].dump());
    }
    if (op.args.contains("from") && !slots.count(op.Str("from")))
      return Fail(c, path + "/from", "slot '" + op.Str("from") + "' is used before it is created");
    if (op.op == "deserialize" && !images.count(op.Str("image")))
      return Fail(c, path + "/image", "no image named '" + op.Str("image") + "' was produced before this step");
    if ((op.op == "update") != op.items.has_value())
      return Fail(c, path + "/items", op.op == "update" ? "missing" : "only update takes items");
    if (auto st = family.ValidateOp(op, slots, path); !st.ok()) return Fail(c, path, std::string(st.message()));
    std::vector<std::string> produced;
    const std::string prefix = op.Str("as", op.sketch);
    if (op.op == "serialize") produced.push_back(prefix + "." + op.Str("form"));
    if (op.op == "query")
      for (const auto& q : op.StrList("queries")) produced.push_back(prefix + "." + q);
    if (op.op == "rel_err") produced.push_back(prefix);
    for (const auto& f : produced)
      if (!fields.insert(f).second)
        return Fail(c, path, "produces the field '" + f + "' a second time (name it with \"as\")");
    if (kCreatingSteps.count(op.op)) slots[op.sketch] = op.op;
    if (op.op == "serialize") images.insert(op.Str("as", op.sketch) + "." + op.Str("form"));
  }
  return absl::OkStatus();
}

}  // namespace

absl::Status ValidateCase(const Case& c) {
  if (c.id.empty()) return absl::InvalidArgumentError("a case has an empty id");
  const Family* family = FindFamily(c.family);
  if (family == nullptr) {
    std::vector<std::string> names;
    for (const Family* f : AllFamilies()) names.push_back(f->name());
    return Fail(c, "/family", absl::StrCat("unknown family '", c.family, "' (known: ", absl::StrJoin(names, ", "), ")"));
  }
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
  return absl::OkStatus();
}

}  // namespace dsconform
