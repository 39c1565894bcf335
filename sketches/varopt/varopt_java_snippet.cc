// The VarOpt calls of the Java repro program (datasketches-java 9.x), as
// java-bridge/.../VaroptFamily.java makes them.
#include "sketches/varopt/varopt_snippet_dialect.h"

namespace dsconform {
namespace {

SnippetFamilyText JavaVaroptText() {
  SnippetFamilyText text;
  text.reserved_names = {"VarOptItemsSketch", "VarOptItemsUnion", "ArrayOfLongsSerDe", "ArrayOfStringsSerDe",
                         "MemorySegment", "StandardCharsets"};
  text.imports_when_used["VarOptItemsSketch"] = "org.apache.datasketches.sampling.VarOptItemsSketch";
  text.imports_when_used["VarOptItemsUnion"] = "org.apache.datasketches.sampling.VarOptItemsUnion";
  text.imports_when_used["ArrayOfLongsSerDe"] = "org.apache.datasketches.common.ArrayOfLongsSerDe";
  text.imports_when_used["ArrayOfStringsSerDe"] = "org.apache.datasketches.common.ArrayOfStringsSerDe";
  text.imports_when_used["MemorySegment"] = "java.lang.foreign.MemorySegment";
  text.imports_when_used["StandardCharsets"] = "java.nio.charset.StandardCharsets";
  return text;
}

const VaroptSnippetDialect kJava = {
    /*language=*/JavaSnippetLanguage,
    /*family_text=*/JavaVaroptText,
    /*create=*/{"VarOptItemsSketch<Long> $0 = VarOptItemsSketch.newInstance($1);",
                "VarOptItemsSketch<String> $0 = VarOptItemsSketch.newInstance($1);"},
    /*make_union=*/{"VarOptItemsUnion<Long> $0 = VarOptItemsUnion.newInstance($1);",
                    "VarOptItemsUnion<String> $0 = VarOptItemsUnion.newInstance($1);"},
    /*seed=*/nullptr,
    /*no_seed=*/"datasketches-java samples with ThreadLocalRandom, which cannot be seeded",
    /*update=*/"$0.update($1, $2);",
    /*nan=*/"Double.NaN",
    /*inf=*/"Double.POSITIVE_INFINITY",
    /*merge=*/"$0.update($1);",
    /*result=*/{"VarOptItemsSketch<Long> $0 = $1.getResult();", "VarOptItemsSketch<String> $0 = $1.getResult();"},
    /*serialize=*/{"byte[] $0 = $1.toByteArray(new ArrayOfLongsSerDe());",
                   "byte[] $0 = $1.toByteArray(new ArrayOfStringsSerDe());"},
    /*heapify=*/{"VarOptItemsSketch<Long> $0 = VarOptItemsSketch.heapify(MemorySegment.ofArray($1), new ArrayOfLongsSerDe());",
                 "VarOptItemsSketch<String> $0 = VarOptItemsSketch.heapify(MemorySegment.ofArray($1), new ArrayOfStringsSerDe());"},
    /*heapify_union=*/{"VarOptItemsUnion<Long> $0 = VarOptItemsUnion.heapify(MemorySegment.ofArray($1), new ArrayOfLongsSerDe());",
                       "VarOptItemsUnion<String> $0 = VarOptItemsUnion.heapify(MemorySegment.ofArray($1), new ArrayOfStringsSerDe());"},
    /*sample_loop=*/"for (var $1 : $0.getSketchSamples()) {",
    /*sample_item=*/"$0.getItem()",
    /*sample_weight=*/"$0.getWeight()",
    /*subset_sum=*/"var $0 = $1.estimateSubsetSum($2);",
    /*pred_all=*/"$0 -> true",
    /*pred_none=*/"$0 -> false",
    /*pred_mod4=*/{"$0 -> $0 % 4 == 0", "$0 -> !$0.isEmpty() && ($0.getBytes(StandardCharsets.UTF_8)[0] & 0xff) % 4 == 0"},
    /*estimate=*/"$0.getEstimate()",
    /*lower_bound=*/"$0.getLowerBound()",
    /*upper_bound=*/"$0.getUpperBound()",
    /*total_weight=*/"$0.getTotalSketchWeight()",
    /*k=*/"$0.getK()",
    /*n=*/"$0.getN()",
    /*num_samples=*/"$0.getNumSamples()",
    /*is_empty=*/"$0.getN() == 0",
    /*serialized_size=*/{"$0.toByteArray(new ArrayOfLongsSerDe()).length",
                         "$0.toByteArray(new ArrayOfStringsSerDe()).length"},
    /*to_string=*/nullptr,
};

}  // namespace

const VaroptSnippetDialect& JavaVaroptDialect() { return kJava; }

}  // namespace dsconform
