#include "harness/case/glob_match.h"

namespace dsconform {
namespace {

bool CharMatches(char p, char t) { return p == '?' || p == t; }

}  // namespace

bool GlobMatch(const std::string& pattern, const std::string& text) {
  // The literal head before the first '*' and tail after the last one must match the text's ends:
  // checked first, as most fields a rule is tried on fail at an end ("*.compact" against
  // "a.frequent_nfn[12].estimate"), and then only the middle needs the search below.
  const size_t first_star = pattern.find('*');
  if (first_star == std::string::npos) {
    if (pattern.size() != text.size()) return false;
    for (size_t i = 0; i < text.size(); ++i)
      if (!CharMatches(pattern[i], text[i])) return false;
    return true;
  }
  const size_t last_star = pattern.rfind('*');
  const size_t tail = pattern.size() - last_star - 1;
  if (first_star + tail > text.size()) return false;
  for (size_t i = 0; i < first_star; ++i)
    if (!CharMatches(pattern[i], text[i])) return false;
  for (size_t i = 1; i <= tail; ++i)
    if (!CharMatches(pattern[pattern.size() - i], text[text.size() - i])) return false;

  // The middle, pattern[first_star, last_star] against text[first_star, text.size() - tail): a
  // '*' of the pattern is a wildcard even where the text has a '*' (Go's "*errors.errorString").
  const size_t p_end = last_star + 1, t_end = text.size() - tail;
  size_t p = first_star, t = first_star, star = std::string::npos, mark = 0;
  while (t < t_end) {
    if (p < p_end && pattern[p] == '*') {
      star = p++;
      mark = t;
    } else if (p < p_end && CharMatches(pattern[p], text[t])) {
      ++p;
      ++t;
    } else if (star != std::string::npos) {
      p = star + 1;
      t = ++mark;
    } else {
      return false;
    }
  }
  while (p < p_end && pattern[p] == '*') ++p;
  return p == p_end;
}

}  // namespace dsconform
