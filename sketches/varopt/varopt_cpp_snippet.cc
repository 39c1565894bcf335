// The VarOpt calls of the C++ repro program (datasketches-cpp), as
// engines/native/varopt_adapter.cc makes them.
#include "sketches/varopt/varopt_snippet_dialect.h"

namespace dsconform {
namespace {

SnippetFamilyText CppVaroptText() {
  SnippetFamilyText text;
  text.library_dirs = {"sampling"};
  text.imports_when_used = {{"var_opt_sketch", "var_opt_sketch.hpp"},
                            {"var_opt_union", "var_opt_union.hpp"},
                            {"numeric_limits", "limits"}};
  return text;
}

const VaroptSnippetDialect kCpp = {
    /*language=*/CppSnippetLanguage,
    /*family_text=*/CppVaroptText,
    /*create=*/{"ds::var_opt_sketch<int64_t> $0($1);", "ds::var_opt_sketch<std::string> $0($1);"},
    /*make_union=*/{"ds::var_opt_union<int64_t> $0($1);", "ds::var_opt_union<std::string> $0($1);"},
    /*seed=*/"ds::random_utils::override_seed($0);",
    /*no_seed=*/"",
    /*update=*/"$0.update($1, $2);",
    /*nan=*/"std::numeric_limits<double>::quiet_NaN()",
    /*inf=*/"std::numeric_limits<double>::infinity()",
    /*merge=*/"$0.update($1);",
    /*result=*/{"auto $0 = $1.get_result();", "auto $0 = $1.get_result();"},
    /*serialize=*/{"const auto $0 = $1.serialize();", "const auto $0 = $1.serialize();"},
    /*heapify=*/{"auto $0 = ds::var_opt_sketch<int64_t>::deserialize($1.data(), $1.size());",
                 "auto $0 = ds::var_opt_sketch<std::string>::deserialize($1.data(), $1.size());"},
    /*heapify_union=*/{"auto $0 = ds::var_opt_union<int64_t>::deserialize($1.data(), $1.size());",
                       "auto $0 = ds::var_opt_union<std::string>::deserialize($1.data(), $1.size());"},
    /*sample_loop=*/"for (const auto& $1 : $0) {",
    /*sample_item=*/"$0.first",
    /*sample_weight=*/"$0.second",
    /*subset_sum=*/"const auto $0 = $1.estimate_subset_sum($2);",
    /*pred_all=*/"[](const auto&) { return true; }",
    /*pred_none=*/"[](const auto&) { return false; }",
    /*pred_mod4=*/{"[](int64_t $0) { return $0 % 4 == 0; }",
                   "[](const std::string& $0) { return !$0.empty() && static_cast<unsigned char>($0[0]) % 4 == 0; }"},
    /*estimate=*/"$0.estimate",
    /*lower_bound=*/"$0.lower_bound",
    /*upper_bound=*/"$0.upper_bound",
    /*total_weight=*/"$0.total_sketch_weight",
    /*k=*/"static_cast<int64_t>($0.get_k())",
    /*n=*/"static_cast<int64_t>($0.get_n())",
    /*num_samples=*/"static_cast<int64_t>($0.get_num_samples())",
    /*is_empty=*/"$0.is_empty()",
    /*serialized_size=*/{"static_cast<int64_t>($0.get_serialized_size_bytes())",
                         "static_cast<int64_t>($0.get_serialized_size_bytes())"},
    /*to_string=*/"std::string($0.to_string())",
};

}  // namespace

const VaroptSnippetDialect& CppVaroptDialect() { return kCpp; }

}  // namespace dsconform
