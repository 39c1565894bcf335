#include "engines/native/cpp_adapter_base.h"

#include <cxxabi.h>

#include <cstdlib>
#include <exception>
#include <memory>
#include <typeinfo>

#include "absl/strings/str_cat.h"

namespace dsconform {
namespace {

std::string Demangle(const char* mangled) {
  int status = 0;
  std::unique_ptr<char, void (*)(void*)> name(abi::__cxa_demangle(mangled, nullptr, nullptr, &status), std::free);
  return status == 0 && name ? std::string(name.get()) : std::string(mangled);
}

}  // namespace

Value ValueFromCurrentException() {
  const std::type_info* type = abi::__cxa_current_exception_type();
  const std::string cls = type ? Demangle(type->name()) : "unknown exception";
  try {
    throw;
  } catch (const std::exception& e) {
    return Value::Error(cls, e.what());
  } catch (...) {
    return Value::Error(cls, "");
  }
}

absl::Status RunStepsCatchingExceptions(const PreparedStage& stage, Observations* out, const StepHandler& step) {
  if (stage.ops == nullptr) return absl::InvalidArgumentError("stage without ops");
  size_t tapes_used = 0;
  for (size_t i = 0; i < stage.ops->size(); ++i) {
    const Op& op = (*stage.ops)[i];
    StepContext ctx;
    ctx.index = i;
    if (op.items) {
      if (tapes_used >= stage.tapes.size() || !stage.tapes[tapes_used])
        return absl::InvalidArgumentError(absl::StrCat(StepPath(stage, i), ": no item tape prepared for this step"));
      ctx.tape = *stage.tapes[tapes_used++];
    }
    absl::StatusOr<StepEnd> end = StepEnd::kContinue;
    try {
      end = step(op, ctx);
    } catch (...) {
      out->Add(absl::StrCat("error@op", i), ValueFromCurrentException());
      return absl::OkStatus();
    }
    if (!end.ok()) return end.status();
    if (*end == StepEnd::kStopStage) return absl::OkStatus();
  }
  return absl::OkStatus();
}

const std::string* FindStageImage(const PreparedStage& stage, const Observations& so_far, const std::string& name) {
  if (auto it = stage.images.find(name); it != stage.images.end()) return &it->second;
  // The latest field of that name: a slot serialized twice is read as it was last.
  for (auto f = so_far.fields.rbegin(); f != so_far.fields.rend(); ++f)
    if (f->name == name && f->value.kind == Value::Kind::kBytes) return &f->value.bytes;
  return nullptr;
}

const std::string* StageImageOrMissing(const PreparedStage& stage, const StepContext& ctx, const std::string& name,
                                       Observations* out) {
  const std::string* image = FindStageImage(stage, *out, name);
  if (image == nullptr)
    out->Add(absl::StrCat("error@op", ctx.index),
             Value::Error("dsconform::MissingImage",
                          absl::StrCat("image '", name, "' is neither an image of the stage nor a byte field it produced")));
  return image;
}

std::string StepPath(const PreparedStage& stage, size_t index) {
  const bool cross = stage.source && stage.source->cross && stage.ops == &stage.source->cross->ops;
  return absl::StrCat("case ", stage.source ? stage.source->id : "?", ": ", cross ? "/cross/ops/" : "/ops/", index);
}

absl::Status BadStep(const PreparedStage& stage, const StepContext& ctx, const std::string& message) {
  return absl::InvalidArgumentError(absl::StrCat(StepPath(stage, ctx.index), ": ", message));
}

namespace {
class AbsentFamily final : public CppFamilyAdapter {
 public:
  AbsentFamily(std::string family, std::string why) : family_(std::move(family)), why_(std::move(why)) {}
  std::string family() const override { return family_; }
  std::vector<std::string> steps() const override { return {}; }
  absl::Status RunStage(const PreparedStage& stage, Observations* /*out*/) override {
    return absl::InvalidArgumentError(absl::StrCat("case ", stage.source ? stage.source->id : "?", ": ", why_));
  }

 private:
  std::string family_, why_;
};
}  // namespace

std::unique_ptr<CppFamilyAdapter> AbsentFamilyAdapter(std::string family, std::string why) {
  return std::make_unique<AbsentFamily>(std::move(family), std::move(why));
}

bool ReadsUnmadeSlot(const Op& op, std::set<std::string>& unmade, Observations* out) {
  for (const char* key : {"from", "a", "b", "with"}) {
    if (!unmade.count(op.Str(key))) continue;
    if (unmade.insert(op.sketch).second)
      out->Add(op.sketch + "." + op.op, Value::Unsupported(absl::StrCat("reads slot '", op.Str(key),
                                                                        "', which datasketches-cpp could not make")));
    return true;
  }
  return false;
}

}  // namespace dsconform
