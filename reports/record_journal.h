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
// written in case order from it when the run ends, and then it is removed.
//
// A batch is one write(2): its records, each the very line records.jsonl gets (AppendRecordLine), then
// a line {"finished_cases":[ordinals]} that commits them. Records count only once committed, so a
// batch cut short by a kill runs again whole. No fsync: a killed process loses nothing the kernel
// took; a power loss is not what this guards against.
class RecordJournal {
 public:
  static constexpr const char* kFileName = "records.journal.jsonl";

  // Creates `path` afresh, or with `keep_bytes` >= 0 (RecordLines::kept_bytes of the journal
  // there) keeps its committed batches, cuts off what follows, and appends after them.
  static absl::StatusOr<std::unique_ptr<RecordJournal>> Open(const std::string& path, int64_t keep_bytes = -1);

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

 private:
  RecordJournal(std::string path, int fd, int64_t end) : path_(std::move(path)), fd_(fd), end_(end) {}
  const std::string path_;
  std::mutex mu_;
  int fd_;       // guarded by mu_; -1 once closed
  int64_t end_;  // guarded by mu_: where the next batch goes
};

// The committed batches of a journal: records and lines of the cases of every commit line up to
// the first line that is cut short or does not belong (kept_bytes); what follows is dropped. The
// samples of `truth_kinds` are read back (RecordFromJson). Without `keep_records`, only the lines
// and cases: a resumed run does not hold the records it resumes from.
absl::StatusOr<RecordLines> ReadRecordJournal(const std::string& path, const TruthKinds& truth_kinds = {},
                                              bool keep_records = true);

}  // namespace dsconform

#endif  // DSCONFORM_REPORTS_RECORD_JOURNAL_H_
