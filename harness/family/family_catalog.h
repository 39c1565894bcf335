#ifndef DSCONFORM_HARNESS_FAMILY_FAMILY_CATALOG_H_
#define DSCONFORM_HARNESS_FAMILY_FAMILY_CATALOG_H_

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "harness/family/family.h"

namespace dsconform {

// The families a program is built with, in their listed order. The core never
// knows them by name: a front end hands it the catalog
// (sketches/compiled_families.h), tests a catalog of the families they need.
class FamilyCatalog {
 public:
  FamilyCatalog() = default;
  explicit FamilyCatalog(std::vector<const Family*> families) : families_(std::move(families)) {
    for (const Family* f : families_)
      for (const TruthKind* kind : f->truth_kinds())
        if (std::find(truth_kinds_.begin(), truth_kinds_.end(), kind) == truth_kinds_.end())
          truth_kinds_.push_back(kind);
  }

  const std::vector<const Family*>& all() const { return families_; }
  // Null when no family has that name.
  const Family* Find(std::string_view name) const {
    for (const Family* f : families_)
      if (f->name() == name) return f;
    return nullptr;
  }
  std::vector<std::string> names() const {
    std::vector<std::string> out;
    for (const Family* f : families_) out.push_back(f->name());
    return out;
  }
  // Every family's kinds of truth, each once, in the order the families list
  // them: what reading records back and the accuracy study need.
  const std::vector<const TruthKind*>& truth_kinds() const { return truth_kinds_; }

 private:
  std::vector<const Family*> families_;
  std::vector<const TruthKind*> truth_kinds_;
};

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_FAMILY_FAMILY_CATALOG_H_
