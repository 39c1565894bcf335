#include "reports/report_file.h"

#include <cerrno>
#include <cstdio>
#include <cstring>

#include "absl/strings/str_cat.h"

namespace dsconform {

absl::Status WriteReportFile(const std::string& path, absl::string_view content) {
  const std::string tmp = path + ".tmp";
  std::FILE* f = std::fopen(tmp.c_str(), "wb");
  if (f == nullptr)
    return absl::UnavailableError(absl::StrCat("cannot create ", tmp, ": ", std::strerror(errno)));
  const bool wrote = std::fwrite(content.data(), 1, content.size(), f) == content.size();
  const int write_errno = errno;
  if (std::fclose(f) != 0 || !wrote) {
    std::remove(tmp.c_str());
    return absl::UnavailableError(
        absl::StrCat("cannot write ", tmp, ": ", std::strerror(wrote ? errno : write_errno)));
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    const int e = errno;
    std::remove(tmp.c_str());
    return absl::UnavailableError(absl::StrCat("cannot rename ", tmp, " to ", path, ": ", std::strerror(e)));
  }
  return absl::OkStatus();
}

}  // namespace dsconform
