#include "frontends/cli/case_selection.h"

#include <set>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "frontends/cli/allocator.h"
#include "harness/case/glob_match.h"
#include "harness/case/json_lines.h"
#include "harness/case/slices.h"
#include "harness/family/case_validation.h"
#include "sketches/compiled_families.h"

namespace dsconform {

absl::StatusOr<SuiteScale> ParseScale(const std::string& name) {
  if (name == "smoke") return SuiteScale::kSmoke;
  if (name == "reduced") return SuiteScale::kReduced;
  if (name == "full") return SuiteScale::kFull;
  return absl::InvalidArgumentError(absl::StrCat("unknown scale '", name, "' (known: smoke, reduced, full)"));
}

namespace {
std::vector<const Suite*> AllSuites() {
  std::vector<const Suite*> all;
  for (const Family* f : CompiledFamilies().all())
    for (const Suite* s : f->suites()) all.push_back(s);
  return all;
}
}  // namespace

absl::StatusOr<std::vector<const Suite*>> SelectSuites(const std::vector<std::string>& globs) {
  const auto all = AllSuites();
  std::vector<const Suite*> out;
  std::set<const Suite*> taken;
  for (const auto& g : globs) {
    bool matched = false;
    for (const Suite* s : all) {
      if (!GlobMatch(g, s->name())) continue;
      matched = true;
      if (taken.insert(s).second) out.push_back(s);
    }
    if (!matched) {
      std::vector<std::string> names;
      for (const Suite* s : all) names.push_back(s->name());
      return absl::InvalidArgumentError(
          absl::StrCat("no suite matches '", g, "' (known: ", absl::StrJoin(names, ", "), ")"));
    }
  }
  return out;
}

absl::StatusOr<CaseStore> SelectCases(const std::vector<std::string>& suite_globs, SuiteScale scale,
                                      const std::vector<std::string>& case_globs) {
  auto suites = SelectSuites(suite_globs);
  if (!suites.ok()) return suites.status();
  // A suite at a time, packed as it is kept: a run holds one suite's cases whole at most.
  CaseStore out;
  std::vector<std::string> ids;  // every id generated, for the message of a glob that matches none
  std::vector<bool> glob_used(case_globs.size(), false);
  for (const Suite* s : *suites) {
    std::vector<Case> kept;
    for (Case& c : s->Generate(scale)) {
      ids.push_back(c.id);
      bool keep = case_globs.empty();
      for (size_t i = 0; i < case_globs.size(); ++i) {
        if (GlobMatch(case_globs[i], c.id)) {
          keep = true;
          glob_used[i] = true;
        }
      }
      if (keep) kept.push_back(std::move(c));
    }
    // Checked and packed on every core: with the generation, the part of a run no worker shares.
    std::vector<absl::Status> checks(kept.size());
    ForEachSlice(kept.size(), 64, [&](size_t begin, size_t end) {
      for (size_t i = begin; i < end; ++i) checks[i] = ValidateCase(kept[i], CompiledFamilies());
    });
    for (const absl::Status& st : checks)
      if (!st.ok()) return st;
    out.AddAll(kept);
    kept = {};  // freed before the trim below
    // The pages of the suite's freed Case objects, handed back, are the run's sketches' to use.
    ReturnFreedPages();
  }
  for (size_t i = 0; i < case_globs.size(); ++i) {
    if (glob_used[i]) continue;
    std::vector<std::string> some;
    for (size_t j = 0; j < ids.size() && some.size() < 5; j += std::max<size_t>(1, ids.size() / 5)) some.push_back(ids[j]);
    return absl::InvalidArgumentError(absl::StrCat("no case of the selected suites matches '", case_globs[i],
                                                   "' (ids look like: ", absl::StrJoin(some, ", "),
                                                   "; `dsconform list cases` lists them)"));
  }
  return out;
}

absl::StatusOr<std::vector<Case>> ReadCasesFile(const std::string& path) {
  std::vector<Case> out;
  std::set<std::string> ids;
  auto st = ForEachJsonLine(path, "cases file", [&](int, const nlohmann::json& j) -> absl::Status {
    auto c = CaseFromJson(j);
    if (!c.ok()) return c.status();
    if (auto st = ValidateCase(*c, CompiledFamilies()); !st.ok()) return st;
    if (!ids.insert(c->id).second)
      return absl::InvalidArgumentError(absl::StrCat("case ", c->id, ": the id is used twice"));
    out.push_back(std::move(*c));
    return absl::OkStatus();
  });
  if (!st.ok()) return st;
  if (out.empty()) return absl::InvalidArgumentError(absl::StrCat("cases file ", path, ": holds no case"));
  return out;
}

absl::StatusOr<Case> FindCase(const std::string& id) {
  for (const Suite* s : AllSuites())
    for (auto& c : s->Generate(SuiteScale::kFull))
      if (c.id == id) return std::move(c);
  return absl::NotFoundError(absl::StrCat("no case has the id '", id,
                                          "' (`dsconform list cases --scale=full` lists them; --cases_file for your own)"));
}

}  // namespace dsconform
