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
// overlap the ranges DecodeImageRanges asks for, in one walk), and the two fields that say an image
// does not decode as a whole: "truncated" where it ends before a field, "undecoded" for bytes left
// after the last one. A decoder derives from it and reads with Room before each field.
class ImageCursor {
 protected:
  explicit ImageCursor(std::string_view img) : img_(img), whole_(true) {}
  // Ranges in order of their begin (the differ's: the header, then the differing ranges).
  ImageCursor(std::string_view img, const std::vector<ByteRange>& ranges) : img_(img), whole_(false) {
    for (const ByteRange& r : ranges) {
      if (r.begin >= r.end) continue;
      // Overlapping ranges are one; touching ones stay two, as a field of no bytes at their
      // meeting point overlaps neither.
      if (!ranges_.empty() && r.begin < ranges_.back().end) ranges_.back().end = std::max(ranges_.back().end, r.end);
      else ranges_.push_back(r);
    }
  }

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

  bool Wants(uint64_t offset, uint64_t size) const {
    if (whole_) return true;
    // The first range that ends after `offset` is the only one it can overlap first.
    const auto r = std::upper_bound(ranges_.begin(), ranges_.end(), offset,
                                    [](uint64_t off, const ByteRange& range) { return off < range.end; });
    return r != ranges_.end() && offset + size > r->begin;
  }

  // Whether a range decode stands past its last range, so that no field from here on is wanted: a
  // walk over items of varying size stops there (what follows, "undecoded" included, lies
  // beyond the ranges).
  bool PastRange() const { return !whole_ && (ranges_.empty() || pos_ >= ranges_.back().end); }

  // Calls add(i, offset) for those of the `count` fields of `width` bytes from pos_ that the decode
  // wants, and moves pos_ past the ones that fit; when not all fit, reports the rest as Room does
  // and returns false. A range decode starts at the first field each range reaches: the differ asks
  // for up to 65 ranges of an image of a million items, and walking all of them for each range
  // took most of the time of the largest Frequent items cases.
  template <typename AddField>
  bool FixedFields(uint64_t count, uint64_t width, AddField add) {
    const uint64_t left = pos_ < img_.size() ? img_.size() - pos_ : 0;
    const uint64_t fit = std::min<uint64_t>(count, left / width);
    if (whole_) {
      for (uint64_t i = 0; i < fit; ++i) add(i, static_cast<uint32_t>(pos_ + width * i));
    } else {
      uint64_t next = 0;  // a field that overlaps two ranges is added once
      for (const ByteRange& r : ranges_) {
        const uint64_t first = std::max(next, r.begin > pos_ ? std::min<uint64_t>(fit, (r.begin - pos_) / width) : 0);
        const uint64_t last = r.end > pos_ ? std::min<uint64_t>(fit, (uint64_t{r.end} - pos_ + width - 1) / width) : 0;
        for (uint64_t i = first; i < last; ++i) add(i, static_cast<uint32_t>(pos_ + width * i));
        next = std::max(next, last);
      }
    }
    pos_ += static_cast<uint32_t>(width * fit);
    return fit == count || Room(pos_, width);
  }

  void Add(std::string name, uint64_t offset, uint32_t size, std::string value) {
    if (Wants(offset, size)) fields_.push_back({std::move(name), static_cast<uint32_t>(offset), size, std::move(value)});
  }

  std::string_view img_;
  bool whole_;
  std::vector<ByteRange> ranges_;  // disjoint, in order
  std::vector<DecodedField> fields_;
  uint32_t pos_ = 0;
  bool truncated_ = false;
};

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_FAMILY_IMAGE_CURSOR_H_
