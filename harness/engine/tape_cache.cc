#include "harness/engine/tape_cache.h"

namespace dsconform {
namespace {

// Generators whose tape of n items is the first n items of any longer tape of theirs.
bool HasPrefixTapes(ItemGenerator g) { return g == ItemGenerator::kSequence || g == ItemGenerator::kSplitMix64; }

}  // namespace

ItemTape TapeCache::TapeOf(const ItemStream& stream) {
  const int64_t bytes = stream.count * 8;  // both prefix generators write 8 bytes an item
  if (!HasPrefixTapes(stream.generator) || bytes < min_bytes_ || bytes > max_bytes_)
    return ItemTape(std::make_shared<const std::string>(EncodeItemTape(stream)));
  const Key key{static_cast<int>(stream.generator), stream.start, stream.seed};
  {
    std::lock_guard<std::mutex> lock(mu_);
    for (auto it = entries_.begin(); it != entries_.end(); ++it) {
      if (it->key != key || static_cast<int64_t>(it->tape->size()) < bytes) continue;
      entries_.splice(entries_.begin(), entries_, it);
      return ItemTape(it->tape, static_cast<size_t>(bytes));
    }
  }
  // Made outside the lock: the other worker goes on meanwhile.
  auto tape = std::make_shared<const std::string>(EncodeItemTape(stream));
  std::lock_guard<std::mutex> lock(mu_);
  for (auto it = entries_.begin(); it != entries_.end();) {  // a shorter tape of the key is now useless
    if (it->key == key && it->tape->size() <= tape->size()) {
      bytes_ -= static_cast<int64_t>(it->tape->size());
      it = entries_.erase(it);
    } else {
      ++it;
    }
  }
  entries_.push_front({key, tape});
  bytes_ += bytes;
  while (bytes_ > max_bytes_ && entries_.size() > 1) {
    bytes_ -= static_cast<int64_t>(entries_.back().tape->size());
    entries_.pop_back();
  }
  return ItemTape(tape);
}

}  // namespace dsconform
