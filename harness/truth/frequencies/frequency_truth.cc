#include "harness/truth/frequencies/frequency_truth.h"

#include <algorithm>
#include <map>
#include <set>
#include <utility>

#include "absl/strings/str_cat.h"
#include "harness/engine/item_tape_reader.h"

namespace dsconform {
namespace {

// More distinct items than this and the truth is too big to hold for a check.
constexpr size_t kMaxItems = size_t{1} << 22;

}  // namespace

std::string ExactFrequencies::KeyOfLong(int64_t v) { return absl::StrCat(v); }

int64_t ExactFrequencies::WeightOf(const std::string& key) const {
  auto it = weights_.find(key);
  return it == weights_.end() ? 0 : it->second;
}

std::vector<std::pair<std::string, int64_t>> ExactFrequencies::HeavierThan(int64_t threshold) const {
  std::vector<std::pair<std::string, int64_t>> heavier;
  for (const auto& [key, w] : weights_)
    if (w > threshold) heavier.emplace_back(key, w);
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
      auto add = [&](std::string key) {
        f.weights_[std::move(key)] += weight;
        f.total_ += weight;
      };
      struct Visit {
        decltype(add)& to;
        void operator()(int64_t v) const { to(KeyOfLong(v)); }
        void operator()(const std::string& v) const { to(v); }
        void operator()(double) const {}
        void operator()(const void*, size_t) const {}
      };
      const ItemKind kind = op.items->kind();
      if (kind != ItemKind::kLong && kind != ItemKind::kString) {
        forget(op.sketch, absl::StrCat("it was fed items of kind ", ItemKindName(kind)));
        continue;
      }
      ForEachTapeItem(kind, EncodeItemTape(*op.items), Visit{add});
      if (f.weights_.size() > kMaxItems)
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
      for (const auto& [key, w] : held[from].weights_) to.weights_[key] += w;
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
