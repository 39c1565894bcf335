#include "harness/corpus/corpus_engine.h"

#include <map>

#include "absl/strings/str_cat.h"

namespace dsconform {
namespace {

Observations StageUnsupported(std::string reason) {
  Observations o;
  o.Add(kStageUnsupportedField, Value::Unsupported(std::move(reason)));
  return o;
}

class CorpusEngine : public Engine {
 public:
  explicit CorpusEngine(std::shared_ptr<const Corpus> corpus) : corpus_(std::move(corpus)) {
    for (const auto& e : corpus_->entries) {
      by_id_[e.c.id] = {&e, CaseToJson(e.c).dump()};
      families_[e.c.family];  // steps not stated: it answers what it recorded
    }
  }
  std::string name() const override { return corpus_->header.engine + kCorpusEngineSuffix; }
  std::string kind() const override { return "corpus"; }
  const Capabilities& capabilities() const override { return families_; }

  absl::StatusOr<std::vector<Observations>> Run(absl::Span<const PreparedStage> stages) override {
    std::vector<Observations> out;
    for (const PreparedStage& s : stages) out.push_back(Answer(s));
    return out;
  }

 private:
  Observations Answer(const PreparedStage& s) const {
    auto it = by_id_.find(s.source->id);
    if (it == by_id_.end()) return StageUnsupported(absl::StrCat("the corpus ", corpus_->path, " has no case ", s.source->id));
    const CorpusEntry& e = *it->second.first;
    // The same id with another program (a suite changed since the recording) is not the recorded case.
    if (CaseToJson(*s.source).dump() != it->second.second)
      return StageUnsupported(absl::StrCat("the corpus recorded another program under the id ", s.source->id));
    if (s.ops == &s.source->ops) return e.first;
    if (!e.cross) return StageUnsupported("the recorded engine did not run this cross stage");
    // A cross stage was recorded on the recorded engine's own images only.
    for (const auto& [name, bytes] : s.images) {
      const Value* own = e.first.Find(name);
      if (own == nullptr || !own->SameImage(Value::Bytes(bytes)))
        return StageUnsupported(absl::StrCat("the corpus recorded a reading of ", corpus_->header.engine,
                                             "'s own images only, and ", name, " differs from it"));
    }
    return *e.cross;
  }

  std::shared_ptr<const Corpus> corpus_;
  std::map<std::string, std::pair<const CorpusEntry*, std::string>> by_id_;  // id -> entry, its program
  Capabilities families_;
};

class CorpusEngineFactory : public EngineFactory {
 public:
  explicit CorpusEngineFactory(std::shared_ptr<const Corpus> corpus) : corpus_(std::move(corpus)) {}
  std::string name() const override { return corpus_->header.engine + kCorpusEngineSuffix; }
  absl::StatusOr<std::unique_ptr<Engine>> Create() override { return std::make_unique<CorpusEngine>(corpus_); }

 private:
  std::shared_ptr<const Corpus> corpus_;
};

}  // namespace

std::unique_ptr<EngineFactory> MakeCorpusEngineFactory(std::shared_ptr<const Corpus> corpus) {
  return std::make_unique<CorpusEngineFactory>(std::move(corpus));
}

}  // namespace dsconform
