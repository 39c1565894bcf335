#ifndef DSCONFORM_HARNESS_FAMILY_IMAGE_CURSOR_H_
#define DSCONFORM_HARNESS_FAMILY_IMAGE_CURSOR_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "harness/family/family.h"

namespace dsconform {

// What a family's image decoder that reads front to back shares (KLL, Frequent items, t-digest,
// Count-min): the image, where the decoder stands, the fields it reports (every one, or those that
// overlap bytes [begin, end) for DecodeImageRange), and the two fields that say an image does not
// decode as a whole: "truncated" where it ends before a field, "undecoded" for bytes left after
// the last one. A decoder derives from it and reads with Room before each field.
class ImageCursor {
 protected:
  explicit ImageCursor(std::string_view img) : img_(img), whole_(true) {}
  ImageCursor(std::string_view img, uint32_t begin, uint32_t end) : img_(img), whole_(false), begin_(begin), end_(end) {}

  // Whether `size` bytes at `off` are in the image; if not, reports what is left as "truncated".
  bool Room(uint64_t off, uint64_t size) {
    if (off + size <= img_.size()) return true;
    if (off < img_.size())
      Add("truncated", off, static_cast<uint32_t>(img_.size() - off), absl::StrCat(img_.size() - off, " of ", size, " bytes"));
    truncated_ = true;
    return false;
  }

  // The fields, with "undecoded" for the bytes after the last one read (unless truncated).
  std::vector<DecodedField> Finish() {
    if (!truncated_ && pos_ < img_.size())
      Add("undecoded", pos_, static_cast<uint32_t>(img_.size() - pos_), absl::StrCat(img_.size() - pos_, " bytes"));
    return fields_;
  }

  bool Wants(uint64_t offset, uint64_t size) const { return whole_ || (offset < end_ && offset + size > begin_); }

  void Add(std::string name, uint64_t offset, uint32_t size, std::string value) {
    if (Wants(offset, size)) fields_.push_back({std::move(name), static_cast<uint32_t>(offset), size, std::move(value)});
  }

  std::string_view img_;
  bool whole_;
  uint32_t begin_ = 0, end_ = 0;
  std::vector<DecodedField> fields_;
  uint32_t pos_ = 0;
  bool truncated_ = false;
};

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_FAMILY_IMAGE_CURSOR_H_
