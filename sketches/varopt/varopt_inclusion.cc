#include "sketches/varopt/varopt_inclusion.h"

#include <algorithm>
#include <functional>

namespace dsconform {

std::vector<double> VaroptInclusionProbabilities(const std::vector<double>& weights, int64_t k) {
  const int64_t n = static_cast<int64_t>(weights.size());
  std::vector<double> p(weights.size(), 1.0);
  if (n <= k) return p;
  // The heaviest items are certain while their weight reaches tau; the rest share
  // the remaining slots in proportion to their weights. Walk the heaviest first.
  std::vector<double> sorted = weights;
  std::sort(sorted.begin(), sorted.end(), std::greater<double>());
  double light_total = 0;
  for (double w : sorted) light_total += w;
  double tau = 0;
  for (int64_t certain = 0; certain < k; ++certain) {
    tau = light_total / static_cast<double>(k - certain);
    if (sorted[certain] < tau) break;
    light_total -= sorted[certain];
  }
  for (size_t i = 0; i < weights.size(); ++i) p[i] = std::min(1.0, weights[i] / tau);
  return p;
}

}  // namespace dsconform
