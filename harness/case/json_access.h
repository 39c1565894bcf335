#ifndef DSCONFORM_HARNESS_CASE_JSON_ACCESS_H_
#define DSCONFORM_HARNESS_CASE_JSON_ACCESS_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "nlohmann/json.hpp"

namespace dsconform {

// Typed reads of JSON object members whose errors name the JSON path
// ("/ops/2/lg_k: expected an integer, got string"), so a malformed case or
// known-difference rule points at the exact spot.
absl::StatusOr<int64_t> RequireInt(const nlohmann::json& obj, const std::string& key, const std::string& path);
absl::StatusOr<std::string> RequireString(const nlohmann::json& obj, const std::string& key,
                                          const std::string& path);
absl::StatusOr<std::optional<int64_t>> OptionalInt(const nlohmann::json& obj, const std::string& key,
                                                   const std::string& path);
absl::StatusOr<std::optional<std::string>> OptionalString(const nlohmann::json& obj, const std::string& key,
                                                          const std::string& path);
absl::StatusOr<std::vector<std::string>> OptionalStringList(const nlohmann::json& obj, const std::string& key,
                                                            const std::string& path);
// Fails on members outside `allowed`, so a typo is an error rather than ignored.
absl::Status RejectUnknownKeys(const nlohmann::json& obj, const std::vector<std::string>& allowed,
                               const std::string& path);
const char* JsonTypeName(const nlohmann::json& j);

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_CASE_JSON_ACCESS_H_
