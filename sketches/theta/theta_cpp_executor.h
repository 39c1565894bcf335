#ifndef DSCONFORM_SKETCHES_THETA_THETA_CPP_EXECUTOR_H_
#define DSCONFORM_SKETCHES_THETA_THETA_CPP_EXECUTOR_H_

#include <memory>

#include "sketches/native/cpp_family_executor.h"

namespace dsconform {

// Theta steps on datasketches-cpp (update_theta_sketch, compact_theta_sketch,
// wrapped_compact_theta_sketch, theta_union, theta_intersection, theta_a_not_b,
// theta_jaccard_similarity), as the table "Theta steps" of
// docs/case-format.md maps them. Beyond that table:
// - serialize form=updatable records "<as>.updatable" as unsupported: the C++
//   update sketch has no serialized form.
// - deserialize of an update-sketch image (family byte 2), and writable_wrap,
//   record "<sketch>.deserialize" as unsupported; the slot does not exist, so
//   later steps naming it are skipped.
// - serialize on a wrapped sketch writes compact_theta_sketch(wrapped, its
//   order): what a C++ user does to write a wrapped image again.
std::unique_ptr<CppFamilyExecutor> MakeThetaCppExecutor();

}  // namespace dsconform

#endif  // DSCONFORM_SKETCHES_THETA_THETA_CPP_EXECUTOR_H_
