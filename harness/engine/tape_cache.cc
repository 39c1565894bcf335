#include "harness/engine/tape_cache.h"

#include "harness/engine/item_tape_reader.h"

namespace dsconform {
namespace {

// Streams whose tape of n items is the first n items of any longer tape of theirs: every
// generator draws item i from the items before it alone, but an ordered generator's other
// orders than ascending place items by the stream's count.
bool HasPrefixTapes(const ItemStream& s) {
  switch (s.generator) {
    case ItemGenerator::kOrderedLongs:
    case ItemGenerator::kOrderedDoubles:
    case ItemGenerator::kOrderedStrings:
      return s.order == ItemOrder::kAscending;
    default:
      return true;
  }
}

bool FixedWidth(ItemKind kind) { return kind == ItemKind::kLong || kind == ItemKind::kDouble; }

// The bytes of the first `count` items of `tape`, a whole tape of at least that many items of `kind`.
size_t PrefixBytes(const std::string& tape, ItemKind kind, int64_t count) {
  if (FixedWidth(kind)) return static_cast<size_t>(count) * 8;
  size_t end = 0;
  for (int64_t i = 0; i < count; ++i) end += 4 + item_tape_internal::LoadLe32(tape.data() + end);
  return end;
}

}  // namespace

ItemTape TapeCache::TapeOf(const ItemStream& stream) {
  const ItemKind kind = stream.kind();
  const bool prefixes = HasPrefixTapes(stream);
  // A string or byte-array item takes at least its 4-byte length.
  const int64_t least_bytes = stream.count * (FixedWidth(kind) ? 8 : 4);
  if ((FixedWidth(kind) && least_bytes < min_bytes_) || least_bytes > max_bytes_)
    return ItemTape(std::make_shared<const std::string>(EncodeItemTape(stream)));
  // A stream without prefix tapes is served only its own tape: its count is part of the key.
  const Key key{static_cast<int>(stream.generator), static_cast<int>(stream.order), stream.start, stream.seed,
                prefixes ? -1 : stream.count};
  std::shared_ptr<const std::string> kept;
  {
    std::lock_guard<std::mutex> lock(mu_);
    for (auto it = entries_.begin(); it != entries_.end(); ++it) {
      if (it->key != key || it->count < stream.count) continue;
      entries_.splice(entries_.begin(), entries_, it);
      kept = it->tape;
      break;
    }
  }
  // A string tape's prefix is found by walking it: outside the lock, as the other worker may wait.
  if (kept) return ItemTape(kept, PrefixBytes(*kept, kind, stream.count));
  // Made outside the lock, in the memory of a tape it evicts to make room where it can: the other
  // worker goes on meanwhile.
  auto tape = std::make_shared<std::string>(EncodeItemTape(stream, MakeRoom(least_bytes)));
  const auto bytes = static_cast<int64_t>(tape->capacity());
  if (bytes < min_bytes_ || bytes > max_bytes_) return ItemTape(tape);
  std::lock_guard<std::mutex> lock(mu_);
  for (auto it = entries_.begin(); it != entries_.end();) {  // a shorter tape of the key is now useless
    if (it->key == key && it->count <= stream.count) {
      bytes_ -= static_cast<int64_t>(it->tape->capacity());
      it = entries_.erase(it);
    } else {
      ++it;
    }
  }
  entries_.push_front({key, stream.count, tape});
  bytes_ += bytes;
  while (bytes_ > max_bytes_ && entries_.size() > 1) {
    bytes_ -= static_cast<int64_t>(entries_.back().tape->capacity());
    entries_.pop_back();
  }
  return ItemTape(tape);
}

std::string TapeCache::MakeRoom(int64_t bytes) {
  std::lock_guard<std::mutex> lock(mu_);
  std::string room;
  if (bytes_ + bytes <= max_bytes_) return room;
  // First the least recently used tape that no stage holds and that is about as large (not one of
  // more than twice the room asked for, which the new tape would keep): evicting a tape a stage
  // still holds frees nothing until the stage ends, and two workers each hold one.
  for (auto it = entries_.end(); it != entries_.begin();) {
    --it;
    const auto capacity = static_cast<int64_t>(it->tape->capacity());
    if (it->tape.use_count() != 1 || capacity < bytes || capacity > 2 * bytes) continue;
    room = std::move(*it->tape);
    bytes_ -= capacity;
    entries_.erase(it);
    break;
  }
  while (bytes_ + bytes > max_bytes_ && !entries_.empty()) {
    bytes_ -= static_cast<int64_t>(entries_.back().tape->capacity());
    entries_.pop_back();
  }
  return room;
}

}  // namespace dsconform
