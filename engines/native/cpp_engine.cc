#include "engines/native/cpp_engine.h"

#include <map>
#include <memory>
#include <set>
#include <vector>

#include "absl/strings/str_cat.h"
#include "engines/native/cpp_adapter_table.h"
#include "engines/native/cpp_adapter_base.h"

#ifndef DSC_CPP_VERSION
#define DSC_CPP_VERSION "unknown"
#endif

namespace dsconform {
namespace {

class CppEngine final : public Engine {
 public:
  CppEngine() {
    for (auto& adapter : MakeCompiledCppAdapters()) {
      const std::vector<std::string> steps = adapter->steps();
      capabilities_[adapter->family()] = std::set<std::string>(steps.begin(), steps.end());
      adapters_.emplace(adapter->family(), std::move(adapter));
    }
  }

  std::string name() const override { return CppEngineName(); }
  std::string kind() const override { return "cpp"; }
  const Capabilities& capabilities() const override { return capabilities_; }

  absl::StatusOr<std::vector<Observations>> Run(absl::Span<const PreparedStage> stages) override {
    std::vector<Observations> results;
    results.reserve(stages.size());
    for (const PreparedStage& stage : stages) {
      if (stage.source == nullptr || stage.ops == nullptr)
        return absl::InvalidArgumentError("cpp engine: a stage without its case or ops");
      auto it = adapters_.find(stage.source->family);
      if (it == adapters_.end())
        return absl::InvalidArgumentError(absl::StrCat("case ", stage.source->id, ": ", name(),
                                                       " has no adapter for family '", stage.source->family, "'"));
      Observations obs;
      if (absl::Status st = it->second->RunStage(stage, &obs); !st.ok()) return st;
      results.push_back(std::move(obs));
    }
    return results;
  }

 private:
  std::map<std::string, std::unique_ptr<CppFamilyAdapter>> adapters_;
  Capabilities capabilities_;
};

class CppEngineFactory final : public EngineFactory {
 public:
  std::string name() const override { return CppEngineName(); }
  absl::StatusOr<std::unique_ptr<Engine>> Create() override { return std::unique_ptr<Engine>(new CppEngine()); }
};

}  // namespace

std::string CppEngineName() { return std::string("cpp@") + DSC_CPP_VERSION; }

std::map<std::string, std::vector<std::string>> CppEngineLacks() {
  std::map<std::string, std::vector<std::string>> lacks;
  for (const auto& adapter : MakeCompiledCppAdapters())
    if (auto lines = adapter->lacks(); !lines.empty()) lacks[adapter->family()] = std::move(lines);
  return lacks;
}

std::unique_ptr<EngineFactory> MakeCppEngineFactory() { return std::make_unique<CppEngineFactory>(); }

}  // namespace dsconform
