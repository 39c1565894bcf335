#ifndef DSCONFORM_SKETCHES_VAROPT_VAROPT_INCLUSION_H_
#define DSCONFORM_SKETCHES_VAROPT_VAROPT_INCLUSION_H_

#include <cstdint>
#include <vector>

namespace dsconform {

// The truth a VarOpt sample of size k is held against, from the weights of
// every item the sketch was fed (positive, finite): item i is in the sample
// with probability min(1, w_i / tau), where tau solves
// sum_i min(1, w_i / tau) = k (all ones when n <= k), and every subset sum
// estimate is unbiased for the subset's true weight.
std::vector<double> VaroptInclusionProbabilities(const std::vector<double>& weights, int64_t k);

}  // namespace dsconform

#endif  // DSCONFORM_SKETCHES_VAROPT_VAROPT_INCLUSION_H_
