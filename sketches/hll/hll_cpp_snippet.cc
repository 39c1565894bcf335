// The HLL calls of the C++ repro program (datasketches-cpp).
#include "sketches/hll/hll_snippet_dialect.h"

namespace dsconform {
namespace {

constexpr char kTypeName[] = R"(
const char* type_name(ds::target_hll_type type) {
  switch (type) {
    case ds::HLL_4: return "HLL_4";
    case ds::HLL_6: return "HLL_6";
    case ds::HLL_8: return "HLL_8";
  }
  return "?";
}
)";

SnippetFamilyText CppHllText() {
  SnippetFamilyText text;
  text.library_dirs = {"hll"};
  text.reserved_names = {"type_name"};
  text.helpers_when_used = {{"type_name", kTypeName}};
  text.imports_when_used = {{"hll_sketch", "hll.hpp"}, {"hll_union", "hll.hpp"}};
  return text;
}

const HllSnippetDialect kCpp = {
    /*language=*/CppSnippetLanguage,
    /*family_text=*/CppHllText,
    /*create=*/"ds::hll_sketch $0($1, ds::$2);",
    /*new_union=*/"ds::hll_union $0($1);",
    /*update=*/"$0.update($1);",
    /*merge_copy=*/"$0.update($1);",
    /*merge_move=*/"$0.update(std::move($1));",
    /*result=*/"ds::hll_sketch $0 = $1.get_result(ds::$2);",
    /*result_default_type=*/"ds::hll_sketch $0 = $1.get_result();",
    /*serialize_compact=*/"const auto $0 = $1.serialize_compact();",
    /*serialize_updatable=*/"const auto $0 = $1.serialize_updatable();",
    /*heapify=*/"ds::hll_sketch $0 = ds::hll_sketch::deserialize($1.data(), $1.size());",
    /*wrap=*/nullptr,
    /*writable_wrap=*/nullptr,
    /*copy=*/"ds::hll_sketch $0($1);",
    /*convert=*/"ds::hll_sketch $0($1, ds::$2);",
    /*reset=*/"$0.reset();",
    /*estimate=*/"$0.get_estimate()",
    /*composite=*/"$0.get_composite_estimate()",
    /*lower_bound=*/"$0.get_lower_bound($1)",
    /*upper_bound=*/"$0.get_upper_bound($1)",
    /*is_empty=*/"$0.is_empty()",
    /*lg_k=*/"$0.get_lg_config_k()",
    /*is_compact=*/"$0.is_compact()",
    /*type=*/"type_name($0.get_target_type())",
    /*compact_size=*/"$0.get_compact_serialization_bytes()",
    /*updatable_size=*/"$0.get_updatable_serialization_bytes()",
    /*rel_err=*/"ds::hll_sketch::get_rel_err($0, $1, $2, $3)",
};

}  // namespace

const HllSnippetDialect& CppHllDialect() { return kCpp; }

}  // namespace dsconform
