#ifndef DSCONFORM_ENGINES_NATIVE_CPP_ENGINE_H_
#define DSCONFORM_ENGINES_NATIVE_CPP_ENGINE_H_

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "harness/engine/engine.h"

namespace dsconform {

// "cpp@<version>": the datasketches-cpp compiled into this binary, named by
// its version or the git describe of its source tree (DSC_CPP_VERSION,
// cmake/DatasketchesCpp.cmake).
std::string CppEngineName();

// Family -> what the datasketches-cpp compiled in lacks of the steps its
// engine declares (CppFamilyAdapter::lacks, found by the probes when the build
// was configured; docs/native-releases.md). Families that lack nothing are
// absent: for a tree that has everything, the map is empty.
std::map<std::string, std::vector<std::string>> CppEngineLacks();

// The in-process native engine (kind "cpp"). Each stage runs from fresh slots
// on its family's adapter (engines/native/cpp_adapter_base.h); families
// without one are not supported. Engines from this factory share nothing, so
// each worker may have its own.
//
// Semantics beyond docs/case-format.md:
// - Items reach update(int64_t), update(double), update(const std::string&) and
//   update(const void*, size_t), the last with a pointer into the item tape,
//   never null, even for an empty array.
// - A library exception ends the stage with error@op<i> (its demangled C++
//   type and what()); the next stage and the next case run normally.
// - A deserialize step whose image neither the stage's images nor its own
//   byte fields hold ends the stage with error@op<i> of class
//   "dsconform::MissingImage" (in a cross stage: the writer did not produce it).
// - A step datasketches-cpp cannot do ends the stage with a field
//   "<sketch>.<step>" of kind unsupported (see the family's adapter).
std::unique_ptr<EngineFactory> MakeCppEngineFactory();

}  // namespace dsconform

#endif  // DSCONFORM_ENGINES_NATIVE_CPP_ENGINE_H_
