#ifndef DSCONFORM_HARNESS_ENGINE_PROCESS_PROCESS_ENGINE_SPEC_H_
#define DSCONFORM_HARNESS_ENGINE_PROCESS_PROCESS_ENGINE_SPEC_H_

#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "harness/engine/process/process_engine.h"

namespace dsconform {

// Recognizes the spec strings of out-of-process engines that are a program
// (an engine wing with a spec of its own, python@, parses it itself):
//   process:<program>[,arg...] any program speaking docs/engine-protocol.md
//   cpp@<label>=<program>      a dsconform-engine built elsewhere (another
//                              datasketches-cpp commit), named cpp@<label>
// Returns nullopt for any other spec (the caller's own engines), and an error
// for one of these that cannot run here, saying what to do.
absl::StatusOr<std::optional<ProcessEngineSpec>> ParseProcessEngineSpec(const std::string& spec);

// The program specs, one line each.
std::vector<std::string> DescribeProcessEngines();

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_ENGINE_PROCESS_PROCESS_ENGINE_SPEC_H_
