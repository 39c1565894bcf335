#include "harness/truth/frequencies/frequency_truth.h"

#include <algorithm>
#include <map>
#include <set>
#include <utility>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "harness/engine/item_tape_reader.h"

namespace dsconform {
namespace {

// More distinct items than this and the truth is too big to hold for a check.
constexpr size_t kMaxItems = size_t{1} << 22;

}  // namespace

std::string ExactFrequencies::KeyOfLong(int64_t v) { return absl::StrCat(v); }

int64_t ExactFrequencies::WeightOf(const std::string& key) const {
  int64_t weight = 0;
  if (auto it = strings_.find(key); it != strings_.end()) weight += it->second;
  // A key names a long only as KeyOfLong writes it (no "+", spaces or leading zeros).
  int64_t v = 0;
  if (!longs_.empty() && absl::SimpleAtoi(key, &v) && KeyOfLong(v) == key)
    if (auto it = longs_.find(v); it != longs_.end()) weight += it->second;
  return weight;
}

absl::flat_hash_map<std::string, int64_t> ExactFrequencies::Merged() const {
  absl::flat_hash_map<std::string, int64_t> merged = strings_;
  for (const auto& [v, w] : longs_) merged[KeyOfLong(v)] += w;
  return merged;
}

size_t ExactFrequencies::distinct() const {
  if (longs_.empty() || strings_.empty()) return longs_.size() + strings_.size();
  return Merged().size();
}

std::vector<std::pair<std::string, int64_t>> ExactFrequencies::HeavierThan(int64_t threshold) const {
  std::vector<std::pair<std::string, int64_t>> heavier;
  if (strings_.empty()) {
    for (const auto& [v, w] : longs_)
      if (w > threshold) heavier.emplace_back(KeyOfLong(v), w);
  } else {
    for (const auto& [key, w] : longs_.empty() ? strings_ : Merged())
      if (w > threshold) heavier.emplace_back(key, w);
  }
  std::sort(heavier.begin(), heavier.end());
  return heavier;
}

absl::StatusOr<ExactFrequencies> ExactFrequencies::OfSlot(const std::vector<Op>& ops, const std::string& slot) {
  // Only the slots whose items can reach `slot` (through merge and copy) are counted: the others
  // cannot change its truth, and a case may feed many.
  std::set<std::string> reaching = {slot};
  for (auto op = ops.rbegin(); op != ops.rend(); ++op)
    if ((op->op == "merge" || op->op == "copy") && reaching.count(op->sketch)) reaching.insert(op->Str("from"));
  std::map<std::string, ExactFrequencies> held;
  std::map<std::string, std::string> unknown;
  auto forget = [&](const std::string& s, std::string why) {
    held.erase(s);
    unknown[s] = std::move(why);
  };
  for (const Op& op : ops) {
    if (!reaching.count(op.sketch)) continue;
    if (op.op == "create") {
      held[op.sketch] = ExactFrequencies();
      unknown.erase(op.sketch);
    } else if (op.op == "update" && op.items && held.count(op.sketch)) {
      ExactFrequencies& f = held[op.sketch];
      const int64_t weight = op.Int("weight", 1);
      struct Visit {
        ExactFrequencies& f;
        int64_t weight;
        void operator()(int64_t v) const {
          f.longs_[v] += weight;
          f.total_ += weight;
        }
        void operator()(const std::string& v) const {
          f.strings_[v] += weight;
          f.total_ += weight;
        }
        void operator()(double) const {}
        void operator()(const void*, size_t) const {}
      };
      const ItemKind kind = op.items->kind();
      if (kind != ItemKind::kLong && kind != ItemKind::kString) {
        forget(op.sketch, absl::StrCat("it was fed items of kind ", ItemKindName(kind)));
        continue;
      }
      ForEachTapeItem(kind, EncodeItemTape(*op.items), Visit{f, weight});
      if (f.distinct() > kMaxItems)
        return absl::UnimplementedError(absl::StrCat("more than ", kMaxItems, " distinct items to count"));
    } else if (op.op == "merge" || op.op == "copy") {
      const std::string from = op.Str("from");
      if (!held.count(from)) {
        forget(op.sketch, unknown.count(from) ? unknown[from] : absl::StrCat("slot '", from, "' has no truth"));
        continue;
      }
      if (op.op == "copy") {
        held[op.sketch] = held[from];
        unknown.erase(op.sketch);
        continue;
      }
      if (!held.count(op.sketch)) continue;
      ExactFrequencies& to = held[op.sketch];
      for (const auto& [v, w] : held[from].longs_) to.longs_[v] += w;
      for (const auto& [key, w] : held[from].strings_) to.strings_[key] += w;
      to.total_ += held[from].total_;
    } else if (op.op != "serialize" && op.op != "query" && op.op != "update") {
      forget(op.sketch, absl::StrCat("step '", op.op, "' made it"));
    }
  }
  auto it = held.find(slot);
  if (it != held.end()) return std::move(it->second);
  auto why = unknown.find(slot);
  return absl::FailedPreconditionError(absl::StrCat("no exact frequencies for slot '", slot, "': ",
                                                    why == unknown.end() ? "no step made it" : why->second));
}

}  // namespace dsconform
