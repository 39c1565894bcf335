#ifndef DSCONFORM_SKETCHES_QUANTILES_QUANTILES_SNIPPET_DIALECT_H_
#define DSCONFORM_SKETCHES_QUANTILES_QUANTILES_SNIPPET_DIALECT_H_

// Internal to the Quantiles snippets: one walk over a case's steps
// (quantiles_snippets.cc) writes both programs through the core's
// SnippetWriter; a dialect holds the text of each call in one language.

#include "harness/family/snippet_writer.h"

namespace dsconform {

// Templates for absl::Substitute; $0 is the variable a step declares or acts
// on. Per-type templates: [0] double, [1] long, [2] string. A null template:
// the library cannot, and the program says so as its engine does.
struct QuantilesSnippetDialect {
  const SnippetLanguage& (*language)();
  SnippetFamilyText (*family_text)();

  const char* create[3];     // $1 k
  const char* heapify[3];    // $1 image
  const char* update;        // $0 sketch, $1 item
  const char* merge[3];      // $0 into, $1 from
  const char* pin[3];        // $0 the seed
  const char* compact[3];    // declares image $0 of $1
  const char* updatable[3];  // as compact; null: not written
  const char* no_updatable;  // why updatable is null

  // Queries on $0.
  const char* n;
  const char* k;
  const char* num_retained;
  const char* is_empty;
  const char* is_estimation_mode;
  const char* min_item;
  const char* max_item;
  const char* rank_error;  // $1 true/false (pmf)
  const char* quantile;    // $1 a rank, $2 the criterion
  const char* rank;        // $1 a point, $2 the criterion
  const char* long_point;      // $0 a long literal, as a long item
  const char* point_array[3];  // $0 the points, separated by ", "
  const char* pmf;         // declares $3 from $1 (a point_array) and $4 the number of points, $2 the criterion
  const char* cdf;         // as pmf
  const char* inclusive;
  const char* exclusive;
  const char* yes;
  const char* no;
};

const QuantilesSnippetDialect& JavaQuantilesDialect();
const QuantilesSnippetDialect& CppQuantilesDialect();

}  // namespace dsconform

#endif  // DSCONFORM_SKETCHES_QUANTILES_QUANTILES_SNIPPET_DIALECT_H_
