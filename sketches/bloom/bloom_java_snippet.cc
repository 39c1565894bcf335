// The Bloom filter calls of the Java repro program (datasketches-java 9.x), as
// java-bridge/.../BloomFamily.java makes them (the heap filters of the java engine).
#include "sketches/bloom/bloom_snippet_dialect.h"

namespace dsconform {
namespace {

SnippetFamilyText JavaBloomText() {
  SnippetFamilyText text;
  text.reserved_names = {"BloomFilter", "BloomFilterBuilder"};
  text.imports_when_used["BloomFilter"] = "org.apache.datasketches.filters.bloomfilter.BloomFilter";
  text.imports_when_used["BloomFilterBuilder"] = "org.apache.datasketches.filters.bloomfilter.BloomFilterBuilder";
  text.imports_when_used["MemorySegment"] = "java.lang.foreign.MemorySegment";
  return text;
}

const BloomSnippetDialect kJava = {
    /*language=*/JavaSnippetLanguage,
    /*family_text=*/JavaBloomText,
    /*create_by_size=*/"BloomFilter $0 = BloomFilterBuilder.createBySize($1, $2, $3);",
    /*create_by_accuracy=*/"BloomFilter $0 = BloomFilterBuilder.createByAccuracy($1, $2, $3);",
    /*heapify=*/"BloomFilter $0 = BloomFilter.heapify(MemorySegment.ofArray($1));",
    /*wrap=*/"byte[] $2 = $1.clone();\nBloomFilter $0 = BloomFilter.wrap(MemorySegment.ofArray($2));",
    /*writable_wrap=*/"byte[] $2 = $1.clone();\nBloomFilter $0 = BloomFilter.writableWrap(MemorySegment.ofArray($2));",
    /*update=*/"$0.update($1);",
    /*query=*/"$0.query($1)",
    /*query_and_update=*/"$0.queryAndUpdate($1)",
    /*answers=*/"byte[] $0 = new byte[(int) (($1 + 7) / 8)];\nlong $2 = 0;",
    /*answer=*/"if ($2) { $0[(int) (i >>> 3)] |= (byte) (1 << (i & 7)); ++$1; }",
    /*union_with=*/"$0.union($1);",
    /*intersect=*/"$0.intersect($1);",
    /*invert=*/"$0.invert();  // deprecated in 9.x",
    /*reset=*/"$0.reset();",
    /*compatible=*/"$0.isCompatible($1)",
    /*serialize=*/"byte[] $0 = $1.toByteArray();",
    /*suggest_num_bits=*/"BloomFilterBuilder.suggestNumFilterBits($0, $1)",
    /*suggest_hashes_by_fpp=*/"BloomFilterBuilder.suggestNumHashes($1)",
    /*suggest_hashes_by_size=*/"BloomFilterBuilder.suggestNumHashes($0, $2)",
    /*serialized_size_of_bits=*/"BloomFilterBuilder.getSerializedFilterSize($2)",
    /*bits_used=*/"$0.getBitsUsed()",
    /*capacity=*/"$0.getCapacity()",
    /*num_hashes=*/"$0.getNumHashes()",
    /*seed=*/"$0.getSeed()",
    /*is_empty=*/"$0.isEmpty()",
    /*serialized_size=*/"$0.getSerializedSizeBytes()",
    /*to_string=*/nullptr,
};

}  // namespace

const BloomSnippetDialect& JavaBloomDialect() { return kJava; }

}  // namespace dsconform
