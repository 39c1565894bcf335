#ifndef DSCONFORM_SKETCHES_QUANTILES_QUANTILES_SNIPPETS_H_
#define DSCONFORM_SKETCHES_QUANTILES_QUANTILES_SNIPPETS_H_

#include <string>

#include "harness/case/case_program.h"

namespace dsconform {

// Java and C++ repro programs of a Classic Quantiles case (see Family::JavaSnippet).
std::string QuantilesJavaSnippet(const Case& c);
std::string QuantilesCppSnippet(const Case& c);

}  // namespace dsconform

#endif  // DSCONFORM_SKETCHES_QUANTILES_QUANTILES_SNIPPETS_H_
