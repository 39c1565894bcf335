#ifndef DSCONFORM_HARNESS_FAMILY_RECIPE_SUITE_H_
#define DSCONFORM_HARNESS_FAMILY_RECIPE_SUITE_H_

#include <vector>

#include "harness/family/family.h"

namespace dsconform {

// A suite that states its cases as recipes (Suite::Recipes) and generates them from those, in order.
class RecipeSuite : public Suite {
 public:
  std::vector<Case> Generate(SuiteScale scale) const final {
    std::vector<Case> cases;
    for (const CaseRecipe& make : Recipes(scale)) cases.push_back(make());
    return cases;
  }
  std::vector<CaseRecipe> Recipes(SuiteScale scale) const override = 0;
};

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_FAMILY_RECIPE_SUITE_H_
