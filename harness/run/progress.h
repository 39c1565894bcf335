#ifndef DSCONFORM_HARNESS_RUN_PROGRESS_H_
#define DSCONFORM_HARNESS_RUN_PROGRESS_H_

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <mutex>

namespace dsconform {

// Cases done of total, rate and time left. On a terminal one line redrawn in
// place; otherwise (CI logs) a plain line every `plain_interval`.
class Progress {
 public:
  enum class Style { kNone, kTerminal, kPlain };
  Progress(int64_t total, Style style, std::FILE* out = stderr,
           std::chrono::seconds plain_interval = std::chrono::seconds(10));
  static Style Detect(std::FILE* out);

  void Update(int64_t done);
  void Finish(int64_t done);

 private:
  void Print(int64_t done, bool final);

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
