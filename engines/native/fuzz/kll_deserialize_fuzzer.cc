// libFuzzer target: datasketches-cpp's KLL reader for double, float and string items (bytes and
// stream), then ranks, quantiles, the PMF, the image written again and a merge.
#include <string>

#include "engines/native/fuzz/fuzz_input.h"
#include "kll_sketch.hpp"

namespace {

template <typename T>
void Use(datasketches::kll_sketch<T> sketch) {
  if (!sketch.is_empty()) {
    dsconform_fuzz::Keep(sketch.get_quantile(0.5));
    dsconform_fuzz::Keep(sketch.get_rank(sketch.get_min_item()));
    const T split = sketch.get_max_item();
    dsconform_fuzz::Keep(sketch.get_PMF(&split, 1));
  }
  dsconform_fuzz::Keep(sketch.serialize());
  datasketches::kll_sketch<T> merged(sketch.get_k());
  merged.merge(sketch);
  dsconform_fuzz::Keep(merged.get_n());
}

template <typename T>
void Read(const uint8_t* data, size_t size) {
  using dsconform_fuzz::Refusable;
  Refusable([&] { Use(datasketches::kll_sketch<T>::deserialize(data, size)); });
  Refusable([&] {
    auto in = dsconform_fuzz::Stream(data, size);
    Use(datasketches::kll_sketch<T>::deserialize(in));
  });
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  Read<double>(data, size);
  Read<float>(data, size);
  Read<std::string>(data, size);
  return 0;
}
