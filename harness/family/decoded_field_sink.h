#ifndef DSCONFORM_HARNESS_FAMILY_DECODED_FIELD_SINK_H_
#define DSCONFORM_HARNESS_FAMILY_DECODED_FIELD_SINK_H_

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "harness/family/family.h"

namespace dsconform {

// Collects the decoded fields of an image that overlap bytes [begin, end), so
// a family's decoder serves both DecodeImage and DecodeImageRanges (range by range); a
// zero-length field (the point where a truncated image stops) counts when it
// lies inside the range or at its end. A sink for problems only wants no
// field but the one that says why an image does not decode (AddProblem),
// wherever it lies: a check can learn that without decoding every field.
class DecodedFieldSink {
 public:
  DecodedFieldSink(uint32_t begin, uint32_t end) : begin_(begin), end_(end) {}
  static DecodedFieldSink ProblemsOnly() { return DecodedFieldSink(1, 0, true); }
  // The fields of bytes [0, end) and the problems wherever they lie: a check of an image's
  // preamble learns whether the rest decodes without formatting the rest.
  static DecodedFieldSink HeadAndProblems(uint32_t end) { return DecodedFieldSink(0, end, true); }
  bool Wants(uint64_t off, uint64_t size) const {
    if (size == 0) return off >= begin_ && off <= end_;
    return off < end_ && off + size > begin_;
  }
  void Add(std::string name, uint64_t off, uint64_t size, std::string value) {
    if (Wants(off, size))
      fields_.push_back({std::move(name), static_cast<uint32_t>(off), static_cast<uint32_t>(size), std::move(value)});
  }
  // A field that says the image does not decode ("truncated", "undecoded").
  void AddProblem(std::string name, uint64_t off, uint64_t size, std::string value) {
    if (problems_anywhere_ || Wants(off, size))
      fields_.push_back({std::move(name), static_cast<uint32_t>(off), static_cast<uint32_t>(size), std::move(value)});
  }
  uint32_t begin() const { return begin_; }
  uint32_t end() const { return end_; }
  std::vector<DecodedField> Take() { return std::move(fields_); }

 private:
  DecodedFieldSink(uint32_t begin, uint32_t end, bool problems_anywhere)
      : begin_(begin), end_(end), problems_anywhere_(problems_anywhere) {}

  uint32_t begin_, end_;
  bool problems_anywhere_ = false;
  std::vector<DecodedField> fields_;
};

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_FAMILY_DECODED_FIELD_SINK_H_
