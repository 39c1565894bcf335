#ifndef DSCONFORM_SKETCHES_VAROPT_VAROPT_SNIPPET_DIALECT_H_
#define DSCONFORM_SKETCHES_VAROPT_VAROPT_SNIPPET_DIALECT_H_

// Internal to the VarOpt snippets: one walk over a case's steps
// (varopt_snippets.cc) writes both programs through the core's SnippetWriter;
// a dialect holds the text of each VarOpt call in one language.

#include "harness/family/snippet_writer.h"

namespace dsconform {

// Templates for absl::Substitute; $0 is the variable a step declares or acts
// on. Per item type: [0] long, [1] string.
struct VaroptSnippetDialect {
  const SnippetLanguage& (*language)();
  SnippetFamilyText (*family_text)();

  const char* create[2];           // $1 k
  const char* make_union[2];       // $1 max_k
  const char* seed;                // $0 the seed; null: the library cannot be seeded
  const char* no_seed;             // why seed is null
  const char* update;              // $0 sketch, $1 item, $2 weight
  const char* nan;                 // the weight texts strtod reads and the language's parser may not
  const char* inf;
  const char* merge;               // $0 union, $1 sketch
  const char* result[2];           // declares $0 from union $1
  const char* serialize[2];        // declares image $0 of $1 (sketch or union)
  const char* heapify[2];          // declares sketch $0 from image $1
  const char* heapify_union[2];    // declares union $0 from image $1
  const char* sample_loop;         // $0 sketch, $1 the sample variable: opens the loop
  const char* sample_item;         // $0 the sample variable
  const char* sample_weight;       // $0 the sample variable
  const char* subset_sum;          // declares $0 = estimate of $1 for predicate $2
  const char* pred_all;            // $0 the item's variable
  const char* pred_none;
  const char* pred_mod4[2];
  const char* estimate;            // $0 the summary
  const char* lower_bound;
  const char* upper_bound;
  const char* total_weight;

  // Queries on $0.
  const char* k;
  const char* n;
  const char* num_samples;
  const char* is_empty;
  const char* serialized_size[2];
  const char* to_string;  // null: native only
};

const VaroptSnippetDialect& JavaVaroptDialect();
const VaroptSnippetDialect& CppVaroptDialect();

}  // namespace dsconform

#endif  // DSCONFORM_SKETCHES_VAROPT_VAROPT_SNIPPET_DIALECT_H_
