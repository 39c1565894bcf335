#ifndef DSCONFORM_SKETCHES_KLL_KLL_SNIPPET_DIALECT_H_
#define DSCONFORM_SKETCHES_KLL_KLL_SNIPPET_DIALECT_H_

// Internal to the KLL snippets: one walk over a case's steps (kll_snippets.cc)
// writes both programs through the core's SnippetWriter; a dialect holds the
// text of each KLL call in one language.

#include <string>

#include "harness/family/snippet_writer.h"

namespace dsconform {

// A slot's item type, the index of the per-item templates below.
enum class KllItem { kDouble, kFloat, kLong, kString };
constexpr int kKllItems = 4;

// Templates for absl::Substitute; $0 is the variable a step declares or acts
// on. Per-item templates are indexed by KllItem. A null template: the library
// cannot, and the program says so (with the reason given beside it) as the
// language's engine does.
struct KllSnippetDialect {
  const SnippetLanguage& (*language)();
  SnippetFamilyText (*family_text)();

  const char* create[kKllItems];   // $1 k
  const char* heapify[kKllItems];  // $1 image
  const char* wrap[kKllItems];     // $1 image
  const char* no_wrap;             // why wrap is null
  const char* update[kKllItems];   // $0 sketch, $1 the item
  const char* pin_random_bits;     // $0 the seed, as a 64-bit literal
  const char* merge_copy;          // $0 into, $1 from
  const char* merge_move;          // $0 into, $1 from
  const char* serialize;           // declares image $0 of $1
  // Copies (C++ only: the Java engine does not declare copy or convert).
  // $1 from, $2 the sketch type of the slot.
  const char* copy_construct;
  const char* copy_assign;
  const char* move_construct;
  const char* move_assign;
  const char* convert_to_double;  // $1 a float sketch
  const char* type_name[kKllItems];

  // Scalar queries on $0; null: not answered, for the reason in `not_answered`.
  const char* n;
  const char* k;
  const char* num_retained;
  const char* is_empty;
  const char* is_estimation_mode;
  const char* min_item;
  const char* max_item;
  const char* rank_error;      // $1 true for the double-sided (pmf) error
  const char* serialized_size;
  const char* to_string;
  const char* heap_bytes;
  const char* not_answered;    // the reason printed for a null query

  // Grid queries on $0; $2 the search criterion (inclusive or exclusive).
  const char* inclusive;
  const char* exclusive;
  const char* quantile;               // $1 a rank
  const char* rank;                   // $1 a point
  const char* point_array[kKllItems];  // $0 the points, separated by ", "
  const char* pmf;                    // declares $3 from $1, a point_array, and $4 the number of points
  const char* cdf;                    // as pmf
};

const KllSnippetDialect& JavaKllDialect();
const KllSnippetDialect& CppKllDialect();

// The program for `c`'s first stage in `dialect`.
std::string WriteKllSnippet(const Case& c, const KllSnippetDialect& dialect);

}  // namespace dsconform

#endif  // DSCONFORM_SKETCHES_KLL_KLL_SNIPPET_DIALECT_H_
