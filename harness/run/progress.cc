#include "harness/run/progress.h"

#include <unistd.h>

namespace dsconform {

Progress::Progress(int64_t total, Style style, std::FILE* out, std::chrono::seconds plain_interval)
    : total_(total), style_(style), out_(out), interval_(plain_interval), start_(std::chrono::steady_clock::now()),
      last_(start_) {}

Progress::Style Progress::Detect(std::FILE* out) { return isatty(fileno(out)) ? Style::kTerminal : Style::kPlain; }

void Progress::Update(int64_t done, double work_done) {
  std::lock_guard<std::mutex> lock(mu_);
  const auto now = std::chrono::steady_clock::now();
  if (style_ == Style::kNone) return;
  if (style_ == Style::kPlain && now - last_ < interval_) return;
  if (style_ == Style::kTerminal && now - last_ < std::chrono::milliseconds(200)) return;
  last_ = now;
  Print(done, work_done, false);
}

void Progress::Finish(int64_t done) {
  std::lock_guard<std::mutex> lock(mu_);
  if (style_ != Style::kNone) Print(done, 1.0, true);
}

void Progress::Print(int64_t done, double work_done, bool final) {
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  const double rate = seconds > 0 ? done / seconds : 0;
  const double left = work_done > 0 ? seconds * (1 - work_done) / work_done : 0;
  const char* lead = style_ == Style::kTerminal ? "\r\033[K" : "";
  if (final) {
    std::fprintf(out_, "%s%lld/%lld cases in %.1f s (%.0f cases/s)\n", lead, static_cast<long long>(done),
                 static_cast<long long>(total_), seconds, rate);
  } else {
    std::fprintf(out_, "%s%lld/%lld cases, %.0f%% of the work, about %.0f s left%s", lead,
                 static_cast<long long>(done), static_cast<long long>(total_), 100.0 * work_done, left,
                 style_ == Style::kTerminal ? "" : "\n");
  }
  std::fflush(out_);
}

}  // namespace dsconform
