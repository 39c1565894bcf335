// The KLL calls of the C++ repro program (datasketches-cpp), as
// engines/native/kll_adapter.cc makes them (without its counting allocator).
#include "sketches/kll/kll_snippet_dialect.h"

namespace dsconform {
namespace {

// Leaves the program's anonymous namespace for a moment: random_utils must be
// declared where datasketches-cpp's headers put it, for the headers before 5.0.0
// that have none. Looking random_bit up through both namespaces finds whichever
// the headers have, as the native engine does (random_utils::override_seed
// seeds another engine and does not reach it).
constexpr char kPinRandomBits[] = R"(
}  // namespace

// KLL's compactions draw from random_bit, defined per translation unit by the headers:
// datasketches::random_bit up to 4.1.0, datasketches::random_utils::random_bit from 5.0.0.
namespace datasketches {
namespace random_utils {}
}  // namespace datasketches

namespace {

namespace kll_random {
using namespace datasketches;                // NOLINT: the home of random_bit up to 4.1.0
using namespace datasketches::random_utils;  // NOLINT: its home from 5.0.0
}  // namespace kll_random

// Pins the random bits of KLL's compactions, as dsconform's engines do before a step with a seed.
void pin_random_bits(uint64_t seed) { kll_random::random_bit.seed(static_cast<uint32_t>(seed)); }
)";

SnippetFamilyText CppKllText() {
  SnippetFamilyText text;
  text.library_dirs = {"kll"};
  text.reserved_names = {"pin_random_bits", "kll_random", "random_bit", "random_utils", "seed"};
  text.helpers_when_used = {{"pin_random_bits", kPinRandomBits}};
  text.imports_when_used = {{"kll_sketch", "kll_sketch.hpp"}};
  return text;
}

const KllSnippetDialect kCpp = {
    /*language=*/CppSnippetLanguage,
    /*family_text=*/CppKllText,
    /*create=*/
    {"ds::kll_sketch<double> $0($1);", "ds::kll_sketch<float> $0($1);", "ds::kll_sketch<int64_t> $0($1);",
     "ds::kll_sketch<std::string> $0($1);"},
    /*heapify=*/
    {"auto $0 = ds::kll_sketch<double>::deserialize($1.data(), $1.size());",
     "auto $0 = ds::kll_sketch<float>::deserialize($1.data(), $1.size());",
     "auto $0 = ds::kll_sketch<int64_t>::deserialize($1.data(), $1.size());",
     "auto $0 = ds::kll_sketch<std::string>::deserialize($1.data(), $1.size());"},
    /*wrap=*/{nullptr, nullptr, nullptr, nullptr},
    /*no_wrap=*/"wrap is Java-only (datasketches-cpp has no wrap of a KLL image)",
    /*update=*/
    {"$0.update($1);", "$0.update(static_cast<float>($1));  // rounded to float, as the engines do",
     "$0.update($1);", "$0.update($1);"},
    /*pin_random_bits=*/"pin_random_bits($0);",
    /*merge_copy=*/"$0.merge($1);",
    /*merge_move=*/"$0.merge(std::move($1));",
    /*serialize=*/"const auto $0 = $1.serialize();",
    /*copy_construct=*/"$2 $0($1);",
    // Assignment onto a sketch that already exists, with buffers of its own.
    /*copy_assign=*/"$2 $0($1.get_k());\n$0 = $1;",
    /*move_construct=*/"$2 $0(std::move($1));",
    /*move_assign=*/"$2 $0($1.get_k());\n$0 = std::move($1);",
    /*convert_to_double=*/"ds::kll_sketch<double> $0($1);",
    /*type_name=*/
    {"ds::kll_sketch<double>", "ds::kll_sketch<float>", "ds::kll_sketch<int64_t>", "ds::kll_sketch<std::string>"},
    /*n=*/"$0.get_n()",
    /*k=*/"$0.get_k()",
    /*num_retained=*/"$0.get_num_retained()",
    /*is_empty=*/"$0.is_empty()",
    /*is_estimation_mode=*/"$0.is_estimation_mode()",
    /*min_item=*/"$0.get_min_item()",
    /*max_item=*/"$0.get_max_item()",
    /*rank_error=*/"$0.get_normalized_rank_error($1)",
    /*serialized_size=*/"$0.get_serialized_size_bytes()",
    /*to_string=*/"$0.to_string(true, false)",
    /*heap_bytes=*/nullptr,
    /*not_answered=*/"the native engine counts the bytes through an allocator of its own (kll_adapter.cc)",
    /*inclusive=*/"true",
    /*exclusive=*/"false",
    /*quantile=*/"$0.get_quantile($1, $2)",
    /*rank=*/"$0.get_rank($1, $2)",
    /*point_array=*/
    {"std::vector<double>{$0}", "std::vector<float>{$0}", "std::vector<int64_t>{$0}", "std::vector<std::string>{$0}"},
    /*pmf=*/"const auto $3 = $0.get_PMF($1.data(), $4, $2);",
    /*cdf=*/"const auto $3 = $0.get_CDF($1.data(), $4, $2);",
};

}  // namespace

const KllSnippetDialect& CppKllDialect() { return kCpp; }

}  // namespace dsconform
