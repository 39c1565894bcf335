#ifndef DSCONFORM_HARNESS_ENGINE_FIELD_INDEX_H_
#define DSCONFORM_HARNESS_ENGINE_FIELD_INDEX_H_

#include <string_view>

#include "absl/container/flat_hash_map.h"
#include "harness/engine/observation.h"

namespace dsconform {

// An engine's observations by field name, for a caller that looks up many fields of one stage:
// Observations::Find walks every field, so checking a case's invariants field by field on a stage
// of thousands of fields was quadratic (half of a full EBPPS run). The observations must outlive
// the index.
class FieldIndex {
 public:
  explicit FieldIndex(const Observations& obs);
  // The first field of that name, as Observations::Find answers; null when there is none.
  const Value* Find(std::string_view name) const;

 private:
  absl::flat_hash_map<std::string_view, const Value*> by_name_;
};

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_ENGINE_FIELD_INDEX_H_
