// The CPC calls of the C++ repro program (datasketches-cpp), as
// engines/native/cpc_adapter.cc makes them.
#include "sketches/cpc/cpc_snippet_dialect.h"

namespace dsconform {
namespace {

SnippetFamilyText CppCpcText() {
  SnippetFamilyText text;
  text.library_dirs = {"cpc"};
  text.imports_when_used = {{"cpc_sketch", "cpc_sketch.hpp"}, {"cpc_union", "cpc_union.hpp"}};
  return text;
}

const CpcSnippetDialect kCpp = {
    /*language=*/CppSnippetLanguage,
    /*family_text=*/CppCpcText,
    /*seed_argument=*/", $0",
    /*create=*/"ds::cpc_sketch $0($1$2);",
    /*new_union=*/"ds::cpc_union $0($1$2);",
    /*update=*/"$0.update($1);",
    /*merge_copy=*/"$0.update($1);",
    /*merge_move=*/"$0.update(std::move($1));",
    /*result=*/"ds::cpc_sketch $0 = $1.get_result();",
    /*serialize=*/"const auto $0 = $1.serialize();",
    /*heapify=*/"ds::cpc_sketch $0 = ds::cpc_sketch::deserialize($1.data(), $1.size()$2);",
    /*wrap=*/nullptr,
    /*estimate=*/"$0.get_estimate()",
    /*lower_bound=*/"$0.get_lower_bound($1)",
    /*upper_bound=*/"$0.get_upper_bound($1)",
    /*is_empty=*/"$0.is_empty()",
    /*lg_k=*/"$0.get_lg_k()",
    /*validate=*/"$0.validate()",
};

}  // namespace

const CpcSnippetDialect& CppCpcDialect() { return kCpp; }

}  // namespace dsconform
