#ifndef DSCONFORM_SKETCHES_BLOOM_BLOOM_SNIPPET_DIALECT_H_
#define DSCONFORM_SKETCHES_BLOOM_BLOOM_SNIPPET_DIALECT_H_

// Internal to the Bloom filter snippets: one walk over a case's steps
// (bloom_snippets.cc) writes both programs through the core's SnippetWriter; a
// dialect holds the text of each Bloom filter call in one language.

#include "harness/family/snippet_writer.h"

namespace dsconform {

// Templates for absl::Substitute; $0 is the variable a step declares or acts on.
struct BloomSnippetDialect {
  const SnippetLanguage& (*language)();
  SnippetFamilyText (*family_text)();

  const char* create_by_size;      // declares $0: $1 bits, $2 hashes, $3 seed
  const char* create_by_accuracy;  // declares $0: $1 items, $2 fpp, $3 seed
  const char* heapify;             // declares $0 from image $1
  const char* wrap;                // declares $0 wrapping a copy $2 of image $1
  const char* writable_wrap;       // as wrap
  const char* update;              // $0 filter, $1 item
  const char* query;               // an expression: $0 filter, $1 item
  const char* query_and_update;    // as query
  const char* answers;             // declares bitmap $0 for $1 items and the count $2 of those present
  const char* answer;              // one statement in an item loop (index i): $0 bitmap, $1 count, $2 the answer
  const char* union_with;          // $0 into, $1 from
  const char* intersect;           // as union_with
  const char* invert;              // $0
  const char* reset;               // $0
  const char* compatible;          // an expression: $0, $1
  const char* serialize;           // declares image $0 of $1

  // Slotless: $0 items, $1 fpp, $2 bits.
  const char* suggest_num_bits;
  const char* suggest_hashes_by_fpp;
  const char* suggest_hashes_by_size;
  const char* serialized_size_of_bits;

  // Queries on $0.
  const char* bits_used;
  const char* capacity;
  const char* num_hashes;
  const char* seed;
  const char* is_empty;
  const char* serialized_size;
  const char* to_string;  // null: native only
};

const BloomSnippetDialect& JavaBloomDialect();
const BloomSnippetDialect& CppBloomDialect();

}  // namespace dsconform

#endif  // DSCONFORM_SKETCHES_BLOOM_BLOOM_SNIPPET_DIALECT_H_
