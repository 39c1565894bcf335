// The KLL calls of the Java repro program (datasketches-java 9.x), as
// java-bridge/.../KllFamily.java makes them on the heap. Not expressed: the
// java-direct engine's sketches made in a MemorySegment (newDirectInstance).
#include "sketches/kll/kll_snippet_dialect.h"

namespace dsconform {
namespace {

constexpr char kPinRandomBits[] = R"(
/**
 * Pins the random bits of KLL's compactions, as dsconform's engines do before a step with a seed:
 * they come from the package-private static KllSketch.random, which datasketches-java 9.x lets
 * nobody seed but by reflection.
 */
static void pinRandomBits(long seed) throws ReflectiveOperationException {
  Field random = KllSketch.class.getDeclaredField("random");
  random.setAccessible(true);
  ((Random) random.get(null)).setSeed(seed);
}
)";

SnippetFamilyText JavaKllText() {
  SnippetFamilyText text;
  constexpr char kPackage[] = "org.apache.datasketches.kll.";
  for (const char* name : {"KllDoublesSketch", "KllFloatsSketch", "KllLongsSketch", "KllItemsSketch", "KllSketch"}) {
    text.reserved_names.insert(name);
    text.imports_when_used[name] = std::string(kPackage) + name;
  }
  text.imports_when_used["ArrayOfStringsSerDe"] = "org.apache.datasketches.common.ArrayOfStringsSerDe";
  for (const char* criterion : {"INCLUSIVE", "EXCLUSIVE"})
    text.imports_when_used[criterion] =
        std::string("static org.apache.datasketches.quantilescommon.QuantileSearchCriteria.") + criterion;
  text.imports_when_used["Comparator"] = "java.util.Comparator";
  text.imports_when_used["MemorySegment"] = "java.lang.foreign.MemorySegment";
  text.imports_when_used["Field"] = "java.lang.reflect.Field";
  text.imports_when_used["Random"] = "java.util.Random";
  text.reserved_names.insert(
      {"ArrayOfStringsSerDe", "INCLUSIVE", "EXCLUSIVE", "Field", "Random", "random", "pinRandomBits", "seed"});
  text.helpers_when_used = {{"pinRandomBits", kPinRandomBits}};
  const char* no_copy = "Java has no copy of a KLL sketch (the java engine does not declare the step)";
  text.undeclared_steps = {{"copy", no_copy},
                           {"convert", "Java has no float-to-double conversion of a KLL sketch (the java engine "
                                       "does not declare the step)"}};
  return text;
}

const KllSnippetDialect kJava = {
    /*language=*/JavaSnippetLanguage,
    /*family_text=*/JavaKllText,
    /*create=*/
    {"KllDoublesSketch $0 = KllDoublesSketch.newHeapInstance($1);",
     "KllFloatsSketch $0 = KllFloatsSketch.newHeapInstance($1);",
     "KllLongsSketch $0 = KllLongsSketch.newHeapInstance($1);",
     "KllItemsSketch<String> $0 =\n"
     "    KllItemsSketch.newHeapInstance($1, Comparator.naturalOrder(), new ArrayOfStringsSerDe());"},
    // A copy of the image, as the engines pass.
    /*heapify=*/
    {"KllDoublesSketch $0 = KllDoublesSketch.heapify(MemorySegment.ofArray($1.clone()));",
     "KllFloatsSketch $0 = KllFloatsSketch.heapify(MemorySegment.ofArray($1.clone()));",
     "KllLongsSketch $0 = KllLongsSketch.heapify(MemorySegment.ofArray($1.clone()));",
     "KllItemsSketch<String> $0 = KllItemsSketch.heapify(\n"
     "    MemorySegment.ofArray($1.clone()), Comparator.naturalOrder(), new ArrayOfStringsSerDe());"},
    /*wrap=*/
    {"KllDoublesSketch $0 = KllDoublesSketch.wrap(MemorySegment.ofArray($1.clone()));",
     "KllFloatsSketch $0 = KllFloatsSketch.wrap(MemorySegment.ofArray($1.clone()));",
     "KllLongsSketch $0 = KllLongsSketch.wrap(MemorySegment.ofArray($1.clone()));",
     "KllItemsSketch<String> $0 = KllItemsSketch.wrap(\n"
     "    MemorySegment.ofArray($1.clone()), Comparator.naturalOrder(), new ArrayOfStringsSerDe());"},
    /*no_wrap=*/"",
    /*update=*/
    {"$0.update($1);", "$0.update((float) ($1));  // rounded to float, as the engines do", "$0.update($1);",
     "$0.update($1);"},
    /*pin_random_bits=*/"pinRandomBits($0);",
    /*merge_copy=*/"$0.merge($1);",
    /*merge_move=*/"$0.merge($1);  // Java has no move: the same call as copy",
    /*serialize=*/"byte[] $0 = $1.toByteArray();",
    /*copy_construct=*/nullptr,
    /*copy_assign=*/nullptr,
    /*move_construct=*/nullptr,
    /*move_assign=*/nullptr,
    /*convert_to_double=*/nullptr,
    /*type_name=*/{"KllDoublesSketch", "KllFloatsSketch", "KllLongsSketch", "KllItemsSketch<String>"},
    /*n=*/"$0.getN()",
    /*k=*/"$0.getK()",
    /*num_retained=*/"$0.getNumRetained()",
    /*is_empty=*/"$0.isEmpty()",
    /*is_estimation_mode=*/"$0.isEstimationMode()",
    /*min_item=*/"$0.getMinItem()",
    /*max_item=*/"$0.getMaxItem()",
    /*rank_error=*/"$0.getNormalizedRankError($1)",
    /*serialized_size=*/"$0.getSerializedSizeBytes()",
    /*to_string=*/nullptr,
    /*heap_bytes=*/nullptr,
    /*not_answered=*/"a native-only observation",
    /*inclusive=*/"INCLUSIVE",
    /*exclusive=*/"EXCLUSIVE",
    /*quantile=*/"$0.getQuantile($1, $2)",
    /*rank=*/"$0.getRank($1, $2)",
    /*point_array=*/{"new double[] {$0}", "new float[] {$0}", "new long[] {$0}", "new String[] {$0}"},
    /*pmf=*/"double[] $3 = $0.getPMF($1, $2);",
    /*cdf=*/"double[] $3 = $0.getCDF($1, $2);",
};

}  // namespace

const KllSnippetDialect& JavaKllDialect() { return kJava; }

}  // namespace dsconform
