// The Quantiles calls of the C++ repro program (datasketches-cpp 5.x), as
// engines/native/quantiles_adapter.cc makes them.
#include "sketches/quantiles/quantiles_snippet_dialect.h"

namespace dsconform {
namespace {

constexpr char kPinRandomBits[] = R"(
// Pins the random bits of a classic sketch, as dsconform's engines do before a step with a seed:
// the zip offset's random_bit and the downsampling offset's rand, this translation unit's engines.
void pin_random_bits(uint64_t seed) {
  ds::random_utils::random_bit.seed(static_cast<uint32_t>(seed));
  ds::random_utils::rand.seed(seed);
}
)";

SnippetFamilyText CppQuantilesText() {
  SnippetFamilyText text;
  text.library_dirs = {"quantiles"};
  text.imports_when_used = {{"quantiles_sketch", "quantiles_sketch.hpp"}};
  text.reserved_names = {"pin_random_bits", "random_bit", "random_utils", "seed"};
  text.helpers_when_used = {{"pin_random_bits", kPinRandomBits}};
  return text;
}

const QuantilesSnippetDialect kCpp = {
    /*language=*/CppSnippetLanguage,
    /*family_text=*/CppQuantilesText,
    /*create=*/
    {"ds::quantiles_sketch<double> $0($1);", "ds::quantiles_sketch<int64_t> $0($1);",
     "ds::quantiles_sketch<std::string> $0($1);"},
    /*heapify=*/
    {"auto $0 = ds::quantiles_sketch<double>::deserialize($1.data(), $1.size());",
     "auto $0 = ds::quantiles_sketch<int64_t>::deserialize($1.data(), $1.size());",
     "auto $0 = ds::quantiles_sketch<std::string>::deserialize($1.data(), $1.size());"},
    /*update=*/"$0.update($1);",
    /*merge=*/{"$0.merge($1);", "$0.merge($1);", "$0.merge($1);"},
    /*pin=*/{"pin_random_bits($0);", "pin_random_bits($0);", "pin_random_bits($0);"},
    /*compact=*/{"const auto $0 = $1.serialize();", "const auto $0 = $1.serialize();", "const auto $0 = $1.serialize();"},
    /*updatable=*/{nullptr, nullptr, nullptr},
    /*no_updatable=*/"datasketches-cpp writes the compact form only",
    /*n=*/"$0.get_n()",
    /*k=*/"$0.get_k()",
    /*num_retained=*/"$0.get_num_retained()",
    /*is_empty=*/"$0.is_empty()",
    /*is_estimation_mode=*/"$0.is_estimation_mode()",
    /*min_item=*/"$0.get_min_item()",
    /*max_item=*/"$0.get_max_item()",
    /*rank_error=*/"$0.get_normalized_rank_error($1)",
    /*quantile=*/"$0.get_quantile($1, $2)",
    /*rank=*/"$0.get_rank($1, $2)",
    /*long_point=*/"int64_t{$0}",
    /*point_array=*/{"std::vector<double>{$0}", "std::vector<int64_t>{$0}", "std::vector<std::string>{$0}"},
    /*pmf=*/"const auto $3 = $0.get_PMF($1.data(), $4, $2);",
    /*cdf=*/"const auto $3 = $0.get_CDF($1.data(), $4, $2);",
    /*inclusive=*/"true",
    /*exclusive=*/"false",
    /*yes=*/"true",
    /*no=*/"false",
};

}  // namespace

const QuantilesSnippetDialect& CppQuantilesDialect() { return kCpp; }

}  // namespace dsconform
