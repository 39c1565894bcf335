// libFuzzer target: datasketches-cpp's HLL deserializer on arbitrary bytes,
// then everything a reader does with what it got (queries, both serialized
// forms, a union). Built with -fsanitize=fuzzer,address,undefined by
// scripts/fuzz; an exception is a refusal, anything else the sanitizers or a
// crash report is a finding.
#include <cstddef>
#include <cstdint>
#include <exception>

#include "hll.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  try {
    auto sketch = datasketches::hll_sketch::deserialize(data, size);
    double sum = sketch.get_estimate() + sketch.get_composite_estimate();
    for (uint8_t sd = 1; sd <= 3; ++sd) sum += sketch.get_lower_bound(sd) + sketch.get_upper_bound(sd);
    auto compact = sketch.serialize_compact();
    auto updatable = sketch.serialize_updatable();
    sketch.update(uint64_t{42});
    datasketches::hll_union u(21);
    u.update(sketch);
    sum += u.get_result(datasketches::HLL_8).get_estimate();
    if (sum == 0.5 && compact.size() == updatable.size()) return 0;  // keeps the work from being optimized away
  } catch (const std::exception&) {
    // Refused: what a deserializer should do with garbage.
  }
  return 0;
}
