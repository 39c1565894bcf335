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

// Fields as "name@offset=value", those of a whole decode that overlap [begin, end) or all: a range
// decode must give exactly the whole decode's fields that overlap its range.
inline std::vector<std::string> FieldTexts(const std::vector<DecodedField>& fields, uint32_t begin = 0,
                                           uint32_t end = UINT32_MAX) {
  std::vector<std::string> out;
  for (const auto& f : fields)
    if (f.offset < end && uint64_t{f.offset} + f.size > begin)
      out.push_back(f.name + "@" + std::to_string(f.offset) + "=" + f.value);
  return out;
}

// The first range, one starting every `step` bytes across the image and past its end for each of
// `lengths`, whose range decode is not the whole decode's fields that overlap it; "" when none.
template <typename Whole, typename Range>
std::string FirstRangeUnlikeTheWholeDecode(const std::string& img, Whole whole, Range range, uint32_t step,
                                           std::initializer_list<uint32_t> lengths) {
  const auto fields = whole(img);
  for (uint32_t begin = 0; begin < img.size() + 16; begin += step)
    for (uint32_t length : lengths)
      if (FieldTexts(range(img, begin, begin + length)) != FieldTexts(fields, begin, begin + length))
        return std::to_string(img.size()) + " bytes, [" + std::to_string(begin) + ", " +
               std::to_string(begin + length) + ")";
  return "";
}

// Appends the low `bytes` bytes of v, least significant first, as every sketch image stores them.
inline void AppendLittleEndian(std::string& s, uint64_t v, int bytes) {
  for (int i = 0; i < bytes; ++i) s.push_back(static_cast<char>((v >> (8 * i)) & 0xff));
}

}  // namespace dsconform
