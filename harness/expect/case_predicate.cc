#include "harness/expect/case_predicate.h"

#include <cstdlib>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "harness/case/glob_match.h"

namespace dsconform {
namespace {

bool ParseNumber(const std::string& s, double* out) {
  if (s.empty()) return false;
  char* end = nullptr;
  *out = std::strtod(s.c_str(), &end);
  return end == s.c_str() + s.size();
}

}  // namespace

absl::StatusOr<CasePredicate> CasePredicate::Parse(const std::string& text) {
  CasePredicate p;
  p.text_ = text;
  const std::vector<std::string> words = absl::StrSplit(text, ' ', absl::SkipWhitespace());
  auto bad = [&](const std::string& why) {
    return absl::InvalidArgumentError(absl::StrCat("\"", text, "\": ", why));
  };
  if (words.size() == 2 && words[0] == "has") {
    p.op_ = "has";
    p.key_ = words[1];
    return p;
  }
  if (words.size() != 3)
    return bad("expected \"KEY OP VALUE\" (lgk >= 13, gen = byte_*, item in double,float) or \"has KEY\"");
  p.key_ = words[0];
  p.op_ = words[1];
  if (p.op_ == "in") {
    p.operands_ = absl::StrSplit(words[2], ',', absl::SkipEmpty());
  } else if (p.op_ == "=" || p.op_ == "!=") {
    p.operands_ = {words[2]};
  } else if (p.op_ == "<" || p.op_ == "<=" || p.op_ == ">" || p.op_ == ">=") {
    if (!ParseNumber(words[2], &p.number_)) return bad(absl::StrCat(p.op_, " compares numbers, got \"", words[2], "\""));
  } else {
    return bad(absl::StrCat("unknown operator \"", p.op_, "\" (use <, <=, >, >=, =, !=, in, has)"));
  }
  return p;
}

bool CasePredicate::Holds(const CaseParams& params) const {
  if (op_ == "has") {
    // A glob over the key ("has level[*]"): a fuzz mutant names the field it damaged, index and all.
    if (params.values.count(key_) > 0 || params.bare.count(key_) > 0) return true;
    if (key_.find_first_of("*?") == std::string::npos) return false;
    for (const auto& [key, value] : params.values)
      if (GlobMatch(key_, key)) return true;
    for (const std::string& bare : params.bare)
      if (GlobMatch(key_, bare)) return true;
    return false;
  }
  const auto it = params.values.find(key_);
  if (it == params.values.end()) return true;  // not this case's parameter: the shape decides
  if (op_ == "!=") return !GlobMatch(operands_[0], it->second);
  for (absl::string_view e : absl::StrSplit(it->second, ',')) {
    const std::string element(e);
    if (op_ == "=" && GlobMatch(operands_[0], element)) return true;
    if (op_ == "in") {
      for (const std::string& o : operands_)
        if (o == element) return true;
    }
    double x;
    if ((op_[0] == '<' || op_[0] == '>') && ParseNumber(element, &x)) {
      const bool holds = op_ == "<" ? x < number_ : op_ == "<=" ? x <= number_ : op_ == ">" ? x > number_ : x >= number_;
      if (holds) return true;
    }
  }
  return false;
}

}  // namespace dsconform
