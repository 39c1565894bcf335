#include "java-bridge/batch_codec.h"

#include <cstring>

#include "gtest/gtest.h"

namespace dsconform {
namespace {

Case ParseCase(const char* json) {
  auto c = CaseFromJson(nlohmann::json::parse(json));
  EXPECT_TRUE(c.ok()) << c.status();
  return *c;
}

TEST(BatchCodec, ProgramLinesFollowTheDocumentedFormat) {
  Case c = ParseCase(R"({"id": "x", "family": "hll", "ops": [
      {"op": "create", "sketch": "a", "lg_k": 12, "type": "HLL_4"},
      {"op": "update", "sketch": "a", "items": {"gen": "sequence", "start": 0, "count": 3}},
      {"op": "query", "sketch": "a", "queries": ["estimate", "lb1"], "as": "q"}]})");
  PreparedStage stage = PrepareStage(c, c.ops);
  stage.images["w.compact"] = "IMG";
  auto batch = EncodeBatch({stage});
  ASSERT_TRUE(batch.ok()) << batch.status();
  EXPECT_EQ(batch->program,
            "case hll 3\n"
            "image w.compact 0\n"
            "op create sketch=a lg_k=12 type=HLL_4\n"
            "op update sketch=a items=long:1:3\n"
            "op query sketch=a as=q queries=estimate,lb1\n"  // CaseFromJson keeps members sorted
            "drop a\n");                                     // no later step names a
  ASSERT_EQ(batch->blobs.size(), 2u);
  EXPECT_EQ(batch->blobs[0], "IMG");
  EXPECT_EQ(batch->blobs[1], *stage.tapes[0]);
}

TEST(BatchCodec, BlobsPointIntoTheStagesWithoutCopying) {
  Case c = ParseCase(R"({"id": "x", "family": "hll", "ops": [
      {"op": "update", "sketch": "a", "items": {"gen": "ascii_strings", "start": 0, "count": 2}},
      {"op": "update", "sketch": "a", "items": {"gen": "sequence", "start": 0, "count": 5}}]})");
  const PreparedStage stage = PrepareStage(c, c.ops);
  PreparedStage other = PrepareStage(c, c.ops);
  other.images["b.compact"] = "XY";
  auto batch = EncodeBatch({stage, stage, other});
  ASSERT_TRUE(batch.ok()) << batch.status();
  // The two copies of `stage` share their tapes: each is one blob; `other` has tapes of its own.
  ASSERT_EQ(batch->blobs.size(), 5u);
  EXPECT_EQ(batch->blobs[0].data(), stage.tapes[0]->data());
  EXPECT_EQ(batch->blobs[1].data(), stage.tapes[1]->data());
  EXPECT_EQ(batch->blobs[2], "XY");
  EXPECT_EQ(batch->blobs[3].data(), other.tapes[0]->data());
  EXPECT_EQ(batch->program,
            "case hll 2\nop update sketch=a items=string:0:2\nop update sketch=a items=long:1:5\ndrop a\n"
            "case hll 2\nop update sketch=a items=string:0:2\nop update sketch=a items=long:1:5\ndrop a\n"
            "case hll 2\nimage b.compact 2\nop update sketch=a items=string:3:2\nop update sketch=a items=long:4:5\n"
            "drop a\n");
}

TEST(BatchCodec, NameWithASpaceIsRejectedNamingTheCase) {
  Case c = ParseCase(R"({"id": "bad/name", "family": "hll", "ops": [
      {"op": "create", "sketch": "a b", "lg_k": 12, "type": "HLL_4"}]})");
  auto batch = EncodeBatch({PrepareStage(c, c.ops)});
  ASSERT_FALSE(batch.ok());
  EXPECT_NE(batch.status().message().find("case bad/name: /ops/0"), std::string::npos) << batch.status();
}

TEST(BatchCodec, ListElementsEscapeEveryByteThatCannotStandInAToken) {
  Case c = ParseCase(R"({"id": "x", "family": "tuple", "ops": [
      {"op": "create", "sketch": "a", "summary": "aos", "lg_k": 5},
      {"op": "update", "sketch": "a", "items": {"gen": "sequence", "start": 0, "count": 1},
       "strings": ["v1", "", "\u00e9 x", "a,b%"]}]})");
  auto batch = EncodeBatch({PrepareStage(c, c.ops)});
  ASSERT_TRUE(batch.ok()) << batch.status();
  EXPECT_NE(batch->program.find(" strings=v1,,%c3%a9%20x,a%2cb%25 "), std::string::npos) << batch->program;
}

void PutU32(std::string& s, uint32_t v) {
  for (int i = 0; i < 4; ++i) s += static_cast<char>(v >> (8 * i));
}
void PutName(std::string& s, const std::string& name, uint8_t kind) {
  s += static_cast<char>(name.size());
  s += '\0';
  s += name;
  s += static_cast<char>(kind);
}
void PutBlob(std::string& s, const std::string& b) {
  PutU32(s, static_cast<uint32_t>(b.size()));
  s += b;
}
std::vector<std::string_view> OneChunk(const std::string& r) { return {r}; }

