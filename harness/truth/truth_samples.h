#ifndef DSCONFORM_HARNESS_TRUTH_TRUTH_SAMPLES_H_
#define DSCONFORM_HARNESS_TRUTH_TRUTH_SAMPLES_H_

#include <cstddef>

#include "nlohmann/json.hpp"

namespace dsconform {

// One kind of truth's samples in one record: what one engine answered next to
// the truth, kept in the record (Record::truth_samples, under the kind's
// record member) so that the study can be rebuilt from records.jsonl alone,
// merged shards included. Only the kind that made them knows their type
// (harness/truth/truth_kind.h).
class TruthSamples {
 public:
  virtual ~TruthSamples() = default;
  virtual size_t size() const = 0;
  // The record member's value; the kind's SamplesFromJson reads it back.
  virtual nlohmann::ordered_json ToJson() const = 0;
};

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_TRUTH_TRUTH_SAMPLES_H_
