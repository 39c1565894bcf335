// The Frequent items calls of the Java repro program (datasketches-java 9.x), as
// java-bridge/.../FiFamily.java makes them.
#include "sketches/fi/fi_snippet_dialect.h"

namespace dsconform {
namespace {

SnippetFamilyText JavaFiText() {
  SnippetFamilyText text;
  for (const char* name : {"FrequentLongsSketch", "FrequentItemsSketch", "ErrorType"}) {
    text.reserved_names.insert(name);
    text.imports_when_used[name] = std::string("org.apache.datasketches.frequencies.") + name;
  }
  for (const char* name : {"ArrayOfLongsSerDe", "ArrayOfStringsSerDe", "ArrayOfUtf16StringsSerDe"}) {
    text.reserved_names.insert(name);
    text.imports_when_used[name] = std::string("org.apache.datasketches.common.") + name;
  }
  text.imports_when_used["MemorySegment"] = "java.lang.foreign.MemorySegment";
  return text;
}

const FiSnippetDialect kJava = {
    /*language=*/JavaSnippetLanguage,
    /*family_text=*/JavaFiText,
    /*create=*/
    {"FrequentLongsSketch $0 = new FrequentLongsSketch($2);",
     "FrequentItemsSketch<Long> $0 = new FrequentItemsSketch<>($2);",
     "FrequentItemsSketch<String> $0 = new FrequentItemsSketch<>($2);"},
    // A copy of the image, as the engines pass.
    /*deserialize=*/
    {"FrequentLongsSketch $0 = FrequentLongsSketch.getInstance(MemorySegment.ofArray($1.clone()));",
     "FrequentItemsSketch<Long> $0 =\n"
     "    FrequentItemsSketch.getInstance(MemorySegment.ofArray($1.clone()), new ArrayOfLongsSerDe());",
     "FrequentItemsSketch<String> $0 =\n    FrequentItemsSketch.getInstance(MemorySegment.ofArray($1.clone()), $2);"},
    /*serialize=*/
    {"byte[] $0 = $1.toByteArray();", "byte[] $0 = $1.toByteArray(new ArrayOfLongsSerDe());",
     "byte[] $0 = $1.toByteArray($2);"},
    /*utf8_serde=*/"new ArrayOfStringsSerDe()",
    /*utf16_serde=*/"new ArrayOfUtf16StringsSerDe()",
    /*no_utf16=*/"",
    /*update=*/"$0.update($1);",
    /*update_weighted=*/"$0.update($1, $2);",
    /*merge=*/"$0.merge($1);",
    /*total_weight=*/"$0.getStreamLength()",
    /*maximum_error=*/"$0.getMaximumError()",
    /*num_active_items=*/"$0.getNumActiveItems()",
    /*is_empty=*/"$0.isEmpty()",
    // The maximum map size from its capacity (0.75 of it), as the engine: Java has no getter of it.
    /*epsilon=*/"FrequentLongsSketch.getEpsilon(2 * Integer.highestOneBit($0.getMaximumMapCapacity()))",
    /*serialized_size=*/
    {"$0.toByteArray().length", "$0.toByteArray(new ArrayOfLongsSerDe()).length", "$0.toByteArray($1).length"},
    /*to_string=*/nullptr,
    // A long, which boxes to the Long of FrequentItemsSketch<Long> (an int literal would not).
    /*long_key=*/"(long) $0",
    /*estimate=*/"$0.getEstimate($1)",
    /*lower_bound=*/"$0.getLowerBound($1)",
    /*upper_bound=*/"$0.getUpperBound($1)",
    /*frequent=*/
    {"FrequentLongsSketch.Row[] $3 = $0.getFrequentItems($1);",
     "FrequentItemsSketch.Row<Long>[] $3 = $0.getFrequentItems($1);",
     "FrequentItemsSketch.Row<String>[] $3 = $0.getFrequentItems($1);"},
    /*frequent_at=*/
    {"FrequentLongsSketch.Row[] $3 = $0.getFrequentItems($2, $1);",
     "FrequentItemsSketch.Row<Long>[] $3 = $0.getFrequentItems($2, $1);",
     "FrequentItemsSketch.Row<String>[] $3 = $0.getFrequentItems($2, $1);"},
    /*no_false_positives=*/"ErrorType.NO_FALSE_POSITIVES",
    /*no_false_negatives=*/"ErrorType.NO_FALSE_NEGATIVES",
    /*rows_size=*/"$0.length",
    /*for_rows=*/"for (int $1 = 0; $1 < $0.length; ++$1) {",
    /*end_for=*/"}",
    /*row_item=*/"$0[$1].getItem()",
    /*row_estimate=*/"$0[$1].getEstimate()",
    /*row_lower_bound=*/"$0[$1].getLowerBound()",
    /*row_upper_bound=*/"$0[$1].getUpperBound()",
};

}  // namespace

const FiSnippetDialect& JavaFiDialect() { return kJava; }

}  // namespace dsconform
