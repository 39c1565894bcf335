// libFuzzer target: datasketches-cpp's HLL reader (bytes and stream), then what a reader does with
// what it got: queries, both serialized forms, an update, a union (fuzz_input.h).
#include "engines/native/fuzz/fuzz_input.h"
#include "hll.hpp"

namespace {

void Use(datasketches::hll_sketch sketch) {
  double sum = sketch.get_estimate() + sketch.get_composite_estimate();
  for (uint8_t sd = 1; sd <= 3; ++sd) sum += sketch.get_lower_bound(sd) + sketch.get_upper_bound(sd);
  dsconform_fuzz::Keep(sketch.serialize_compact());
  dsconform_fuzz::Keep(sketch.serialize_updatable());
  sketch.update(uint64_t{42});
  datasketches::hll_union u(21);
  u.update(sketch);
  sum += u.get_result(datasketches::HLL_8).get_estimate();
  dsconform_fuzz::Keep(sum);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using dsconform_fuzz::Refusable;
  Refusable([&] { Use(datasketches::hll_sketch::deserialize(data, size)); });
  Refusable([&] {
    auto in = dsconform_fuzz::Stream(data, size);
    Use(datasketches::hll_sketch::deserialize(in));
  });
  return 0;
}
