// libFuzzer target: datasketches-cpp's CPC reader (bytes and stream), then queries, the image
// written again, an update and a union.
#include "cpc_sketch.hpp"
#include "cpc_union.hpp"
#include "engines/native/fuzz/fuzz_input.h"

namespace {

void Use(datasketches::cpc_sketch sketch) {
  double sum = sketch.get_estimate() + sketch.get_lower_bound(2) + sketch.get_upper_bound(2);
  dsconform_fuzz::Keep(sketch.serialize());
  sketch.update(uint64_t{42});
  datasketches::cpc_union u(11);
  u.update(sketch);
  sum += u.get_result().get_estimate();
  dsconform_fuzz::Keep(sum);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using dsconform_fuzz::Refusable;
  Refusable([&] { Use(datasketches::cpc_sketch::deserialize(data, size)); });
  Refusable([&] {
    auto in = dsconform_fuzz::Stream(data, size);
    Use(datasketches::cpc_sketch::deserialize(in));
  });
  return 0;
}
