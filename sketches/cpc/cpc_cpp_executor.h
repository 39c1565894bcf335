#ifndef DSCONFORM_SKETCHES_CPC_CPC_CPP_EXECUTOR_H_
#define DSCONFORM_SKETCHES_CPC_CPC_CPP_EXECUTOR_H_

#include <memory>

#include "sketches/native/cpp_family_executor.h"

namespace dsconform {

// CPC steps on datasketches-cpp's cpc_sketch and cpc_union, as the table "CPC
// steps" of docs/case-format.md maps them. Beyond that table:
// - merge how=move calls cpc_union::update(cpc_sketch&&) on the slot itself;
//   the slot then holds whatever the library left in it.
// - deserialize mode=wrap records "<sketch>.deserialize" as unsupported
//   (CpcWrapper is Java's); a later step that reads that slot records
//   "<its slot>.<step>" as unsupported in turn, and the stage goes on.
// - without a seed member, create, union and deserialize use the library's
//   default argument.
std::unique_ptr<CppFamilyExecutor> MakeCpcCppExecutor();

}  // namespace dsconform

#endif  // DSCONFORM_SKETCHES_CPC_CPC_CPP_EXECUTOR_H_
