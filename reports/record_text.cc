#include "reports/record_text.h"

#include "absl/strings/str_cat.h"

namespace dsconform {

std::string Truncated(absl::string_view s, size_t max) {
  if (s.size() <= max) return std::string(s);
  size_t cut = max;
  // Back off at most 3 bytes: a UTF-8 character is at most 4 long, and text
  // that is not UTF-8 must still be cut near `max`.
  for (int k = 0; k < 3 && cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80; ++k) --cut;
  return absl::StrCat(s.substr(0, cut), "…");
}

std::string ShellWord(absl::string_view s) {
  const bool plain = !s.empty() && s.find_first_not_of(
                                       "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                       "0123456789@%+=:,./_-") == absl::string_view::npos;
  if (plain) return std::string(s);
  std::string out = "'";
  for (char c : s) {
    if (c == '\'') out += "'\\''";
    else out.push_back(c);
  }
  out += "'";
  return out;
}

std::string ReproCommand(const Record& r, const RunInfo& info) {
  auto spec = [&](const std::string& name) {
    auto it = info.engine_specs.find(name);
    return it == info.engine_specs.end() ? name : it->second;
  };
  std::string cmd =
      absl::StrCat("dsconform repro --engines ", ShellWord(absl::StrCat(spec(r.reference), ",", spec(r.candidate))));
  if (!r.writer.empty()) absl::StrAppend(&cmd, " --writer ", ShellWord(spec(r.writer)));
  if (!info.case_source.empty()) absl::StrAppend(&cmd, " ", info.case_source);
  // The case id is always quoted, so the command reads the same for every case.
  std::string quoted_case = ShellWord(r.case_id);
  if (quoted_case.empty() || quoted_case.front() != '\'') quoted_case = absl::StrCat("'", quoted_case, "'");
  absl::StrAppend(&cmd, " ", quoted_case);
  return cmd;
}

std::string EnginePair(const Record& r) { return absl::StrCat(r.reference, " -> ", r.candidate); }

std::string DecodedDiffText(const DecodedDiff& d) {
  return absl::StrCat(d.field, ": ", d.reference.empty() ? "(absent)" : d.reference, " vs ",
                      d.candidate.empty() ? "(absent)" : d.candidate);
}

std::string ReferenceText(const FieldDiff& d) {
  return d.missing_in_reference ? "(missing)" : d.reference.Summary();
}

std::string CandidateText(const FieldDiff& d) {
  return d.missing_in_candidate ? "(missing)" : d.candidate.Summary();
}

std::string FieldDiffLine(const FieldDiff& d) {
  std::string line = absl::StrCat(d.field, ": ", ReferenceText(d), " vs ", CandidateText(d));
  // A line stays readable: the first decoded fields, then how many more.
  constexpr size_t kShown = 6;
  for (size_t i = 0; i < d.decoded.size() && i < kShown; ++i) absl::StrAppend(&line, "; ", DecodedDiffText(d.decoded[i]));
  if (d.decoded.size() > kShown) absl::StrAppend(&line, "; +", d.decoded.size() - kShown, " more decoded fields");
  return line;
}

std::string RecordHeadline(const Record& r) {
  switch (r.verdict) {
    case Verdict::kEqual:
      return "";
    case Verdict::kDiffers:
      // Prefer a difference no expectation covers: that is what fails.
      for (const auto& d : r.diffs)
        if (!d.known) return FieldDiffLine(d);
      return r.diffs.empty() ? "differs" : FieldDiffLine(r.diffs.front());
    case Verdict::kKnown:
      return r.diffs.empty() ? absl::StrCat("known difference: ", r.expectation_reason)
                             : FieldDiffLine(r.diffs.front());
    case Verdict::kUnexpectedlyEqual:
      return absl::StrCat("expected difference no longer occurs: ",
                          r.expectation_reason.empty() ? "(no reason given)" : r.expectation_reason,
                          r.expectation_link.empty() ? "" : absl::StrCat(" (", r.expectation_link, ")"));
    case Verdict::kUnsupported:
      return absl::StrCat("not supported: ", r.note);
    case Verdict::kError:
      return r.note.empty() ? "error" : r.note;
  }
  return "";
}

}  // namespace dsconform
