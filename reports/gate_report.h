#ifndef DSCONFORM_REPORTS_GATE_REPORT_H_
#define DSCONFORM_REPORTS_GATE_REPORT_H_

#include <string>

#include "absl/status/status.h"
#include "harness/gate/gate_analysis.h"
#include "harness/record/record.h"
#include "nlohmann/json.hpp"

namespace dsconform {

// The two revisions a gate compared, as the run named their engines.
struct GateSides {
  std::string base;  // e.g. cpp@base-de8553b
  std::string head;
};

// gate.md, the gate's answer as a PR comment: its verdict, the count of each kind of change by
// family, then the first changes of each kind with both values and the command that reruns one.
std::string RenderGateMarkdown(const RunInfo& info, const GateSides& sides, const GateResult& result);

// gate.json: the same for machines: per kind every field that changed (how often, its first case),
// and the first changes of each kind with their values' summaries and repro commands.
nlohmann::ordered_json GateToJson(const RunInfo& info, const GateSides& sides, const GateResult& result);

// Writes gate.md and gate.json into `dir`.
absl::Status WriteGateReports(const std::string& dir, const RunInfo& info, const GateSides& sides,
                              const GateResult& result);

}  // namespace dsconform

#endif  // DSCONFORM_REPORTS_GATE_REPORT_H_
