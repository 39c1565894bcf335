// The t-digest calls of the C++ repro program (datasketches-cpp), as
// engines/native/tdigest_adapter.cc makes them.
#include "sketches/tdigest/tdigest_snippet_dialect.h"

namespace dsconform {
namespace {

SnippetFamilyText CppTdigestText() {
  SnippetFamilyText text;
  text.library_dirs = {"tdigest"};
  text.imports_when_used = {{"tdigest", "tdigest.hpp"}};
  return text;
}

const TdigestSnippetDialect kCpp = {
    /*language=*/CppSnippetLanguage,
    /*family_text=*/CppTdigestText,
    /*create=*/{"ds::tdigest<double> $0($1);", "ds::tdigest<float> $0($1);"},
    /*no_float=*/"",
    /*heapify=*/
    {"auto $0 = ds::tdigest<double>::deserialize($1.data(), $1.size());",
     "auto $0 = ds::tdigest<float>::deserialize($1.data(), $1.size());"},
    /*update=*/{"$0.update($1);", "$0.update(static_cast<float>($1));  // rounded to float, as the engines do"},
    /*merge=*/"$0.merge($1);",
    /*compress=*/"$0.compress();",
    /*serialize=*/"const auto $0 = $1.serialize();",
    /*serialize_buffer=*/"const auto $0 = $1.serialize(0, true);  // the buffer kept",
    /*no_buffer=*/"",
    /*n=*/"$0.get_total_weight()",
    /*k=*/"$0.get_k()",
    /*is_empty=*/"$0.is_empty()",
    /*min_value=*/"$0.get_min_value()",
    /*max_value=*/"$0.get_max_value()",
    /*to_string=*/"$0.to_string(true)",
    /*quantile=*/"$0.get_quantile($1)",
    /*rank=*/"$0.get_rank($1)",
    /*point_array=*/{"std::vector<double>{$0}", "std::vector<float>{$0}"},
    /*pmf=*/"const auto $3 = $0.get_PMF($1.data(), $4);",
    /*cdf=*/"const auto $3 = $0.get_CDF($1.data(), $4);",
};

}  // namespace

const TdigestSnippetDialect& CppTdigestDialect() { return kCpp; }

}  // namespace dsconform
