// libFuzzer target: datasketches-cpp's REQ reader for float items, the type the harness uses
// (bytes and stream), then ranks, quantiles, the PMF, a rank bound, the image written again and a
// merge into a fresh sketch of its k and accuracy mode.
#include "engines/native/fuzz/fuzz_input.h"
#include "req_sketch.hpp"

namespace {

using Req = datasketches::req_sketch<float>;

void Use(Req sketch) {
  if (!sketch.is_empty()) {
    dsconform_fuzz::Keep(sketch.get_quantile(0.5));
    dsconform_fuzz::Keep(sketch.get_rank(sketch.get_min_item()));
    const float split = sketch.get_max_item();
    dsconform_fuzz::Keep(sketch.get_PMF(&split, 1));
    dsconform_fuzz::Keep(sketch.get_rank_lower_bound(0.5, 2));
  }
  dsconform_fuzz::Keep(sketch.serialize());
  Req merged(sketch.get_k(), sketch.is_HRA());
  merged.merge(sketch);
  dsconform_fuzz::Keep(merged.get_n());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using dsconform_fuzz::Refusable;
  Refusable([&] { Use(Req::deserialize(data, size)); });
  Refusable([&] {
    auto in = dsconform_fuzz::Stream(data, size);
    Use(Req::deserialize(in));
  });
  return 0;
}
