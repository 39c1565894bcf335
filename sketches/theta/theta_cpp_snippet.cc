// The Theta calls of the C++ repro program (datasketches-cpp), as
// engines/native/theta_adapter.cc makes them.
#include "sketches/theta/theta_snippet_dialect.h"

namespace dsconform {
namespace {

SnippetFamilyText CppThetaText() {
  SnippetFamilyText text;
  text.library_dirs = {"theta"};
  text.imports_when_used = {{"update_theta_sketch", "theta_sketch.hpp"},
                            {"compact_theta_sketch", "theta_sketch.hpp"},
                            {"wrapped_compact_theta_sketch", "theta_sketch.hpp"},
                            {"theta_union", "theta_union.hpp"},
                            {"theta_intersection", "theta_intersection.hpp"},
                            {"theta_a_not_b", "theta_a_not_b.hpp"},
                            {"theta_jaccard_similarity", "theta_jaccard_similarity.hpp"}};
  return text;
}

const ThetaSnippetDialect kCpp = {
    /*language=*/CppSnippetLanguage,
    /*family_text=*/CppThetaText,
    /*refuses_with_exception=*/false,
    /*create=*/"ds::update_theta_sketch $0 = ds::update_theta_sketch::builder().set_lg_k($1)$2.build();",
    /*new_union=*/"ds::theta_union $0 = ds::theta_union::builder().set_lg_k($1)$2.build();",
    /*new_intersection=*/"ds::theta_intersection $0($1);",
    /*new_intersection_default_seed=*/"ds::theta_intersection $0;",
    /*set_seed=*/".set_seed($0)",
    /*set_rf=*/".set_resize_factor(ds::resize_factor::X$0)",
    /*set_p=*/".set_p($0)",
    /*seed_argument=*/", $0",
    /*update=*/{"$0.update($1);", nullptr, nullptr, nullptr, nullptr, nullptr},
    /*updatable_view=*/nullptr,
    /*merge_union=*/"$0.update($1);",
    /*merge_intersection=*/"$0.update($1);",
    /*result=*/"ds::compact_theta_sketch $0 = $1.get_result($2);",
    /*compact=*/
    {"ds::compact_theta_sketch $0 = $1.compact($2);", "ds::compact_theta_sketch $0($1, $2);",
     "ds::compact_theta_sketch $0($1, $2);", nullptr, nullptr, nullptr},
    /*a_not_b=*/"ds::compact_theta_sketch $0 = ds::theta_a_not_b($4).compute($1, $2, $3);",
    /*a_not_b_seed=*/"$0",
    /*jaccard=*/"const auto $0 = ds::theta_jaccard_similarity::jaccard($1, $2$3);",
    // An update sketch is written as its ordered compact sketch, a wrapped one in its own order.
    /*serialize_compact=*/
    {"const auto $0 = $1.compact().serialize();", "const auto $0 = $1.serialize();",
     "const auto $0 = ds::compact_theta_sketch($1, $1.is_ordered()).serialize();", nullptr, nullptr, nullptr},
    /*serialize_compressed=*/
    {"const auto $0 = $1.compact().serialize_compressed();", "const auto $0 = $1.serialize_compressed();",
     "const auto $0 = ds::compact_theta_sketch($1, $1.is_ordered()).serialize_compressed();", nullptr, nullptr,
     nullptr},
    /*serialize_updatable=*/{nullptr, nullptr, nullptr, nullptr, nullptr, nullptr},
    /*heapify_kind=*/ThetaKind::kCompact,
    /*wrap_kind=*/ThetaKind::kWrapped,
    /*heapify=*/"ds::compact_theta_sketch $0 = ds::compact_theta_sketch::deserialize($1.data(), $1.size()$2);",
    // The wrapped sketch reads the image's bytes for as long as it lives.
    /*wrap=*/"ds::wrapped_compact_theta_sketch $0 = ds::wrapped_compact_theta_sketch::wrap($1.data(), $1.size()$2);",
    /*writable_wrap=*/nullptr,
    /*writable_wrap_default_seed=*/nullptr,
    /*reads_update_images=*/false,
    /*estimate=*/"$0.get_estimate()",
    /*lower_bound=*/"$0.get_lower_bound($1)",
    /*upper_bound=*/"$0.get_upper_bound($1)",
    /*theta=*/"$0.get_theta()",
    /*theta_long=*/"static_cast<int64_t>($0.get_theta64())",
    /*retained=*/"$0.get_num_retained()",
    /*is_empty=*/"$0.is_empty()",
    /*is_estimation_mode=*/"$0.is_estimation_mode()",
    /*is_ordered=*/"$0.is_ordered()",
    /*lg_k=*/"$0.get_lg_k()",
    /*rf=*/"int64_t{1} << static_cast<int>($0.get_rf())",
    /*has_result=*/"$0.has_result()",
};

}  // namespace

const ThetaSnippetDialect& CppThetaDialect() { return kCpp; }

}  // namespace dsconform
