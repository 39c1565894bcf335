// Probe: the Count-min sketch (count_min.hpp: count_min_sketch<int64_t>). In
// datasketches-cpp 4.1.0, 5.2.0 and master; a tree without it: the adapter declares no step.
#include "count_min.hpp"

int main() {
  datasketches::count_min_sketch<int64_t> s(3, 5, 9001);
  s.update(int64_t{1}, 1);
  const auto bytes = s.serialize();
  return datasketches::count_min_sketch<int64_t>::deserialize(bytes.data(), bytes.size(), 9001).get_total_weight() == 1
             ? 0
             : 1;
}
