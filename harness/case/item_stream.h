#ifndef DSCONFORM_HARNESS_CASE_ITEM_STREAM_H_
#define DSCONFORM_HARNESS_CASE_ITEM_STREAM_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "nlohmann/json.hpp"

namespace dsconform {

// What an engine hands to the sketch's update overload; see docs/items.md for
// the overload each kind maps to in every language.
enum class ItemKind { kLong, kDouble, kString, kBytes };

// How the items are made. Streams are described, never listed, so a case stays
// small and readable however many items it has.
enum class ItemGenerator {
  kSequence,    // longs start, start+1, ...
  kSplitMix64,  // longs from SplitMix64(seed)
  kDoubles,     // special doubles (-0.0, NaN, infinities, subnormals), then raw random bit patterns
  kAsciiStrings,
  kUtf8Strings,  // non-ASCII prefixes (accents, CJK, emoji, Greek) and a counter
  kByteArrays,   // lengths 0..32, contents from SplitMix64(seed)
  // The values start..start+count-1 as items of one kind, in `order`: for
  // families that keep items as values (KLL), where the input order matters.
  kOrderedLongs,    // start+i
  kOrderedDoubles,  // (start+i) / 4.0: exact as double, and as float up to 2^26
  kOrderedStrings,  // start+i as 10 decimal digits ("0000000042"): byte order = value order
  kAsciiOrEmpty,    // "" where start+i is a multiple of 4, else "item-<start+i>": the empty string as an item
};

// The order in which an ordered generator emits its values.
enum class ItemOrder {
  kAscending,
  kDescending,
  kShuffled,     // Fisher-Yates driven by SplitMix64(seed)
  kAlternating,  // smallest, largest, second smallest, second largest, ...
};

struct ItemStream {
  ItemGenerator generator = ItemGenerator::kSequence;
  int64_t start = 0;   // sequence start, or the counter start for strings
  uint64_t seed = 0;   // for the random generators
  int64_t count = 0;
  ItemOrder order = ItemOrder::kAscending;  // ordered generators only

  ItemKind kind() const;
};

const char* ItemKindName(ItemKind kind);
const char* ItemOrderName(ItemOrder order);  // "ascending", ... as in the JSON form
const char* ItemGeneratorName(ItemGenerator generator);  // "splitmix64", ... as in the JSON form

// What a hashing family's items suite feeds besides the sequence: each item kind
// (doubles, ASCII and UTF-8 strings, byte arrays), then random longs. Case ids
// name them by ItemGeneratorName, in this order.
const std::vector<ItemGenerator>& HashedItemGenerators();

// The item of value v of kOrderedStrings: v in at least 10 decimal digits, zero-padded
// ("0000000042", "-000000001"), as printf's "%010d" writes it. Made for every item of a tape and
// every probe of the rank truth, so written digit by digit rather than formatted.
std::string OrderedStringItem(int64_t v);

// The item tape: the one encoding every engine reads (little-endian).
// long/double: 8 bytes each (doubles as their IEEE-754 bits); string/bytes:
// a u32 length, then the bytes (UTF-8 for strings). Written into `reuse`'s memory where it is
// large enough: a fresh tape of a hundred megabytes costs as much again in page faults.
std::string EncodeItemTape(const ItemStream& stream, std::string reuse = {});

// JSON form: {"gen":"sequence","start":0,"count":3072} and so on.
nlohmann::ordered_json ItemStreamToJson(const ItemStream& stream);
// `path` names where the object sits, for error messages ("/ops/1/items").
absl::StatusOr<ItemStream> ItemStreamFromJson(const nlohmann::json& j, const std::string& path);

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_CASE_ITEM_STREAM_H_
