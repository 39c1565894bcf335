#ifndef DSCONFORM_SKETCHES_TDIGEST_TDIGEST_SNIPPET_DIALECT_H_
#define DSCONFORM_SKETCHES_TDIGEST_TDIGEST_SNIPPET_DIALECT_H_

// Internal to the t-digest snippets: one walk over a case's steps
// (tdigest_snippets.cc) writes both programs through the core's
// SnippetWriter; a dialect holds the text of each t-digest call in one language.

#include <string>

#include "harness/family/snippet_writer.h"

namespace dsconform {

// Templates for absl::Substitute; $0 is the variable a step declares or acts
// on. Per-type templates: [0] double, [1] float. A null template: the library
// cannot, and the program says so (with the reason beside it) as its engine does.
struct TdigestSnippetDialect {
  const SnippetLanguage& (*language)();
  SnippetFamilyText (*family_text)();

  const char* create[2];       // $1 k
  const char* no_float;        // why create[1] is null
  const char* heapify[2];      // $1 image
  const char* update[2];       // $0 digest, $1 the value (a double)
  const char* merge;           // $0 into, $1 from
  const char* compress;        // $0 digest (Java: undeclared, answered by the writer)
  const char* serialize;       // declares image $0 of $1
  const char* serialize_buffer;  // as serialize, with the buffer kept; null: not written
  const char* no_buffer;       // why serialize_buffer is null

  // Queries on $0.
  const char* n;
  const char* k;
  const char* is_empty;
  const char* min_value;
  const char* max_value;
  const char* to_string;  // null: native only
  const char* quantile;   // $1 a rank
  const char* rank;       // $1 a point
  const char* point_array[2];  // $0 the points, separated by ", "
  const char* pmf;        // declares $3 from $1, a point_array, and $4 the number of points
  const char* cdf;        // as pmf
};

const TdigestSnippetDialect& JavaTdigestDialect();
const TdigestSnippetDialect& CppTdigestDialect();

}  // namespace dsconform

#endif  // DSCONFORM_SKETCHES_TDIGEST_TDIGEST_SNIPPET_DIALECT_H_
