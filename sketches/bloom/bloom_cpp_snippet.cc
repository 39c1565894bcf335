// The Bloom filter calls of the C++ repro program (datasketches-cpp), as
// engines/native/bloom_adapter.cc makes them.
#include "sketches/bloom/bloom_snippet_dialect.h"

namespace dsconform {
namespace {

SnippetFamilyText CppBloomText() {
  SnippetFamilyText text;
  text.library_dirs = {"filters"};
  text.imports_when_used = {{"bloom_filter", "bloom_filter.hpp"}};
  return text;
}

const BloomSnippetDialect kCpp = {
    /*language=*/CppSnippetLanguage,
    /*family_text=*/CppBloomText,
    /*create_by_size=*/"auto $0 = ds::bloom_filter::builder::create_by_size($1, $2, $3);",
    /*create_by_accuracy=*/"auto $0 = ds::bloom_filter::builder::create_by_accuracy($1, $2, $3);",
    /*heapify=*/"auto $0 = ds::bloom_filter::deserialize($1.data(), $1.size());",
    /*wrap=*/"std::vector<uint8_t> $2($1.begin(), $1.end());\nauto $0 = ds::bloom_filter::wrap($2.data(), $2.size());",
    /*writable_wrap=*/
    "std::vector<uint8_t> $2($1.begin(), $1.end());\nauto $0 = ds::bloom_filter::writable_wrap($2.data(), $2.size());",
    /*update=*/"$0.update($1);",
    /*query=*/"$0.query($1)",
    /*query_and_update=*/"$0.query_and_update($1)",
    /*answers=*/"std::vector<uint8_t> $0(($1 + 7) / 8);\nint64_t $2 = 0;",
    /*answer=*/"if ($2) { $0[i >> 3] |= static_cast<uint8_t>(1 << (i & 7)); ++$1; }",
    /*union_with=*/"$0.union_with($1);",
    /*intersect=*/"$0.intersect($1);",
    /*invert=*/"$0.invert();",
    /*reset=*/"$0.reset();",
    /*compatible=*/"$0.is_compatible($1)",
    /*serialize=*/"const auto $0 = $1.serialize();",
    /*suggest_num_bits=*/"ds::bloom_filter::builder::suggest_num_filter_bits($0, $1)",
    /*suggest_hashes_by_fpp=*/"ds::bloom_filter::builder::suggest_num_hashes($1)",
    /*suggest_hashes_by_size=*/"ds::bloom_filter::builder::suggest_num_hashes($0, $2)",
    /*serialized_size_of_bits=*/"ds::bloom_filter::get_serialized_size_bytes($2)",
    /*bits_used=*/"$0.get_bits_used()",
    /*capacity=*/"$0.get_capacity()",
    /*num_hashes=*/"$0.get_num_hashes()",
    /*seed=*/"static_cast<int64_t>($0.get_seed())",
    /*is_empty=*/"$0.is_empty()",
    /*serialized_size=*/"$0.get_serialized_size_bytes()",
    /*to_string=*/"$0.to_string(false)",
};

}  // namespace

const BloomSnippetDialect& CppBloomDialect() { return kCpp; }

}  // namespace dsconform
