#ifndef DSCONFORM_SKETCHES_THETA_THETA_SNIPPET_DIALECT_H_
#define DSCONFORM_SKETCHES_THETA_THETA_SNIPPET_DIALECT_H_

// Internal to the Theta snippets: one walk over a case's steps
// (theta_snippets.cc) writes both programs through the core's SnippetWriter; a
// dialect holds the text of each Theta call in one language.

#include <string>

#include "harness/family/snippet_writer.h"

namespace dsconform {

// What a slot's variable holds, as far as the program text knows.
enum class ThetaKind {
  kUpdate,        // an update sketch
  kCompact,       // a compact sketch
  kWrapped,       // C++: a wrapped_compact_theta_sketch
  kAny,           // Java: a ThetaSketch read from an image, update or compact as the image says
  kUnion,
  kIntersection,
};
constexpr int kThetaKinds = 6;

// Templates for absl::Substitute; $0 is the variable a step declares or acts
// on. A null template: the library cannot, and the program says so as the
// native engine does (theta_adapter.cc).
struct ThetaSnippetDialect {
  const SnippetLanguage& (*language)();
  SnippetFamilyText (*family_text)();
  // What the engine does with a step the slot's sketch cannot take: Java's
  // throws an IllegalArgumentException (ThetaFamily.java), the native one
  // records it as unsupported (theta_adapter.cc).
  bool refuses_with_exception;

  const char* create;            // $1 lg_k, $2 the builder's other settings
  const char* new_union;         // $1 lg_k, $2 the builder's other settings
  const char* new_intersection;  // $1 the seed
  const char* new_intersection_default_seed;
  const char* set_seed;          // a builder setting: $0 the seed
  const char* set_rf;            // $0 1, 2, 4 or 8
  const char* set_p;             // $0 p
  const char* seed_argument;     // $0 the seed, appended to an argument list

  const char* update[kThetaKinds];  // by the slot's kind: $0 slot, $1 the item
  const char* updatable_view;       // ThetaKind::kAny: declares $0, $1 as an update sketch, or fails with $2
  const char* merge_union;          // $0 union, $1 sketch
  const char* merge_intersection;   // $0 intersection, $1 sketch
  const char* result;               // $1 union or intersection, $2 ordered
  const char* compact[kThetaKinds];  // by the source's kind: $1 source, $2 ordered
  const char* a_not_b;              // $1 a, $2 b, $3 ordered, $4 the seed setting or argument ("" for the default)
  const char* a_not_b_seed;         // $0 the seed, as a_not_b takes it
  const char* jaccard;              // $1 a, $2 b, $3 the seed argument; $0[0..2] lower, estimate, upper

  const char* serialize_compact[kThetaKinds];     // declares image $0 of $1
  const char* serialize_compressed[kThetaKinds];  // declares image $0 of $1
  const char* serialize_updatable[kThetaKinds];   // declares image $0 of $1; null: not supported

  ThetaKind heapify_kind, wrap_kind;
  const char* heapify;        // $1 image, $2 the seed argument
  const char* wrap;           // $1 image, $2 the seed argument
  const char* writable_wrap;  // $1 image, $2 the seed argument; null: not supported
  const char* writable_wrap_default_seed;
  bool reads_update_images;   // false: an update sketch's image is not supported (C++)

  // Queries: $0 the sketch; bounds take $1, the number of standard deviations.
  const char* estimate;
  const char* lower_bound;
  const char* upper_bound;
  const char* theta;
  const char* theta_long;
  const char* retained;
  const char* is_empty;
  const char* is_estimation_mode;
  const char* is_ordered;
  const char* lg_k;  // of an update sketch
  const char* rf;    // of an update sketch
  const char* has_result;
};

const ThetaSnippetDialect& JavaThetaDialect();
const ThetaSnippetDialect& CppThetaDialect();

// The program for `c`'s first stage in `dialect`.
std::string WriteThetaSnippet(const Case& c, const ThetaSnippetDialect& dialect);

}  // namespace dsconform

#endif  // DSCONFORM_SKETCHES_THETA_THETA_SNIPPET_DIALECT_H_
