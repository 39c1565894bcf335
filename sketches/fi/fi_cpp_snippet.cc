// The Frequent items calls of the C++ repro program (datasketches-cpp), as
// engines/native/fi_adapter.cc makes them.
#include "sketches/fi/fi_snippet_dialect.h"

namespace dsconform {
namespace {

SnippetFamilyText CppFiText() {
  SnippetFamilyText text;
  text.library_dirs = {"fi"};
  text.imports_when_used = {{"frequent_items_sketch", "frequent_items_sketch.hpp"}};
  return text;
}

const FiSnippetDialect kCpp = {
    /*language=*/CppSnippetLanguage,
    /*family_text=*/CppFiText,
    /*create=*/
    {"ds::frequent_items_sketch<int64_t> $0($1);", "ds::frequent_items_sketch<int64_t> $0($1);",
     "ds::frequent_items_sketch<std::string> $0($1);"},
    /*deserialize=*/
    {"auto $0 = ds::frequent_items_sketch<int64_t>::deserialize($1.data(), $1.size());",
     "auto $0 = ds::frequent_items_sketch<int64_t>::deserialize($1.data(), $1.size());",
     "auto $0 = ds::frequent_items_sketch<std::string>::deserialize($1.data(), $1.size());"},
    /*serialize=*/{"const auto $0 = $1.serialize();", "const auto $0 = $1.serialize();", "const auto $0 = $1.serialize();"},
    /*utf8_serde=*/"ds::serde<std::string>()",
    /*utf16_serde=*/nullptr,
    /*no_utf16=*/"datasketches-cpp has one string serde, UTF-8",
    /*update=*/"$0.update($1);",
    /*update_weighted=*/"$0.update($1, $2);",
    /*merge=*/"$0.merge($1);",
    /*total_weight=*/"static_cast<int64_t>($0.get_total_weight())",
    /*maximum_error=*/"static_cast<int64_t>($0.get_maximum_error())",
    /*num_active_items=*/"static_cast<int64_t>($0.get_num_active_items())",
    /*is_empty=*/"$0.is_empty()",
    /*epsilon=*/"$0.get_epsilon()",
    /*serialized_size=*/
    {"static_cast<int64_t>($0.get_serialized_size_bytes())", "static_cast<int64_t>($0.get_serialized_size_bytes())",
     "static_cast<int64_t>($0.get_serialized_size_bytes())"},
    /*to_string=*/"$0.to_string(true)",
    /*long_key=*/"$0",
    /*estimate=*/"static_cast<int64_t>($0.get_estimate($1))",
    /*lower_bound=*/"static_cast<int64_t>($0.get_lower_bound($1))",
    /*upper_bound=*/"static_cast<int64_t>($0.get_upper_bound($1))",
    /*frequent=*/
    {"const auto $3 = $0.get_frequent_items($1);", "const auto $3 = $0.get_frequent_items($1);",
     "const auto $3 = $0.get_frequent_items($1);"},
    /*frequent_at=*/
    {"const auto $3 = $0.get_frequent_items($1, $2);", "const auto $3 = $0.get_frequent_items($1, $2);",
     "const auto $3 = $0.get_frequent_items($1, $2);"},
    /*no_false_positives=*/"ds::NO_FALSE_POSITIVES",
    /*no_false_negatives=*/"ds::NO_FALSE_NEGATIVES",
    /*rows_size=*/"static_cast<int64_t>($0.size())",
    /*for_rows=*/"for (size_t $1 = 0; $1 < $0.size(); ++$1) {",
    /*end_for=*/"}",
    /*row_item=*/"$0[$1].get_item()",
    /*row_estimate=*/"static_cast<int64_t>($0[$1].get_estimate())",
    /*row_lower_bound=*/"static_cast<int64_t>($0[$1].get_lower_bound())",
    /*row_upper_bound=*/"static_cast<int64_t>($0[$1].get_upper_bound())",
};

}  // namespace

const FiSnippetDialect& CppFiDialect() { return kCpp; }

}  // namespace dsconform
