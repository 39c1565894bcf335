#ifndef DSCONFORM_HARNESS_ENGINE_CAPABILITIES_H_
#define DSCONFORM_HARNESS_ENGINE_CAPABILITIES_H_

#include <map>
#include <set>
#include <string>

#include "nlohmann/json.hpp"

namespace dsconform {

// What an engine declares it executes: family -> the steps of that family's
// vocabulary it implements (the `families` of the protocol's hello). An empty
// step set means "not stated": the engine gets every stage of the family and
// answers for itself (a corpus replays what it recorded).
using Capabilities = std::map<std::string, std::set<std::string>>;

// {"hll": ["create", ...], ...}, the form of the protocol's hello.
nlohmann::ordered_json CapabilitiesToJson(const Capabilities& capabilities);
// Reads that form; false (with `error`) when it is not an object of string arrays.
bool CapabilitiesFromJson(const nlohmann::json& j, Capabilities* out, std::string* error);

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_ENGINE_CAPABILITIES_H_
