#ifndef DSCONFORM_HARNESS_BENCH_PEAK_MEMORY_H_
#define DSCONFORM_HARNESS_BENCH_PEAK_MEMORY_H_

#include <cstdint>

#include "absl/strings/string_view.h"

namespace dsconform {

// This process's resident memory, for `dsconform bench` and a run's run_info.json; -1 where unknown.
struct ProcessMemory {
  int64_t peak_rss_bytes = -1;  // VmHWM: the high-water mark since the process started or the last ResetPeakRss
  int64_t rss_bytes = -1;       // VmRSS: now
};

// The value of a "Key:   1234 kB" line of /proc/<pid>/status text, in bytes; -1 when the key is
// absent or its line is not in that form.
int64_t StatusFieldBytes(absl::string_view status_text, absl::string_view key);

// VmHWM and VmRSS from /proc/self/status; without /proc, the peak from getrusage (ru_maxrss).
ProcessMemory ReadProcessMemory();

// Starts the high-water mark afresh at the current RSS (writes 5 to /proc/self/clear_refs), so
// that the next ReadProcessMemory gives the peak of what ran in between. False when the kernel
// does not allow it; peaks are then the process's since it started.
bool ResetPeakRss();

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_BENCH_PEAK_MEMORY_H_
