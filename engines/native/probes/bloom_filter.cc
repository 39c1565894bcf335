// Probe: the Bloom filter (bloom_filter.hpp: create_by_size, serialize, deserialize). datasketches-cpp
// 5.2.0 has it, 5.1.0 does not; a tree without it: the adapter declares no step.
#include "bloom_filter.hpp"

int main() {
  auto f = datasketches::bloom_filter::builder::create_by_size(64, 3, 9001);
  f.update(int64_t{1});
  const auto bytes = f.serialize();
  return datasketches::bloom_filter::deserialize(bytes.data(), bytes.size()).query(int64_t{1}) ? 0 : 1;
}
