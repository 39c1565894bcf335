#ifndef DSCONFORM_HARNESS_FAMILY_DECODED_FIELD_SINK_H_
#define DSCONFORM_HARNESS_FAMILY_DECODED_FIELD_SINK_H_

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "harness/family/family.h"

namespace dsconform {

// What an image decoder writes its fields into: it keeps the fields that
// overlap bytes [begin, end), so one decoder serves both Family::DecodeImage
// (everything) and DecodeImageRange. A zero-length field (the point where a
// truncated image stops) counts when it lies inside the range or at its end.
class DecodedFieldSink {
 public:
  DecodedFieldSink(uint32_t begin, uint32_t end) : begin_(begin), end_(end) {}
  bool Wants(uint32_t off, uint32_t size) const {
    if (size == 0) return off >= begin_ && off <= end_;
    return off < end_ && static_cast<uint64_t>(off) + size > begin_;
  }
  void Add(std::string name, uint32_t off, uint32_t size, std::string value) {
    if (Wants(off, size)) fields_.push_back({std::move(name), off, size, std::move(value)});
  }
  std::vector<DecodedField> Take() { return std::move(fields_); }

 private:
  uint32_t begin_, end_;
  std::vector<DecodedField> fields_;
};

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_FAMILY_DECODED_FIELD_SINK_H_
