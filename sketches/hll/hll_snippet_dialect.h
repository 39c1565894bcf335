#ifndef DSCONFORM_SKETCHES_HLL_HLL_SNIPPET_DIALECT_H_
#define DSCONFORM_SKETCHES_HLL_HLL_SNIPPET_DIALECT_H_

// Internal to the HLL snippets: one walk over a case's steps
// (hll_snippets.cc) writes both programs through the core's SnippetWriter; a
// dialect holds what differs between them, the text of each HLL call.

#include "harness/family/snippet_writer.h"

namespace dsconform {

// Templates for absl::Substitute. In statement templates $0 is the variable
// the step declares or acts on; the other arguments are listed per member.
struct HllSnippetDialect {
  const SnippetLanguage& (*language)();
  SnippetFamilyText (*family_text)();

  // Steps.
  const char* create;                // $1 lg_k, $2 type name (HLL_4...)
  const char* new_union;             // $1 lg_max_k
  const char* update;                // $0 sketch or union, $1 the item
  const char* merge_copy;            // $0 union, $1 sketch
  const char* merge_move;            // $0 union, $1 sketch
  const char* result;                // $1 union, $2 type name
  const char* result_default_type;   // $1 union
  const char* serialize_compact;     // $0 image, $1 sketch
  const char* serialize_updatable;   // $0 image, $1 sketch
  const char* heapify;               // $1 image
  const char* wrap;                  // $1 image; null: the library has no wrap
  const char* writable_wrap;         // $1 image; null: the library has no wrap
  const char* copy;                  // $1 from
  const char* convert;               // $1 from, $2 type name
  const char* reset;

  // Value expressions on $0, a sketch or union; bounds take $1, the number of
  // standard deviations.
  const char* estimate;
  const char* composite;
  const char* lower_bound;
  const char* upper_bound;
  const char* is_empty;
  const char* lg_k;
  const char* is_compact;
  const char* type;
  const char* compact_size;
  const char* updatable_size;
  const char* rel_err;  // $0 upper, $1 unioned (true/false), $2 lg_k, $3 sd
};

const HllSnippetDialect& JavaHllDialect();
const HllSnippetDialect& CppHllDialect();

// The program for `c`'s first stage in `dialect`.
std::string WriteHllSnippet(const Case& c, const HllSnippetDialect& dialect);

}  // namespace dsconform

#endif  // DSCONFORM_SKETCHES_HLL_HLL_SNIPPET_DIALECT_H_
