// libFuzzer target: datasketches-cpp's Tuple readers (double summaries, and arrays of doubles;
// bytes and stream), then queries, the image written again and a union.
#include "array_of_doubles_sketch.hpp"
#include "engines/native/fuzz/fuzz_input.h"
#include "tuple_sketch.hpp"
#include "tuple_union.hpp"

namespace {

template <typename Sketch, typename MakeUnion>
void Use(const Sketch& sketch, MakeUnion make_union) {
  auto u = make_union(sketch);
  double sum = sketch.get_estimate() + sketch.get_lower_bound(2) + sketch.get_upper_bound(2);
  for (const auto& entry : sketch) sum += static_cast<double>(entry.first);
  dsconform_fuzz::Keep(sketch.serialize());
  u.update(sketch);
  sum += u.get_result().get_estimate();
  dsconform_fuzz::Keep(sum);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using dsconform_fuzz::Refusable;
  using doubles = datasketches::compact_tuple_sketch<double>;
  using arrays = datasketches::compact_array_of_doubles_sketch;
  auto double_union = [](const doubles&) { return datasketches::tuple_union<double>::builder().build(); };
  auto array_union = [](const arrays& sketch) {
    datasketches::default_array_of_doubles_union_policy policy(sketch.get_num_values());
    return datasketches::array_of_doubles_union::builder(policy).build();
  };
  Refusable([&] { Use(doubles::deserialize(data, size), double_union); });
  Refusable([&] {
    auto in = dsconform_fuzz::Stream(data, size);
    Use(doubles::deserialize(in), double_union);
  });
  Refusable([&] { Use(arrays::deserialize(data, size), array_union); });
  Refusable([&] {
    auto in = dsconform_fuzz::Stream(data, size);
    Use(arrays::deserialize(in), array_union);
  });
  return 0;
}
