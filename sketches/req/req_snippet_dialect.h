#ifndef DSCONFORM_SKETCHES_REQ_REQ_SNIPPET_DIALECT_H_
#define DSCONFORM_SKETCHES_REQ_REQ_SNIPPET_DIALECT_H_

// Internal to the REQ snippets: one walk over a case's steps (req_snippets.cc)
// writes both programs through the core's SnippetWriter; a dialect holds the
// text of each call in one language.

#include "harness/family/snippet_writer.h"

namespace dsconform {

// Templates for absl::Substitute; $0 is the variable a step declares or acts on.
struct ReqSnippetDialect {
  const SnippetLanguage& (*language)();
  SnippetFamilyText (*family_text)();

  const char* create;   // $1 k, $2 hra
  const char* heapify;  // $1 image
  const char* update;   // $0 sketch, $1 item (a double)
  const char* merge;    // $0 into, $1 from
  const char* pin;      // $0 the sketch, $1 the seed
  // Java's bits are the sketch's own, so a read is pinned after it; C++'s are
  // the translation unit's, pinned before the read draws them.
  bool pin_after_read;
  const char* compact;  // declares image $0 of $1

  // Queries on $0.
  const char* n;
  const char* k;
  const char* hra;
  const char* num_retained;
  const char* is_empty;
  const char* is_estimation_mode;
  const char* min_item;
  const char* max_item;
  const char* quantile;     // $1 a rank, $2 the criterion
  const char* rank;         // $1 a point, $2 the criterion
  const char* point_array;  // $0 the points, separated by ", "
  const char* pmf;          // declares $3 from $1 (a point_array) and $4 the number of points, $2 the criterion
  const char* cdf;          // as pmf
  const char* rse;          // $1 a rank
  const char* rank_lb;      // $1 a rank, $2 standard deviations
  const char* rank_ub;      // as rank_lb
  const char* inclusive;
  const char* exclusive;
  const char* yes;
  const char* no;
};

const ReqSnippetDialect& JavaReqDialect();
const ReqSnippetDialect& CppReqDialect();

}  // namespace dsconform

#endif  // DSCONFORM_SKETCHES_REQ_REQ_SNIPPET_DIALECT_H_
