#include "frontends/cli/case_selection.h"

#include <optional>
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

namespace {

// Which generated cases a run keeps, by the --cases globs, and which globs kept any.
class CaseFilter {
 public:
  explicit CaseFilter(const std::vector<std::string>& globs) : globs_(globs), used_(globs.size(), false) {}
  bool Keeps(const std::string& id) const {
    if (globs_.empty()) return true;
    for (const std::string& g : globs_)
      if (GlobMatch(g, id)) return true;
    return false;
  }
  // Notes the globs `id` matches (one thread at a time); whether any does, as Keeps.
  bool Note(const std::string& id) {
    bool kept = globs_.empty();
    for (size_t i = 0; i < globs_.size(); ++i)
      if (GlobMatch(globs_[i], id)) kept = used_[i] = true;
    return kept;
  }
  // The first glob that kept nothing, or null.
  const std::string* Unused() const {
    for (size_t i = 0; i < globs_.size(); ++i)
      if (!used_[i]) return &globs_[i];
    return nullptr;
  }

 private:
  const std::vector<std::string>& globs_;
  std::vector<bool> used_;
};

// A suite made whole, then its kept cases checked and packed on every core.
absl::Status KeepGenerated(const Suite& suite, SuiteScale scale, CaseFilter& filter, std::vector<std::string>& ids,
                           CaseStore& out) {
  std::vector<Case> kept;
  for (Case& c : suite.Generate(scale)) {
    ids.push_back(c.id);
    if (filter.Note(c.id)) kept.push_back(std::move(c));
  }
  std::vector<absl::Status> checks(kept.size());
  ForEachSlice(kept.size(), 64, [&](size_t begin, size_t end) {
    for (size_t i = begin; i < end; ++i) checks[i] = ValidateCase(kept[i], CompiledFamilies());
  });
  for (const absl::Status& st : checks)
    if (!st.ok()) return st;
  out.AddAll(kept);
  return absl::OkStatus();
}

// A suite made from its recipes on every core, each case checked and packed where it was made:
// no more than a slice of its cases exists as Case objects at once.
absl::Status KeepMade(const std::vector<CaseRecipe>& recipes, CaseFilter& filter, std::vector<std::string>& ids,
                      CaseStore& out) {
  const size_t n = recipes.size();
  std::vector<std::string> made_ids(n);
  std::vector<std::optional<CaseStore::Entry>> packed(n);
  std::vector<absl::Status> checks(n);
  ForEachSlice(n, 16, [&](size_t begin, size_t end) {
    for (size_t i = begin; i < end; ++i) {
      const Case c = recipes[i]();
      made_ids[i] = c.id;
      if (!filter.Keeps(c.id)) continue;
      checks[i] = ValidateCase(c, CompiledFamilies());
      if (checks[i].ok()) packed[i] = CaseStore::Pack(c);
    }
  });
  for (size_t i = 0; i < n; ++i) {
    if (!checks[i].ok()) return checks[i];
    filter.Note(made_ids[i]);
    if (packed[i].has_value()) out.Keep(std::move(*packed[i]));
    ids.push_back(std::move(made_ids[i]));
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<CaseStore> SelectCases(const std::vector<std::string>& suite_globs, SuiteScale scale,
                                      const std::vector<std::string>& case_globs) {
  auto suites = SelectSuites(suite_globs);
  if (!suites.ok()) return suites.status();
  // A suite at a time, packed as it is kept: a run holds one suite's cases whole at most. Making,
  // checking and packing them is the part of a run no worker shares, hence on every core.
  CaseStore out;
  std::vector<std::string> ids;  // every id generated, for the message of a glob that matches none
  CaseFilter filter(case_globs);
  for (const Suite* s : *suites) {
    const std::vector<CaseRecipe> recipes = s->Recipes(scale);
    const absl::Status st =
        recipes.empty() ? KeepGenerated(*s, scale, filter, ids, out) : KeepMade(recipes, filter, ids, out);
    if (!st.ok()) return st;
    // The pages of the suite's freed Case objects, handed back, are the run's sketches' to use.
    ReturnFreedPages();
  }
  if (const std::string* unused = filter.Unused()) {
    std::vector<std::string> some;
    for (size_t j = 0; j < ids.size() && some.size() < 5; j += std::max<size_t>(1, ids.size() / 5)) some.push_back(ids[j]);
    return absl::InvalidArgumentError(absl::StrCat("no case of the selected suites matches '", *unused,
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
