// What the EBPPS suites share: items, weight patterns as blocks of update steps, queries.
#include "absl/strings/str_cat.h"
#include "harness/case/splitmix64.h"
#include "sketches/ebpps/ebpps_suites.h"

namespace dsconform {

std::vector<const Suite*> EbppsSuites() {
  return {&EbppsExactSuite(), &EbppsSamplingSuite(), &EbppsWeightsSuite(), &EbppsAccuracySuite()};
}

ItemStream EbppsItems(const std::string& item, int64_t start, int64_t count, bool utf8) {
  ItemStream s;
  s.generator = item == "long" ? ItemGenerator::kOrderedLongs
                : utf8         ? ItemGenerator::kUtf8Strings
                               : ItemGenerator::kOrderedStrings;
  s.start = start;
  s.count = count;
  return s;
}

nlohmann::ordered_json EbppsQueries() {
  return {"n", "k", "c", "cumulative_weight", "is_empty", "serialized_size"};
}

const char* EbppsWeightsName(EbppsWeights w) {
  switch (w) {
    case EbppsWeights::kUniform: return "uniform";
    case EbppsWeights::kRamp: return "ramp";
    case EbppsWeights::kHeavy: return "heavy";
    case EbppsWeights::kTiny: return "tiny";
  }
  return "?";
}

std::vector<EbppsBlock> EbppsBlocks(EbppsWeights w, int64_t n) {
  std::vector<EbppsBlock> blocks;
  const auto add = [&](int64_t first, int64_t end, std::string weight) {
    if (end > first) blocks.push_back({first, end - first, std::move(weight)});
  };
  switch (w) {
    case EbppsWeights::kUniform: add(0, n, "1"); break;
    case EbppsWeights::kRamp:
      for (int q = 0; q < 4; ++q) add(q * n / 4, (q + 1) * n / 4, absl::StrCat(1 << q));
      break;
    case EbppsWeights::kHeavy:
      add(0, 1, absl::StrCat(n));
      add(1, n, "1");
      break;
    case EbppsWeights::kTiny:
      add(0, n / 2, "0.001");
      add(n / 2, n, "1");
      break;
  }
  return blocks;
}

double EbppsWeightOf(EbppsWeights w, int64_t v, int64_t n) {
  for (const EbppsBlock& b : EbppsBlocks(w, n))
    if (v >= b.first && v < b.first + b.count) return std::stod(b.weight);
  return 0;
}

void AddEbppsUpdates(CaseBuilder& b, const std::string& slot, const std::string& item, int64_t start, int64_t n,
                     EbppsWeights w, const nlohmann::ordered_json& extra) {
  int64_t i = 0;
  for (const EbppsBlock& block : EbppsBlocks(w, n)) {
    nlohmann::ordered_json args = extra;
    // Each block its own bits, its seed spread by SplitMix64 (java.util.Random's first draws
    // from nearby seeds are correlated); 62 bits, a valid int member.
    if (args.contains("seed"))
      args["seed"] = static_cast<int64_t>(
          SplitMix64(static_cast<uint64_t>(args["seed"].get<int64_t>()) + static_cast<uint64_t>(i++)).Next() >> 2);
    if (block.weight != "1") args["weight"] = block.weight;
    b.Update(slot, EbppsItems(item, start + block.first, block.count), args);
  }
}

}  // namespace dsconform
