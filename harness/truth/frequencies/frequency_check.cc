#include "harness/truth/frequencies/frequency_check.h"

#include <algorithm>
#include <cmath>
#include <deque>
#include <limits>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "harness/engine/field_index.h"
#include "harness/truth/frequencies/frequency_truth.h"
#include "harness/truth/truth_query.h"

namespace dsconform {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

using SharedTruth = absl::StatusOr<std::shared_ptr<const ExactFrequencies>>;

// The exact weights of the slot a query asks, counted once per case and query rather than once
// per engine and stage: the answers to a case are judged one engine after the other, within a
// batch, so recent truths are kept, up to some two million items in all (a few hundred MB). The
// key is the case's whole program, so two cases of one id (tests build such) never share one, the
// slot, and how many steps that can change a slot's items come before the query: two queries of
// one slot with none between them (an accuracy case's lists and its threshold query) share it.
SharedTruth TruthOf(const Case& c, const TruthQuery& q) {
  constexpr size_t kMaxEntries = 256, kMaxItems = size_t{1} << 21;
  struct Entry {
    std::string key;
    SharedTruth truth;
    size_t items;
  };
  static std::mutex mu;
  static auto* recent = new std::deque<Entry>();
  static size_t held = 0;
  const size_t changes = std::count_if(q.before.begin(), q.before.end(),
                                       [](const Op& op) { return op.op != "query" && op.op != "serialize"; });
  std::string key = absl::StrCat(q.query->sketch, "\n", changes, "\n", CaseToJson(c).dump());
  {
    std::lock_guard<std::mutex> lock(mu);
    for (const Entry& e : *recent)
      if (e.key == key) return e.truth;
  }
  auto counted = ExactFrequencies::OfSlot(q.before, q.query->sketch);
  const size_t items = counted.ok() ? counted->distinct() : 0;
  SharedTruth truth = counted.ok() ? SharedTruth(std::make_shared<const ExactFrequencies>(std::move(*counted)))
                                   : SharedTruth(counted.status());
  std::lock_guard<std::mutex> lock(mu);
  recent->push_front({std::move(key), truth, items});
  held += items;
  while (recent->size() > 1 && (recent->size() > kMaxEntries || held > kMaxItems)) {
    held -= recent->back().items;
    recent->pop_back();
  }
  return truth;
}

std::optional<int64_t> IntAnswer(const FieldIndex& fields, const std::string& field) {
  const Value* v = fields.Find(field);
  if (v == nullptr || v->kind != Value::Kind::kInt) return std::nullopt;
  return static_cast<int64_t>(v->bits);
}

std::optional<double> DoubleAnswer(const FieldIndex& fields, const std::string& field) {
  const Value* v = fields.Find(field);
  if (v == nullptr || v->kind != Value::Kind::kDouble) return std::nullopt;
  return v->AsDouble();
}

// An item a list answered, as its key: longs come back as ints, strings as strings.
std::optional<std::string> KeyAnswer(const FieldIndex& fields, const std::string& field) {
  const Value* v = fields.Find(field);
  if (v == nullptr) return std::nullopt;
  if (v->kind == Value::Kind::kInt) return ExactFrequencies::KeyOfLong(static_cast<int64_t>(v->bits));
  if (v->kind == Value::Kind::kString) return v->bytes;
  return std::nullopt;
}

// Broken promises of one kind: how many, and the first, for people.
struct Broken {
  int64_t count = 0;
  std::string first;
  void Add(const std::string& what) {
    if (count++ == 0) first = what;
  }
};


class QueryJudge {
 public:
  QueryJudge(const FrequencyTruth& t, const ExactFrequencies& truth, const FieldIndex& fields,
             FrequencyCheckResult& result)
      : t_(t), truth_(truth), fields_(fields), result_(result) {}

  void Run(const Op& query) {
    sample_.of = t_.of;
    sample_.series = t_.series;
    sample_.weight = truth_.total_weight();
    sample_.epsilon = DoubleAnswer(fields_, t_.of + ".epsilon").value_or(kNaN);
    const auto max_error = IntAnswer(fields_, t_.of + ".maximum_error");
    sample_.maximum_error = max_error ? static_cast<double>(*max_error) : kNaN;
    sample_.estimate_error = kNaN;
    bool answered = max_error.has_value();
    if (auto w = IntAnswer(fields_, t_.of + ".total_weight")) {
      answered = true;
      Judge(*w == truth_.total_weight(), "total_weight", absl::StrCat(truth_.total_weight(), " fed"),
            absl::StrCat(*w));
    }
    Broken bounds;
    const std::vector<std::string> keys = query.StrList("keys");
    for (size_t i = 0; i < keys.size(); ++i) {
      const std::string at = absl::StrCat("[", i, "]");
      if (auto est = IntAnswer(fields_, t_.of + ".estimate" + at)) {
        const double error = std::fabs(static_cast<double>(*est - truth_.WeightOf(keys[i])));
        if (std::isnan(sample_.estimate_error) || error > sample_.estimate_error) sample_.estimate_error = error;
        answered = true;
      }
      answered |= SeeBounds(t_.of + ".", at, "keys" + at, keys[i], bounds);
    }
    if (max_error && !std::isnan(sample_.epsilon)) {
      const double limit = sample_.epsilon * static_cast<double>(truth_.total_weight());
      Judge(static_cast<double>(*max_error) <= limit * (1 + 1e-12), "maximum_error",
            absl::StrFormat("at most epsilon %.6g x weight %d = %.6g", sample_.epsilon, truth_.total_weight(), limit),
            absl::StrCat(*max_error));
    }
    const std::optional<int64_t> given = query.args.contains("threshold")
                                             ? std::optional<int64_t>(query.Int("threshold"))
                                             : std::nullopt;
    // No sketch promises anything about items at or below its maximum error:
    // without it, no false negatives cannot be judged.
    if (given || max_error)
      answered |= JudgeLists(given ? *given : *max_error,
                             max_error ? std::optional<int64_t>(std::max(given.value_or(0), *max_error)) : std::nullopt,
                             bounds);
    if (sample_.keys > 0) Judge(bounds, "bounds", "every true weight within [lower_bound, upper_bound]");
    sample_.bound_misses = bounds.count;
    if (answered) result_.samples.push_back(sample_);
  }

