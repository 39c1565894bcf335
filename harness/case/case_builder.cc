#include "harness/case/case_builder.h"

namespace dsconform {

CaseBuilder::CaseBuilder(std::string id, std::string suite, std::string family) {
  case_.id = std::move(id);
  case_.suite = std::move(suite);
  case_.family = std::move(family);
}

CaseBuilder& CaseBuilder::Step(std::string op, std::string sketch, nlohmann::ordered_json args) {
  Op o;
  o.op = std::move(op);
  o.sketch = std::move(sketch);
  if (args.is_object()) o.args = std::move(args);
  steps().push_back(std::move(o));
  return *this;
}

CaseBuilder& CaseBuilder::Update(std::string sketch, const ItemStream& items, nlohmann::ordered_json args) {
  return ItemsStep("update", std::move(sketch), items, std::move(args));
}

CaseBuilder& CaseBuilder::ItemsStep(std::string op, std::string sketch, const ItemStream& items,
                                    nlohmann::ordered_json args) {
  Op o;
  o.op = std::move(op);
  o.sketch = std::move(sketch);
  if (args.is_object()) o.args = std::move(args);
  o.items = items;
  steps().push_back(std::move(o));
  return *this;
}

CaseBuilder& CaseBuilder::Cross(std::vector<std::string> images) {
  case_.cross = CrossStage{std::move(images), {}};
  return *this;
}

CaseBuilder& CaseBuilder::Check(std::string check, std::vector<std::string> fields) {
  case_.invariants.push_back({std::move(check), std::move(fields)});
  return *this;
}

CaseBuilder& CaseBuilder::AddTruth(const std::string& member, nlohmann::ordered_json entry) {
  nlohmann::ordered_json& entries = case_.truth[member];
  if (!entries.is_array()) entries = nlohmann::ordered_json::array();
  entries.push_back(std::move(entry));
  return *this;
}

CaseBuilder& CaseBuilder::Input(std::string name, std::string image) {
  case_.inputs[std::move(name)] = std::move(image);
  return *this;
}

}  // namespace dsconform
