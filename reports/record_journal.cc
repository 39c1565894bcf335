#include "reports/record_journal.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <set>

#include "absl/strings/strip.h"
#include "absl/strings/str_cat.h"

namespace dsconform {
namespace {

constexpr const char* kCommitKey = "finished_cases";
constexpr const char* kEndKey = "journal_bytes";

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

// One commit line: its cases, and the journal's length with their records.
struct Commit {
  std::set<int64_t> cases;
  int64_t journal_bytes = 0;
};

bool ParseCommit(const std::string& line, Commit* c) {
  const nlohmann::json j = nlohmann::json::parse(line, nullptr, /*allow_exceptions=*/false);
  if (!j.is_object() || j.size() != 2 || !j.contains(kCommitKey) || !j[kCommitKey].is_array() ||
      !j.contains(kEndKey) || !j[kEndKey].is_number_integer())
    return false;
  for (const auto& e : j[kCommitKey]) {
    if (!e.is_number_integer()) return false;
    c->cases.insert(e.get<int64_t>());
  }
  c->journal_bytes = j[kEndKey].get<int64_t>();
  return c->cases.size() == j[kCommitKey].size();
}

}  // namespace

std::string RecordJournal::CommitsPath(const std::string& path) {
  constexpr absl::string_view kSuffix = ".jsonl";
  absl::string_view stem = path;
  absl::ConsumeSuffix(&stem, kSuffix);
  return absl::StrCat(stem, ".commits", kSuffix);
}

absl::StatusOr<std::unique_ptr<RecordJournal>> RecordJournal::Open(const std::string& path, const RecordLines* kept) {
  int fds[2] = {-1, -1};
  const std::string paths[2] = {path, CommitsPath(path)};
  const int64_t keep[2] = {kept ? kept->kept_bytes : 0, kept ? kept->kept_commit_bytes : 0};
  for (int i = 0; i < 2; ++i) {
    fds[i] = ::open(paths[i].c_str(), O_WRONLY | O_CREAT | O_CLOEXEC | (kept ? 0 : O_TRUNC), 0644);
    int e = fds[i] < 0 ? errno : 0;
    if (e == 0 && kept && ::ftruncate(fds[i], keep[i]) != 0) e = errno;
    if (e != 0) {
      for (int fd : fds)
        if (fd >= 0) ::close(fd);
      return ErrnoError(fds[i] < 0 ? "cannot open" : "cannot cut back", paths[i], e);
    }
  }
  return std::unique_ptr<RecordJournal>(new RecordJournal(path, fds[0], keep[0], fds[1], keep[1]));
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

  std::lock_guard<std::mutex> lock(mu_);
  if (fd_ < 0) return absl::FailedPreconditionError(absl::StrCat("write to closed ", path_));
  const int64_t batch_end = end_ + static_cast<int64_t>(batch.size());
  const std::string commit = nlohmann::json{{kCommitKey, cases}, {kEndKey, batch_end}}.dump() + "\n";
  int err = 0;
  const bool written = WriteAllAt(fd_, batch.data(), batch.size(), end_, &err) &&
                       WriteAllAt(commits_fd_, commit.data(), commit.size(), commits_end_, &err);
  if (!written) {
    // Cut back, so that the next batch does not follow half of this one (disk full).
    absl::Status st = ErrnoError("cannot write", path_, err);
    if (::ftruncate(fd_, end_) != 0 || ::ftruncate(commits_fd_, commits_end_) != 0)
      st = absl::DataLossError(absl::StrCat(st.message(), "; a partial batch may remain at its end"));
    return st;
  }
  for (RecordLine& l : placed) {
    l.offset += end_;
    lines->push_back(l);
  }
  end_ = batch_end;
  commits_end_ += static_cast<int64_t>(commit.size());
  return absl::OkStatus();
}

int64_t RecordJournal::bytes() const {
  std::lock_guard<std::mutex> lock(mu_);
  return end_;
}

absl::Status RecordJournal::Close() {
  std::lock_guard<std::mutex> lock(mu_);
  if (fd_ < 0) return absl::OkStatus();
  const int rc = ::close(fd_), e = errno;
  const int commits_rc = ::close(commits_fd_), commits_e = errno;
  fd_ = commits_fd_ = -1;
  if (rc != 0) return ErrnoError("cannot close", path_, e);
  if (commits_rc != 0) return ErrnoError("cannot close", CommitsPath(path_), commits_e);
  return absl::OkStatus();
}

absl::Status RecordJournal::RenameTo(const std::string& records_path) {
  if (auto st = Close(); !st.ok()) return st;
  if (std::rename(path_.c_str(), records_path.c_str()) != 0)
    return ErrnoError(absl::StrCat("cannot rename ", path_, " to"), records_path, errno);
  return Remove();
}

absl::Status RecordJournal::Remove() {
  for (const std::string& p : {path_, CommitsPath(path_)})
    if (std::remove(p.c_str()) != 0 && errno != ENOENT) return ErrnoError("cannot remove", p, errno);
  return absl::OkStatus();
}

absl::StatusOr<RecordLines> ReadRecordJournal(const std::string& path, const TruthKinds& truth_kinds,
                                              bool keep_records) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return absl::NotFoundError(absl::StrCat("cannot open ", path, ": ", std::strerror(errno)));
  std::ifstream commits(RecordJournal::CommitsPath(path), std::ios::binary);  // none: nothing committed
  RecordLines out;
  std::string commit_line, line;
  int64_t offset = 0;
  bool whole = true;  // every record line so far read whole
  while (whole && commits && std::getline(commits, commit_line)) {
    Commit c;
    if (commits.eof() || !ParseCommit(commit_line, &c) || c.journal_bytes < offset) break;  // eof: cut short
    // The records up to journal_bytes must be of these cases, and these cases new.
    RecordLines batch;
    while (offset < c.journal_bytes && std::getline(in, line)) {
      const int64_t length = static_cast<int64_t>(line.size()) + 1;
      Record r;
      whole = !in.eof() && offset + length <= c.journal_bytes && ParseRecordLine(line, &r, truth_kinds).empty() &&
              c.cases.count(r.index) > 0;
      if (!whole) break;
      batch.lines.push_back({r.index, offset, length});
      if (keep_records) batch.records.push_back(std::move(r));
      offset += length;
    }
    bool belongs = whole && offset == c.journal_bytes;
    for (int64_t k : c.cases) belongs = belongs && out.cases.count(k) == 0;
    if (!belongs) break;
    out.lines.insert(out.lines.end(), batch.lines.begin(), batch.lines.end());
    for (Record& r : batch.records) out.records.push_back(std::move(r));
    out.cases.insert(c.cases.begin(), c.cases.end());
    out.kept_bytes = offset;
    out.kept_commit_bytes += static_cast<int64_t>(commit_line.size()) + 1;
  }
  if (in.bad() || commits.bad()) return absl::UnavailableError(absl::StrCat("cannot read ", path));
  struct stat st;
  if (::stat(path.c_str(), &st) == 0) out.dropped_bytes = static_cast<int64_t>(st.st_size) - out.kept_bytes;
  return out;
}

}  // namespace dsconform
