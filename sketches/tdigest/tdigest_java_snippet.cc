// The t-digest calls of the Java repro program (datasketches-java 9.x), as
// java-bridge/.../TdigestFamily.java makes them.
#include "sketches/tdigest/tdigest_snippet_dialect.h"

namespace dsconform {
namespace {

SnippetFamilyText JavaTdigestText() {
  SnippetFamilyText text;
  text.reserved_names = {"TDigestDouble"};
  text.imports_when_used["TDigestDouble"] = "org.apache.datasketches.tdigest.TDigestDouble";
  text.imports_when_used["MemorySegment"] = "java.lang.foreign.MemorySegment";
  text.undeclared_steps["compress"] = "datasketches-java has no public compress of a t-digest";
  return text;
}

const TdigestSnippetDialect kJava = {
    /*language=*/JavaSnippetLanguage,
    /*family_text=*/JavaTdigestText,
    /*create=*/{"TDigestDouble $0 = new TDigestDouble((short) $1);", nullptr},
    /*no_float=*/"datasketches-java has no float t-digest",
    /*heapify=*/
    {"TDigestDouble $0 = TDigestDouble.heapify(MemorySegment.ofArray($1));",
     "TDigestDouble $0 = TDigestDouble.heapify(MemorySegment.ofArray($1), true);  // a float image"},
    /*update=*/{"$0.update($1);", nullptr},
    /*merge=*/"$0.merge($1);",
    /*compress=*/nullptr,
    /*serialize=*/"byte[] $0 = $1.toByteArray();",
    /*serialize_buffer=*/nullptr,
    /*no_buffer=*/"datasketches-java writes the compact form only",
    /*n=*/"$0.getTotalWeight()",
    /*k=*/"$0.getK()",
    /*is_empty=*/"$0.isEmpty()",
    /*min_value=*/"$0.getMinValue()",
    /*max_value=*/"$0.getMaxValue()",
    /*to_string=*/nullptr,
    /*quantile=*/"$0.getQuantile($1)",
    /*rank=*/"$0.getRank($1)",
    /*point_array=*/{"new double[] {$0}", nullptr},
    /*pmf=*/"double[] $3 = $0.getPMF($1);",
    /*cdf=*/"double[] $3 = $0.getCDF($1);",
};

}  // namespace

const TdigestSnippetDialect& JavaTdigestDialect() { return kJava; }

}  // namespace dsconform
