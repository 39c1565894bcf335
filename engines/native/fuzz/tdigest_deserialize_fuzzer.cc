// libFuzzer target: datasketches-cpp's t-digest reader for doubles and floats (bytes and stream;
// both also read the older layouts), then ranks, quantiles, the image written again and a merge.
#include "engines/native/fuzz/fuzz_input.h"
#include "tdigest.hpp"

namespace {

template <typename T>
void Use(datasketches::tdigest<T> digest) {
  if (!digest.is_empty()) {
    dsconform_fuzz::Keep(digest.get_quantile(0.5));
    dsconform_fuzz::Keep(digest.get_rank(digest.get_min_value()));
  }
  dsconform_fuzz::Keep(digest.serialize());
  datasketches::tdigest<T> merged(digest.get_k());
  merged.merge(digest);
  dsconform_fuzz::Keep(merged.get_total_weight());
}

template <typename T>
void Read(const uint8_t* data, size_t size) {
  using dsconform_fuzz::Refusable;
  Refusable([&] { Use(datasketches::tdigest<T>::deserialize(data, size)); });
  Refusable([&] {
    auto in = dsconform_fuzz::Stream(data, size);
    Use(datasketches::tdigest<T>::deserialize(in));
  });
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  Read<double>(data, size);
  Read<float>(data, size);
  return 0;
}
