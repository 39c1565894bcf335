#include "harness/fuzz/image_mutator.h"

#include <algorithm>
#include <set>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "harness/case/splitmix64.h"

namespace dsconform {
namespace {

// Family ids of the DataSketches preamble (byte 2): every sketch family there is.
constexpr int kFamilyIds[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21};
constexpr int kSerVers[] = {0, 1, 2, 3, 4, 5, 255};
constexpr int kBodyEntries = 4;  // body entries damaged per image
constexpr int kBitFlips = 16;

class Collector {
 public:
  explicit Collector(const std::string& original) : original_(original) { seen_.insert(original); }
  void Add(std::string name, std::string image) {
    if (seen_.insert(image).second) out_.push_back({std::move(name), std::move(image)});
  }
  // The original with `size` little-endian bytes at `offset` set to `value`.
  void Set(const std::string& name, uint32_t offset, uint32_t size, uint64_t value) {
    if (offset + size > original_.size()) return;
    std::string m = original_;
    for (uint32_t i = 0; i < size; ++i) m[offset + i] = static_cast<char>(value >> (8 * i));
    Add(name, std::move(m));
  }
  // All of them when there are at most `max`; else `max` drawn by `rng` from every kind, in the
  // order they were made (a small slice still damages counts, lengths, flags and bits alike).
  std::vector<Mutant> Take(size_t max, SplitMix64& rng) {
    if (out_.size() <= max) return std::move(out_);
    std::vector<size_t> order(out_.size());
    for (size_t i = 0; i < order.size(); ++i) order[i] = i;
    for (size_t i = 0; i < max; ++i) std::swap(order[i], order[i + rng.Next() % (order.size() - i)]);
    order.resize(max);
    std::sort(order.begin(), order.end());
    std::vector<Mutant> taken;
    for (size_t i : order) taken.push_back(std::move(out_[i]));
    return taken;
  }

 private:
  const std::string& original_;
  std::set<std::string> seen_;
  std::vector<Mutant> out_;
};

uint64_t ReadLE(const std::string& s, uint32_t offset, uint32_t size) {
  uint64_t v = 0;
  for (uint32_t i = 0; i < size; ++i) v |= uint64_t{static_cast<unsigned char>(s[offset + i])} << (8 * i);
  return v;
}

}  // namespace

std::vector<Mutant> MutateImage(const std::string& image, const Family& family, uint64_t seed, size_t max) {
  Collector c(image);
  const std::vector<DecodedField> fields = family.DecodeImage(image);
  std::vector<const DecodedField*> header, body;
  std::set<std::pair<uint32_t, uint32_t>> spans;
  for (const auto& f : fields) {
    if (f.size == 0 || f.size > 8 || f.offset + f.size > image.size()) continue;
    if (!spans.insert({f.offset, f.size}).second) continue;  // flag bits share their byte
    (f.name.find('[') == std::string::npos ? header : body).push_back(&f);
  }
  for (const DecodedField* f : header) {
    const uint64_t ones = f->size == 8 ? ~uint64_t{0} : (uint64_t{1} << (8 * f->size)) - 1;
    const uint64_t v = ReadLE(image, f->offset, f->size);
    c.Set(f->name + "=0", f->offset, f->size, 0);
    c.Set(absl::StrFormat("%s=0x%x", f->name, ones), f->offset, f->size, ones);
    c.Set(f->name + "+1", f->offset, f->size, (v + 1) & ones);
    c.Set(f->name + "-1", f->offset, f->size, (v - 1) & ones);
  }
  for (int v : kSerVers) c.Set(absl::StrCat("serVer=", v), 1, 1, v);
  for (int v : kFamilyIds) c.Set(absl::StrCat("familyId=", v), 2, 1, v);
  std::set<uint32_t> cuts = {0, static_cast<uint32_t>(image.size()) - 1};
  for (const DecodedField* f : header) cuts.insert({f->offset, f->offset + f->size});
  for (uint32_t cut : cuts)
    if (cut < image.size()) c.Add(absl::StrCat("truncate@", cut), image.substr(0, cut));
  c.Add("extend+1", image + std::string(1, '\0'));
  c.Add("extend+8", image + std::string(8, '\xff'));
  SplitMix64 rng(seed ^ image.size());
  for (int i = 0; i < kBodyEntries && !body.empty(); ++i) {
    const DecodedField* f = body[rng.Next() % body.size()];
    const uint64_t ones = f->size == 8 ? ~uint64_t{0} : (uint64_t{1} << (8 * f->size)) - 1;
    c.Set(absl::StrFormat("%s=0x%x", f->name, ones), f->offset, f->size, ones);
    // Named by its value: two random values of one field are two cases, each with its own id.
    const uint64_t value = rng.Next() & ones;
    c.Set(absl::StrFormat("%s=0x%x", f->name, value), f->offset, f->size, value);
  }
  for (int i = 0; i < kBitFlips && !image.empty(); ++i) {
    const uint64_t r = rng.Next();
    const uint32_t at = static_cast<uint32_t>(r % image.size()), bit = static_cast<uint32_t>((r >> 32) % 8);
    std::string m = image;
    m[at] = static_cast<char>(m[at] ^ (1 << bit));
    c.Add(absl::StrCat("flip@", at, ".", bit), std::move(m));
  }
  return c.Take(max, rng);
}

}  // namespace dsconform