TEST(BatchCodec, DecodesEveryValueKind) {
  std::string r;
  PutU32(r, 7);
  PutName(r, "a.compact", 1);
  PutBlob(r, std::string("\x01\x00\x07", 3));
  PutName(r, "a.estimate", 2);
  const double d = -0.0;
  uint64_t bits;
  std::memcpy(&bits, &d, 8);
  for (int i = 0; i < 8; ++i) r += static_cast<char>(bits >> (8 * i));
  PutName(r, "a.lg_k", 3);
  for (int i = 0; i < 8; ++i) r += static_cast<char>(i == 0 ? 12 : 0);
  PutName(r, "a.is_empty", 4);
  r += '\1';
  PutName(r, "a.type", 5);
  PutBlob(r, "HLL_4");
  PutName(r, "error@op3", 6);
  PutBlob(r, "java.lang.IllegalStateException");
  PutBlob(r, "boom");
  PutBlob(r, "at x.y(Z.java:1)");
  PutName(r, "a.reset", 7);
  PutBlob(r, "not supported by this engine");
  PutU32(r, 0);  // a second stage without fields

  auto obs = DecodeBatchResult(OneChunk(r), 2);
  ASSERT_TRUE(obs.ok()) << obs.status();
  ASSERT_EQ((*obs)[0].fields.size(), 7u);
  EXPECT_EQ((*obs)[0].Find("a.compact")->bytes, std::string("\x01\x00\x07", 3));
  EXPECT_EQ((*obs)[0].Find("a.estimate")->bits, bits);
  EXPECT_EQ((*obs)[0].Find("a.lg_k")->bits, 12u);
  EXPECT_EQ((*obs)[0].Find("a.is_empty")->bits, 1u);
  EXPECT_EQ((*obs)[0].Find("a.type")->bytes, "HLL_4");
  const Value* error = (*obs)[0].Find("error@op3");
  EXPECT_EQ(error->kind, Value::Kind::kError);
  EXPECT_EQ(error->error_class, "java.lang.IllegalStateException");
  EXPECT_EQ(error->bytes, "boom");
  EXPECT_EQ((*obs)[0].Find("a.reset")->kind, Value::Kind::kUnsupported);
  EXPECT_TRUE((*obs)[1].fields.empty());
}

TEST(BatchCodec, TruncatedResultIsDataLoss) {
  std::string r;
  PutU32(r, 1);
  PutName(r, "a.compact", 1);
  PutU32(r, 10);  // promises 10 bytes, has none
  auto obs = DecodeBatchResult(OneChunk(r), 1);
  ASSERT_FALSE(obs.ok());
  EXPECT_EQ(obs.status().code(), absl::StatusCode::kDataLoss);
  EXPECT_FALSE(DecodeBatchResult(OneChunk(std::string(4, '\0')), 2).ok());  // second stage missing
}

// ResultWriter starts a chunk wherever a field or a stage header does not fit in the last one.
TEST(BatchCodec, DecodesAResultInChunks) {
  std::string first, second, third;
  PutU32(first, 2);
  PutName(first, "a.compact", 1);
  PutBlob(first, "img");
  PutName(second, "a.type", 5);  // the stage's second field, in the next chunk
  PutBlob(second, "HLL_8");
  PutU32(third, 1);  // the next stage's header, after an empty chunk
  PutName(third, "b.is_empty", 4);
  third += '\0';
  const std::vector<std::string_view> chunks = {first, second, "", third};
  auto obs = DecodeBatchResult(chunks, 2);
  ASSERT_TRUE(obs.ok()) << obs.status();
  EXPECT_EQ((*obs)[0].Find("a.compact")->bytes, "img");
  EXPECT_EQ((*obs)[0].Find("a.type")->bytes, "HLL_8");
  EXPECT_EQ((*obs)[1].Find("b.is_empty")->bits, 0u);
}

TEST(BatchCodec, AFieldAcrossTwoChunksIsDataLoss) {
  std::string r;
  PutU32(r, 1);
  PutName(r, "a.compact", 1);
  PutBlob(r, "image");
  const std::string_view all = r;
  const std::vector<std::string_view> chunks = {all.substr(0, all.size() - 2), all.substr(all.size() - 2)};
  auto obs = DecodeBatchResult(chunks, 1);
  ASSERT_FALSE(obs.ok());
  EXPECT_EQ(obs.status().code(), absl::StatusCode::kDataLoss) << obs.status();
  EXPECT_TRUE(DecodeBatchResult(OneChunk(r), 1).ok());
}

TEST(BatchCodec, BytesAfterTheLastStageAreDataLoss) {
  std::string r;
  PutU32(r, 0);
  const std::vector<std::string_view> chunks = {r, "x"};
  auto obs = DecodeBatchResult(chunks, 1);
  ASSERT_FALSE(obs.ok());
  EXPECT_NE(obs.status().message().find("1 bytes left over"), std::string::npos) << obs.status();
}

}  // namespace
}  // namespace dsconform
