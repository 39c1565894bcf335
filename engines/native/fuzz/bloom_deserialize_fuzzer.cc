// libFuzzer target: datasketches-cpp's Bloom filter readers (deserialize from bytes and stream,
// wrap, writable_wrap of a copy), then queries, updates where writable, the image written again
// and set operations with a copy of itself.
#include <vector>

#include "bloom_filter.hpp"
#include "engines/native/fuzz/fuzz_input.h"

namespace {

void Query(const datasketches::bloom_filter& filter) {
  dsconform_fuzz::Keep(filter.query(uint64_t{42}));
  dsconform_fuzz::Keep(filter.get_capacity());
  dsconform_fuzz::Keep(filter.serialize());
}

void Use(datasketches::bloom_filter filter) {
  Query(filter);
  filter.update(uint64_t{42});
  datasketches::bloom_filter other = filter;
  if (filter.is_compatible(other)) {
    filter.union_with(other);
    filter.intersect(other);
  }
  filter.invert();
  dsconform_fuzz::Keep(filter.get_bits_used());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using dsconform_fuzz::Refusable;
  Refusable([&] { Use(datasketches::bloom_filter::deserialize(data, size)); });
  Refusable([&] {
    auto in = dsconform_fuzz::Stream(data, size);
    Use(datasketches::bloom_filter::deserialize(in));
  });
  Refusable([&] { Query(datasketches::bloom_filter::wrap(data, size)); });
  std::vector<uint8_t> copy(data, data + size);  // writable_wrap writes into the bytes it wraps
  Refusable([&] {
    auto filter = datasketches::bloom_filter::writable_wrap(copy.data(), copy.size());
    Query(filter);
    filter.update(uint64_t{42});
  });
  return 0;
}
