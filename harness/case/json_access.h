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
// known-difference rule points at the exact spot. For nlohmann::json and
// nlohmann::ordered_json (an Op's args) alike, read in place: converting one to the other
// copies the whole object.
template <typename Json>
absl::StatusOr<int64_t> RequireInt(const Json& obj, const std::string& key, const std::string& path);
template <typename Json>
absl::StatusOr<std::string> RequireString(const Json& obj, const std::string& key, const std::string& path);
template <typename Json>
absl::StatusOr<std::optional<int64_t>> OptionalInt(const Json& obj, const std::string& key, const std::string& path);
template <typename Json>
absl::StatusOr<std::optional<std::string>> OptionalString(const Json& obj, const std::string& key,
                                                          const std::string& path);
template <typename Json>
absl::StatusOr<std::vector<std::string>> OptionalStringList(const Json& obj, const std::string& key,
                                                            const std::string& path);
// Fails on members outside `allowed`, so a typo is an error rather than ignored.
template <typename Json>
absl::Status RejectUnknownKeys(const Json& obj, const std::vector<std::string>& allowed, const std::string& path);
const char* JsonTypeName(const nlohmann::json& j);

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_CASE_JSON_ACCESS_H_
