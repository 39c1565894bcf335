#ifndef DSCONFORM_REPORTS_RECORD_JOURNAL_H_
#define DSCONFORM_REPORTS_RECORD_JOURNAL_H_

#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "harness/record/record.h"
#include "harness/truth/truth_kind.h"
#include "reports/record_lines.h"

namespace dsconform {

// records.journal.jsonl: each batch's records, written the moment the batch is finished, in the
// order batches finish (with several workers, the largest first: not case order). A run killed at
// any moment keeps every batch it finished here, and --resume reads them back; records.jsonl is
// made from it when the run ends: the journal itself, renamed, when it is already in case order
// (one worker), else its lines copied in case order. Then it is removed.
//
// A batch is its records, each the very line records.jsonl gets (AppendRecordLine), written in one
// write(2), then a line {"finished_cases":[ordinals],"journal_bytes":N} in records.journal.commits.jsonl
// beside it that commits them: the journal up to N holds them. Records count only once committed,
// so a batch cut short by a kill runs again whole; the commits stay out of the journal so that it is
// nothing but record lines. No fsync: a killed process loses nothing the kernel took; a power loss
// is not what this guards against.
class RecordJournal {
 public:
  static constexpr const char* kFileName = "records.journal.jsonl";
  // The commit lines of the journal at `path`, beside it.
  static std::string CommitsPath(const std::string& path);

  // Creates `path` and its commits afresh, or with `kept` (ReadRecordJournal of the journal there)
  // keeps its committed batches, cuts off what follows, and appends after them.
  static absl::StatusOr<std::unique_ptr<RecordJournal>> Open(const std::string& path,
                                                             const RecordLines* kept = nullptr);

  RecordJournal(const RecordJournal&) = delete;
  RecordJournal& operator=(const RecordJournal&) = delete;
  ~RecordJournal();

  // Appends the records of a finished batch and commits `cases` (the batch's ordinals). Thread-safe;
  // records are serialized before the lock is taken. Appends to `lines` where each record's line
  // went. A failed write is cut back off the file.
  absl::Status Append(const std::vector<int64_t>& cases, const std::vector<Record>& records,
                      std::vector<RecordLine>* lines);

  absl::Status Close();
  const std::string& path() const { return path_; }
  // The journal's length: where the next batch goes.
  int64_t bytes() const;

  // Once closed: the journal becomes `records_path` (rename(2), replacing it), its commits removed.
  // For a journal whose lines are already what records.jsonl is to hold.
  absl::Status RenameTo(const std::string& records_path);
  // Removes the journal and its commits (either may be gone already).
  absl::Status Remove();

 private:
  RecordJournal(std::string path, int fd, int64_t end, int commits_fd, int64_t commits_end)
      : path_(std::move(path)), fd_(fd), end_(end), commits_fd_(commits_fd), commits_end_(commits_end) {}
  const std::string path_;
  mutable std::mutex mu_;
  int fd_;               // guarded by mu_; -1 once closed
  int64_t end_;          // guarded by mu_: where the next batch goes
  int commits_fd_;       // guarded by mu_; -1 once closed
  int64_t commits_end_;  // guarded by mu_: where the next commit line goes
};

// The committed batches of a journal: records and lines of the cases of every commit line up to
// the first commit line cut short or not of the records before it (kept_bytes of the journal,
// kept_commit_bytes of its commits); what follows is dropped (dropped_bytes: the journal's). A
// journal without its commits (an earlier dsconform's) keeps nothing. The samples of `truth_kinds`
// are read back (ParseRecordLine). Without `keep_records`, only the lines and cases: a resumed run
// does not hold the records it resumes from.
absl::StatusOr<RecordLines> ReadRecordJournal(const std::string& path, const TruthKinds& truth_kinds = {},
                                              bool keep_records = true);

}  // namespace dsconform

#endif  // DSCONFORM_REPORTS_RECORD_JOURNAL_H_
