#include "sketches/density/density_checks.h"

#include <cmath>
#include <cstdlib>
#include <cstring>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"

namespace dsconform {

DensityPoints DensityKdePoints(const DensityKdeConfig& c) { return DensityPoints{c.dim, 0, c.n, c.seed, c.scale}; }

std::string DensityKdeCheckName(const DensityKdeConfig& c) {
  return absl::StrCat("density_kde/k=", c.k, "/dim=", c.dim, "/n=", c.n, "/seed=", c.seed, "/scale=", c.scale);
}

std::optional<DensityKdeConfig> ParseDensityKdeCheckName(const std::string& check) {
  std::vector<std::string> parts = absl::StrSplit(check, '/');
  if (parts.size() != 6 || parts[0] != "density_kde") return std::nullopt;
  DensityKdeConfig c;
  int found = 0;
  for (size_t i = 1; i < parts.size(); ++i) {
    const std::vector<std::string> kv = absl::StrSplit(parts[i], absl::MaxSplits('=', 1));
    if (kv.size() != 2) return std::nullopt;
    const std::string& v = kv[1];
    bool ok = false;
    if (kv[0] == "k") ok = absl::SimpleAtoi(v, &c.k) && c.k > 0;
    else if (kv[0] == "dim") ok = absl::SimpleAtoi(v, &c.dim) && c.dim > 0;
    else if (kv[0] == "n") ok = absl::SimpleAtoi(v, &c.n) && c.n > 0;
    else if (kv[0] == "seed") ok = absl::SimpleAtoi(v, &c.seed);
    else if (kv[0] == "scale") ok = !v.empty(), c.scale = v;
    if (!ok) return std::nullopt;
    ++found;
  }
  if (found != 5) return std::nullopt;
  return c;
}

double ExactKernelDensity(const std::vector<std::vector<double>>& points, const std::vector<double>& q) {
  long double sum = 0;
  for (const auto& x : points) {
    long double d2 = 0;
    for (size_t j = 0; j < x.size() && j < q.size(); ++j) {
      const long double d = static_cast<long double>(x[j]) - q[j];
      d2 += d * d;
    }
    sum += std::exp(-d2);
  }
  return points.empty() ? 0.0 : static_cast<double>(sum / static_cast<long double>(points.size()));
}

double DensityErrorBound(int k, int dim, int64_t n) {
  return std::sqrt(static_cast<double>(dim)) * std::log2(static_cast<double>(n) / k + 2) / (2.0 * k);
}

std::vector<std::string> CheckDensityInvariant(const Invariant& invariant, const std::vector<const Value*>& values) {
  std::vector<std::string> out;
  const std::optional<DensityKdeConfig> c = ParseDensityKdeCheckName(invariant.check);
  if (!c) {
    out.push_back(absl::StrCat("unknown density check '", invariant.check, "'"));
    return out;
  }
  const DensityPoints p = DensityKdePoints(*c);
  const std::vector<std::vector<double>> points = DensityPointValues(p);
  std::vector<double> truth;
  const std::vector<std::string> flat = DensityQueryPoints(p);
  for (size_t i = 0; i + c->dim <= flat.size(); i += c->dim) {
    std::vector<double> q;
    for (int j = 0; j < c->dim; ++j) q.push_back(std::strtod(flat[i + j].c_str(), nullptr));
    truth.push_back(ExactKernelDensity(points, q));
  }
  const double bound = DensityErrorBound(c->k, c->dim, c->n);
  for (size_t i = 0; i < values.size() && i < invariant.fields.size(); ++i) {
    const Value* v = values[i];
    if (v == nullptr || v->kind != Value::Kind::kDouble) continue;  // not answered
    double est;
    std::memcpy(&est, &v->bits, 8);
    const double exact = truth[i % truth.size()];
    if (!(std::fabs(est - exact) <= bound))
      out.push_back(absl::StrCat(invariant.fields[i], ": estimate ", est, " where the kernel density is ", exact,
                                 ", error ", std::fabs(est - exact), " above the bound ", bound));
  }
  return out;
}

}  // namespace dsconform
