#ifndef DSCONFORM_ENGINES_NATIVE_CPP_ADAPTER_TABLE_H_
#define DSCONFORM_ENGINES_NATIVE_CPP_ADAPTER_TABLE_H_

#include <memory>
#include <vector>

#include "engines/native/cpp_adapter_base.h"

namespace dsconform {

// A fresh instance of every family adapter this build compiled, by family
// name. engines/native/CMakeLists.txt generates the definition from the
// *_adapter.cc files it compiles: each defines cpp_adapters::<family>().
std::vector<std::unique_ptr<CppFamilyAdapter>> MakeCompiledCppAdapters();

}  // namespace dsconform

#endif  // DSCONFORM_ENGINES_NATIVE_CPP_ADAPTER_TABLE_H_
