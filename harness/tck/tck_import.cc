#include "harness/tck/tck_import.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "harness/family/case_validation.h"
#include "harness/family/family_catalog.h"

namespace dsconform {
namespace {

namespace fs = std::filesystem;
constexpr char kLanguageSuffix[] = "_generated_files";

// The <language>_generated_files directories under `dir`, or `dir` itself.
absl::StatusOr<std::vector<fs::path>> SnapshotDirectories(const fs::path& dir) {
  std::error_code ec;
  if (!fs::is_directory(dir, ec))
    return absl::NotFoundError(absl::StrCat("--tck_dir=", dir.string(), ": not a directory"));
  if (absl::EndsWith(dir.filename().string(), kLanguageSuffix)) return std::vector<fs::path>{dir};
  fs::path root = dir;
  if (fs::is_directory(dir / "serialization_test_data", ec)) root = dir / "serialization_test_data";
  std::vector<fs::path> found;
  for (const auto& entry : fs::directory_iterator(root, ec))
    if (entry.is_directory() && absl::EndsWith(entry.path().filename().string(), kLanguageSuffix))
      found.push_back(entry.path());
  std::sort(found.begin(), found.end());
  if (found.empty())
    return absl::NotFoundError(absl::StrCat("--tck_dir=", dir.string(), ": no <language>", kLanguageSuffix,
                                            " directory (expected the TCK's serialization_test_data layout)"));
  return found;
}

const Family* SnapshotFamily(const std::string& file_name, const FamilyCatalog& families) {
  for (const Family* f : families.all())
    for (const auto& prefix : f->SnapshotPrefixes())
      if (absl::StartsWith(file_name, prefix + "_")) return f;
  return nullptr;
}

}  // namespace

std::string SnapshotFamilyKey(const std::string& file_name) {
  std::string key = file_name.substr(0, file_name.find('_'));
  while (!key.empty() && std::isdigit(static_cast<unsigned char>(key.back()))) key.pop_back();
  return key;
}

absl::StatusOr<TckImport> ImportTckSnapshots(const std::string& dir, const FamilyCatalog& families) {
  auto dirs = SnapshotDirectories(dir);
  if (!dirs.ok()) return dirs.status();
  TckImport out;
  for (const fs::path& d : *dirs) {
    const std::string name = d.filename().string();
    const std::string language = name.substr(0, name.size() - (sizeof(kLanguageSuffix) - 1));
    std::vector<fs::path> files;
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(d, ec))
      if (entry.is_regular_file() && entry.path().extension() == ".sk") files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    for (const fs::path& file : files) {
      ++out.files;
      const std::string file_name = file.filename().string();
      const Family* family = SnapshotFamily(file_name, families);
      if (family == nullptr) {
        out.skipped[SnapshotFamilyKey(file_name)].push_back(absl::StrCat(language, "/", file_name));
        continue;
      }
      std::ifstream in(file, std::ios::binary);
      std::stringstream bytes;
      bytes << in.rdbuf();
      if (!in) return absl::DataLossError(absl::StrCat(file.string(), ": cannot be read"));
      Case c = family->SnapshotCase(absl::StrCat("tck/", language, "/", file.stem().string()), bytes.str());
      if (auto st = ValidateCase(c, families); !st.ok()) return absl::InternalError(absl::StrCat(file.string(), ": ", st.message()));
      out.cases.push_back(std::move(c));
    }
  }
  return out;
}

}  // namespace dsconform
