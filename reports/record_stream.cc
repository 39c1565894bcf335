#include "reports/record_stream.h"

#include <algorithm>
#include <tuple>
#include <vector>

#include "absl/strings/str_cat.h"
#include "harness/record/line_reader.h"
#include "reports/record_lines.h"

namespace dsconform {
namespace {

// One case's records in report order, each to `visit`.
absl::Status VisitCase(std::vector<Record>& records, const RecordVisitor& visit) {
  std::stable_sort(records.begin(), records.end(), [](const Record& a, const Record& b) {
    return std::tie(a.candidate, a.writer, a.case_id) < std::tie(b.candidate, b.writer, b.case_id);
  });
  for (const Record& r : records)
    if (auto st = visit(r); !st.ok()) return st;
  records.clear();
  return absl::OkStatus();
}

}  // namespace

RecordSource RecordsOfFile(const std::string& path, const TruthKinds& truth_kinds) {
  return [path, truth_kinds](const RecordVisitor& visit) -> absl::Status {
    auto reader = LineReader::Open(path);
    if (!reader.ok()) return reader.status();
    std::vector<Record> one_case;
    std::string line;
    for (int64_t line_no = 1; (*reader)->Next(&line); ++line_no) {
      if (!line.empty() && line.back() == '\r') line.pop_back();
      if (line.find_first_not_of(" \t") == std::string::npos) continue;  // as ReadRecordLines
      Record r;
      if (const std::string why = ParseRecordLine(line, &r, truth_kinds); !why.empty())
        return absl::DataLossError(absl::StrCat(path, ":", line_no, ": ", why));
      if (!one_case.empty() && r.index != one_case.back().index) {
        if (r.index < one_case.back().index)
          return absl::DataLossError(absl::StrCat(path, ":", line_no, ": case ", r.index, " comes after case ",
                                                  one_case.back().index, ": the file is not in case order"));
        if (auto st = VisitCase(one_case, visit); !st.ok()) return st;
      }
      one_case.push_back(std::move(r));
    }
    if (!(*reader)->status().ok()) return (*reader)->status();
    return VisitCase(one_case, visit);
  };
}

}  // namespace dsconform
