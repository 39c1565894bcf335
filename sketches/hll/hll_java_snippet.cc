// The HLL calls of the Java repro program (datasketches-java 9.x).
#include "sketches/hll/hll_snippet_dialect.h"

namespace dsconform {
namespace {

SnippetFamilyText JavaHllText() {
  SnippetFamilyText text;
  text.reserved_names = {"HllSketch", "HllUnion", "TgtHllType"};
  text.imports_when_used = {{"HllSketch", "org.apache.datasketches.hll.HllSketch"},
                            {"HllUnion", "org.apache.datasketches.hll.HllUnion"},
                            {"TgtHllType", "org.apache.datasketches.hll.TgtHllType"},
                            {"MemorySegment", "java.lang.foreign.MemorySegment"}};
  return text;
}

const HllSnippetDialect kJava = {
    /*language=*/JavaSnippetLanguage,
    /*family_text=*/JavaHllText,
    /*create=*/"HllSketch $0 = new HllSketch($1, TgtHllType.$2);",
    /*new_union=*/"HllUnion $0 = new HllUnion($1);",
    /*update=*/"$0.update($1);",
    /*merge_copy=*/"$0.update($1);",
    /*merge_move=*/"$0.update($1);  // Java has no move: the same call as copy",
    /*result=*/"HllSketch $0 = $1.getResult(TgtHllType.$2);",
    /*result_default_type=*/"HllSketch $0 = $1.getResult();",
    /*serialize_compact=*/"byte[] $0 = $1.toCompactByteArray();",
    /*serialize_updatable=*/"byte[] $0 = $1.toUpdatableByteArray();",
    /*heapify=*/"HllSketch $0 = HllSketch.heapify($1);",
    // A copy of the image, as the engines pass: a wrapped sketch keeps (and may change) the array.
    /*wrap=*/"HllSketch $0 = HllSketch.wrap(MemorySegment.ofArray($1.clone()).asReadOnly());",
    /*writable_wrap=*/"HllSketch $0 = HllSketch.writableWrap(MemorySegment.ofArray($1.clone()));",
    /*copy=*/"HllSketch $0 = $1.copy();",
    /*convert=*/"HllSketch $0 = $1.copyAs(TgtHllType.$2);",
    /*reset=*/"$0.reset();",
    /*estimate=*/"$0.getEstimate()",
    /*composite=*/"$0.getCompositeEstimate()",
    /*lower_bound=*/"$0.getLowerBound($1)",
    /*upper_bound=*/"$0.getUpperBound($1)",
    /*is_empty=*/"$0.isEmpty()",
    /*lg_k=*/"$0.getLgConfigK()",
    /*is_compact=*/"$0.isCompact()",
    /*type=*/"$0.getTgtHllType().name()",
    /*compact_size=*/"$0.getCompactSerializationBytes()",
    /*updatable_size=*/"$0.getUpdatableSerializationBytes()",
    /*rel_err=*/"HllSketch.getRelErr($0, $1, $2, $3)",
};

}  // namespace

const HllSnippetDialect& JavaHllDialect() { return kJava; }

}  // namespace dsconform
