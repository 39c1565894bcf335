#include "reports/record_journal.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <set>

#include "absl/strings/str_cat.h"

namespace dsconform {
namespace {

constexpr const char* kCommitKey = "finished_cases";

absl::Status ErrnoError(absl::string_view what, const std::string& path, int err) {
  return absl::UnavailableError(absl::StrCat(what, " ", path, ": ", std::strerror(err)));
}

bool WriteAllAt(int fd, const char* data, size_t size, int64_t offset, int* err) {
  while (size > 0) {
    const ssize_t n = ::pwrite(fd, data, size, offset);
    if (n < 0) {
      if (errno == EINTR) continue;
      *err = errno;
      return false;
    }
    data += n;
    offset += n;
    size -= static_cast<size_t>(n);
  }
  return true;
}

}  // namespace

absl::StatusOr<std::unique_ptr<RecordJournal>> RecordJournal::Open(const std::string& path, int64_t keep_bytes) {
  const int flags = O_WRONLY | O_CREAT | O_CLOEXEC | (keep_bytes < 0 ? O_TRUNC : 0);
  const int fd = ::open(path.c_str(), flags, 0644);
  if (fd < 0) return ErrnoError("cannot open", path, errno);
  if (keep_bytes >= 0 && ::ftruncate(fd, keep_bytes) != 0) {
    const int e = errno;
    ::close(fd);
    return ErrnoError("cannot cut back", path, e);
  }
  return std::unique_ptr<RecordJournal>(new RecordJournal(path, fd, std::max<int64_t>(keep_bytes, 0)));
}

RecordJournal::~RecordJournal() { Close().IgnoreError(); }

absl::Status RecordJournal::Append(const std::vector<int64_t>& cases, const std::vector<Record>& records,
                                   std::vector<RecordLine>* lines) {
  std::string batch;
  std::vector<RecordLine> placed;
  for (const Record& r : records) {
    const int64_t at = static_cast<int64_t>(batch.size());
    AppendRecordLine(r, &batch);
    batch.push_back('\n');
    placed.push_back({r.index, at, static_cast<int64_t>(batch.size()) - at});
  }
  batch += nlohmann::json{{kCommitKey, cases}}.dump();
  batch.push_back('\n');

  std::lock_guard<std::mutex> lock(mu_);
  if (fd_ < 0) return absl::FailedPreconditionError(absl::StrCat("write to closed ", path_));
  int err = 0;
  if (!WriteAllAt(fd_, batch.data(), batch.size(), end_, &err)) {
    // Cut back, so that the next batch does not follow half of this one (disk full).
    absl::Status st = ErrnoError("cannot write", path_, err);
    if (::ftruncate(fd_, end_) != 0)
      st = absl::DataLossError(absl::StrCat(st.message(), "; a partial batch may remain at its end"));
    return st;
  }
  for (RecordLine& l : placed) {
    l.offset += end_;
    lines->push_back(l);
  }
  end_ += static_cast<int64_t>(batch.size());
  return absl::OkStatus();
}

absl::Status RecordJournal::Close() {
  std::lock_guard<std::mutex> lock(mu_);
  if (fd_ < 0) return absl::OkStatus();
  const int rc = ::close(fd_);
  fd_ = -1;
  if (rc != 0) return ErrnoError("cannot close", path_, errno);
  return absl::OkStatus();
}

absl::StatusOr<RecordLines> ReadRecordJournal(const std::string& path, const TruthKinds& truth_kinds,
                                              bool keep_records) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return absl::NotFoundError(absl::StrCat("cannot open ", path, ": ", std::strerror(errno)));
  RecordLines out;
  RecordLines pending;  // records since the last commit line
  std::string line;
  int64_t offset = 0;
  while (std::getline(in, line)) {
    if (in.eof()) break;  // unterminated: a write cut short
    const int64_t length = static_cast<int64_t>(line.size()) + 1;
    nlohmann::json j = nlohmann::json::parse(line, nullptr, /*allow_exceptions=*/false);
    if (!j.is_object()) break;
    if (j.contains(kCommitKey)) {
      if (!j[kCommitKey].is_array()) break;
      std::set<int64_t> cases;
      for (const auto& c : j[kCommitKey]) {
        if (!c.is_number_integer()) break;
        cases.insert(c.get<int64_t>());
      }
      if (cases.size() != j[kCommitKey].size()) break;
      // The lines since the last commit must be records of these cases, and these cases new.
      bool belongs = true;
      for (const RecordLine& l : pending.lines) belongs = belongs && cases.count(l.index) > 0;
      for (int64_t c : cases) belongs = belongs && out.cases.count(c) == 0;
      if (!belongs) break;
      out.lines.insert(out.lines.end(), pending.lines.begin(), pending.lines.end());
      for (Record& r : pending.records) out.records.push_back(std::move(r));
      pending = RecordLines();
      out.cases.insert(cases.begin(), cases.end());
      offset += length;
      out.kept_bytes = offset;
      continue;
    }
    Record r;
    std::string error;
    if (!RecordFromJson(j, &r, &error, truth_kinds)) break;
    pending.lines.push_back({r.index, offset, length});
    if (keep_records) pending.records.push_back(std::move(r));
    offset += length;
  }
  if (in.bad()) return absl::UnavailableError(absl::StrCat("cannot read ", path));
  struct stat st;
  if (::stat(path.c_str(), &st) == 0) out.dropped_bytes = static_cast<int64_t>(st.st_size) - out.kept_bytes;
  return out;
}

}  // namespace dsconform
