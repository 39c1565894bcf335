#include "java-bridge/staged_versions.h"

#include <cstdlib>
#include <fstream>
#include <sstream>

#include "absl/strings/str_cat.h"
#include "nlohmann/json.hpp"

namespace dsconform {

const StagedJavaVersion* JavaCatalog::Find(const std::string& label) const {
  for (const auto& v : versions)
    if (v.label == label) return &v;
  return nullptr;
}

std::string JavaCatalog::Labels() const {
  std::string out;
  for (const auto& v : versions) absl::StrAppend(&out, out.empty() ? "" : ", ", v.label, v.is_default ? " (default)" : "");
  return out;
}

std::string DefaultEnginesJsonPath() {
  if (const char* env = std::getenv("DSCONFORM_JAVA_ENGINES"); env != nullptr && *env != '\0') return env;
  return DSC_JAVA_ENGINES_JSON;
}

absl::StatusOr<JavaCatalog> ReadJavaCatalog(const std::string& path_in) {
  JavaCatalog catalog;
  catalog.path = path_in.empty() ? DefaultEnginesJsonPath() : path_in;
  std::ifstream in(catalog.path);
  if (!in) {
    return absl::NotFoundError(absl::StrCat("cannot read the Java engine catalog ", catalog.path,
                                            " (the build writes it when configured with DSC_JAVA_ENGINE=ON; "
                                            "DSCONFORM_JAVA_ENGINES may point elsewhere)"));
  }
  std::stringstream text;
  text << in.rdbuf();
  const auto bad = [&](const std::string& why) {
    return absl::DataLossError(absl::StrCat("Java engine catalog ", catalog.path, ": ", why));
  };
  nlohmann::json j = nlohmann::json::parse(text.str(), nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded() || !j.is_object()) return bad("not a JSON object");
  try {
    catalog.default_label = j.at("default").get<std::string>();
    catalog.java_home = j.at("java_home").get<std::string>();
    catalog.java_version = j.value("java_version", "");
    catalog.bridge_jar = j.at("bridge_jar").get<std::string>();
    for (const auto& e : j.at("versions")) {
      StagedJavaVersion v;
      v.label = e.at("label").get<std::string>();
      v.source = e.value("source", "");
      v.class_path = e.at("class_path").get<std::vector<std::string>>();
      v.bridge_jar = e.value("bridge_jar", catalog.bridge_jar);
      v.java_home = e.value("java_home", catalog.java_home);
      v.jvm_options = e.value("jvm_options", std::vector<std::string>{});
      v.is_default = v.label == catalog.default_label;
      catalog.versions.push_back(std::move(v));
    }
  } catch (const nlohmann::json::exception& e) {
    return bad(e.what());
  }
  return catalog;
}

absl::StatusOr<std::vector<StagedJavaVersion>> ListStagedJavaVersions(const std::string& engines_json) {
  auto catalog = ReadJavaCatalog(engines_json);
  if (!catalog.ok()) return catalog.status();
  return std::move(catalog->versions);
}

}  // namespace dsconform