 private:
  // Judges the bounds answered as `<bounds>lower_bound<at>` and `<bounds>upper_bound<at>`
  // (a grid's "q." and "[i]", a list row's "q.frequent_nfp[i]." and ""), naming the item as `where` does
  // for people; true when answered.
  bool SeeBounds(const std::string& bounds_of, const std::string& at, const std::string& where,
                 const std::string& key, Broken& bounds) {
    const auto lb = IntAnswer(fields_, bounds_of + "lower_bound" + at);
    const auto ub = IntAnswer(fields_, bounds_of + "upper_bound" + at);
    if (!lb && !ub) return false;
    const int64_t exact = truth_.WeightOf(key);
    ++sample_.keys;
    if ((lb && *lb > exact) || (ub && *ub < exact))
      bounds.Add(absl::StrFormat("%s = \"%s\" weighs %d, bounds [%s, %s]", where, key, exact,
                                 lb ? absl::StrCat(*lb) : "-", ub ? absl::StrCat(*ub) : "-"));
    return true;
  }

  // The lists at both error types; `nfp_at` and `nfn_at` are the thresholds each is judged at (none: not judged).
  bool JudgeLists(int64_t nfp_at, std::optional<int64_t> nfn_at, Broken& bounds) {
    bool answered = false;
    for (const bool nfp : {true, false}) {
      const std::string list = t_.of + (nfp ? ".frequent_nfp" : ".frequent_nfn");
      const auto size = IntAnswer(fields_, list + ".size");
      if (!size) continue;
      answered = true;
      std::set<std::string> listed;
      Broken broken;
      for (int64_t i = 0; i < *size; ++i) {
        const std::string at = absl::StrCat("[", i, "]");
        const auto key = KeyAnswer(fields_, list + at);
        if (!key) continue;
        listed.insert(*key);
        SeeBounds(list + at + ".", "", list + at, *key, bounds);
        if (nfp && truth_.WeightOf(*key) <= nfp_at)
          broken.Add(absl::StrFormat("%s%s = \"%s\" weighs %d, not above %d", list, at, *key,
                                     truth_.WeightOf(*key), nfp_at));
      }
      if (!nfp && !nfn_at) continue;
      if (!nfp)
        for (const auto& [key, w] : truth_.HeavierThan(*nfn_at))
          if (!listed.count(key))
            broken.Add(absl::StrFormat("\"%s\" weighs %d, above %d, and is not listed", key, w, *nfn_at));
      (nfp ? sample_.false_positives : sample_.false_negatives) = broken.count;
      Judge(broken, nfp ? "frequent_nfp" : "frequent_nfn",
            nfp ? absl::StrCat("every item weighs more than ", nfp_at)
                : absl::StrCat("every item weighing more than ", *nfn_at, " listed"));
    }
    return answered;
  }

  void Judge(bool kept, const std::string& what, std::string expected, std::string seen) {
    ++result_.checks;
    if (!kept) result_.outliers.push_back(TruthOutlier(t_.of + "." + what, std::move(expected), std::move(seen)));
  }
  void Judge(const Broken& broken, const std::string& what, std::string expected) {
    Judge(broken.count == 0, what, std::move(expected),
          absl::StrCat(broken.count, broken.count == 1 ? " broken: " : " broken, first: ", broken.first));
  }

  const FrequencyTruth& t_;
  const ExactFrequencies& truth_;
  const FieldIndex& fields_;
  FrequencyCheckResult& result_;
  FrequencySample sample_;
};

}  // namespace

FrequencyCheckResult CheckFrequencies(const Case& c, const std::vector<FrequencyTruth>& truths,
                                      const Observations& obs) {
  FrequencyCheckResult result;
  // A judge looks up every key and list row it was answered: by name, not by walking the fields.
  std::optional<FieldIndex> fields;
  for (const FrequencyTruth& t : truths) {
    const std::optional<TruthQuery> found = FindTruthQuery(c, t.of);
    if (!found) {
      result.outliers.push_back(NoTruthQuery(t.of));
      continue;
    }
    const Op& query = *found->query;
    const SharedTruth truth = TruthOf(c, *found);
    if (!truth.ok()) {
      result.outliers.push_back(
          TruthOutlier(t.of, "exact weights of its items", std::string(truth.status().message())));
      continue;
    }
    if ((*truth)->total_weight() != t.weight) {
      result.outliers.push_back(TruthOutlier(t.of, absl::StrCat("weight ", t.weight, " as the case declares"),
                                        absl::StrCat((*truth)->total_weight(), " fed")));
      continue;
    }
    if (!fields) fields.emplace(obs);
    QueryJudge(t, **truth, *fields, result).Run(query);
  }
  return result;
}

}  // namespace dsconform
