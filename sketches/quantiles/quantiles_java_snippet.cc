// The Quantiles calls of the Java repro program (datasketches-java 9.x), as
// java-bridge/.../QuantilesFamily.java makes them on the heap. Not expressed:
// the java-direct engine's sketches and unions in a MemorySegment.
#include "sketches/quantiles/quantiles_snippet_dialect.h"

namespace dsconform {
namespace {

constexpr char kPinDoubles[] = R"(
/**
 * Pins the random bits of a doubles sketch, as dsconform's engines do before a step with a seed:
 * they come from the package-private static QuantilesDoublesSketch.rand, which datasketches-java
 * 9.x lets nobody seed but by reflection.
 */
static void pinDoubles(long seed) throws ReflectiveOperationException {
  Field rand = QuantilesDoublesSketch.class.getDeclaredField("rand");
  rand.setAccessible(true);
  ((Random) rand.get(null)).setSeed(seed);
}
)";

SnippetFamilyText JavaQuantilesText() {
  SnippetFamilyText text;
  constexpr char kPackage[] = "org.apache.datasketches.quantiles.";
  for (const char* name : {"QuantilesDoublesSketch", "UpdatableQuantilesDoublesSketch", "QuantilesDoublesUnion",
                           "QuantilesItemsSketch", "QuantilesItemsUnion"}) {
    text.reserved_names.insert(name);
    text.imports_when_used[name] = std::string(kPackage) + name;
  }
  text.imports_when_used["ArrayOfStringsSerDe"] = "org.apache.datasketches.common.ArrayOfStringsSerDe";
  text.imports_when_used["ArrayOfLongsSerDe"] = "org.apache.datasketches.common.ArrayOfLongsSerDe";
  for (const char* criterion : {"INCLUSIVE", "EXCLUSIVE"})
    text.imports_when_used[criterion] =
        std::string("static org.apache.datasketches.quantilescommon.QuantileSearchCriteria.") + criterion;
  text.imports_when_used["Comparator"] = "java.util.Comparator";
  text.imports_when_used["MemorySegment"] = "java.lang.foreign.MemorySegment";
  text.imports_when_used["Field"] = "java.lang.reflect.Field";
  text.imports_when_used["Random"] = "java.util.Random";
  text.reserved_names.insert({"ArrayOfStringsSerDe", "ArrayOfLongsSerDe", "INCLUSIVE", "EXCLUSIVE", "Field",
                              "Random", "rand", "pinDoubles", "seed", "union"});
  text.helpers_when_used = {{"pinDoubles", kPinDoubles}};
  return text;
}

const QuantilesSnippetDialect kJava = {
    /*language=*/JavaSnippetLanguage,
    /*family_text=*/JavaQuantilesText,
    /*create=*/
    {"UpdatableQuantilesDoublesSketch $0 = QuantilesDoublesSketch.builder().setK($1).build();",
     "QuantilesItemsSketch<Long> $0 = QuantilesItemsSketch.getInstance(Long.class, $1, Comparator.naturalOrder());",
     "QuantilesItemsSketch<String> $0 = QuantilesItemsSketch.getInstance(String.class, $1, Comparator.naturalOrder());"},
    /*heapify=*/
    {"UpdatableQuantilesDoublesSketch $0 = UpdatableQuantilesDoublesSketch.heapify(MemorySegment.ofArray($1.clone()));",
     "QuantilesItemsSketch<Long> $0 = QuantilesItemsSketch.heapify(\n"
     "    Long.class, MemorySegment.ofArray($1.clone()), Comparator.naturalOrder(), new ArrayOfLongsSerDe());",
     "QuantilesItemsSketch<String> $0 = QuantilesItemsSketch.heapify(\n"
     "    String.class, MemorySegment.ofArray($1.clone()), Comparator.naturalOrder(), new ArrayOfStringsSerDe());"},
    /*update=*/"$0.update($1);",
    /*merge=*/
    {"{  // a union of the target's k, given the target, then the source\n"
     "  QuantilesDoublesUnion union = QuantilesDoublesUnion.builder().setMaxK($0.getK()).build();\n"
     "  union.union($0);\n  union.union($1);\n  $0 = union.getResult();\n}",
     "{  // a union of the target's k, given the target, then the source\n"
     "  QuantilesItemsUnion<Long> union = QuantilesItemsUnion.getInstance(Long.class, $0.getK(), Comparator.naturalOrder());\n"
     "  union.union($0);\n  union.union($1);\n  $0 = union.getResult();\n}",
     "{  // a union of the target's k, given the target, then the source\n"
     "  QuantilesItemsUnion<String> union =\n"
     "      QuantilesItemsUnion.getInstance(String.class, $0.getK(), Comparator.naturalOrder());\n"
     "  union.union($0);\n  union.union($1);\n  $0 = union.getResult();\n}"},
    /*pin=*/{"pinDoubles($0);", "QuantilesItemsSketch.rand.setSeed($0);", "QuantilesItemsSketch.rand.setSeed($0);"},
    /*compact=*/
    {"byte[] $0 = $1.toByteArray(true);", "byte[] $0 = $1.toByteArray(true, new ArrayOfLongsSerDe());",
     "byte[] $0 = $1.toByteArray(true, new ArrayOfStringsSerDe());"},
    /*updatable=*/
    {"byte[] $0 = $1.toByteArray(false);", "byte[] $0 = $1.toByteArray(false, new ArrayOfLongsSerDe());",
     "byte[] $0 = $1.toByteArray(false, new ArrayOfStringsSerDe());"},
    /*no_updatable=*/"",
    /*n=*/"$0.getN()",
    /*k=*/"$0.getK()",
    /*num_retained=*/"$0.getNumRetained()",
    /*is_empty=*/"$0.isEmpty()",
    /*is_estimation_mode=*/"$0.isEstimationMode()",
    /*min_item=*/"$0.getMinItem()",
    /*max_item=*/"$0.getMaxItem()",
    /*rank_error=*/"$0.getNormalizedRankError($1)",
    /*quantile=*/"$0.getQuantile($1, $2)",
    /*rank=*/"$0.getRank($1, $2)",
    /*long_point=*/"Long.valueOf($0)",  // a Long, which an int literal does not box to
    /*point_array=*/{"new double[] {$0}", "new Long[] {$0}", "new String[] {$0}"},
    /*pmf=*/"double[] $3 = $0.getPMF($1, $2);",
    /*cdf=*/"double[] $3 = $0.getCDF($1, $2);",
    /*inclusive=*/"INCLUSIVE",
    /*exclusive=*/"EXCLUSIVE",
    /*yes=*/"true",
    /*no=*/"false",
};

}  // namespace

const QuantilesSnippetDialect& JavaQuantilesDialect() { return kJava; }

}  // namespace dsconform
