// The REQ calls of the Java repro program (datasketches-java 9.x), as
// java-bridge/.../ReqFamily.java makes them.
#include "sketches/req/req_snippet_dialect.h"

namespace dsconform {
namespace {

constexpr char kPinRandom[] = R"(
/**
 * Pins the random bits of a sketch's compactions, as dsconform's engines do before a step with a
 * seed: each ReqSketch draws from its own private final Random (unseeded unless a ReqDebug is
 * set), which datasketches-java 9.x lets nobody seed but by reflection.
 */
static void pinRandom(ReqSketch sketch, long seed) throws ReflectiveOperationException {
  Field rand = ReqSketch.class.getDeclaredField("rand");
  rand.setAccessible(true);
  ((Random) rand.get(sketch)).setSeed(seed);
}
)";

SnippetFamilyText JavaReqText() {
  SnippetFamilyText text;
  text.reserved_names.insert("ReqSketch");
  text.imports_when_used["ReqSketch"] = "org.apache.datasketches.req.ReqSketch";
  for (const char* criterion : {"INCLUSIVE", "EXCLUSIVE"})
    text.imports_when_used[criterion] =
        std::string("static org.apache.datasketches.quantilescommon.QuantileSearchCriteria.") + criterion;
  text.imports_when_used["MemorySegment"] = "java.lang.foreign.MemorySegment";
  text.imports_when_used["Field"] = "java.lang.reflect.Field";
  text.imports_when_used["Random"] = "java.util.Random";
  text.reserved_names.insert({"INCLUSIVE", "EXCLUSIVE", "Field", "Random", "rand", "pinRandom", "seed", "sketch"});
  text.helpers_when_used = {{"pinRandom", kPinRandom}};
  return text;
}

const ReqSnippetDialect kJava = {
    /*language=*/JavaSnippetLanguage,
    /*family_text=*/JavaReqText,
    /*create=*/"ReqSketch $0 = ReqSketch.builder().setK($1).setHighRankAccuracy($2).build();",
    /*heapify=*/"ReqSketch $0 = ReqSketch.heapify(MemorySegment.ofArray($1.clone()));",
    /*update=*/"$0.update((float) ($1));  // rounded to float, as the engines do",
    /*merge=*/"$0.merge($1);",
    /*pin=*/"pinRandom($0, $1);",
    /*pin_after_read=*/true,
    /*compact=*/"byte[] $0 = $1.toByteArray();",
    /*n=*/"$0.getN()",
    /*k=*/"$0.getK()",
    /*hra=*/"$0.getHighRankAccuracyMode()",
    /*num_retained=*/"$0.getNumRetained()",
    /*is_empty=*/"$0.isEmpty()",
    /*is_estimation_mode=*/"$0.isEstimationMode()",
    /*min_item=*/"$0.getMinItem()",
    /*max_item=*/"$0.getMaxItem()",
    /*quantile=*/"$0.getQuantile($1, $2)",
    /*rank=*/"$0.getRank($1, $2)",
    /*point_array=*/"new float[] {$0}",
    /*pmf=*/"double[] $3 = $0.getPMF($1, $2);",
    /*cdf=*/"double[] $3 = $0.getCDF($1, $2);",
    /*rse=*/"ReqSketch.getRSE($0.getK(), $1, $0.getHighRankAccuracyMode(), $0.getN())",
    /*rank_lb=*/"$0.getRankLowerBound($1, $2)",
    /*rank_ub=*/"$0.getRankUpperBound($1, $2)",
    /*inclusive=*/"INCLUSIVE",
    /*exclusive=*/"EXCLUSIVE",
    /*yes=*/"true",
    /*no=*/"false",
};

}  // namespace

const ReqSnippetDialect& JavaReqDialect() { return kJava; }

}  // namespace dsconform
