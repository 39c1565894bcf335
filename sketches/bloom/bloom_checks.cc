#include "sketches/bloom/bloom_checks.h"

#include <algorithm>
#include <cmath>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "harness/truth/accuracy_stats.h"
#include "sketches/bloom/bloom_image_layout.h"

namespace dsconform {
namespace {

void CheckImage(const std::string& name, const std::string& image, std::vector<std::string>& out) {
  const BloomImageHeader h = ReadBloomImageHeader(image);
  if (!h.complete) {
    out.push_back(absl::StrCat(name, ": ", image.size(), " bytes, shorter than the 24-byte header"));
    return;
  }
  if (h.empty_flag) {
    if (h.pre_longs != 3) out.push_back(absl::StrCat(name, ": IS_EMPTY with preLongs ", h.pre_longs, ", not 3"));
    if (image.size() != 24) out.push_back(absl::StrCat(name, ": IS_EMPTY with ", image.size(), " bytes, not 24"));
    return;
  }
  if (h.pre_longs != 4) out.push_back(absl::StrCat(name, ": not empty with preLongs ", h.pre_longs, ", not 4"));
  const uint64_t want = 32 + 8 * h.num_longs;
  if (image.size() != want) {
    out.push_back(absl::StrCat(name, ": ", image.size(), " bytes where numLongs ", h.num_longs, " calls for ", want));
    return;
  }
  const uint64_t popcount = BloomImagePopcount(image);
  if (!h.dirty && h.num_bits_set != popcount)
    out.push_back(absl::StrCat(name, ": numBitsSet ", h.num_bits_set, " but the words set ", popcount, " bits"));
}

bool Int(const Value* v, int64_t& out) {
  if (v == nullptr || v->kind != Value::Kind::kInt) return false;
  out = static_cast<int64_t>(v->bits);
  return true;
}

}  // namespace

double BloomEstimatedFpp(int64_t bits_used, int64_t capacity, int64_t num_hashes) {
  if (capacity <= 0) return 1.0;
  return std::pow(static_cast<double>(bits_used) / static_cast<double>(capacity), static_cast<double>(num_hashes));
}

std::vector<std::string> CheckBloomInvariant(const Invariant& invariant, const std::vector<const Value*>& values) {
  std::vector<std::string> out;
  const auto& fields = invariant.fields;
  if (invariant.check == "bloom_image_consistent") {
    for (size_t i = 0; i < values.size() && i < fields.size(); ++i)
      if (values[i] != nullptr && values[i]->kind == Value::Kind::kBytes) CheckImage(fields[i], values[i]->bytes, out);
    return out;
  }
  if (invariant.check == "bloom_no_false_negatives") {
    int64_t absent = 0;
    if (!values.empty() && Int(values[0], absent) && absent != 0)
      out.push_back(absl::StrCat(fields[0], ": ", absent, " inserted item(s) answered absent"));
    return out;
  }
  if (invariant.check == "bloom_fpp_binomial") {
    int64_t present, absent, used, capacity, hashes;
    if (values.size() < 5 || !Int(values[0], present) || !Int(values[1], absent) || !Int(values[2], used) ||
        !Int(values[3], capacity) || !Int(values[4], hashes))
      return out;
    const int64_t n = present + absent;
    const double p = BloomEstimatedFpp(used, capacity, hashes);
    if (n == 0) return out;
    const double below = BinomialLowerTail(present, n, p);
    const double above = present == 0 ? 1.0 : 1.0 - BinomialLowerTail(present - 1, n, p);
    if (2 * std::min(below, above) < kBloomFppAlpha)
      out.push_back(absl::StrFormat("%s: %d of %d never-inserted items answered present (%.6g), where the filter's "
                                    "estimate (%d/%d)^%d = %.6g makes that a two-sided p-value of %.3g",
                                    fields[0], present, n, static_cast<double>(present) / n, used, capacity, hashes, p,
                                    2 * std::min(below, above)));
    return out;
  }
  out.push_back(absl::StrCat("unknown Bloom filter check '", invariant.check, "'"));
  return out;
}

}  // namespace dsconform
