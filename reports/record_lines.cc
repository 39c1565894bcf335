#include "reports/record_lines.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>

#include "absl/strings/str_cat.h"
#include "harness/record/record_line_reader.h"

namespace dsconform {
namespace {

absl::Status ErrnoError(absl::string_view what, const std::string& path, int err) {
  return absl::UnavailableError(absl::StrCat(what, " ", path, ": ", std::strerror(err)));
}

// Closes a file descriptor when it goes out of scope.
struct Fd {
  int fd = -1;
  ~Fd() {
    if (fd >= 0) ::close(fd);
  }
};

// Reads `size` bytes at `offset`, or fails.
bool ReadAt(int fd, int64_t offset, char* out, size_t size) {
  while (size > 0) {
    const ssize_t n = ::pread(fd, out, size, offset);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    out += n;
    offset += n;
    size -= static_cast<size_t>(n);
  }
  return true;
}

bool WriteAll(int fd, const char* data, size_t size) {
  while (size > 0) {
    const ssize_t n = ::write(fd, data, size);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return false;
    data += n;
    size -= static_cast<size_t>(n);
  }
  return true;
}

}  // namespace

bool TrimRecordLine(std::string* line) {
  if (!line->empty() && line->back() == '\r') line->pop_back();
  return line->find_first_not_of(" \t") != std::string::npos;
}

std::string ParseRecordLine(const std::string& line, Record* r, const TruthKinds& truth_kinds) {
  if (ReadRecordLineAsWritten(line, r, truth_kinds)) return "";
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(line);
  } catch (const nlohmann::json::exception& e) {  // syntax, or a number past a double
    return absl::StrCat("not valid JSON (", e.what(), ")");
  }
  if (!j.is_object()) return "not a JSON object";
  std::string error;
  if (!RecordFromJson(j, r, &error, truth_kinds)) return absl::StrCat("not a record: ", error);
  return "";
}

absl::StatusOr<RecordLines> ReadRecordLines(const std::string& path, const TruthKinds& truth_kinds,
                                            bool keep_records) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return absl::NotFoundError(absl::StrCat("cannot open ", path, ": ", std::strerror(errno)));
  RecordLines out;
  std::string line;
  int64_t offset = 0;
  for (int64_t line_no = 1; std::getline(in, line); ++line_no) {
    const bool terminated = !in.eof();
    const int64_t length = static_cast<int64_t>(line.size()) + (terminated ? 1 : 0);
    const bool blank = !TrimRecordLine(&line);
    if (!terminated) {  // a write cut short: only the very last line can be
      out.dropped_bytes = length;
      break;
    }
    if (!blank) {
      Record r;
      if (const std::string why = ParseRecordLine(line, &r, truth_kinds); !why.empty())
        return absl::DataLossError(absl::StrCat(path, ":", line_no, ": ", why));
      out.cases.insert(r.index);
      out.lines.push_back({r.index, offset, length});
      if (keep_records) out.records.push_back(std::move(r));
    }
    offset += length;
    out.kept_bytes = offset;
  }
  // records.jsonl is written whole (WriteRecordLinesInCaseOrder); one cut short was written record by
  // record in case order by an earlier dsconform, so its last case may lack records: dropped too.
  if (out.dropped_bytes > 0 && !out.lines.empty()) {
    const int64_t last = out.lines.back().index;
    while (!out.lines.empty() && out.lines.back().index == last) {
      out.dropped_bytes += out.lines.back().length;
      if (!out.records.empty()) out.records.pop_back();
      out.lines.pop_back();
    }
    out.cases.erase(last);
  }
  if (in.bad()) return absl::UnavailableError(absl::StrCat("cannot read ", path));
  return out;
}

bool LinesFillFileInCaseOrder(const std::vector<RecordLine>& lines, int64_t file_bytes) {
  int64_t end = 0;
  for (size_t i = 0; i < lines.size(); ++i) {
    if (lines[i].offset != end || (i > 0 && lines[i].index < lines[i - 1].index)) return false;
    end += lines[i].length;
  }
  return end == file_bytes;
}

absl::Status WriteRecordLinesInCaseOrder(const std::string& out, const std::vector<RecordLineSource>& sources) {
  struct Piece {
    int64_t index;
    size_t source;
    const RecordLine* line;
  };
  std::vector<Piece> pieces;
  size_t total = 0;
  for (const RecordLineSource& source : sources) total += source.lines.size();
  pieces.reserve(total);
  for (size_t s = 0; s < sources.size(); ++s)
    for (const RecordLine& l : sources[s].lines) pieces.push_back({l.index, s, &l});
  std::stable_sort(pieces.begin(), pieces.end(), [](const Piece& a, const Piece& b) { return a.index < b.index; });
  for (size_t i = 1; i < pieces.size(); ++i)
    if (pieces[i].index == pieces[i - 1].index && pieces[i].source != pieces[i - 1].source)
      return absl::InvalidArgumentError(absl::StrCat("case ", pieces[i].index, " is in both ",
                                                     sources[pieces[i - 1].source].path, " and ",
                                                     sources[pieces[i].source].path));

  std::vector<Fd> in(sources.size());
  for (size_t s = 0; s < sources.size(); ++s) {
    if (sources[s].lines.empty()) continue;
    in[s].fd = ::open(sources[s].path.c_str(), O_RDONLY | O_CLOEXEC);
    if (in[s].fd < 0) return ErrnoError("cannot open", sources[s].path, errno);
  }
  const std::string tmp = out + ".tmp";
  Fd dst{::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644)};
  if (dst.fd < 0) return ErrnoError("cannot create", tmp, errno);
  std::string buffer;
  constexpr size_t kFlushBytes = size_t{4} << 20;
  for (size_t i = 0; i < pieces.size();) {
    // Lines that follow each other in one source (a case's lines; one worker's batches) are one
    // read, up to the flush size: a file copied whole (one shard merged) is not read whole at once.
    const size_t s = pieces[i].source;
    const int64_t begin = pieces[i].line->offset;
    int64_t end = begin + pieces[i].line->length;
    for (++i; i < pieces.size() && pieces[i].source == s && pieces[i].line->offset == end &&
              end - begin < static_cast<int64_t>(kFlushBytes);
         ++i)
      end += pieces[i].line->length;
    const size_t at = buffer.size();
    buffer.resize(at + static_cast<size_t>(end - begin));
    if (!ReadAt(in[s].fd, begin, buffer.data() + at, static_cast<size_t>(end - begin))) {
      const int e = errno;
      std::remove(tmp.c_str());
      return ErrnoError("cannot read", sources[s].path, e != 0 ? e : EIO);
    }
    if (buffer.size() >= kFlushBytes || i == pieces.size()) {
      if (!WriteAll(dst.fd, buffer.data(), buffer.size())) {
        const int e = errno;
        std::remove(tmp.c_str());
        return ErrnoError("cannot write", tmp, e);
      }
      buffer.clear();
    }
  }
  const int rc = ::close(dst.fd);
  dst.fd = -1;
  if (rc != 0) {
    const int e = errno;
    std::remove(tmp.c_str());
    return ErrnoError("cannot close", tmp, e);
  }
  if (std::rename(tmp.c_str(), out.c_str()) != 0) {
    const int e = errno;
    std::remove(tmp.c_str());
    return ErrnoError(absl::StrCat("cannot rename ", tmp, " to"), out, e);
  }
  return absl::OkStatus();
}

}  // namespace dsconform
