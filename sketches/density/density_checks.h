#ifndef DSCONFORM_SKETCHES_DENSITY_DENSITY_CHECKS_H_
#define DSCONFORM_SKETCHES_DENSITY_DENSITY_CHECKS_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "harness/case/case_program.h"
#include "harness/engine/observation.h"
#include "sketches/density/density_suites.h"

namespace dsconform {

// One accuracy configuration: k, dim, n points of the stream with `seed`, times `scale`.
struct DensityKdeConfig {
  int k = 2;
  int dim = 1;
  int64_t n = 0;
  uint64_t seed = 1;
  std::string scale = "1";
};
DensityPoints DensityKdePoints(const DensityKdeConfig& c);
// "density_kde/k=<k>/dim=<dim>/n=<n>/seed=<seed>/scale=<scale>": the check names its workload,
// so it recomputes the points the engines were given.
std::string DensityKdeCheckName(const DensityKdeConfig& c);
std::optional<DensityKdeConfig> ParseDensityKdeCheckName(const std::string& check);

// The exact Gaussian kernel density of `points` at `q`, as datasketches-cpp's kernel defines it:
// (1/n) sum exp(-|x_i - q|^2), summed in long double.
double ExactKernelDensity(const std::vector<std::vector<double>>& points, const std::vector<double>& q);

// The bound every estimate must keep: sqrt(dim) log2(n/k + 2) / (2k). The coreset's error
// shrinks as 1/k with a factor growing slowly with the dimension and the number of compactions
// (Karnin and Liberty, "Discrepancy, Coresets, and Sketches in Machine Learning", 2019); the
// worst errors measured, in C++ and in Python, stay below a third of it (docs/findings-density.md).
double DensityErrorBound(int k, int dim, int64_t n);

// The density invariants (Family::CheckInvariant), judged on one engine's values:
//
//   density_kde/...  [per trial, the estimates at DensityQueryPoints]:
//       every estimate within DensityErrorBound of the exact density at its point.
// Returns the violations, one line each; empty when they hold or when nothing was answered.
std::vector<std::string> CheckDensityInvariant(const Invariant& invariant, const std::vector<const Value*>& values);

}  // namespace dsconform

#endif  // DSCONFORM_SKETCHES_DENSITY_DENSITY_CHECKS_H_
