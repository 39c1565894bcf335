// libFuzzer target: datasketches-cpp's Count-min reader for long and double counters (bytes and
// stream), then estimates and bounds, the image written again and a merge into a sketch of the
// same shape.
#include "count_min.hpp"
#include "engines/native/fuzz/fuzz_input.h"

namespace {

template <typename W>
void Use(const datasketches::count_min_sketch<W>& sketch) {
  W sum = sketch.get_estimate(uint64_t{42}) + sketch.get_lower_bound(uint64_t{42}) +
          sketch.get_upper_bound(uint64_t{42}) + sketch.get_total_weight();
  dsconform_fuzz::Keep(sum);
  dsconform_fuzz::Keep(sketch.serialize());
  datasketches::count_min_sketch<W> merged(sketch.get_num_hashes(), sketch.get_num_buckets(), sketch.get_seed());
  merged.merge(sketch);
  dsconform_fuzz::Keep(merged.get_total_weight());
}

template <typename W>
void Read(const uint8_t* data, size_t size) {
  using dsconform_fuzz::Refusable;
  Refusable([&] { Use(datasketches::count_min_sketch<W>::deserialize(data, size)); });
  Refusable([&] {
    auto in = dsconform_fuzz::Stream(data, size);
    Use(datasketches::count_min_sketch<W>::deserialize(in));
  });
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  Read<uint64_t>(data, size);
  Read<double>(data, size);
  return 0;
}
