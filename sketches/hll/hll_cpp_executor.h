#ifndef DSCONFORM_SKETCHES_HLL_HLL_CPP_EXECUTOR_H_
#define DSCONFORM_SKETCHES_HLL_HLL_CPP_EXECUTOR_H_

#include <memory>

#include "sketches/native/cpp_family_executor.h"

namespace dsconform {

// HLL steps on datasketches-cpp's hll_sketch and hll_union, exactly as the
// table "HLL steps" of docs/case-format.md maps them. Beyond that table:
// - merge how=move calls hll_union::update(hll_sketch&&) on the slot itself;
//   the slot then holds whatever the library left in it (in 5.2.0: unchanged,
//   or the union's previous, empty gadget when the union adopted the sketch).
// - deserialize mode wrap/writable_wrap records "<sketch>.deserialize" as
//   unsupported ("wrap is a Java-only operation"); the slot it would create
//   does not exist, so later steps naming it (as sketch or from) are skipped
//   and the rest of the stage runs on.
// - result without a type uses HLL_4, the default of both libraries.
std::unique_ptr<CppFamilyExecutor> MakeHllCppExecutor();

}  // namespace dsconform

#endif  // DSCONFORM_SKETCHES_HLL_HLL_CPP_EXECUTOR_H_
