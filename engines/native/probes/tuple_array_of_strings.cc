// Probe: the array-of-strings tuple sketch (array_of_strings_sketch.hpp: update and compact
// sketches keyed by hash_array_of_strings_key, default_array_of_strings_serde). On master after
// 5.2.0; no release up to 5.2.0 has it.
#include "array_of_strings_sketch.hpp"

int main() {
  auto sketch = datasketches::update_array_of_strings_tuple_sketch<>::builder().build();
  sketch.update(datasketches::hash_array_of_strings_key(datasketches::array_of_strings(1, "k")),
                datasketches::array_of_strings(1, "v"));
  auto bytes = datasketches::compact_array_of_strings_sketch(sketch).serialize(
      0, datasketches::default_array_of_strings_serde<>());
  return datasketches::compact_array_of_strings_tuple_sketch<>::deserialize(bytes.data(), bytes.size())
                 .get_num_retained() == 1
             ? 0
             : 1;
}
