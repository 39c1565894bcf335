#include "harness/engine/process/process_memory.h"

#include <unistd.h>

#include "gtest/gtest.h"

namespace dsconform {
namespace {

constexpr char kStatus[] =
    "Name:\tdsconform\n"
    "VmPeak:\t 9876543 kB\n"
    "VmHWM:\t  1536000 kB\n"
    "VmRSS:\t   204800 kB\n"
    "Threads:\t12\n";

TEST(StatusFieldBytes, ReadsKibibyteLinesAsBytes) {
  EXPECT_EQ(StatusFieldBytes(kStatus, "VmHWM"), int64_t{1536000} * 1024);
  EXPECT_EQ(StatusFieldBytes(kStatus, "VmRSS"), int64_t{204800} * 1024);
}

TEST(StatusFieldBytes, MissingKeyOrLineWithoutUnitIsMinusOne) {
  EXPECT_EQ(StatusFieldBytes(kStatus, "VmSwap"), -1);
  EXPECT_EQ(StatusFieldBytes(kStatus, "Threads"), -1);  // a count, not a size
  EXPECT_EQ(StatusFieldBytes("", "VmHWM"), -1);
}

TEST(StatusFieldBytes, KeyMustMatchWholeName) {
  // "Vm" is a prefix of every Vm line, not a key of its own.
  EXPECT_EQ(StatusFieldBytes(kStatus, "Vm"), -1);
  EXPECT_EQ(StatusFieldBytes("VmHWMx:\t 5 kB\nVmHWM:\t 7 kB\n", "VmHWM"), 7 * 1024);
}

TEST(ReadProcessMemory, PeakIsAtLeastTheCurrentResidentSize) {
  const ProcessMemory m = ReadProcessMemory();
  ASSERT_GT(m.peak_rss_bytes, 0);
  if (m.rss_bytes > 0) {
    EXPECT_GE(m.peak_rss_bytes, m.rss_bytes);
  }
}

TEST(ResidentBytesOf, ThisProcessHasSomeAndAProcessThatIsGoneNone) {
  EXPECT_GT(ResidentBytesOf(getpid()), 0);
  EXPECT_EQ(ResidentBytesOf(-1), -1);
}

}  // namespace
}  // namespace dsconform
