#ifndef DSCONFORM_HARNESS_FAMILY_IMAGE_CURSOR_H_
#define DSCONFORM_HARNESS_FAMILY_IMAGE_CURSOR_H_

#include <algorithm>
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

  // Whether a range decode stands past its range, so that no field from here on is wanted: a
  // walk over items of varying size stops there (what follows, "undecoded" included, lies
  // beyond the range).
  bool PastRange() const { return !whole_ && pos_ >= end_; }

  // Calls add(i, offset) for those of the `count` fields of `width` bytes from pos_ that the decode
  // wants, and moves pos_ past the ones that fit; when not all fit, reports the rest as Room does
  // and returns false. A range decode starts at the first field it reaches: the differ asks for up
  // to 65 ranges of an image of a million items, and walking all of them for each range took most
  // of the time of the largest Frequent items cases.
  template <typename AddField>
  bool FixedFields(uint64_t count, uint64_t width, AddField add) {
    const uint64_t left = pos_ < img_.size() ? img_.size() - pos_ : 0;
    const uint64_t fit = std::min<uint64_t>(count, left / width);
    uint64_t first = 0, last = fit;
    if (!whole_) {
      first = begin_ > pos_ ? std::min<uint64_t>(fit, (begin_ - pos_) / width) : 0;
      last = end_ > pos_ ? std::min<uint64_t>(fit, (uint64_t{end_} - pos_ + width - 1) / width) : 0;
    }
    for (uint64_t i = first; i < last; ++i) add(i, static_cast<uint32_t>(pos_ + width * i));
    pos_ += static_cast<uint32_t>(width * fit);
    return fit == count || Room(pos_, width);
  }

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
