#include "harness/truth/ranks/rank_truth.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <memory>

#include "absl/strings/str_cat.h"
#include "harness/engine/item_tape_reader.h"

namespace dsconform {
namespace {

constexpr int64_t kMaxListed = int64_t{1} << 22;

bool IsOrdered(ItemGenerator g) {
  return g == ItemGenerator::kOrderedLongs || g == ItemGenerator::kOrderedDoubles ||
         g == ItemGenerator::kOrderedStrings;
}

// The tape kind a sketch of `item_type` is updated from (as kll_vocabulary.h's KllTapeKindOf).
absl::StatusOr<ItemKind> TapeKindOf(const std::string& item_type) {
  if (item_type == "double" || item_type == "float") return ItemKind::kDouble;
  if (item_type == "long") return ItemKind::kLong;
  if (item_type == "string") return ItemKind::kString;
  return absl::InvalidArgumentError(absl::StrCat("no exact ranks for items of type '", item_type, "'"));
}

// A double item as a sketch of `item_type` holds it.
double AsHeld(const std::string& item_type, double v) {
  return item_type == "float" ? static_cast<double>(static_cast<float>(v)) : v;
}

// The double item of value v of ordered_doubles (v / 4), as a float or double sketch holds it.
double OrderedDouble(bool as_float, int64_t v) {
  const double d = static_cast<double>(v) / 4.0;
  return as_float ? static_cast<double>(static_cast<float>(d)) : d;
}

// The item of value v of an ordered generator (harness/case/item_stream.cc).
RankItem OrderedItem(ItemGenerator g, bool as_float, int64_t v) {
  switch (g) {
    case ItemGenerator::kOrderedLongs: return v;
    case ItemGenerator::kOrderedStrings: return OrderedStringItem(v);
    default: return OrderedDouble(as_float, v);
  }
}

// How many of the first `size` indices are `below`, a predicate true up to some index and false
// from there on: a binary search.
template <typename Below>
int64_t CountWhile(int64_t size, Below below) {
  int64_t lo = 0, hi = size;
  while (lo < hi) {
    const int64_t mid = lo + (hi - lo) / 2;
    if (below(mid)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

bool Less(const RankItem& a, const RankItem& b) { return a < b; }  // same alternative: its own order

// Lists the items of a tape as a sketch of `item_type` holds them.
struct CollectItems {
  std::vector<RankItem>* items;
  const std::string* item_type;
  void operator()(int64_t v) const { items->push_back(v); }
  void operator()(double v) const {
    if (!std::isnan(v)) items->push_back(AsHeld(*item_type, v));
  }
  void operator()(const std::string& v) const { items->push_back(v); }
  void operator()(const void*, size_t) const {}
};

}  // namespace

absl::StatusOr<RankItem> ParseRankItem(const std::string& item_type, const std::string& text) {
  if (item_type == "double") return std::strtod(text.c_str(), nullptr);
  if (item_type == "float") return static_cast<double>(std::strtof(text.c_str(), nullptr));
  if (item_type == "long") return static_cast<int64_t>(std::strtoll(text.c_str(), nullptr, 10));
  if (item_type == "string") return text;
  return absl::InvalidArgumentError(absl::StrCat("no items of type '", item_type, "'"));
}

absl::StatusOr<ExactRanks> ExactRanks::Of(const std::vector<ItemStream>& streams, const std::string& item_type) {
  auto kind = TapeKindOf(item_type);
  if (!kind.ok()) return kind.status();
  ExactRanks truth;
  int64_t listed = 0;
  for (const ItemStream& s : streams) {
    if (s.kind() != *kind)
      return absl::InvalidArgumentError(absl::StrCat("items of kind ", ItemKindName(s.kind()),
                                                     " do not feed a sketch of ", item_type));
    if (s.count == 0) continue;
    if (IsOrdered(s.generator)) {
      truth.runs_.push_back({s.count, s.generator, s.start, item_type == "float", nullptr});
      truth.n_ += s.count;
      continue;
    }
    listed += s.count;
    if (listed > kMaxListed)
      return absl::UnimplementedError(absl::StrCat("more than ", kMaxListed, " items of unordered generators to list"));
    auto items = std::make_shared<std::vector<RankItem>>();
    items->reserve(static_cast<size_t>(s.count));
    ForEachTapeItem(*kind, EncodeItemTape(s), CollectItems{items.get(), &item_type});
    std::sort(items->begin(), items->end(), Less);
    truth.n_ += static_cast<int64_t>(items->size());
    truth.runs_.push_back({static_cast<int64_t>(items->size()), s.generator, 0, false, std::move(items)});
  }
  return truth;
}

int64_t ExactRanks::CountInRun(const SortedRun& run, const RankItem& item, bool inclusive) {
  // Counted where the items are below `item` (inclusive: not above it).
  if (run.listed != nullptr) {
    const auto& items = *run.listed;
    const auto end = inclusive ? std::upper_bound(items.begin(), items.end(), item, Less)
                               : std::lower_bound(items.begin(), items.end(), item, Less);
    return end - items.begin();
  }
  // Each item type compared as itself, without making a RankItem per probe.
  if (run.generator == ItemGenerator::kOrderedLongs && std::holds_alternative<int64_t>(item)) {
    // The values start.. are the items: the count is a difference, clamped to the run.
    const __int128 below = static_cast<__int128>(std::get<int64_t>(item)) - run.start + (inclusive ? 1 : 0);
    return static_cast<int64_t>(std::clamp<__int128>(below, 0, run.size));
  }
  if (run.generator == ItemGenerator::kOrderedDoubles && std::holds_alternative<double>(item)) {
    const double x = std::get<double>(item);
    return CountWhile(run.size, [&](int64_t i) {
      const double at = OrderedDouble(run.as_float, run.start + i);
      return inclusive ? !(x < at) : at < x;
    });
  }
  return CountWhile(run.size, [&](int64_t i) {
    const RankItem at = OrderedItem(run.generator, run.as_float, run.start + i);
    return inclusive ? !Less(item, at) : Less(at, item);
  });
}

int64_t ExactRanks::CountBelow(const RankItem& item, bool inclusive) const {
  int64_t count = 0;
  for (const SortedRun& run : runs_) count += CountInRun(run, item, inclusive);
  return count;
}

double ExactRanks::RankOf(const RankItem& item, bool inclusive) const {
  return n_ == 0 ? 0.0 : static_cast<double>(CountBelow(item, inclusive)) / static_cast<double>(n_);
}

}  // namespace dsconform
