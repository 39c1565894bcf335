#ifndef DSCONFORM_SKETCHES_HLL_HLL_SNIPPET_DIALECT_H_
#define DSCONFORM_SKETCHES_HLL_HLL_SNIPPET_DIALECT_H_

// Internal to the HLL snippets: one walk over a case's steps
// (hll_snippets.cc) writes both programs; a dialect holds the only thing that
// differs between them, the text of each library call in its language.

#include <cstdint>
#include <set>
#include <string>

#include "harness/case/case_program.h"

namespace dsconform {

// Pieces a program defines only when its steps use them.
enum class SnippetHelper {
  kSplitMix64,      // the generator of the random item streams
  kSpecialDoubles,  // the special values that start a "doubles" stream
  kUtf8Prefixes,    // the prefixes of a "utf8_strings" stream
  kMemorySegment,   // Java's wrap modes
  kTypeName,        // C++: target_hll_type as HLL_4/6/8
  kPrintDouble,
  kPrintInt,
  kPrintBool,
  kPrintString,
  kPrintBytes,
  kPrintUnsupported,
};

// Templates for absl::Substitute. In statement templates $0 is the variable
// the step declares or acts on; the other arguments are listed per member.
// Templates may span lines; continuation lines carry their own relative
// indentation.
struct SnippetDialect {
  // Literals.
  std::string (*quote)(const std::string& text);  // a string literal of the language
  std::string (*long_literal)(int64_t v);
  std::string (*seed_literal)(uint64_t v);

  // Steps.
  const char* create;                // $1 lg_k, $2 type name (HLL_4...)
  const char* new_union;             // $1 lg_max_k
  const char* merge_copy;            // $0 union, $1 sketch
  const char* merge_move;            // $0 union, $1 sketch
  const char* result;                // $1 union, $2 type name
  const char* result_default_type;   // $1 union
  const char* serialize_compact;     // $0 image, $1 sketch
  const char* serialize_updatable;   // $0 image, $1 sketch
  const char* heapify;               // $1 image
  const char* wrap;                  // $1 image; null: the library has no wrap
  const char* writable_wrap;         // $1 image; null: the library has no wrap
  const char* no_wrap_comment;       // one comment line, when wrap is null
  const char* copy;                  // $1 from
  const char* convert;               // $1 from, $2 type name
  const char* reset;
  const char* set_op;                // $0 the step's index, for error@op<i>
  const char* missing_image;         // $0 step index, $1 quoted image name; ends the program

  // Item loops: $0 the sketch or union, $1 the count, $2 the i-th counter
  // value (start + i), $3 the seed.
  const char* update_sequence;
  const char* update_splitmix64;
  const char* update_doubles;
  const char* update_ascii_strings;
  const char* update_utf8_strings;
  const char* update_byte_arrays;

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

  // Print statements: $0 the quoted field name, $1 the value expression.
  const char* print_double;
  const char* print_int;
  const char* print_bool;
  const char* print_string;
  const char* print_bytes;
  const char* print_unsupported;  // $1 the quoted reason

  // The whole program around `body` (the steps, one per line, unindented);
  // `title` is the case id, safe to put in a comment.
  std::string (*assemble)(const std::string& title, const std::set<SnippetHelper>& helpers, const std::string& body);
};

const SnippetDialect& JavaSnippetDialect();
const SnippetDialect& CppSnippetDialect();

// The program for `c`'s first stage in `dialect`.
std::string WriteHllSnippet(const Case& c, const SnippetDialect& dialect);

// Indents every non-empty line of `text` by `spaces`.
std::string IndentLines(const std::string& text, int spaces);

}  // namespace dsconform

#endif  // DSCONFORM_SKETCHES_HLL_HLL_SNIPPET_DIALECT_H_
