// libFuzzer target: datasketches-cpp's VarOpt readers for long and string items, sketch and
// union (bytes and stream), then the sample, a subset sum, the image written again and a union.
#include <string>

#include "engines/native/fuzz/fuzz_input.h"
#include "var_opt_sketch.hpp"
#include "var_opt_union.hpp"

namespace {

template <typename T>
void Use(const datasketches::var_opt_sketch<T>& sketch) {
  double sum = 0;
  for (const auto& sample : sketch) sum += sample.second;
  sum += sketch.estimate_subset_sum([](const T&) { return true; }).estimate;
  dsconform_fuzz::Keep(sum);
  dsconform_fuzz::Keep(sketch.serialize());
  datasketches::var_opt_union<T> u(sketch.get_k() == 0 ? 1 : sketch.get_k());
  u.update(sketch);
  dsconform_fuzz::Keep(u.get_result().get_n());
}

template <typename T>
void Read(const uint8_t* data, size_t size) {
  using dsconform_fuzz::Refusable;
  Refusable([&] { Use(datasketches::var_opt_sketch<T>::deserialize(data, size)); });
  Refusable([&] {
    auto in = dsconform_fuzz::Stream(data, size);
    Use(datasketches::var_opt_sketch<T>::deserialize(in));
  });
  Refusable([&] { Use(datasketches::var_opt_union<T>::deserialize(data, size).get_result()); });
  Refusable([&] {
    auto in = dsconform_fuzz::Stream(data, size);
    Use(datasketches::var_opt_union<T>::deserialize(in).get_result());
  });
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  Read<int64_t>(data, size);
  Read<std::string>(data, size);
  return 0;
}
