#ifndef DSCONFORM_HARNESS_FAMILY_SNIPPET_LANGUAGE_H_
#define DSCONFORM_HARNESS_FAMILY_SNIPPET_LANGUAGE_H_

// What every family's repro programs (Family::JavaSnippet, CppSnippet) share in
// one language: literals, printing, the item streams, the program around the
// steps. A family adds only the text of its library's calls
// (sketches/<family>/<family>_*_snippet.cc), through SnippetWriter.

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "harness/case/item_stream.h"

namespace dsconform {

// Pieces of a program defined only when its steps use them.
enum class SnippetHelper {
  kSplitMix64,      // the generator of the random item streams
  kSpecialDoubles,  // the special values that start a "doubles" stream
  kUtf8Prefixes,    // the prefixes of a "utf8_strings" stream
  kOrderedOffsets,  // the order of an ordered stream that is not ascending
  kFixedDigits,     // an ordered_strings item
  kHexImage,        // an input image of the case, written as hex
  kPrintDouble,
  kPrintInt,
  kPrintBool,
  kPrintString,
  kPrintBytes,
  kPrintUnsupported,
};

// The kind of value a print statement prints (docs/case-format.md, observations).
enum class SnippetValue { kDouble, kInt, kBool, kString, kBytes };

// One item generator's loop in one language.
struct SnippetItemLoop {
  ItemGenerator generator;
  // $0 the statement run per item, $1 the count, $2 the seed. Declares `i`
  // (0..count-1) and whatever the item expression reads.
  const char* loop;
  // The item, as an expression; $0 the counter value (start + i, or start + an
  // ordered stream's offset).
  const char* item;
  std::vector<SnippetHelper> helpers;
};

// The parts of a program that the language puts together.
struct SnippetProgram {
  std::string title;                     // the case id, safe in a comment
  std::vector<std::string> library_dirs;  // datasketches-cpp folders the family's headers live in ("hll")
  std::set<std::string> imports;          // Java imports ("static ..." too) or C++ headers of the library
  std::set<SnippetHelper> helpers;
  std::map<std::string, std::string> family_helpers;  // name -> definition, in name order
  std::string body;                                   // the steps, one statement per line, unindented
};

// Templates are for absl::Substitute; a template may span lines, continuation
// lines carrying their own relative indentation.
struct SnippetLanguage {
  std::string name;  // "Java", "C++"

  // Literals. A decimal written as text (a member of a case) becomes what the
  // engines parse it into: a literal where the text is one, else the parse call.
  std::string (*quote)(const std::string& text);
  std::string (*long_literal)(int64_t v);
  std::string (*seed_literal)(uint64_t v);  // 64 bits, as the language's long
  std::string (*double_value)(const std::string& decimal);
  std::string (*float_value)(const std::string& decimal);
  std::string (*long_value)(const std::string& decimal);

  const char* set_op;        // $0 the step's index, for error@op<i>
  const char* indexed_name;  // $0 a quoted field name, $1 an index variable: "<name>[<index>]" at run time
  const char* input_image;   // declares $0 from $1, quoted hex pieces with input_image_separator between
  const char* input_image_separator;

  // Print statements: $0 the field name (quoted, or an indexed_name), $1 the value.
  const char* print_double;
  const char* print_int;
  const char* print_bool;
  const char* print_string;
  const char* print_bytes;
  const char* print_unsupported;  // $1 the quoted reason

  // Ends the program as a failing step ends a stage. fail: $0 the quoted message
  // of the IllegalArgumentException / std::invalid_argument the engine throws.
  // missing_image: $0 the quoted image name, $1 the native engines' quoted message.
  const char* fail;
  const char* missing_image;

  std::vector<SnippetItemLoop> loops;
  const char* ordered_offsets;  // declares `offsets`: $0 the count, $1 the quoted order, $2 the seed
  const char* offset_at;        // the i-th offset

  std::string (*assemble)(const SnippetProgram& program);
};

const SnippetLanguage& JavaSnippetLanguage();
const SnippetLanguage& CppSnippetLanguage();

// Indents every non-empty line of `text` by `spaces`.
std::string IndentLines(const std::string& text, int spaces);

// A plain decimal (IsPlainDecimal) as a floating literal of either language:
// "1" as "1.0" ("1f" is no C++ literal, and the type shows).
std::string FloatingLiteral(const std::string& text);

// Whether `text` is a decimal that reads the same as a literal in both
// languages and through their parse calls: [-]digits[.digits][e[+-]digits].
bool IsPlainDecimal(const std::string& text);

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_FAMILY_SNIPPET_LANGUAGE_H_
