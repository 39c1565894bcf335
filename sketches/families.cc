// The families compiled into dsconform. Adding a family: its folder, and one line here.
#include "harness/family/family.h"
#include "sketches/cpc/cpc_family.h"
#include "sketches/hll/hll_family.h"
#include "sketches/theta/theta_family.h"
#include "sketches/kll/kll_family.h"

namespace dsconform {

const std::vector<const Family*>& AllFamilies() {
  static const auto* families = new std::vector<const Family*>{&HllFamily(), &ThetaFamily(), &CpcFamily(), &KllFamily()};
  return *families;
}

const Family* FindFamily(const std::string& name) {
  for (const Family* f : AllFamilies())
    if (f->name() == name) return f;
  return nullptr;
}

}  // namespace dsconform
