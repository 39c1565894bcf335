#ifndef DSCONFORM_HARNESS_FAMILY_FAMILY_CATALOG_H_
#define DSCONFORM_HARNESS_FAMILY_FAMILY_CATALOG_H_

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
  explicit FamilyCatalog(std::vector<const Family*> families) : families_(std::move(families)) {}

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

 private:
  std::vector<const Family*> families_;
};

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_FAMILY_FAMILY_CATALOG_H_
