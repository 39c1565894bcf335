// The Count-min calls of the Java repro program (datasketches-java 9.x), as
// java-bridge/.../CountminFamily.java makes them.
#include "sketches/countmin/countmin_snippet_dialect.h"

namespace dsconform {
namespace {

// CountMinSketch's constructor is package-private: a sketch comes from deserializing the empty image.
constexpr char kEmptyImage[] = R"(
static byte[] emptyImage(int numHashes, int numBuckets, long seed) {
  // preLongs 2, serVer 1, family 18, flags IS_EMPTY, 4 unused; buckets, hashes, seed hash, 1 unused
  ByteBuffer b = ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN);
  b.put((byte) 2).put((byte) 1).put((byte) 18).put((byte) 1).putInt(0);
  b.putInt(numBuckets).put((byte) numHashes).putShort(Util.computeSeedHash(seed)).put((byte) 0);
  return b.array();
}
)";

SnippetFamilyText JavaCountminText() {
  SnippetFamilyText text;
  text.reserved_names = {"CountMinSketch", "emptyImage", "Util", "ByteBuffer", "ByteOrder"};
  text.helpers_when_used = {{"emptyImage", kEmptyImage}};
  text.imports_when_used["CountMinSketch"] = "org.apache.datasketches.count.CountMinSketch";
  text.imports_when_used["emptyImage"] = "org.apache.datasketches.common.Util";
  text.imports_when_used["ByteBuffer"] = "java.nio.ByteBuffer";
  text.imports_when_used["ByteOrder"] = "java.nio.ByteOrder";
  text.imports_when_used["ArrayList"] = "java.util.ArrayList";
  return text;
}

const CountminSnippetDialect kJava = {
    /*language=*/JavaSnippetLanguage,
    /*family_text=*/JavaCountminText,
    /*create=*/{"CountMinSketch $0 = CountMinSketch.deserialize(emptyImage($1, $2, $3), $3);", nullptr},
    /*create_default=*/{nullptr, nullptr},
    /*no_double=*/"datasketches-java has long counters only",
    /*no_default_seed=*/"datasketches-java has no default seed: a seed must be given",
    /*heapify=*/{"CountMinSketch $0 = CountMinSketch.deserialize($1, $2);", nullptr},
    /*heapify_default=*/{nullptr, nullptr},
    /*update=*/"$0.update($1, $2);",
    /*weight=*/{"$0", nullptr},
    /*merge=*/"$0.merge($1);",
    /*serialize=*/"byte[] $0 = $1.toByteArray();",
    /*answers=*/{"ArrayList<Long> $0 = new ArrayList<>(), $1 = new ArrayList<>(), $2 = new ArrayList<>();", nullptr},
    /*answer=*/"{ var $5 = $1; $2.add($0.getEstimate($5)); $3.add($0.getLowerBound($5)); $4.add($0.getUpperBound($5)); }",
    /*size=*/"$0.size()",
    /*at=*/"$0.get($1)",
    /*index_loop=*/"for (int $0 = 0; $0 < $1; ++$0)",
    /*suggest_buckets=*/"CountMinSketch.suggestNumBuckets($0)",
    /*suggest_hashes=*/"CountMinSketch.suggestNumHashes($0)",
    /*total_weight=*/"$0.getTotalWeight_()",
    /*num_hashes=*/"$0.getNumHashes_()",
    /*num_buckets=*/"$0.getNumBuckets_()",
    /*seed=*/"$0.getSeed_()",
    /*relative_error=*/"$0.getRelativeError()",
    /*is_empty=*/"$0.isEmpty()",
    /*serialized_size=*/"$0.toByteArray().length",
    /*to_string=*/nullptr,
};

}  // namespace

const CountminSnippetDialect& JavaCountminDialect() { return kJava; }

}  // namespace dsconform
