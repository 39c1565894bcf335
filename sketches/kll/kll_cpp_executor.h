#ifndef DSCONFORM_SKETCHES_KLL_KLL_CPP_EXECUTOR_H_
#define DSCONFORM_SKETCHES_KLL_KLL_CPP_EXECUTOR_H_

#include <memory>

#include "sketches/native/cpp_family_executor.h"

namespace dsconform {

// The KLL steps of docs/case-format.md on datasketches-cpp's kll_sketch.
std::unique_ptr<CppFamilyExecutor> MakeKllCppExecutor();

}  // namespace dsconform

#endif  // DSCONFORM_SKETCHES_KLL_KLL_CPP_EXECUTOR_H_
