#include "sketches/theta/theta_suites.h"

namespace dsconform {

nlohmann::ordered_json ThetaSketchQueries() {
  return {"estimate", "lb1",   "lb2",        "lb3",      "ub1",                "ub2",       "ub3",
          "theta",    "theta_long", "retained", "is_empty", "is_estimation_mode", "is_ordered"};
}

nlohmann::ordered_json ThetaUpdateSketchQueries() { return {"lg_k", "rf"}; }

std::vector<const Suite*> ThetaSuites() {
  return {&ThetaMatrixSuite(), &ThetaSetOpsSuite(), &ThetaCrossHeapifySuite(), &ThetaSeedSuite(),
          &ThetaAccuracySuite(), &ThetaAccuracySetOpsSuite()};
}

}  // namespace dsconform
