#include "harness/truth/distinct/distinct_count.h"

#include <algorithm>
#include <iterator>
#include <map>
#include <set>
#include <utility>

#include "absl/strings/str_cat.h"
#include "harness/case/splitmix64.h"

namespace dsconform {
namespace {

constexpr uint64_t kGamma = 0x9e3779b97f4a7c15ULL;  // SplitMix64's increment (harness/case/splitmix64.h)
constexpr uint64_t kTop = ~uint64_t{0};
constexpr int64_t kMaxListed = int64_t{1} << 22;

uint64_t InverseMod2To64(uint64_t odd) {
  uint64_t x = odd;  // correct to 3 bits; each Newton step doubles that
  for (int i = 0; i < 5; ++i) x *= 2 - odd * x;
  return x;
}

// A finite union of intervals of one space of 64-bit words: sorted, disjoint,
// non-adjacent inclusive [lo, hi] pairs.
struct Intervals {
  std::vector<std::pair<uint64_t, uint64_t>> runs;
};

// Sorts and merges overlapping or adjacent runs.
Intervals Normalized(std::vector<std::pair<uint64_t, uint64_t>> runs) {
  std::sort(runs.begin(), runs.end());
  Intervals out;
  for (const auto& [lo, hi] : runs) {
    if (!out.runs.empty() && (out.runs.back().second == kTop || lo <= out.runs.back().second + 1)) {
      out.runs.back().second = std::max(out.runs.back().second, hi);
    } else {
      out.runs.push_back({lo, hi});
    }
  }
  return out;
}

// The half-open interval [first, first+len) on the circle of 64-bit words.
Intervals Circular(uint64_t first, uint64_t len) {
  if (len == 0) return {};
  const uint64_t last = first + (len - 1);
  if (last >= first) return {{{first, last}}};
  return Normalized({{first, kTop}, {0, last}});
}

Intervals Union(const Intervals& a, const Intervals& b) {
  std::vector<std::pair<uint64_t, uint64_t>> all = a.runs;
  all.insert(all.end(), b.runs.begin(), b.runs.end());
  return Normalized(std::move(all));
}

Intervals Intersect(const Intervals& a, const Intervals& b) {
  Intervals out;
  size_t i = 0, j = 0;
  while (i < a.runs.size() && j < b.runs.size()) {
    const uint64_t lo = std::max(a.runs[i].first, b.runs[j].first);
    const uint64_t hi = std::min(a.runs[i].second, b.runs[j].second);
    if (lo <= hi) out.runs.push_back({lo, hi});
    // The run that ends first can meet nothing further.
    if (a.runs[i].second < b.runs[j].second) ++i;
    else ++j;
  }
  return out;
}

Intervals Complement(const Intervals& a) {
  Intervals out;
  uint64_t next = 0;  // the first word not yet accounted for
  bool done = false;
  for (const auto& [lo, hi] : a.runs) {
    if (lo > next) out.runs.push_back({next, lo - 1});
    if (hi == kTop) {
      done = true;
      break;
    }
    next = hi + 1;
  }
  if (!done) out.runs.push_back({next, kTop});
  return out;
}

Intervals Subtract(const Intervals& a, const Intervals& b) { return Intersect(a, Complement(b)); }

uint64_t Size(const Intervals& a) {
  uint64_t total = 0;
  for (const auto& [lo, hi] : a.runs) total += hi - lo + 1;
  return total;
}

// Items listed one by one: sorted and unique.
struct Listed {
  std::vector<uint64_t> items;
};

Listed Union(const Listed& a, const Listed& b) {
  Listed out;
  std::set_union(a.items.begin(), a.items.end(), b.items.begin(), b.items.end(), std::back_inserter(out.items));
  return out;
}
Listed Intersect(const Listed& a, const Listed& b) {
  Listed out;
  std::set_intersection(a.items.begin(), a.items.end(), b.items.begin(), b.items.end(),
                        std::back_inserter(out.items));
  return out;
}
Listed Subtract(const Listed& a, const Listed& b) {
  Listed out;
  std::set_difference(a.items.begin(), a.items.end(), b.items.begin(), b.items.end(), std::back_inserter(out.items));
  return out;
}
uint64_t Size(const Listed& a) { return a.items.size(); }

// The set algebra of `set` in one representation; `leaf` turns a stream into it.
template <typename Rep, typename Leaf>
absl::StatusOr<Rep> Evaluate(const ItemSet& set, const Leaf& leaf) {
  switch (set.kind) {
    case ItemSet::Kind::kUnion: {
      Rep out;
      for (const ItemStream& s : set.streams) out = Union(out, leaf(s));
      for (const ItemSet& part : set.sets) {
        auto r = Evaluate<Rep>(part, leaf);
        if (!r.ok()) return r.status();
        out = Union(out, *r);
      }
      return out;
    }
    case ItemSet::Kind::kIntersection: {
      if (set.sets.empty())
        return absl::FailedPreconditionError("an intersection that was given no sketch has no result");
      auto out = Evaluate<Rep>(set.sets[0], leaf);
      for (size_t i = 1; out.ok() && i < set.sets.size(); ++i) {
        auto r = Evaluate<Rep>(set.sets[i], leaf);
        if (!r.ok()) return r.status();
        out = Intersect(*out, *r);
      }
      return out;
    }
    case ItemSet::Kind::kDifference: {
      if (set.sets.size() != 2) return absl::InvalidArgumentError("a difference needs two sets");
      auto a = Evaluate<Rep>(set.sets[0], leaf);
      auto b = Evaluate<Rep>(set.sets[1], leaf);
      if (!a.ok()) return a.status();
      if (!b.ok()) return b.status();
      return Subtract(*a, *b);
    }
  }
  return absl::InternalError("unknown set kind");
}

void CollectStreams(const ItemSet& set, std::vector<const ItemStream*>& out) {
  for (const ItemStream& s : set.streams) out.push_back(&s);
  for (const ItemSet& part : set.sets) CollectStreams(part, out);
}

}  // namespace

uint64_t SplitMix64SeedAfter(uint64_t seed, int64_t count) { return seed + static_cast<uint64_t>(count) * kGamma; }

absl::StatusOr<int64_t> DistinctCount(const ItemSet& set) {
  static const uint64_t kGammaInverse = InverseMod2To64(kGamma);
  std::vector<const ItemStream*> streams;
  CollectStreams(set, streams);
  std::set<ItemGenerator> kinds;
  int64_t total = 0;
  for (const ItemStream* s : streams) {
    if (s->count < 0) return absl::InvalidArgumentError("negative count");
    if (s->generator != ItemGenerator::kSequence && s->generator != ItemGenerator::kSplitMix64)
      return absl::UnimplementedError(
          absl::StrCat("no exact distinct count for items of kind ", ItemKindName(s->kind()), " yet"));
    kinds.insert(s->generator);
    total += s->count;
  }
  absl::StatusOr<uint64_t> size;
  if (kinds.size() <= 1) {
    auto intervals = Evaluate<Intervals>(set, [](const ItemStream& s) {
      return s.generator == ItemGenerator::kSequence
                 ? Circular(static_cast<uint64_t>(s.start), static_cast<uint64_t>(s.count))
                 : Circular(s.seed * kGammaInverse + 1, static_cast<uint64_t>(s.count));
    });
    if (!intervals.ok()) return intervals.status();
    return static_cast<int64_t>(Size(*intervals));
  }
  if (total > kMaxListed)
    return absl::UnimplementedError(absl::StrCat("sequences mixed with splitmix64 streams: ", total,
                                                 " items are too many to list for an exact count"));
  auto listed = Evaluate<Listed>(set, [](const ItemStream& s) {
    Listed out;
    out.items.reserve(s.count);
    if (s.generator == ItemGenerator::kSequence) {
      for (int64_t i = 0; i < s.count; ++i) out.items.push_back(static_cast<uint64_t>(s.start) + i);
    } else {
      SplitMix64 g(s.seed);
      for (int64_t i = 0; i < s.count; ++i) out.items.push_back(g.Next());
    }
    std::sort(out.items.begin(), out.items.end());
    out.items.erase(std::unique(out.items.begin(), out.items.end()), out.items.end());
    return out;
  });
  if (!listed.ok()) return listed.status();
  return static_cast<int64_t>(Size(*listed));
}

absl::StatusOr<int64_t> DistinctCount(const std::vector<ItemStream>& streams) {
  ItemSet set;
  set.streams = streams;
  return DistinctCount(set);
}

absl::StatusOr<int64_t> DistinctTruthOf(const std::vector<Op>& ops, const std::string& slot) {
  auto set = ItemSetOfSlot(ops, slot);
  if (!set.ok()) return set.status();
  return DistinctCount(*set);
}

}  // namespace dsconform
