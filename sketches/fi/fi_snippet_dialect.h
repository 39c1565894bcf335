#ifndef DSCONFORM_SKETCHES_FI_FI_SNIPPET_DIALECT_H_
#define DSCONFORM_SKETCHES_FI_FI_SNIPPET_DIALECT_H_

// Internal to the Frequent items snippets: one walk over a case's steps
// (fi_snippets.cc) writes both programs through the core's SnippetWriter; a
// dialect holds the text of each call in one language.

#include <string>

#include "harness/family/snippet_writer.h"

namespace dsconform {

// A slot's class: long items in Java's FrequentLongsSketch or
// FrequentItemsSketch<Long> (one class in C++), or strings.
enum class FiKind { kLongs, kLongItems, kStrings };
constexpr int kFiKinds = 3;

// Templates for absl::Substitute. A null template: the library cannot, and the
// program says so as the language's engine does.
struct FiSnippetDialect {
  const SnippetLanguage& (*language)();
  SnippetFamilyText (*family_text)();

  const char* create[kFiKinds];       // $0 the sketch, $1 lg_max_map_size, $2 2^lg_max_map_size
  const char* deserialize[kFiKinds];  // $0 the sketch, $1 the image, $2 the string serde
  const char* serialize[kFiKinds];    // declares image $0 of sketch $1; $2 the string serde
  const char* utf8_serde;
  const char* utf16_serde;  // null: no UTF-16 serde
  const char* no_utf16;     // why, as the engine says
  const char* update;           // $0 the sketch, $1 the item
  const char* update_weighted;  // $2 the weight
  const char* merge;            // $0 into, $1 from
  // Scalar queries on $0 ($1 the string serde for serialized_size).
  const char* total_weight;
  const char* maximum_error;
  const char* num_active_items;
  const char* is_empty;
  const char* epsilon;
  const char* serialized_size[kFiKinds];
  const char* to_string;  // null: native-only
  const char* long_key;  // $0 a long key as the language's long_value gives it
  // Per key: $0 the sketch, $1 the key.
  const char* estimate;
  const char* lower_bound;
  const char* upper_bound;
  // Declares rows $3 of sketch $0 at error type $1 (and threshold $2).
  const char* frequent[kFiKinds];
  const char* frequent_at[kFiKinds];
  const char* no_false_positives;
  const char* no_false_negatives;
  const char* rows_size;  // $0 the rows
  const char* for_rows;   // opens a loop over rows $0 with index $1
  const char* end_for;
  const char* row_item;   // $0 the rows, $1 the index
  const char* row_estimate;
  const char* row_lower_bound;
  const char* row_upper_bound;
};

const FiSnippetDialect& JavaFiDialect();
const FiSnippetDialect& CppFiDialect();

}  // namespace dsconform

#endif  // DSCONFORM_SKETCHES_FI_FI_SNIPPET_DIALECT_H_
