#include "sketches/native/cpp_engine.h"

#include <map>
#include <memory>
#include <vector>

#include "absl/strings/str_cat.h"
#include "sketches/cpc/cpc_cpp_executor.h"
#include "sketches/hll/hll_cpp_executor.h"
#include "sketches/theta/theta_cpp_executor.h"
#include "sketches/kll/kll_cpp_executor.h"
#include "sketches/native/cpp_family_executor.h"

#ifndef DSC_CPP_VERSION
#define DSC_CPP_VERSION "unknown"
#endif

namespace dsconform {
namespace {

// Every family with a native executor. Adding one: a row here and its
// <family>_cpp_executor.cc in sketches/native/CMakeLists.txt.
struct ExecutorEntry {
  const char* family;
  std::unique_ptr<CppFamilyExecutor> (*make)();
};
constexpr ExecutorEntry kExecutors[] = {
    {"hll", &MakeHllCppExecutor},
    {"theta", &MakeThetaCppExecutor},
    {"cpc", &MakeCpcCppExecutor},
    {"kll", &MakeKllCppExecutor},
};

class CppEngine final : public Engine {
 public:
  CppEngine() {
    for (const auto& e : kExecutors) executors_.emplace(e.family, e.make());
  }

  std::string name() const override { return CppEngineName(); }
  std::string kind() const override { return "cpp"; }
  bool SupportsFamily(const std::string& family) const override { return executors_.count(family) > 0; }

  absl::StatusOr<std::vector<Observations>> Run(absl::Span<const PreparedStage> stages) override {
    std::vector<Observations> results;
    results.reserve(stages.size());
    for (const PreparedStage& stage : stages) {
      if (stage.source == nullptr || stage.ops == nullptr)
        return absl::InvalidArgumentError("cpp engine: a stage without its case or ops");
      auto it = executors_.find(stage.source->family);
      if (it == executors_.end())
        return absl::InvalidArgumentError(absl::StrCat("case ", stage.source->id, ": ", name(),
                                                       " has no executor for family '", stage.source->family, "'"));
      Observations obs;
      if (absl::Status st = it->second->RunStage(stage, &obs); !st.ok()) return st;
      results.push_back(std::move(obs));
    }
    return results;
  }

 private:
  std::map<std::string, std::unique_ptr<CppFamilyExecutor>> executors_;
};

class CppEngineFactory final : public EngineFactory {
 public:
  std::string name() const override { return CppEngineName(); }
  absl::StatusOr<std::unique_ptr<Engine>> Create() override { return std::unique_ptr<Engine>(new CppEngine()); }
};

}  // namespace

std::string CppEngineName() { return std::string("cpp@") + DSC_CPP_VERSION; }

std::unique_ptr<EngineFactory> MakeCppEngineFactory() { return std::make_unique<CppEngineFactory>(); }

}  // namespace dsconform
