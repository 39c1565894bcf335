#ifndef DSCONFORM_SKETCHES_CPC_CPC_SNIPPET_DIALECT_H_
#define DSCONFORM_SKETCHES_CPC_CPC_SNIPPET_DIALECT_H_

// Internal to the CPC snippets: one walk over a case's steps
// (cpc_snippets.cc) writes both programs through the core's SnippetWriter; a
// dialect holds the text of each CPC call in one language.

#include <string>

#include "harness/family/snippet_writer.h"

namespace dsconform {

// Templates for absl::Substitute; $0 is the variable a step declares or acts
// on, "$s" arguments are the seed argument (", <seed>", or "" for the library's
// default). A null template: the library cannot.
struct CpcSnippetDialect {
  const SnippetLanguage& (*language)();
  SnippetFamilyText (*family_text)();

  const char* seed_argument;  // $0 the seed
  const char* create;         // $1 lg_k, $2 seed argument
  const char* new_union;      // $1 lg_k, $2 seed argument
  const char* update;         // $0 sketch, $1 the item
  const char* merge_copy;     // $0 union, $1 sketch
  const char* merge_move;     // $0 union, $1 sketch
  const char* result;         // $1 union
  const char* serialize;      // declares image $0 of $1
  const char* heapify;        // $1 image, $2 seed argument
  const char* wrap;           // $1 image (a wrapper takes any seed); null: no wrapper (C++)

  // Queries: $0 the sketch (or wrapper); bounds take $1, kappa.
  const char* estimate;
  const char* lower_bound;
  const char* upper_bound;
  const char* is_empty;
  const char* lg_k;
  const char* validate;
};

const CpcSnippetDialect& JavaCpcDialect();
const CpcSnippetDialect& CppCpcDialect();

// The program for `c`'s first stage in `dialect`.
std::string WriteCpcSnippet(const Case& c, const CpcSnippetDialect& dialect);

}  // namespace dsconform

#endif  // DSCONFORM_SKETCHES_CPC_CPC_SNIPPET_DIALECT_H_
