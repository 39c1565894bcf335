#include "harness/case/json_access.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

namespace dsconform {

const char* JsonTypeName(const nlohmann::json& j) { return j.type_name(); }

namespace {
template <typename Json>
absl::Status Wrong(const std::string& path, const std::string& key, const char* want, const Json& got) {
  return absl::InvalidArgumentError(absl::StrCat(path, "/", key, ": expected ", want, ", got ", got.type_name()));
}
}  // namespace

template <typename Json>
absl::StatusOr<std::optional<int64_t>> OptionalInt(const Json& obj, const std::string& key,
                                                   const std::string& path) {
  auto it = obj.find(key);
  if (it == obj.end()) return std::optional<int64_t>();
  if (it->is_number_unsigned()) {
    uint64_t v = it->template get<uint64_t>();
    if (v > static_cast<uint64_t>(INT64_MAX)) return Wrong(path, key, "a 64-bit signed integer", *it);
    return std::optional<int64_t>(static_cast<int64_t>(v));
  }
  if (!it->is_number_integer()) return Wrong(path, key, "an integer", *it);
  return std::optional<int64_t>(it->template get<int64_t>());
}

template <typename Json>
absl::StatusOr<int64_t> RequireInt(const Json& obj, const std::string& key, const std::string& path) {
  auto v = OptionalInt(obj, key, path);
  if (!v.ok()) return v.status();
  if (!v->has_value()) return absl::InvalidArgumentError(absl::StrCat(path, "/", key, ": missing"));
  return **v;
}

template <typename Json>
absl::StatusOr<std::optional<std::string>> OptionalString(const Json& obj, const std::string& key,
                                                          const std::string& path) {
  auto it = obj.find(key);
  if (it == obj.end()) return std::optional<std::string>();
  if (!it->is_string()) return Wrong(path, key, "a string", *it);
  return std::optional<std::string>(it->template get<std::string>());
}

template <typename Json>
absl::StatusOr<std::string> RequireString(const Json& obj, const std::string& key,
                                          const std::string& path) {
  auto v = OptionalString(obj, key, path);
  if (!v.ok()) return v.status();
  if (!v->has_value()) return absl::InvalidArgumentError(absl::StrCat(path, "/", key, ": missing"));
  return **v;
}

template <typename Json>
absl::StatusOr<std::vector<std::string>> OptionalStringList(const Json& obj, const std::string& key,
                                                            const std::string& path) {
  std::vector<std::string> out;
  auto it = obj.find(key);
  if (it == obj.end()) return out;
  if (!it->is_array()) return Wrong(path, key, "an array of strings", *it);
  for (size_t i = 0; i < it->size(); ++i) {
    const auto& e = (*it)[i];
    if (!e.is_string()) return Wrong(path, absl::StrCat(key, "/", i), "a string", e);
    out.push_back(e.template get<std::string>());
  }
  return out;
}

template <typename Json>
absl::Status RejectUnknownKeys(const Json& obj, const std::vector<std::string>& allowed,
                               const std::string& path) {
  for (auto it = obj.begin(); it != obj.end(); ++it) {
    if (std::find(allowed.begin(), allowed.end(), it.key()) == allowed.end()) {
      return absl::InvalidArgumentError(absl::StrCat(path, "/", it.key(), ": unknown field (allowed: ",
                                                     absl::StrJoin(allowed, ", "), ")"));
    }
  }
  return absl::OkStatus();
}

// For both kinds of object (json_access.h).
template absl::StatusOr<int64_t> RequireInt(const nlohmann::json&, const std::string&, const std::string&);
template absl::StatusOr<std::string> RequireString(const nlohmann::json&, const std::string&, const std::string&);
template absl::StatusOr<std::optional<int64_t>> OptionalInt(const nlohmann::json&, const std::string&,
                                                            const std::string&);
template absl::StatusOr<std::optional<std::string>> OptionalString(const nlohmann::json&, const std::string&,
                                                                   const std::string&);
template absl::StatusOr<std::vector<std::string>> OptionalStringList(const nlohmann::json&, const std::string&,
                                                                     const std::string&);
template absl::Status RejectUnknownKeys(const nlohmann::json&, const std::vector<std::string>&, const std::string&);
template absl::StatusOr<int64_t> RequireInt(const nlohmann::ordered_json&, const std::string&, const std::string&);
template absl::StatusOr<std::string> RequireString(const nlohmann::ordered_json&, const std::string&,
                                                   const std::string&);
template absl::StatusOr<std::optional<int64_t>> OptionalInt(const nlohmann::ordered_json&, const std::string&,
                                                            const std::string&);
template absl::StatusOr<std::optional<std::string>> OptionalString(const nlohmann::ordered_json&, const std::string&,
                                                                   const std::string&);
template absl::StatusOr<std::vector<std::string>> OptionalStringList(const nlohmann::ordered_json&, const std::string&,
                                                                     const std::string&);
template absl::Status RejectUnknownKeys(const nlohmann::ordered_json&, const std::vector<std::string>&,
                                        const std::string&);

}  // namespace dsconform
