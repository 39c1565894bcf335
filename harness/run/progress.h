#ifndef DSCONFORM_HARNESS_RUN_PROGRESS_H_
#define DSCONFORM_HARNESS_RUN_PROGRESS_H_

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <mutex>

namespace dsconform {

// Cases done of total, the share of the work done, and time left. The time left
// comes from the work (about the items run), not the cases: a run takes its
// largest batches first, so its first cases are its slowest. On a terminal one
// line redrawn in place; otherwise (CI logs) a plain line every `plain_interval`.
class Progress {
 public:
  enum class Style { kNone, kTerminal, kPlain };
  Progress(int64_t total, Style style, std::FILE* out = stderr,
           std::chrono::seconds plain_interval = std::chrono::seconds(10));
  static Style Detect(std::FILE* out);

  // `work_done` is the share (0 to 1) of the run's work done with those cases.
  void Update(int64_t done, double work_done);
  void Finish(int64_t done);

 private:
  void Print(int64_t done, double work_done, bool final);

  const int64_t total_;
  const Style style_;
  std::FILE* out_;
  const std::chrono::seconds interval_;
  const std::chrono::steady_clock::time_point start_;
  std::chrono::steady_clock::time_point last_;
  std::mutex mu_;
};

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_RUN_PROGRESS_H_
