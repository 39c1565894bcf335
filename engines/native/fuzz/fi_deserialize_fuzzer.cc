// libFuzzer target: datasketches-cpp's Frequent items reader for long and string items (bytes
// and stream), then the frequent items at both error types, the image written again and a merge.
#include <string>

#include "engines/native/fuzz/fuzz_input.h"
#include "frequent_items_sketch.hpp"

namespace {

template <typename T>
void Use(datasketches::frequent_items_sketch<T> sketch) {
  dsconform_fuzz::Keep(sketch.get_frequent_items(datasketches::NO_FALSE_POSITIVES));
  dsconform_fuzz::Keep(sketch.get_frequent_items(datasketches::NO_FALSE_NEGATIVES));
  dsconform_fuzz::Keep(sketch.get_total_weight());
  dsconform_fuzz::Keep(sketch.serialize());
  datasketches::frequent_items_sketch<T> merged(3);
  merged.merge(sketch);
  dsconform_fuzz::Keep(merged.get_num_active_items());
}

template <typename T>
void Read(const uint8_t* data, size_t size) {
  using dsconform_fuzz::Refusable;
  Refusable([&] { Use(datasketches::frequent_items_sketch<T>::deserialize(data, size)); });
  Refusable([&] {
    auto in = dsconform_fuzz::Stream(data, size);
    Use(datasketches::frequent_items_sketch<T>::deserialize(in));
  });
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  Read<int64_t>(data, size);
  Read<std::string>(data, size);
  return 0;
}
