// What the density suites share: points cut from one shuffled stream of
// doubles, the query points of a workload, the query step.
#include <cstdlib>
#include <cstring>

#include "absl/strings/str_cat.h"
#include "harness/case/splitmix64.h"
#include "sketches/density/density_suites.h"

namespace dsconform {

std::vector<const Suite*> DensitySuites() {
  return {&DensityExactSuite(), &DensityCompactionSuite(), &DensityAccuracySuite()};
}

ItemStream DensityItems(const DensityPoints& p) {
  ItemStream s;
  s.generator = ItemGenerator::kOrderedDoubles;
  s.start = p.start;
  s.count = p.points * p.dim;
  s.seed = p.seed;
  s.order = ItemOrder::kShuffled;
  return s;
}

void AddDensityUpdate(CaseBuilder& b, const std::string& slot, const DensityPoints& p,
                      const nlohmann::ordered_json& extra) {
  nlohmann::ordered_json args = extra;
  if (p.scale != "1") args["scale"] = p.scale;
  b.Update(slot, DensityItems(p), args);
}

std::vector<std::vector<double>> DensityPointValues(const DensityPoints& p) {
  const std::string tape = EncodeItemTape(DensityItems(p));
  const double scale = std::strtod(p.scale.c_str(), nullptr);
  std::vector<std::vector<double>> points(static_cast<size_t>(p.points), std::vector<double>(p.dim));
  for (size_t i = 0; i * 8 + 8 <= tape.size(); ++i) {
    double x;
    std::memcpy(&x, tape.data() + i * 8, 8);  // the tape is little-endian, as this machine
    points[i / p.dim][i % p.dim] = x * scale;
  }
  return points;
}

std::vector<std::string> DensityQueryPoints(const DensityPoints& p) {
  const double scale = std::strtod(p.scale.c_str(), nullptr);
  const double lo = static_cast<double>(p.start) / 4.0 * scale;
  const double hi = static_cast<double>(p.start + p.points * p.dim - 1) / 4.0 * scale;
  std::vector<std::string> out;
  for (double f : {0.0, 0.25, 0.5, 0.75, 1.0, -1.0}) {
    const double x = f < 0 ? hi + 10 : lo + f * (hi - lo);
    for (int j = 0; j < p.dim; ++j) out.push_back(absl::StrCat(x));
  }
  return out;
}

nlohmann::ordered_json DensityScalarQueries() {
  return {"n", "k", "dim", "num_retained", "is_empty", "is_estimation_mode"};
}

void AddDensityQuery(CaseBuilder& b, const std::string& slot, const std::string& as, const DensityPoints& p,
                     bool estimates) {
  nlohmann::ordered_json queries = DensityScalarQueries();
  nlohmann::ordered_json args = {{"queries", queries}, {"as", as}};
  if (estimates) {
    args["queries"].push_back("estimates");
    args["points"] = DensityQueryPoints(p);
  }
  b.Step("query", slot, args);
}

int64_t DensitySeed(uint64_t a, uint64_t b) {
  return static_cast<int64_t>(SplitMix64(a * 7919 + b).Next() >> 2);
}

}  // namespace dsconform
