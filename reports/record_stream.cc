#include "reports/record_stream.h"

#include <algorithm>
#include <tuple>
#include <vector>

#include "absl/strings/str_cat.h"
#include "harness/case/slices.h"
#include "harness/record/line_reader.h"
#include "reports/record_lines.h"

namespace dsconform {
namespace {

// Lines parsed together, half on a thread of their own: parsing the JSON is most of the time the
// summaries take, and the run's workers are done by then.
constexpr size_t kChunkBytes = size_t{4} << 20;
// The text a thread is worth: 256 short records, or one of a Frequent items run's (64 KiB on
// average, up to 4 MiB: a chunk of them is a few dozen lines).
constexpr size_t kSliceBytes = size_t{256} << 10;

struct ParsedLine {
  int64_t line_no = 0;
  std::string text;
  Record record;
  std::string why;  // why the line is not a record; empty when it is
};

void ParseLines(std::vector<ParsedLine>& lines, size_t begin, size_t end, const TruthKinds& truth_kinds) {
  for (size_t i = begin; i < end; ++i) {
    lines[i].why = ParseRecordLine(lines[i].text, &lines[i].record, truth_kinds);
    lines[i].text = std::string();
  }
}

// Fills `chunk` with the next non-blank lines, about kChunkBytes of them (`bytes`); false when
// none are left.
bool ReadChunk(LineReader& reader, int64_t& line_no, std::vector<ParsedLine>& chunk, size_t& bytes) {
  chunk.clear();
  bytes = 0;
  std::string line;
  while (bytes < kChunkBytes && reader.Next(&line)) {
    ++line_no;
    if (!TrimRecordLine(&line)) continue;
    bytes += line.size();
    chunk.push_back({line_no, std::move(line), Record(), ""});
    line = std::string();
  }
  return !chunk.empty();
}

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
    std::vector<ParsedLine> chunk;
    size_t bytes = 0;
    for (int64_t line_no = 0; ReadChunk(**reader, line_no, chunk, bytes);) {
      const size_t lines_per_slice = std::max<size_t>(1, chunk.size() * kSliceBytes / std::max<size_t>(1, bytes));
      ForEachSlice(chunk.size(), lines_per_slice,
                   [&](size_t begin, size_t end) { ParseLines(chunk, begin, end, truth_kinds); });
      // In line order, so that the first bad line is the one named.
      for (ParsedLine& l : chunk) {
        if (!l.why.empty()) return absl::DataLossError(absl::StrCat(path, ":", l.line_no, ": ", l.why));
        Record& r = l.record;
        if (!one_case.empty() && r.index != one_case.back().index) {
          if (r.index < one_case.back().index)
            return absl::DataLossError(absl::StrCat(path, ":", l.line_no, ": case ", r.index, " comes after case ",
                                                    one_case.back().index, ": the file is not in case order"));
          if (auto st = VisitCase(one_case, visit); !st.ok()) return st;
        }
        one_case.push_back(std::move(r));
      }
    }
    if (!(*reader)->status().ok()) return (*reader)->status();
    return VisitCase(one_case, visit);
  };
}

}  // namespace dsconform
