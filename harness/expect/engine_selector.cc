#include "harness/expect/engine_selector.h"

#include <cctype>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "harness/case/glob_match.h"

namespace dsconform {

std::vector<long> VersionNumbers(const std::string& version) {
  std::vector<long> out;
  const std::string v = version.substr(0, version.find('+'));
  size_t i = 0;
  while (i < v.size() && std::isdigit(static_cast<unsigned char>(v[i]))) {
    long n = 0;
    while (i < v.size() && std::isdigit(static_cast<unsigned char>(v[i]))) n = n * 10 + (v[i++] - '0');
    out.push_back(n);
    if (i + 1 < v.size() && v[i] == '.' && std::isdigit(static_cast<unsigned char>(v[i + 1]))) ++i;
    else break;
  }
  return out;
}

int CompareVersions(const std::vector<long>& a, const std::vector<long>& b) {
  for (size_t i = 0; i < std::max(a.size(), b.size()); ++i) {
    const long x = i < a.size() ? a[i] : 0, y = i < b.size() ? b[i] : 0;
    if (x != y) return x < y ? -1 : 1;
  }
  return 0;
}

absl::StatusOr<EngineSelector> EngineSelector::Parse(const std::string& text) {
  EngineSelector s;
  s.text_ = text;
  for (absl::string_view alt : absl::StrSplit(text, '|')) {
    Alternative a;
    const size_t at = alt.find('@');
    a.kind_glob = std::string(alt.substr(0, at));
    if (a.kind_glob.empty())
      return absl::InvalidArgumentError(absl::StrCat("\"", text, "\": a kind before '@' (cpp, java*, ...)"));
    if (at != absl::string_view::npos) {
      for (absl::string_view c : absl::StrSplit(alt.substr(at + 1), ',')) {
        Constraint k;
        for (const char* op : {">=", "<=", "!=", ">", "<", "="}) {
          if (absl::ConsumePrefix(&c, op)) {
            k.op = op;
            break;
          }
        }
        k.version = std::string(absl::StripAsciiWhitespace(c));
        if (k.version.empty())
          return absl::InvalidArgumentError(absl::StrCat("\"", text, "\": a version after '@", k.op, "'"));
        if (!k.op.empty() && k.op != "=" && k.op != "!=" && VersionNumbers(k.version).empty())
          return absl::InvalidArgumentError(
              absl::StrCat("\"", text, "\": ", k.op, " compares release numbers, got \"", k.version, "\""));
        a.constraints.push_back(std::move(k));
      }
    }
    s.alternatives_.push_back(std::move(a));
  }
  return s;
}

bool EngineSelector::Matches(const std::string& engine_name) const {
  const size_t at = engine_name.find('@');
  const std::string kind = engine_name.substr(0, at);
  const std::string version = at == std::string::npos ? "" : engine_name.substr(at + 1);
  const std::vector<long> numbers = VersionNumbers(version);
  for (const Alternative& a : alternatives_) {
    if (!GlobMatch(a.kind_glob, kind)) continue;
    bool all = true;
    for (const Constraint& c : a.constraints) {
      bool holds;
      if (c.op.empty()) {
        holds = GlobMatch(c.version, version) || GlobMatch(c.version, version.substr(0, version.find('+')));
      } else if (c.op == "=" || c.op == "!=") {
        const bool same = numbers.empty() || VersionNumbers(c.version).empty()
                              ? version.substr(0, version.find('+')) == c.version
                              : CompareVersions(numbers, VersionNumbers(c.version)) == 0;
        holds = (c.op == "=") == same;
      } else if (numbers.empty()) {
        holds = false;  // "master" is no release: it is neither before nor after one
      } else {
        const int cmp = CompareVersions(numbers, VersionNumbers(c.version));
        holds = c.op == "<" ? cmp < 0 : c.op == "<=" ? cmp <= 0 : c.op == ">" ? cmp > 0 : cmp >= 0;
      }
      all = all && holds;
    }
    if (all) return true;
  }
  return false;
}

}  // namespace dsconform
