#include "harness/corpus/corpus_engine.h"

#include <string>

#include "gtest/gtest.h"
#include "nlohmann/json.hpp"

namespace dsconform {
namespace {

constexpr char kCase[] = R"({"id":"hll/t/1","suite":"hll.t","family":"hll","ops":[
  {"op":"create","sketch":"a","lg_k":10,"type":"HLL_4"},
  {"op":"serialize","sketch":"a","form":"compact"}],
  "cross":{"images":["a.compact"],"ops":[{"op":"deserialize","sketch":"b","image":"a.compact","mode":"heapify"},
                                        {"op":"query","sketch":"b","queries":["estimate"]}]}})";

// A corpus of one case whose recorded engine wrote `image` and read it back as 7.
std::shared_ptr<const Corpus> OneCase(const std::string& image) {
  auto corpus = std::make_shared<Corpus>();
  corpus->path = "test.jsonl";
  corpus->header.engine = "cpp@5.2.0";
  CorpusEntry e;
  e.c = *CaseFromJson(nlohmann::json::parse(kCase));
  e.first.Add("a.compact", Value::DigestOf(image));
  Observations cross;
  cross.Add("b.estimate", Value::Double(7));
  e.cross = cross;
  corpus->entries.push_back(e);
  return corpus;
}

class CorpusEngineTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto e = MakeCorpusEngineFactory(OneCase(image_))->Create();
    ASSERT_TRUE(e.ok());
    engine_ = std::move(*e);
    c_ = *CaseFromJson(nlohmann::json::parse(kCase));
  }
  Observations RunOne(const PreparedStage& s) {
    auto out = engine_->Run({s});
    EXPECT_TRUE(out.ok());
    return out.ok() && out->size() == 1 ? (*out)[0] : Observations{};
  }
  std::string image_ = std::string(1000, '\x05');
  std::unique_ptr<Engine> engine_;
  Case c_;
};

TEST_F(CorpusEngineTest, IsNamedAfterTheRecordedEngine) {
  EXPECT_EQ(engine_->name(), "cpp@5.2.0+corpus");
  EXPECT_TRUE(engine_->SupportsFamily("hll"));
  EXPECT_FALSE(engine_->SupportsFamily("theta"));
}

TEST_F(CorpusEngineTest, ReplaysTheFirstStage) {
  Observations o = RunOne(PrepareStage(c_, c_.ops));
  ASSERT_EQ(o.fields.size(), 1u);
  EXPECT_TRUE(o.Find("a.compact")->SameImage(Value::Bytes(image_)));
}

TEST_F(CorpusEngineTest, ReadsOnlyItsOwnImagesInACrossStage) {
  PreparedStage own = PrepareStage(c_, c_.cross->ops);
  own.images["a.compact"] = image_;
  Observations o = RunOne(own);
  ASSERT_NE(o.Find("b.estimate"), nullptr);
  EXPECT_EQ(o.Find("b.estimate")->AsDouble(), 7.0);

  PreparedStage other = own;
  other.images["a.compact"][3] = 'x';
  o = RunOne(other);
  ASSERT_EQ(o.fields.size(), 1u);
  EXPECT_EQ(o.fields[0].name, kStageUnsupportedField);
  EXPECT_NE(o.fields[0].value.bytes.find("a.compact differs"), std::string::npos) << o.fields[0].value.bytes;
}

TEST_F(CorpusEngineTest, AnotherProgramUnderTheSameIdIsNotTheRecordedCase) {
  Case changed = c_;
  changed.ops[0].args["lg_k"] = 11;
  Observations o = RunOne(PrepareStage(changed, changed.ops));
  ASSERT_EQ(o.fields.size(), 1u);
  EXPECT_EQ(o.fields[0].name, kStageUnsupportedField);
  EXPECT_NE(o.fields[0].value.bytes.find("another program"), std::string::npos);

  Case unknown = c_;
  unknown.id = "hll/t/2";
  o = RunOne(PrepareStage(unknown, unknown.ops));
  EXPECT_NE(o.fields[0].value.bytes.find("has no case hll/t/2"), std::string::npos);
}

}  // namespace
}  // namespace dsconform
