#include "harness/bench/bench_figures.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

namespace dsconform {
namespace {

constexpr double kBytesPerMb = 1e6;

// Solves the normal equations of the columns in `use` (a subset of per call, per stage, per MB)
// by Gaussian elimination; false when they are singular.
bool SolveSubset(const std::array<std::array<double, 3>, 3>& ata, const std::array<double, 3>& aty,
                 const std::array<bool, 3>& use, std::array<double, 3>& coef) {
  std::array<int, 3> idx{};
  int n = 0;
  for (int i = 0; i < 3; ++i)
    if (use[i]) idx[n++] = i;
  double m[3][4] = {};
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c) m[r][c] = ata[idx[r]][idx[c]];
    m[r][n] = aty[idx[r]];
  }
  for (int col = 0; col < n; ++col) {
    int pivot = col;
    for (int r = col + 1; r < n; ++r)
      if (std::fabs(m[r][col]) > std::fabs(m[pivot][col])) pivot = r;
    if (std::fabs(m[pivot][col]) < 1e-12 * std::max(1.0, std::fabs(ata[idx[col]][idx[col]]))) return false;
    for (int c = 0; c <= n; ++c) std::swap(m[col][c], m[pivot][c]);
    for (int r = 0; r < n; ++r) {
      if (r == col) continue;
      const double f = m[r][col] / m[col][col];
      for (int c = col; c <= n; ++c) m[r][c] -= f * m[col][c];
    }
  }
  coef = {0, 0, 0};
  for (int r = 0; r < n; ++r) coef[idx[r]] = m[r][n] / m[r][r];
  return true;
}

}  // namespace

TransferFit FitTransferCost(const std::vector<EngineCall>& calls) {
  // Rows (1, stages, MB) -> transfer seconds; only calls the engine timed from inside.
  std::vector<std::array<double, 3>> x;
  std::vector<double> y;
  for (const EngineCall& c : calls) {
    if (!c.library_seconds) continue;
    x.push_back({1.0, static_cast<double>(c.stages), static_cast<double>(c.item_bytes) / kBytesPerMb});
    y.push_back(std::max(0.0, c.seconds - *c.library_seconds));
  }
  TransferFit fit;
  if (x.size() < 4) return fit;
  std::array<std::array<double, 3>, 3> ata{};
  std::array<double, 3> aty{};
  for (size_t k = 0; k < x.size(); ++k)
    for (int i = 0; i < 3; ++i) {
      aty[i] += x[k][i] * y[k];
      for (int j = 0; j < 3; ++j) ata[i][j] += x[k][i] * x[k][j];
    }
  // A cost cannot be negative: of the fits on every subset of the three terms, the best one whose
  // coefficients are all >= 0 (a complete search, which is exact for three unknowns).
  double best = std::numeric_limits<double>::infinity();
  for (int mask = 1; mask < 8; ++mask) {
    const std::array<bool, 3> use = {(mask & 1) != 0, (mask & 2) != 0, (mask & 4) != 0};
    std::array<double, 3> coef{};
    if (!SolveSubset(ata, aty, use, coef)) continue;
    if (coef[0] < 0 || coef[1] < 0 || coef[2] < 0) continue;
    double residual = 0;
    for (size_t k = 0; k < x.size(); ++k) {
      const double e = y[k] - (coef[0] * x[k][0] + coef[1] * x[k][1] + coef[2] * x[k][2]);
      residual += e * e;
    }
    if (residual < best) {
      best = residual;
      fit.ok = true;
      fit.per_call_us = coef[0] * 1e6;
      fit.per_stage_us = coef[1] * 1e6;
      fit.per_mb_ms = coef[2] * 1e3;
    }
  }
  return fit;
}

