#ifndef DSCONFORM_HARNESS_ENGINE_TAPE_CACHE_H_
#define DSCONFORM_HARNESS_ENGINE_TAPE_CACHE_H_

#include <cstdint>
#include <list>
#include <mutex>
#include <tuple>

#include "harness/case/item_stream.h"
#include "harness/engine/item_tape.h"

namespace dsconform {

// Item tapes kept for reuse, and of the streams whose shorter tapes are prefixes of their longer
// ones (every generator from a start and seed, the ordered ones in ascending order) the longest
// made so far: hll.matrix alone asks for sequence(0, n) for every lgK and target type, 3 GB of
// tape at full scale that is one 128 MB tape read at many lengths, countmin.items the same strings
// for every shape of sketch, kll.versions the same streams for several k (a shuffled, descending
// or alternating stream is served its own tape only). Tapes under `min_bytes` are generated
// afresh. Holds at most `max_bytes` of tapes: to make room, a tape no stage holds any more goes
// first and lends its memory to the new one (MakeRoom), then the least recently used. Safe to share
// between workers.
class TapeCache {
 public:
  // What a run's cache holds at most, beside the cases' own memory (harness/run/memory_budget.h).
  static constexpr int64_t kDefaultMaxBytes = int64_t{256} << 20;

  explicit TapeCache(int64_t max_bytes = kDefaultMaxBytes, int64_t min_bytes = int64_t{1} << 20)
      : max_bytes_(max_bytes), min_bytes_(min_bytes) {}

  // The tape of `stream`, byte for byte what EncodeItemTape makes.
  ItemTape TapeOf(const ItemStream& stream);

 private:
  // What picks a stream out of its family of prefixes: everything but the count, which only the
  // streams without prefix tapes name (-1 for the others).
  using Key = std::tuple<int, int, int64_t, uint64_t, int64_t>;  // generator, order, start, seed, count
  struct Entry {
    Key key;
    int64_t count;                      // items in `tape`
    std::shared_ptr<std::string> tape;  // the longest tape of `key` made so far
  };

  // Evicts tapes until `bytes` more fit, one no stage holds any more and about that large first,
  // and returns that one's memory (else an empty string): reusing a tape's pages saves the page
  // faults of a fresh one, as much again as writing it. Then the least recently used.
  std::string MakeRoom(int64_t bytes);

  const int64_t max_bytes_, min_bytes_;
  std::mutex mu_;
  std::list<Entry> entries_;  // most recently used first
  int64_t bytes_ = 0;
};

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_ENGINE_TAPE_CACHE_H_
