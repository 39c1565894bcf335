#ifndef DSCONFORM_REPORTS_JSONL_WRITER_H_
#define DSCONFORM_REPORTS_JSONL_WRITER_H_

#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "harness/record/record.h"
#include "harness/truth/truth_kind.h"

namespace dsconform {

// records.jsonl: one AppendRecordLine line per record, written record by record
// (`merge`; a run keeps its records in a journal as batches finish and writes
// records.jsonl from it, reports/record_journal.h).
class JsonlWriter {
 public:
  enum class Mode {
    kTruncate,  // a new run
    kAppend,    // --resume: keep the records already there
  };
  static constexpr const char* kFileName = "records.jsonl";

  // Opens <dir>/records.jsonl, creating `dir` if needed. In kAppend mode an
  // unterminated last line (a record cut short by a kill) is cut off first, so
  // the next record starts on a line of its own; the resumed run redoes that
  // case, since ReadRecordsJsonl never returned it.
  static absl::StatusOr<std::unique_ptr<JsonlWriter>> Open(const std::string& dir, Mode mode);

  JsonlWriter(const JsonlWriter&) = delete;
  JsonlWriter& operator=(const JsonlWriter&) = delete;
  ~JsonlWriter();

  // Thread-safe (one writer object per file, in one process). Writes the
  // record as one line under a lock, so lines from workers never interleave;
  // once it returns the line is in the kernel and survives the process being
  // killed (no fsync: a power loss is not what this guards against). A failed
  // write is cut back off the file. Strings that are not UTF-8 are written
  // with U+FFFD in place of the bad bytes rather than failing.
  absl::Status Write(const Record& r);

  // Closes the file; later writes fail. The destructor closes too.
  absl::Status Close();

  const std::string& path() const { return path_; }
  int64_t records_written() const;
  // Bytes of an unterminated last line removed by Open in kAppend mode.
  int64_t dropped_partial_bytes() const { return dropped_partial_bytes_; }

 private:
  JsonlWriter(std::string path, int fd, int64_t dropped);

  const std::string path_;
  const int64_t dropped_partial_bytes_;
  mutable std::mutex mu_;
  int fd_;                     // guarded by mu_; -1 once closed
  int64_t records_written_ = 0;  // guarded by mu_
};

// What ReadRecordsJsonl tolerated rather than failed on.
struct JsonlReadWarnings {
  int64_t count = 0;
  std::vector<std::string> messages;  // "path:line: reason"
};

// Reads records.jsonl. A malformed line fails the read with "path:line:
// reason". An unterminated last line that does not parse is what a killed
// run leaves: it is skipped and counted in `warnings` (when given). The
// samples of `truth_kinds` are read back (RecordFromJson).
absl::StatusOr<std::vector<Record>> ReadRecordsJsonl(const std::string& path, JsonlReadWarnings* warnings = nullptr,
                                                     const TruthKinds& truth_kinds = {});

}  // namespace dsconform

#endif  // DSCONFORM_REPORTS_JSONL_WRITER_H_
