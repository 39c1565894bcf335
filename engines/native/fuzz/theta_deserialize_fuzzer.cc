// libFuzzer target: datasketches-cpp's Theta readers (compact from bytes and stream, and the
// wrapped compact sketch), then queries, both serialized forms and the set operations.
#include "engines/native/fuzz/fuzz_input.h"
#include "theta_a_not_b.hpp"
#include "theta_intersection.hpp"
#include "theta_sketch.hpp"
#include "theta_union.hpp"

namespace {

template <typename Sketch>
void Use(const Sketch& sketch) {
  double sum = sketch.get_estimate() + sketch.get_lower_bound(2) + sketch.get_upper_bound(2);
  for (uint64_t hash : sketch) sum += static_cast<double>(hash);
  auto u = datasketches::theta_union::builder().build();
  u.update(sketch);
  sum += u.get_result().get_estimate();
  datasketches::theta_intersection i;
  i.update(sketch);
  sum += i.get_result().get_estimate();
  datasketches::theta_a_not_b a_not_b;
  sum += a_not_b.compute(sketch, sketch).get_estimate();
  dsconform_fuzz::Keep(sum);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using dsconform_fuzz::Refusable;
  Refusable([&] {
    auto sketch = datasketches::compact_theta_sketch::deserialize(data, size);
    Use(sketch);
    dsconform_fuzz::Keep(sketch.serialize());
    dsconform_fuzz::Keep(sketch.serialize_compressed());
  });
  Refusable([&] {
    auto in = dsconform_fuzz::Stream(data, size);
    Use(datasketches::compact_theta_sketch::deserialize(in));
  });
  Refusable([&] { Use(datasketches::wrapped_compact_theta_sketch::wrap(data, size)); });
  return 0;
}
