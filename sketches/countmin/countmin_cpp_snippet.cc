// The Count-min calls of the C++ repro program (datasketches-cpp), as
// engines/native/countmin_adapter.cc makes them.
#include "sketches/countmin/countmin_snippet_dialect.h"

namespace dsconform {
namespace {

SnippetFamilyText CppCountminText() {
  SnippetFamilyText text;
  text.library_dirs = {"count"};
  text.imports_when_used = {{"count_min_sketch", "count_min.hpp"}};
  return text;
}

const CountminSnippetDialect kCpp = {
    /*language=*/CppSnippetLanguage,
    /*family_text=*/CppCountminText,
    /*create=*/
    {"ds::count_min_sketch<int64_t> $0($1, $2, static_cast<uint64_t>($3));",
     "ds::count_min_sketch<double> $0($1, $2, static_cast<uint64_t>($3));"},
    /*create_default=*/{"ds::count_min_sketch<int64_t> $0($1, $2);", "ds::count_min_sketch<double> $0($1, $2);"},
    /*no_double=*/"",
    /*no_default_seed=*/"",
    /*heapify=*/
    {"auto $0 = ds::count_min_sketch<int64_t>::deserialize($1.data(), $1.size(), static_cast<uint64_t>($2));",
     "auto $0 = ds::count_min_sketch<double>::deserialize($1.data(), $1.size(), static_cast<uint64_t>($2));"},
    /*heapify_default=*/
    {"auto $0 = ds::count_min_sketch<int64_t>::deserialize($1.data(), $1.size());",
     "auto $0 = ds::count_min_sketch<double>::deserialize($1.data(), $1.size());"},
    /*update=*/"$0.update($1, $2);",
    /*weight=*/{"int64_t{$0}", "static_cast<double>($0)"},
    /*merge=*/"$0.merge($1);",
    /*serialize=*/"const auto $0 = $1.serialize();",
    /*answers=*/
    {"std::vector<int64_t> $0, $1, $2;", "std::vector<double> $0, $1, $2;"},
    /*answer=*/
    "[&](const auto&... $5) { $2.push_back($0.get_estimate($5...)); $3.push_back($0.get_lower_bound($5...)); "
    "$4.push_back($0.get_upper_bound($5...)); }($1);",
    /*size=*/"$0.size()",
    /*at=*/"$0[$1]",
    /*index_loop=*/"for (size_t $0 = 0; $0 < $1; ++$0)",
    /*suggest_buckets=*/"static_cast<int64_t>(ds::count_min_sketch<int64_t>::suggest_num_buckets($0))",
    /*suggest_hashes=*/"static_cast<int64_t>(ds::count_min_sketch<int64_t>::suggest_num_hashes($0))",
    /*total_weight=*/"$0.get_total_weight()",
    /*num_hashes=*/"static_cast<int64_t>($0.get_num_hashes())",
    /*num_buckets=*/"static_cast<int64_t>($0.get_num_buckets())",
    /*seed=*/"static_cast<int64_t>($0.get_seed())",
    /*relative_error=*/"$0.get_relative_error()",
    /*is_empty=*/"$0.is_empty()",
    /*serialized_size=*/"static_cast<int64_t>($0.get_serialized_size_bytes())",
    /*to_string=*/"$0.to_string()",
};

}  // namespace

const CountminSnippetDialect& CppCountminDialect() { return kCpp; }

}  // namespace dsconform
