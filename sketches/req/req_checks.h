#ifndef DSCONFORM_SKETCHES_REQ_REQ_CHECKS_H_
#define DSCONFORM_SKETCHES_REQ_REQ_CHECKS_H_

#include <string>
#include <vector>

#include "harness/case/case_program.h"
#include "harness/engine/observation.h"

namespace dsconform {

// The REQ invariant checks (a case's `Check` steps, judged on each engine alone):
// - "req_bounds_nested": fields in groups of six per rank, rank_lb3, rank_lb2, rank_lb1,
//   rank_ub1, rank_ub2, rank_ub3 of one rank; each group must be ordered so (wider bounds at more
//   standard deviations, every lower bound at most every upper one). A group with an answer
//   missing or not a double is skipped.
// Returns one line per violation, "<field>: <what>".
std::vector<std::string> CheckReqInvariant(const Invariant& invariant, const std::vector<const Value*>& values);

// The fields of a req_bounds_nested check of query `as` over `ranks` grid points.
std::vector<std::string> ReqBoundsFields(const std::string& as, size_t ranks);

}  // namespace dsconform

#endif  // DSCONFORM_SKETCHES_REQ_REQ_CHECKS_H_
