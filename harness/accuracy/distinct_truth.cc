#include "harness/accuracy/distinct_truth.h"

#include <algorithm>
#include <map>
#include <utility>

#include "absl/strings/str_cat.h"
#include "harness/case/splitmix64.h"

namespace dsconform {
namespace {

constexpr uint64_t kGamma = 0x9e3779b97f4a7c15ULL;  // SplitMix64's increment (harness/case/splitmix64.h)
constexpr int64_t kMaxListed = int64_t{1} << 22;

uint64_t InverseMod2To64(uint64_t odd) {
  uint64_t x = odd;  // correct to 3 bits; each Newton step doubles that
  for (int i = 0; i < 5; ++i) x *= 2 - odd * x;
  return x;
}

// Sum of the lengths of the union of half-open intervals [first, first+len)
// on the circle of 64-bit words.
uint64_t UnionLength(const std::vector<std::pair<uint64_t, uint64_t>>& circular) {
  std::vector<std::pair<uint64_t, uint64_t>> linear;  // [begin, end] inclusive, no wrap
  for (const auto& [first, len] : circular) {
    if (len == 0) continue;
    const uint64_t last = first + (len - 1);
    if (last >= first) {
      linear.push_back({first, last});
    } else {
      linear.push_back({first, ~uint64_t{0}});
      linear.push_back({0, last});
    }
  }
  std::sort(linear.begin(), linear.end());
  uint64_t total = 0;
  bool open = false;
  uint64_t b = 0, e = 0;
  for (const auto& [lo, hi] : linear) {
    if (open && lo <= e + 1 && e != ~uint64_t{0}) {
      e = std::max(e, hi);
      continue;
    }
    if (open && e == ~uint64_t{0}) continue;  // already reaches the top
    if (open) total += e - b + 1;
    b = lo;
    e = hi;
    open = true;
  }
  if (open) total += e - b + 1;
  return total;
}

}  // namespace

uint64_t SplitMix64SeedAfter(uint64_t seed, int64_t count) { return seed + static_cast<uint64_t>(count) * kGamma; }

absl::StatusOr<int64_t> DistinctCount(const std::vector<ItemStream>& streams) {
  static const uint64_t kGammaInverse = InverseMod2To64(kGamma);
  std::vector<std::pair<uint64_t, uint64_t>> sequences, splitmix;
  int64_t total = 0;
  for (const ItemStream& s : streams) {
    if (s.count < 0) return absl::InvalidArgumentError("negative count");
    total += s.count;
    switch (s.generator) {
      case ItemGenerator::kSequence:
        sequences.push_back({static_cast<uint64_t>(s.start), static_cast<uint64_t>(s.count)});
        break;
      case ItemGenerator::kSplitMix64:
        splitmix.push_back({s.seed * kGammaInverse + 1, static_cast<uint64_t>(s.count)});
        break;
      default:
        return absl::UnimplementedError(
            absl::StrCat("no exact distinct count for items of kind ", ItemKindName(s.kind()), " yet"));
    }
  }
  if (sequences.empty() || splitmix.empty())
    return static_cast<int64_t>(UnionLength(sequences) + UnionLength(splitmix));
  if (total > kMaxListed)
    return absl::UnimplementedError(absl::StrCat("sequences mixed with splitmix64 streams: ", total,
                                                 " items are too many to list for an exact count"));
  std::vector<uint64_t> items;
  items.reserve(total);
  for (const ItemStream& s : streams) {
    if (s.generator == ItemGenerator::kSequence) {
      for (int64_t i = 0; i < s.count; ++i) items.push_back(static_cast<uint64_t>(s.start) + i);
    } else {
      SplitMix64 g(s.seed);
      for (int64_t i = 0; i < s.count; ++i) items.push_back(g.Next());
    }
  }
  std::sort(items.begin(), items.end());
  return static_cast<int64_t>(std::unique(items.begin(), items.end()) - items.begin());
}

absl::StatusOr<std::vector<ItemStream>> StreamsOfSlot(const std::vector<Op>& ops, const std::string& slot) {
  std::map<std::string, std::vector<ItemStream>> fed;
  std::map<std::string, std::string> unknown;  // slot -> why its items are not known
  auto take = [&](const std::string& to, const std::string& from) {
    fed[to] = fed[from];
    if (unknown.count(from)) unknown[to] = unknown[from];
    else unknown.erase(to);
  };
  for (const Op& op : ops) {
    const std::string& s = op.op;
    if (s == "create" || s == "union" || s == "reset") {
      fed[op.sketch].clear();
      unknown.erase(op.sketch);
    } else if (s == "update") {
      if (op.items) fed[op.sketch].push_back(*op.items);
    } else if (s == "merge") {
      const std::string from = op.Str("from");
      auto& to = fed[op.sketch];
      to.insert(to.end(), fed[from].begin(), fed[from].end());
      if (unknown.count(from)) unknown[op.sketch] = unknown[from];
    } else if (s == "result" || s == "copy" || s == "convert") {
      take(op.sketch, op.Str("from"));
    } else if (s == "query" || s == "serialize" || s == "rel_err") {
      // reads only
    } else {
      unknown[op.sketch] = absl::StrCat("made by a '", s, "' step");
    }
  }
  if (auto it = unknown.find(slot); it != unknown.end())
    return absl::UnimplementedError(absl::StrCat("no truth for slot '", slot, "': ", it->second));
  if (!fed.count(slot)) return absl::NotFoundError(absl::StrCat("no slot '", slot, "'"));
  return fed[slot];
}

absl::StatusOr<int64_t> DistinctTruthOf(const std::vector<Op>& ops, const std::string& slot) {
  auto streams = StreamsOfSlot(ops, slot);
  if (!streams.ok()) return streams.status();
  return DistinctCount(*streams);
}

}  // namespace dsconform
