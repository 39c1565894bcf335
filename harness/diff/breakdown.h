#ifndef DSCONFORM_HARNESS_DIFF_BREAKDOWN_H_
#define DSCONFORM_HARNESS_DIFF_BREAKDOWN_H_

#include "harness/engine/observation.h"

namespace dsconform {

// Whether an error observation is a library breaking down rather than refusing: a panic of the
// Rust crate or the Go module (their engines recover it and report class "panic"), or a
// JDK runtime exception escaping datasketches-java (NullPointerException, IndexOutOfBounds...,
// NegativeArraySizeException, StackOverflowError, OutOfMemoryError, ...). A library refuses bad
// input with its own error (SketchesArgumentException, std::invalid_argument, an Err, an error
// value), or with IllegalArgumentException, IllegalStateException or
// UnsupportedOperationException, which datasketches-java throws on purpose. Across languages two
// refusals agree; a breakdown never agrees with a refusal.
bool IsBreakdown(const Value& error);

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_DIFF_BREAKDOWN_H_
