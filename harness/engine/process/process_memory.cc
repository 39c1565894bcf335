#include "harness/engine/process/process_memory.h"

#include <sys/resource.h>

#include <fstream>
#include <sstream>
#include <string>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"

namespace dsconform {

int64_t StatusFieldBytes(absl::string_view status_text, absl::string_view key) {
  for (absl::string_view line : absl::StrSplit(status_text, '\n')) {
    if (line.size() <= key.size() || line.substr(0, key.size()) != key || line[key.size()] != ':') continue;
    absl::string_view rest = absl::StripAsciiWhitespace(line.substr(key.size() + 1));
    const size_t space = rest.find(' ');
    if (space == absl::string_view::npos || absl::StripAsciiWhitespace(rest.substr(space)) != "kB") return -1;
    int64_t kib = 0;
    if (!absl::SimpleAtoi(rest.substr(0, space), &kib) || kib < 0) return -1;
    return kib * 1024;
  }
  return -1;
}

ProcessMemory ReadProcessMemory() {
  ProcessMemory m;
  std::ifstream in("/proc/self/status");
  if (in) {
    std::stringstream text;
    text << in.rdbuf();
    m.peak_rss_bytes = StatusFieldBytes(text.str(), "VmHWM");
    m.rss_bytes = StatusFieldBytes(text.str(), "VmRSS");
  }
  if (m.peak_rss_bytes < 0) {
    struct rusage usage;
    if (getrusage(RUSAGE_SELF, &usage) == 0) m.peak_rss_bytes = static_cast<int64_t>(usage.ru_maxrss) * 1024;
  }
  return m;
}

int64_t ResidentBytesOf(int pid) {
  std::ifstream in(absl::StrCat("/proc/", pid, "/status"));
  if (!in) return -1;
  std::stringstream text;
  text << in.rdbuf();
  return StatusFieldBytes(text.str(), "VmRSS");
}

bool ResetPeakRss() {
  std::ofstream out("/proc/self/clear_refs");
  if (!out) return false;
  out << "5";
  out.flush();
  return static_cast<bool>(out);
}

}  // namespace dsconform
