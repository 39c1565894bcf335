// Probe: the t-digest (tdigest.hpp: tdigest<double>, serialize with the buffer kept). From
// datasketches-cpp 5.1.0 on (tags 4.0.0 to 5.0.2 lack it); a tree without it: the adapter declares no step.
#include "tdigest.hpp"

int main() {
  datasketches::tdigest<double> td(100);
  td.update(1.0);
  const auto bytes = td.serialize(0, true);
  return datasketches::tdigest<double>::deserialize(bytes.data(), bytes.size()).get_total_weight() == 1 ? 0 : 1;
}
