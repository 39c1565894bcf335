#ifndef DSCONFORM_ENGINES_NATIVE_FUZZ_FUZZ_INPUT_H_
#define DSCONFORM_ENGINES_NATIVE_FUZZ_FUZZ_INPUT_H_

// What every libFuzzer target of datasketches-cpp's readers shares (scripts/fuzz). A target reads
// the input with each entry point the library offers (bytes, stream) and does with what it got
// what a reader does. An exception is a refusal, as it should be, and so is an allocation of
// more than 64 MiB (bounded_new.cc); anything else (a sanitizer report, a crash, a timeout,
// memory past libFuzzer's -rss_limit_mb) is a finding.
#include <cstddef>
#include <cstdint>
#include <exception>
#include <sstream>
#include <string>

namespace dsconform_fuzz {

// Runs `read` and treats an exception as the library refusing the input.
template <typename Read>
void Refusable(Read&& read) {
  try {
    read();
  } catch (const std::exception&) {
  }
}

// The input as a binary stream, for the deserialize(std::istream&) entry points.
inline std::istringstream Stream(const uint8_t* data, size_t size) {
  return std::istringstream(std::string(reinterpret_cast<const char*>(data), size), std::ios::binary);
}

// Keeps a computed value observable, so that the work a target does to exercise a sketch is not
// optimized away.
template <typename T>
void Keep(const T& value) {
  asm volatile("" : : "g"(&value) : "memory");
}

}  // namespace dsconform_fuzz

#endif  // DSCONFORM_ENGINES_NATIVE_FUZZ_FUZZ_INPUT_H_
