#ifndef DSCONFORM_SKETCHES_COUNTMIN_COUNTMIN_SNIPPET_DIALECT_H_
#define DSCONFORM_SKETCHES_COUNTMIN_COUNTMIN_SNIPPET_DIALECT_H_

// Internal to the Count-min snippets: one walk over a case's steps
// (countmin_snippets.cc) writes both programs through the core's
// SnippetWriter; a dialect holds the text of each Count-min call in one language.

#include <string>

#include "harness/family/snippet_writer.h"

namespace dsconform {

// Templates for absl::Substitute; $0 is the variable a step declares or acts
// on. Per counter type: [0] long, [1] double. A null template: the library
// cannot, and the program says so (with the reason beside it) as its engine does.
struct CountminSnippetDialect {
  const SnippetLanguage& (*language)();
  SnippetFamilyText (*family_text)();

  const char* create[2];          // $1 hashes, $2 buckets, $3 the seed
  const char* create_default[2];  // without a seed: $1 hashes, $2 buckets
  const char* no_double;          // why [1] is null
  const char* no_default_seed;    // why create_default and heapify_default are null
  const char* heapify[2];         // $1 image, $2 the seed
  const char* heapify_default[2];
  const char* update;             // $0 sketch, $1 the item (C++ bytes: pointer, length), $2 the weight
  const char* weight[2];          // $0 an integer weight as the counter type
  const char* merge;              // $0 into, $1 from
  const char* serialize;          // declares image $0 of $1
  const char* answers[2];         // declares $0 (est), $1 (lower), $2 (upper): empty lists of the counter type
  const char* answer;             // $0 sketch, $1 item, $2 est, $3 lower, $4 upper, $5 a free name: the item's three answers (the item evaluated once)
  const char* size;               // $0 a list: its length
  const char* at;                 // $0 a list, $1 an index: its element
  const char* index_loop;         // $0 the index variable, $1 the count: opens a loop over 0..count-1
  const char* suggest_buckets;    // $0 the relative error (a double expression)
  const char* suggest_hashes;     // $0 the confidence

  // Queries on $0.
  const char* total_weight;
  const char* num_hashes;
  const char* num_buckets;
  const char* seed;
  const char* relative_error;
  const char* is_empty;
  const char* serialized_size;
  const char* to_string;  // null: native only
};

const CountminSnippetDialect& JavaCountminDialect();
const CountminSnippetDialect& CppCountminDialect();

}  // namespace dsconform

#endif  // DSCONFORM_SKETCHES_COUNTMIN_COUNTMIN_SNIPPET_DIALECT_H_
