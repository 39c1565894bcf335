#include "reports/jsonl_writer.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "absl/strings/str_cat.h"
#include "reports/record_lines.h"

namespace dsconform {
namespace {

absl::Status ErrnoError(absl::string_view what, const std::string& path, int err) {
  return absl::UnavailableError(absl::StrCat(what, " ", path, ": ", std::strerror(err)));
}

// Writes all of `data`, retrying short writes and EINTR.
bool WriteAll(int fd, const char* data, size_t size, int* err) {
  while (size > 0) {
    const ssize_t n = ::write(fd, data, size);
    if (n < 0) {
      if (errno == EINTR) continue;
      *err = errno;
      return false;
    }
    data += n;
    size -= static_cast<size_t>(n);
  }
  return true;
}

// Where the last complete line of the file ends (0 if there is none), found by
// reading backwards from the end in blocks.
bool EndOfLastCompleteLine(int fd, off_t size, off_t* end, int* err) {
  char buf[4096];
  off_t pos = size;
  while (pos > 0) {
    const off_t start = pos > static_cast<off_t>(sizeof buf) ? pos - static_cast<off_t>(sizeof buf) : 0;
    const size_t len = static_cast<size_t>(pos - start);
    const ssize_t n = ::pread(fd, buf, len, start);
    if (n != static_cast<ssize_t>(len)) {
      *err = n < 0 ? errno : EIO;
      return false;
    }
    for (size_t i = len; i > 0; --i) {
      if (buf[i - 1] == '\n') {
        *end = start + static_cast<off_t>(i);
        return true;
      }
    }
    pos = start;
  }
  *end = 0;
  return true;
}

}  // namespace

absl::StatusOr<std::unique_ptr<JsonlWriter>> JsonlWriter::Open(const std::string& dir, Mode mode) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) return absl::UnavailableError(absl::StrCat("cannot create directory ", dir, ": ", ec.message()));
  const std::string path = (std::filesystem::path(dir) / kFileName).string();
  const int flags = O_RDWR | O_CREAT | O_CLOEXEC | (mode == Mode::kTruncate ? O_TRUNC : O_APPEND);
  const int fd = ::open(path.c_str(), flags, 0644);
  if (fd < 0) return ErrnoError("cannot open", path, errno);

  int64_t dropped = 0;
  if (mode == Mode::kAppend) {
    struct stat st;
    off_t end = 0;
    int err = 0;
    if (::fstat(fd, &st) != 0) {
      err = errno;
    } else if (EndOfLastCompleteLine(fd, st.st_size, &end, &err) && end < st.st_size &&
               ::ftruncate(fd, end) != 0) {
      err = errno;
    }
    if (err != 0) {
      ::close(fd);
      return ErrnoError("cannot prepare for appending", path, err);
    }
    dropped = st.st_size - end;
  }
  return std::unique_ptr<JsonlWriter>(new JsonlWriter(path, fd, dropped));
}

JsonlWriter::JsonlWriter(std::string path, int fd, int64_t dropped)
    : path_(std::move(path)), dropped_partial_bytes_(dropped), fd_(fd) {}

JsonlWriter::~JsonlWriter() { Close().IgnoreError(); }

absl::Status JsonlWriter::Write(const Record& r) {
  // Serialize outside the lock: workers only wait for each other's write(2).
  std::string line;
  AppendRecordLine(r, &line);
  line.push_back('\n');
  std::lock_guard<std::mutex> lock(mu_);
  if (fd_ < 0) return absl::FailedPreconditionError(absl::StrCat("write to closed ", path_));
  // Where this line starts, so a failed write (disk full) can be undone: the
  // next record must not be glued to half of this one.
  const off_t start = ::lseek(fd_, 0, SEEK_END);
  int err = 0;
  if (!WriteAll(fd_, line.data(), line.size(), &err)) {
    absl::Status st = ErrnoError("cannot write", path_, err);
    if (start < 0 || ::ftruncate(fd_, start) != 0)
      st = absl::DataLossError(absl::StrCat(st.message(), "; a partial line may remain at its end"));
    return st;
  }
  ++records_written_;
  return absl::OkStatus();
}

absl::Status JsonlWriter::Close() {
  std::lock_guard<std::mutex> lock(mu_);
  if (fd_ < 0) return absl::OkStatus();
  const int rc = ::close(fd_);
  fd_ = -1;
  if (rc != 0) return ErrnoError("cannot close", path_, errno);
  return absl::OkStatus();
}

int64_t JsonlWriter::records_written() const {
  std::lock_guard<std::mutex> lock(mu_);
  return records_written_;
}

absl::StatusOr<std::vector<Record>> ReadRecordsJsonl(const std::string& path, JsonlReadWarnings* warnings,
                                                     const TruthKinds& truth_kinds) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return absl::NotFoundError(absl::StrCat("cannot open ", path, ": ", std::strerror(errno)));
  std::stringstream buffer;
  buffer << in.rdbuf();
  if (in.bad()) return absl::UnavailableError(absl::StrCat("cannot read ", path));
  const std::string text = buffer.str();

  std::vector<Record> records;
  size_t pos = 0;
  for (int64_t line_no = 1; pos < text.size(); ++line_no) {
    size_t nl = text.find('\n', pos);
    const bool terminated = nl != std::string::npos;
    if (!terminated) nl = text.size();
    std::string line = text.substr(pos, nl - pos);
    pos = nl + 1;
    if (!TrimRecordLine(&line)) continue;

    Record r;
    const std::string reason = ParseRecordLine(line, &r, truth_kinds);
    if (reason.empty()) {
      records.push_back(std::move(r));
      continue;
    }
    const std::string where = absl::StrCat(path, ":", line_no, ": ");
    if (!terminated) {
      // Only the very last line can be cut short by a kill.
      if (warnings != nullptr) {
        ++warnings->count;
        warnings->messages.push_back(absl::StrCat(where, "ignored a truncated last line (", line.size(),
                                                  " bytes, no newline): ", reason));
      }
      break;
    }
    return absl::DataLossError(absl::StrCat(where, reason));
  }
  return records;
}

}  // namespace dsconform
