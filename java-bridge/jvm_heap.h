#ifndef DSCONFORM_JAVA_BRIDGE_JVM_HEAP_H_
#define DSCONFORM_JAVA_BRIDGE_JVM_HEAP_H_

#include <cstdint>

#include "absl/status/statusor.h"

namespace dsconform {

// The process JVM's heap as java.lang.management sees it, for `dsconform bench`.
struct JvmHeapUsage {
  // The sum over heap memory pools (eden, survivor, old) of each pool's peak use since the last
  // reset: an upper bound of the heap's peak, since pools peak at different moments.
  int64_t peak_used_bytes = 0;
  int64_t used_bytes = 0;       // now
  int64_t committed_bytes = 0;  // now: what the JVM holds of the operating system's memory
  int64_t max_bytes = 0;        // -Xmx
};

// Reads the heap pools' figures; with `reset_peaks`, then starts their peaks afresh
// (MemoryPoolMXBean.resetPeakUsage), so the next read covers what ran in between. Fails when no
// JVM runs in this process.
absl::StatusOr<JvmHeapUsage> ReadJvmHeapUsage(bool reset_peaks);

}  // namespace dsconform

#endif  // DSCONFORM_JAVA_BRIDGE_JVM_HEAP_H_
