#include "harness/engine/capabilities.h"

namespace dsconform {

nlohmann::ordered_json CapabilitiesToJson(const Capabilities& capabilities) {
  nlohmann::ordered_json out = nlohmann::ordered_json::object();
  for (const auto& [family, steps] : capabilities) out[family] = std::vector<std::string>(steps.begin(), steps.end());
  return out;
}

bool CapabilitiesFromJson(const nlohmann::json& j, Capabilities* out, std::string* error) {
  if (!j.is_object()) {
    *error = "families: must be an object of family -> [steps]";
    return false;
  }
  Capabilities caps;
  for (const auto& [family, steps] : j.items()) {
    if (!steps.is_array()) {
      *error = "families." + family + ": must be an array of step names";
      return false;
    }
    std::set<std::string>& declared = caps[family];
    for (const auto& s : steps) {
      if (!s.is_string()) {
        *error = "families." + family + ": must be an array of step names";
        return false;
      }
      declared.insert(s.get<std::string>());
    }
  }
  *out = std::move(caps);
  return true;
}

}  // namespace dsconform
