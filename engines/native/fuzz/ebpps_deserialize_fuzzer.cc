// libFuzzer target: datasketches-cpp's EBPPS reader for long and string items (bytes and stream),
// then the sample, the image written again and a merge.
#include <string>

#include "ebpps_sketch.hpp"
#include "engines/native/fuzz/fuzz_input.h"

namespace {

template <typename T>
void Use(datasketches::ebpps_sketch<T> sketch) {
  dsconform_fuzz::Keep(sketch.get_result());
  dsconform_fuzz::Keep(sketch.get_c());
  dsconform_fuzz::Keep(sketch.serialize());
  datasketches::ebpps_sketch<T> merged(sketch.get_k() == 0 ? 1 : sketch.get_k());
  merged.merge(sketch);
  dsconform_fuzz::Keep(merged.get_n());
}

template <typename T>
void Read(const uint8_t* data, size_t size) {
  using dsconform_fuzz::Refusable;
  Refusable([&] { Use(datasketches::ebpps_sketch<T>::deserialize(data, size)); });
  Refusable([&] {
    auto in = dsconform_fuzz::Stream(data, size);
    Use(datasketches::ebpps_sketch<T>::deserialize(in));
  });
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  Read<int64_t>(data, size);
  Read<std::string>(data, size);
  return 0;
}
