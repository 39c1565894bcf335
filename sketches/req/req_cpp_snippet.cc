// The REQ calls of the C++ repro program (datasketches-cpp 5.x), as
// engines/native/req_adapter.cc makes them.
#include "sketches/req/req_snippet_dialect.h"

namespace dsconform {
namespace {

constexpr char kPinRandomBits[] = R"(
// Pins the random bits of REQ compactions, as dsconform's engines do before a step with a seed:
// the coin of req_compactor comes from random_utils::random_bit, this translation unit's engine.
void pin_random_bits(uint64_t seed) {
  ds::random_utils::random_bit.seed(static_cast<uint32_t>(seed));
}
)";

SnippetFamilyText CppReqText() {
  SnippetFamilyText text;
  text.library_dirs = {"req"};
  text.imports_when_used = {{"req_sketch", "req_sketch.hpp"}};
  text.reserved_names = {"pin_random_bits", "random_bit", "random_utils", "seed"};
  text.helpers_when_used = {{"pin_random_bits", kPinRandomBits}};
  return text;
}

const ReqSnippetDialect kCpp = {
    /*language=*/CppSnippetLanguage,
    /*family_text=*/CppReqText,
    /*create=*/"ds::req_sketch<float> $0($1, $2);",
    /*heapify=*/"auto $0 = ds::req_sketch<float>::deserialize($1.data(), $1.size());",
    /*update=*/"$0.update(static_cast<float>($1));  // rounded to float, as the engines do",
    /*merge=*/"$0.merge($1);",
    /*pin=*/"pin_random_bits($1);",
    /*pin_after_read=*/false,
    /*compact=*/"const auto $0 = $1.serialize();",
    /*n=*/"$0.get_n()",
    /*k=*/"$0.get_k()",
    /*hra=*/"$0.is_HRA()",
    /*num_retained=*/"$0.get_num_retained()",
    /*is_empty=*/"$0.is_empty()",
    /*is_estimation_mode=*/"$0.is_estimation_mode()",
    /*min_item=*/"$0.get_min_item()",
    /*max_item=*/"$0.get_max_item()",
    /*quantile=*/"$0.get_quantile($1, $2)",
    /*rank=*/"$0.get_rank($1, $2)",
    /*point_array=*/"std::vector<float>{$0}",
    /*pmf=*/"const auto $3 = $0.get_PMF($1.data(), $4, $2);",
    /*cdf=*/"const auto $3 = $0.get_CDF($1.data(), $4, $2);",
    /*rse=*/"ds::req_sketch<float>::get_RSE($0.get_k(), $1, $0.is_HRA(), $0.get_n())",
    /*rank_lb=*/"$0.get_rank_lower_bound($1, $2)",
    /*rank_ub=*/"$0.get_rank_upper_bound($1, $2)",
    /*inclusive=*/"true",
    /*exclusive=*/"false",
    /*yes=*/"true",
    /*no=*/"false",
};

}  // namespace

const ReqSnippetDialect& CppReqDialect() { return kCpp; }

}  // namespace dsconform
