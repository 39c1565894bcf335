#include "harness/diff/invariant_checker.h"

#include "absl/strings/str_cat.h"

namespace dsconform {

InvariantResult CheckInvariants(const Case& c, const Observations& obs, const Family* family,
                                const DiffOptions& options) {
  InvariantResult result;
  for (const Invariant& inv : c.invariants) {
    std::vector<const Value*> values;
    for (const auto& name : inv.fields) values.push_back(obs.Find(name));
    if (inv.check == "equal") {
      const Value* first = values.empty() ? nullptr : values[0];
      if (first == nullptr || first->kind == Value::Kind::kUnsupported) continue;
      for (size_t i = 1; i < values.size(); ++i) {
        if (values[i] == nullptr || values[i]->kind == Value::Kind::kUnsupported) continue;
        ++result.checks;
        if (!ValuesEqual(*first, *values[i], options)) {
          result.violations.push_back(MakeFieldDiff(absl::StrCat("equal: ", inv.fields[i], " vs ", inv.fields[0]),
                                                    *first, *values[i], family, options));
        }
      }
      continue;
    }
    if (inv.check == "matches_input") {
      // fields: an image the engine wrote, and the input image it must equal.
      const auto input = inv.fields.size() == 2 ? c.inputs.find(inv.fields[1]) : c.inputs.end();
      if (values.empty() || values[0] == nullptr || values[0]->kind == Value::Kind::kUnsupported ||
          input == c.inputs.end())
        continue;
      ++result.checks;
      const Value given = Value::Bytes(input->second);
      if (!ValuesEqual(given, *values[0], options))
        result.violations.push_back(MakeFieldDiff(absl::StrCat("matches_input: ", inv.fields[0], " vs ", inv.fields[1]),
                                                  given, *values[0], family, options));
      continue;
    }
    if (family == nullptr) continue;
    ++result.checks;
    for (const std::string& line : family->CheckInvariant(inv, values)) {
      FieldDiff d;
      d.field = absl::StrCat(inv.check, ": ", line.substr(0, line.find(':')));
      d.missing_in_reference = true;
      d.candidate = Value::String(line);
      result.violations.push_back(std::move(d));
    }
  }
  return result;
}

}  // namespace dsconform
