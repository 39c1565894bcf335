// Probe: compact_theta_sketch::serialize_compressed, and with it compressed
// images (serial version 4) read by deserialize and wrap. Both arrived in
// datasketches-cpp 4.1.0 (c88f1a52); 4.0.x has neither.
#include "theta_sketch.hpp"

int main() {
  auto sketch = datasketches::update_theta_sketch::builder().build();
  sketch.update(1);
  return sketch.compact().serialize_compressed().empty() ? 1 : 0;
}
