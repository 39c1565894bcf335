#ifndef DSCONFORM_HARNESS_BENCH_BENCH_OUTPUT_H_
#define DSCONFORM_HARNESS_BENCH_BENCH_OUTPUT_H_

#include <string>

#include "harness/bench/bench_figures.h"
#include "nlohmann/json.hpp"

namespace dsconform {

// The figures of one bench for people: runs, speedup, library time per engine, the harness's
// share and where it went, JNI cost, peak memory, each goal with "met" or "missed".
std::string FormatBenchText(const BenchMeasures& m, const BenchFigures& f, const BenchTargets& targets);

// The same for machines: {"bench": {...what ran...}, "runs": {...}, "engines": [...],
// "harness": {...}, "memory": {...}, "targets": {...}}; seconds, bytes and ratios as numbers.
nlohmann::ordered_json BenchToJson(const BenchMeasures& m, const BenchFigures& f, const BenchTargets& targets);

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_BENCH_BENCH_OUTPUT_H_
