#ifndef DSCONFORM_SKETCHES_DENSITY_DENSITY_SUITES_H_
#define DSCONFORM_SKETCHES_DENSITY_DENSITY_SUITES_H_

#include <cstdint>
#include <string>
#include <vector>

#include "harness/case/case_builder.h"
#include "harness/family/family.h"

namespace dsconform {

const Suite& DensityExactSuite();
const Suite& DensityCompactionSuite();
const Suite& DensityAccuracySuite();
std::vector<const Suite*> DensitySuites();

// A workload's points: `points` points of `dim` coordinates, cut in order from the doubles
// (start+i)/4 (i < points * dim) shuffled by SplitMix64(seed), each times the update's scale.
struct DensityPoints {
  int dim = 1;
  int64_t start = 0;
  int64_t points = 0;
  uint64_t seed = 1;
  std::string scale = "1";  // decimal text, as the update step carries it
};
ItemStream DensityItems(const DensityPoints& p);
// Appends the update of `slot` with p's points, with `extra` members (a seed).
void AddDensityUpdate(CaseBuilder& b, const std::string& slot, const DensityPoints& p,
                      const nlohmann::ordered_json& extra = nlohmann::ordered_json::object());
// The coordinates of p's points, as every engine computes them (item times scale).
std::vector<std::vector<double>> DensityPointValues(const DensityPoints& p);

// Query points of a workload, flattened (dim values each) as decimal text: the
// diagonal of the points' span at 0, 1/4, ..., 1 and one point well outside it.
std::vector<std::string> DensityQueryPoints(const DensityPoints& p);

// The scalar queries every engine answers.
nlohmann::ordered_json DensityScalarQueries();
// The case of one density image read alone: read, written again, queried (the differential fuzzing's
// mutants; no TCK snapshot is named for density).
Case DensitySnapshotCase(const std::string& id, const std::string& image);

// The step that asks every query of `slot` as `as` (estimates at p's query points unless the
// sketch is empty, where the library throws).
void AddDensityQuery(CaseBuilder& b, const std::string& slot, const std::string& as, const DensityPoints& p,
                     bool estimates);

// A seed spread by SplitMix64 (nearby seeds draw correlated first bits); 62 bits, a valid int.
int64_t DensitySeed(uint64_t a, uint64_t b);

}  // namespace dsconform

#endif  // DSCONFORM_SKETCHES_DENSITY_DENSITY_SUITES_H_
