#ifndef DSCONFORM_HARNESS_CASE_CASE_BUILDER_H_
#define DSCONFORM_HARNESS_CASE_CASE_BUILDER_H_

#include <string>
#include <vector>

#include "harness/case/case_program.h"

namespace dsconform {

// Lets suites write case programs as a readable list of steps.
class CaseBuilder {
 public:
  CaseBuilder(std::string id, std::string suite, std::string family);

  CaseBuilder& Step(std::string op, std::string sketch, nlohmann::ordered_json args = nlohmann::ordered_json::object());
  // `args`: the update's other members (a KLL update's `seed`).
  CaseBuilder& Update(std::string sketch, const ItemStream& items,
                      nlohmann::ordered_json args = nlohmann::ordered_json::object());
  // Any other step that takes an item stream (a Bloom filter's `query_items`).
  CaseBuilder& ItemsStep(std::string op, std::string sketch, const ItemStream& items,
                         nlohmann::ordered_json args = nlohmann::ordered_json::object());
  // Steps added after this call form the cross stage, which reads `images`.
  CaseBuilder& Cross(std::vector<std::string> images);
  CaseBuilder& Check(std::string check, std::vector<std::string> fields);
  // An image the first stage reads by name (an imported snapshot).
  CaseBuilder& Input(std::string name, std::string image);
  // An entry of a kind of truth under its case member (Case::truth); the kinds'
  // own helpers (harness/truth/<kind>/) say what goes in it.
  CaseBuilder& AddTruth(const std::string& member, nlohmann::ordered_json entry);
  const std::vector<Op>& ops() const { return case_.ops; }
  Case Build() { return std::move(case_); }

 private:
  std::vector<Op>& steps() { return case_.cross ? case_.cross->ops : case_.ops; }
  Case case_;
};

inline ItemStream Sequence(int64_t start, int64_t count) { return {ItemGenerator::kSequence, start, 0, count}; }
inline ItemStream Random(uint64_t seed, int64_t count) { return {ItemGenerator::kSplitMix64, 0, seed, count}; }

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_CASE_CASE_BUILDER_H_