EngineTotals AddUp(const std::vector<EngineCall>& calls) {
  EngineTotals t;
  int64_t bytes = 0;
  t.library_measured = !calls.empty();
  for (const EngineCall& c : calls) {
    ++t.calls;
    t.stages += c.stages;
    bytes += c.item_bytes;
    t.call_seconds += c.seconds;
    if (c.library_seconds) {
      t.library_seconds += *c.library_seconds;
    } else {
      t.library_measured = false;
    }
  }
  t.item_mb = static_cast<double>(bytes) / kBytesPerMb;
  if (!t.library_measured) t.library_seconds = t.call_seconds;
  t.transfer_seconds = std::max(0.0, t.call_seconds - t.library_seconds);
  return t;
}

BenchFigures ComputeFigures(const BenchMeasures& m, const BenchTargets& targets) {
  BenchFigures f;
  if (m.many_workers.wall_seconds > 0) f.speedup = m.one_worker.wall_seconds / m.many_workers.wall_seconds;

  double call_seconds = 0;
  for (size_t e = 0; e < m.engines.size(); ++e) {
    EngineFigures ef;
    ef.name = m.engines[e];
    if (e < m.serial.engine_calls.size()) ef.alone = AddUp(m.serial.engine_calls[e]);
    if (e < m.one_worker.engine_calls.size()) ef.in_run = AddUp(m.one_worker.engine_calls[e]);
    if (ef.alone.library_measured) {
      if (ef.alone.stages > 0)
        ef.transfer_us_per_stage = ef.alone.transfer_seconds * 1e6 / static_cast<double>(ef.alone.stages);
      if (ef.alone.item_mb > 0) ef.transfer_ms_per_mb = ef.alone.transfer_seconds * 1e3 / ef.alone.item_mb;
      ef.fit = FitTransferCost(m.serial.engine_calls[e]);
    }
    call_seconds += ef.alone.call_seconds;
    f.library_seconds += ef.alone.library_seconds;
    f.in_run_library_seconds += ef.in_run.library_seconds;
    f.transfer_seconds += ef.alone.transfer_seconds;
    f.engines.push_back(std::move(ef));
  }

  const double wall = m.one_worker.wall_seconds;
  f.harness_seconds = std::max(0.0, wall - f.in_run_library_seconds);
  f.harness_share = wall > 0 ? f.harness_seconds / wall : 0;
  f.harness_share_by_alone = wall > 0 ? std::max(0.0, wall - f.library_seconds) / wall : 0;
  f.tapes_seconds = std::max(0.0, m.steps.execute_seconds - call_seconds);
  f.unaccounted_seconds = m.serial.wall_seconds - m.generation_seconds - m.steps.unpack_seconds -
                          m.steps.execute_seconds - m.steps.records_seconds - m.steps.sink_seconds -
                          m.summaries_seconds;
  for (const RunMeasure* r : {&m.serial, &m.one_worker, &m.many_workers})
    f.peak_rss_bytes = std::max(f.peak_rss_bytes, r->peak_rss_bytes);

  f.speedup_met = f.speedup >= targets.min_speedup;
  f.harness_share_met = wall > 0 && f.harness_share <= targets.max_harness_share;
  f.peak_rss_met = f.peak_rss_bytes >= 0 && f.peak_rss_bytes < targets.max_peak_rss_bytes;
  return f;
}

void KeepFastestRound(const RunMeasure& round, bool first, RunMeasure& best) {
  if (first) {
    best = round;
    return;
  }
  const int64_t rss = std::max(best.peak_rss_bytes, round.peak_rss_bytes);
  const int64_t heap = std::max(best.java_heap_peak_bytes, round.java_heap_peak_bytes);
  const int64_t committed = std::max(best.java_heap_committed_bytes, round.java_heap_committed_bytes);
  const bool since_start = best.peak_rss_since_start || round.peak_rss_since_start;
  if (round.wall_seconds < best.wall_seconds) best = round;
  best.peak_rss_bytes = rss;
  best.java_heap_peak_bytes = heap;
  best.java_heap_committed_bytes = committed;
  best.peak_rss_since_start = since_start;
}

}  // namespace dsconform
