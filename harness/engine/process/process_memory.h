#ifndef DSCONFORM_HARNESS_ENGINE_PROCESS_PROCESS_MEMORY_H_
#define DSCONFORM_HARNESS_ENGINE_PROCESS_PROCESS_MEMORY_H_

#include <cstdint>

#include "absl/strings/string_view.h"

namespace dsconform {

// Resident memory of processes: this one's for `dsconform bench` and a run's run_info.json, an
// engine process's for retiring it (process_engine.h).

// This process's resident memory; -1 where unknown.
struct ProcessMemory {
  int64_t peak_rss_bytes = -1;  // VmHWM: the high-water mark since the process started or the last ResetPeakRss
  int64_t rss_bytes = -1;       // VmRSS: now
};

// The value of a "Key:   1234 kB" line of /proc/<pid>/status text, in bytes; -1 when the key is
// absent or its line is not in that form.
int64_t StatusFieldBytes(absl::string_view status_text, absl::string_view key);

// VmHWM and VmRSS from /proc/self/status; without /proc, the peak from getrusage (ru_maxrss).
ProcessMemory ReadProcessMemory();

// Another process's resident memory now (VmRSS of /proc/<pid>/status) in bytes; -1 where unknown.
int64_t ResidentBytesOf(int pid);

// Starts the high-water mark afresh at the current RSS (writes 5 to /proc/self/clear_refs), so
// that the next ReadProcessMemory gives the peak of what ran in between. False when the kernel
// does not allow it; peaks are then the process's since it started.
bool ResetPeakRss();

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_ENGINE_PROCESS_PROCESS_MEMORY_H_
