// libFuzzer target: datasketches-cpp's density sketch reader for double points with the Gaussian
// kernel, as the native engine uses it (bytes and stream), then an estimate at the origin, the
// image written again, a merge into a fresh sketch of its shape and one more point.
#include <vector>

#include "density_sketch.hpp"
#include "engines/native/fuzz/fuzz_input.h"

namespace {

using Density = datasketches::density_sketch<double>;

// Dimensions past which the target builds no point of its own: an image may claim 2^32, and
// the library refuses such a point itself only after the target allocated it.
constexpr uint32_t kMaxPointDim = 1 << 12;

void Use(Density sketch) {
  const uint32_t dim = sketch.get_dim();
  if (dim > 0 && dim <= kMaxPointDim) {
    const std::vector<double> origin(dim, 0.0);
    dsconform_fuzz::Keep(sketch.get_estimate(origin));
    Density merged(sketch.get_k(), dim);
    merged.merge(sketch);
    merged.update(origin);
    dsconform_fuzz::Keep(merged.get_n());
  }
  dsconform_fuzz::Keep(sketch.get_num_retained());
  dsconform_fuzz::Keep(sketch.serialize());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using dsconform_fuzz::Refusable;
  Refusable([&] { Use(Density::deserialize(data, size)); });
  Refusable([&] {
    auto in = dsconform_fuzz::Stream(data, size);
    Use(Density::deserialize(in));
  });
  return 0;
}
