#pragma once

// For the families' image-layout tests: hand-built images and their decoded fields looked up
// by name. Test code only.

#include <cstdint>
#include <initializer_list>
#include <map>
#include <string>
#include <vector>

#include "harness/family/family.h"

namespace dsconform {

// A decoded image's values by field name (a later field of one name wins).
inline std::map<std::string, std::string> FieldValuesByName(const std::vector<DecodedField>& fields) {
  std::map<std::string, std::string> m;
  for (const auto& f : fields) m[f.name] = f.value;
  return m;
}

// The whole fields by name, for tests of their offsets and lengths (the first of one name).
inline std::map<std::string, DecodedField> FieldsByName(const std::vector<DecodedField>& fields) {
  std::map<std::string, DecodedField> m;
  for (const auto& f : fields) m.emplace(f.name, f);
  return m;
}

// Fields as "name@offset=value", those of a whole decode that overlap any of `ranges` or all: a
// range decode must give exactly the whole decode's fields that overlap its ranges, each once.
inline std::vector<std::string> FieldTexts(const std::vector<DecodedField>& fields,
                                           const std::vector<ByteRange>& ranges = {{0, UINT32_MAX}}) {
  std::vector<std::string> out;
  for (const auto& f : fields)
    for (const ByteRange& r : ranges)
      if (f.offset < r.end && uint64_t{f.offset} + f.size > r.begin) {
        out.push_back(f.name + "@" + std::to_string(f.offset) + "=" + f.value);
        break;
      }
  return out;
}

// The first ranges, one range starting every `step` bytes across the image and past its end for
// each of `lengths`, alone, after the header's first 40 bytes (as the differ asks) and split in two
// after them, whose decode is not the whole decode's fields that overlap them; "" when none.
template <typename Whole, typename Ranges>
std::string FirstRangeUnlikeTheWholeDecode(const std::string& img, Whole whole, Ranges ranges, uint32_t step,
                                           std::initializer_list<uint32_t> lengths) {
  const auto fields = whole(img);
  for (uint32_t begin = 0; begin < img.size() + 16; begin += step)
    for (uint32_t length : lengths)
      for (const std::vector<ByteRange>& asked :
           {std::vector<ByteRange>{{begin, begin + length}}, std::vector<ByteRange>{{0, 40}, {begin, begin + length}},
            std::vector<ByteRange>{{0, 40}, {begin, begin + 1}, {begin + 3, begin + 3 + length}}})
        if (FieldTexts(ranges(img, asked)) != FieldTexts(fields, asked)) {
          std::string text;
          for (const ByteRange& r : asked)
            text += " [" + std::to_string(r.begin) + ", " + std::to_string(r.end) + ")";
          return std::to_string(img.size()) + " bytes," + text;
        }
  return "";
}

// Appends the low `bytes` bytes of v, least significant first, as every sketch image stores them.
inline void AppendLittleEndian(std::string& s, uint64_t v, int bytes) {
  for (int i = 0; i < bytes; ++i) s.push_back(static_cast<char>((v >> (8 * i)) & 0xff));
}

}  // namespace dsconform
