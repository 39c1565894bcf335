// The Theta calls of the Java repro program (datasketches-java 9.x), as
// java-bridge/.../ThetaFamily.java makes them on the heap. Not expressed: the
// java-direct engine's sketches, unions and results in MemorySegments.
#include "sketches/theta/theta_snippet_dialect.h"

namespace dsconform {
namespace {

constexpr char kPackage[] = "org.apache.datasketches.theta.";

constexpr char kCompactForm[] = R"(
/** How the engines write a sketch's compact forms: an update sketch as its ordered compact sketch. */
static CompactThetaSketch compactForm(ThetaSketch s) {
  return s instanceof CompactThetaSketch c ? c : s.compact(true, null);
}
)";

constexpr char kUpdatable[] = R"(
/** A sketch read from an image, as the update sketch a step needs; else the engine's refusal. */
static UpdatableThetaSketch updatable(ThetaSketch s, String refusal) {
  if (s instanceof UpdatableThetaSketch u) return u;
  throw new IllegalArgumentException(refusal);
}
)";

SnippetFamilyText JavaThetaText() {
  SnippetFamilyText text;
  for (const char* name : {"CompactThetaSketch", "JaccardSimilarity", "ThetaIntersection", "ThetaSetOperation",
                           "ThetaSketch", "ThetaUnion", "UpdatableThetaSketch"}) {
    text.reserved_names.insert(name);
    text.imports_when_used[name] = std::string(kPackage) + name;
  }
  text.imports_when_used["ResizeFactor"] = "org.apache.datasketches.common.ResizeFactor";
  text.imports_when_used["MemorySegment"] = "java.lang.foreign.MemorySegment";
  text.reserved_names.insert({"ResizeFactor", "compactForm", "updatable", "refusal"});
  text.helpers_when_used = {{"compactForm", kCompactForm}, {"updatable", kUpdatable}};
  return text;
}

const ThetaSnippetDialect kJava = {
    /*language=*/JavaSnippetLanguage,
    /*family_text=*/JavaThetaText,
    /*refuses_with_exception=*/true,
    /*create=*/"UpdatableThetaSketch $0 = UpdatableThetaSketch.builder().setLogNominalEntries($1)$2.build();",
    /*new_union=*/"ThetaUnion $0 = ThetaSetOperation.builder().setLogNominalEntries($1)$2.buildUnion();",
    /*new_intersection=*/"ThetaIntersection $0 = ThetaSetOperation.builder().setSeed($1).buildIntersection();",
    /*new_intersection_default_seed=*/"ThetaIntersection $0 = ThetaSetOperation.builder().buildIntersection();",
    /*set_seed=*/".setSeed($0)",
    /*set_rf=*/".setResizeFactor(ResizeFactor.X$0)",
    /*set_p=*/".setP($0)",
    /*seed_argument=*/", $0",
    /*update=*/{"$0.update($1);", nullptr, nullptr, nullptr, "$0.update($1);", nullptr},
    /*updatable_view=*/"UpdatableThetaSketch $0 = updatable($1, $2);",
    /*merge_union=*/"$0.union($1);",
    /*merge_intersection=*/"$0.intersect($1);",
    /*result=*/"CompactThetaSketch $0 = $1.getResult($2, null);",
    /*compact=*/
    {"CompactThetaSketch $0 = $1.compact($2, null);", "CompactThetaSketch $0 = $1.compact($2, null);", nullptr,
     "CompactThetaSketch $0 = $1.compact($2, null);", nullptr, nullptr},
    /*a_not_b=*/"CompactThetaSketch $0 = ThetaSetOperation.builder()$4.buildANotB().aNotB($1, $2, $3, null);",
    /*a_not_b_seed=*/".setSeed($0)",
    /*jaccard=*/"double[] $0 = JaccardSimilarity.jaccard($1, $2$3);  // with a seed: 9.1.0 and later",
    /*serialize_compact=*/
    {"byte[] $0 = $1.compact(true, null).toByteArray();", "byte[] $0 = $1.toByteArray();", nullptr,
     "byte[] $0 = compactForm($1).toByteArray();", nullptr, nullptr},
    /*serialize_compressed=*/
    {"byte[] $0 = $1.compact(true, null).toByteArrayCompressed();", "byte[] $0 = $1.toByteArrayCompressed();",
     nullptr, "byte[] $0 = compactForm($1).toByteArrayCompressed();", nullptr, nullptr},
    /*serialize_updatable=*/{"byte[] $0 = $1.toByteArray();", nullptr, nullptr, nullptr, nullptr, nullptr},
    /*heapify_kind=*/ThetaKind::kAny,
    /*wrap_kind=*/ThetaKind::kAny,
    /*heapify=*/"ThetaSketch $0 = ThetaSketch.heapify(MemorySegment.ofArray($1)$2);",
    // A copy of the image, as the engines pass: a wrapped sketch keeps (and may change) the array.
    /*wrap=*/"ThetaSketch $0 = ThetaSketch.wrap(MemorySegment.ofArray($1.clone()).asReadOnly()$2);",
    /*writable_wrap=*/"UpdatableThetaSketch $0 = UpdatableThetaSketch.wrap(MemorySegment.ofArray($1.clone()), null, $2);",
    /*writable_wrap_default_seed=*/"UpdatableThetaSketch $0 = UpdatableThetaSketch.wrap(MemorySegment.ofArray($1.clone()));",
    /*reads_update_images=*/true,
    /*estimate=*/"$0.getEstimate()",
    /*lower_bound=*/"$0.getLowerBound($1)",
    /*upper_bound=*/"$0.getUpperBound($1)",
    /*theta=*/"$0.getTheta()",
    /*theta_long=*/"$0.getThetaLong()",
    /*retained=*/"$0.getRetainedEntries(true)",
    /*is_empty=*/"$0.isEmpty()",
    /*is_estimation_mode=*/"$0.isEstimationMode()",
    /*is_ordered=*/"$0.isOrdered()",
    /*lg_k=*/"$0.getLgNomLongs()",
    /*rf=*/"$0.getResizeFactor().getValue()",
    /*has_result=*/"$0.hasResult()",
};

}  // namespace

const ThetaSnippetDialect& JavaThetaDialect() { return kJava; }

}  // namespace dsconform
