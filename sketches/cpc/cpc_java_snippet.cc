// The CPC calls of the Java repro program (datasketches-java 9.x), as
// java-bridge/.../CpcFamily.java makes them. Not expressed: the java-direct
// engine's heapify from a MemorySegment.
#include "sketches/cpc/cpc_snippet_dialect.h"

namespace dsconform {
namespace {

SnippetFamilyText JavaCpcText() {
  SnippetFamilyText text;
  text.reserved_names = {"CpcSketch", "CpcUnion", "CpcWrapper"};
  text.imports_when_used = {{"CpcSketch", "org.apache.datasketches.cpc.CpcSketch"},
                            {"CpcUnion", "org.apache.datasketches.cpc.CpcUnion"},
                            {"CpcWrapper", "org.apache.datasketches.cpc.CpcWrapper"},
                            {"MemorySegment", "java.lang.foreign.MemorySegment"}};
  return text;
}

const CpcSnippetDialect kJava = {
    /*language=*/JavaSnippetLanguage,
    /*family_text=*/JavaCpcText,
    /*seed_argument=*/", $0",
    /*create=*/"CpcSketch $0 = new CpcSketch($1$2);",
    /*new_union=*/"CpcUnion $0 = new CpcUnion($1$2);",
    /*update=*/"$0.update($1);",
    /*merge_copy=*/"$0.update($1);",
    /*merge_move=*/"$0.update($1);  // Java has no move: the same call as copy",
    /*result=*/"CpcSketch $0 = $1.getResult();",
    /*serialize=*/"byte[] $0 = $1.toByteArray();",
    /*heapify=*/"CpcSketch $0 = CpcSketch.heapify($1$2);",
    // A copy of the image, as the engines pass: the wrapper reads the array for as long as it lives.
    /*wrap=*/"CpcWrapper $0 = new CpcWrapper(MemorySegment.ofArray($1.clone()).asReadOnly());",
    /*estimate=*/"$0.getEstimate()",
    /*lower_bound=*/"$0.getLowerBound($1)",
    /*upper_bound=*/"$0.getUpperBound($1)",
    /*is_empty=*/"$0.isEmpty()",
    /*lg_k=*/"$0.getLgK()",
    /*validate=*/"$0.validate()",
};

}  // namespace

const CpcSnippetDialect& JavaCpcDialect() { return kJava; }

}  // namespace dsconform
