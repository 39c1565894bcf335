#include "harness/engine/process/engine_protocol.h"

#include "gtest/gtest.h"
#include "harness/case/case_builder.h"

namespace dsconform {
namespace {

using Json = nlohmann::json;

// Decodes exactly one frame from `bytes`.
absl::StatusOr<Frame> DecodeOne(const std::string& bytes) {
  FrameDecoder d;
  d.Append(bytes);
  auto next = d.Next();
  if (!next.ok()) return next.status();
  if (!*next) return absl::NotFoundError("incomplete");
  EXPECT_EQ(d.buffered(), 0u);
  return std::move(**next);
}


Case TwoStageCase() {
  ItemStream strings;
  strings.generator = ItemGenerator::kUtf8Strings;
  strings.count = 4;
  return CaseBuilder("hll/proto/n=3", "hll.proto", "hll")
      .Step("create", "a", {{"lg_k", 12}, {"type", "HLL_4"}})
      .Update("a", Sequence(-1, 3))
      .Step("serialize", "a", {{"form", "compact"}})
      .Cross({"a.compact"})
      .Step("deserialize", "b", {{"image", "a.compact"}})
      .Update("b", strings)
      .Build();
}

TEST(EngineProtocol, HelloRoundTrip) {
  auto req = DecodeOne(EncodeHelloRequest());
  ASSERT_TRUE(req.ok());
  EXPECT_EQ(*DecodeHelloRequest(*req), kEngineProtocolVersion);

  EngineHello hello;
  hello.engine = "python@5.2.0";
  hello.families["hll"] = {"create", "update"};
  auto f = DecodeOne(EncodeEngineHello(hello));
  ASSERT_TRUE(f.ok());
  auto back = DecodeEngineHello(*f);
  ASSERT_TRUE(back.ok()) << back.status();
  EXPECT_EQ(back->engine, "python@5.2.0");
  EXPECT_EQ(back->families, hello.families);
  EXPECT_TRUE(back->lacks.empty());
}

TEST(EngineProtocol, HelloCarriesWhatTheLibraryLacks) {
  EngineHello hello;
  hello.engine = "cpp@4.0.1";
  hello.families["theta"] = {"serialize"};
  hello.lacks["theta"] = {"serialize form=compressed: no serialize_compressed"};
  EXPECT_EQ(EngineHelloJson(hello)["lacks"]["theta"][0], "serialize form=compressed: no serialize_compressed");
  auto back = DecodeEngineHello(*DecodeOne(EncodeEngineHello(hello)));
  ASSERT_TRUE(back.ok()) << back.status();
  EXPECT_EQ(back->lacks, hello.lacks);

  nlohmann::ordered_json malformed = EngineHelloJson(hello);
  malformed["lacks"]["theta"] = "serialize";
  auto refused = DecodeEngineHello(*DecodeOne(EncodeFrame(malformed, {})));
  EXPECT_NE(refused.status().message().find("\"lacks\" must be"), absl::string_view::npos) << refused.status();
}

TEST(EngineProtocol, HelloFromAnotherVersionOrWithoutANameIsRefused) {
  EngineHello hello;
  hello.engine = "python@5.2.0";
  hello.protocol = 2;
  auto st = DecodeEngineHello(*DecodeOne(EncodeEngineHello(hello))).status();
  EXPECT_NE(st.message().find("protocol 2"), absl::string_view::npos) << st;
  hello.protocol = 1;
  hello.engine = "python";
  st = DecodeEngineHello(*DecodeOne(EncodeEngineHello(hello))).status();
  EXPECT_NE(st.message().find("not kind@version"), absl::string_view::npos) << st;
}

TEST(EngineProtocol, RunRequestCarriesOpsTapesAndImages) {
  const Case c = TwoStageCase();
  std::vector<PreparedStage> stages = {PrepareStage(c, c.ops), PrepareStage(c, c.cross->ops)};
  stages[1].images["a.compact"] = std::string("\x0a\x01\x00\xff", 4);
  const std::string bytes = EncodeRunRequest(42, stages);
  auto f = DecodeOne(bytes);
  ASSERT_TRUE(f.ok()) << f.status();
  EXPECT_EQ(f->header["stages"][0]["stage"], "first");
  EXPECT_EQ(f->header["stages"][1]["stage"], "cross");
  auto req = DecodeRunRequest(std::move(*f));
  ASSERT_TRUE(req.ok()) << req.status();
  EXPECT_EQ(req->id, 42u);
  ASSERT_EQ(req->stages.size(), 2u);
  for (size_t i = 0; i < 2; ++i) {
    const PreparedStage& got = req->stages[i];
    EXPECT_EQ(got.source->id, c.id);
    EXPECT_EQ(got.source->family, "hll");
    EXPECT_EQ(got.source->suite, "hll.proto");
    Case a, b;
    a.ops = *got.ops;
    b.ops = *stages[i].ops;
    EXPECT_EQ(CaseToJson(a).dump(), CaseToJson(b).dump());
    ASSERT_EQ(got.tapes.size(), stages[i].tapes.size());
    for (size_t t = 0; t < got.tapes.size(); ++t) EXPECT_EQ(*got.tapes[t], *stages[i].tapes[t]);
    EXPECT_EQ(got.images, stages[i].images);
    EXPECT_EQ(got.done_after, stages[i].done_after);  // the engine lets go of the same slots
    EXPECT_FALSE(got.done_after.empty());
  }
  // The cross stage points into its case's cross ops, as the harness's own stages do.
  EXPECT_EQ(req->stages[1].ops, &req->stages[1].source->cross->ops);
  EXPECT_EQ(req->stages[0].ops, &req->stages[0].source->ops);
}

TEST(EngineProtocol, ATapeSharedByStagesTravelsOnce) {
  const Case c = TwoStageCase();
  const PreparedStage base = PrepareStage(c, c.cross->ops);
  std::vector<PreparedStage> stages = {base, base};  // two writers' copies of one cross stage
  stages[0].images["a.compact"] = "one";
  stages[1].images["a.compact"] = "two";
  auto f = DecodeOne(EncodeRunRequest(1, stages));
  ASSERT_TRUE(f.ok());
  EXPECT_EQ(f->payloads.size(), 3u);  // one tape, two images
  EXPECT_EQ(f->header["stages"][0]["tapes"], f->header["stages"][1]["tapes"]);
}

TEST(EngineProtocol, RunRequestErrorsNameTheStage) {
  const std::string ops = R"([{"op":"update","sketch":"a","items":{"gen":"sequence","start":0,"count":2}}])";
  auto error_of = [](const std::string& header, std::vector<std::string> payloads = {}) {
    Frame f;
    f.header = Json::parse(header);
    f.payloads = std::move(payloads);
    return std::string(DecodeRunRequest(std::move(f)).status().message());
  };
  EXPECT_NE(error_of(R"({"type":"run","id":1,"stages":[{"case":"x","family":"hll","stage":"first","ops":)" + ops +
                     R"(,"tapes":[]}]})")
                .find("run stage 0: 0 tapes for 1 steps with items"),
            std::string::npos);
  EXPECT_NE(error_of(R"({"type":"run","id":1,"stages":[{"case":"x","family":"hll","stage":"first","ops":)" + ops +
                     R"(,"tapes":[3]}]})")
                .find("tape 3 is not a payload"),
            std::string::npos);
  EXPECT_NE(error_of(R"({"type":"run","id":1,"stages":[{"case":"x","family":"hll","stage":"second","ops":[]}]})")
                .find("first or cross"),
            std::string::npos);
  EXPECT_NE(error_of(R"({"type":"run","id":1,"stages":[{"case":"x","family":"hll","stage":"first",)"
                     R"("ops":[{"sketch":"a"}],"tapes":[]}]})")
                .find("run stage 0: case x: /ops/0"),
            std::string::npos);
  EXPECT_NE(error_of(R"({"type":"result","id":1})").find("expected a \"run\" message"), std::string::npos);
}

TEST(EngineProtocol, RunResultKeepsEveryValueKindExactly) {
  StageResult r;
  r.observations.Add("a.compact", Value::Bytes(std::string("\0\x01\xfe", 3)));
  r.observations.Add("a.estimate", Value::DoubleBits(0x7ff8000000000123ull));  // a NaN payload survives
  r.observations.Add("a.zero", Value::DoubleBits(0x8000000000000000ull));      // -0.0
  r.observations.Add("a.lg_k", Value::Int(std::numeric_limits<int64_t>::min()));
  r.observations.Add("a.max", Value::Int(std::numeric_limits<int64_t>::max()));
  r.observations.Add("a.is_empty", Value::Bool(false));
  r.observations.Add("a.type", Value::String("été 日本 😀"));
  r.observations.Add("error@op3", Value::Error("std::invalid_argument", "bad lg_k", "frame 1\nframe 2"));
  r.observations.Add("b.copy", Value::Unsupported("no copy"));
  StageResult rejected;
  rejected.rejected = "case x: /ops/1: slot 'q' does not exist";
  auto f = DecodeOne(EncodeRunResult(9, {r, rejected, StageResult()}));
  ASSERT_TRUE(f.ok()) << f.status();
  EXPECT_EQ(f->header["stages"][0]["fields"][1]["bits"], "7ff8000000000123");
  auto back = DecodeRunResult(std::move(*f), 9, 3);
  ASSERT_TRUE(back.ok()) << back.status();
  ASSERT_EQ((*back)[0].observations.fields.size(), r.observations.fields.size());
  for (size_t i = 0; i < r.observations.fields.size(); ++i) {
    const Field& want = r.observations.fields[i];
    const Field& got = (*back)[0].observations.fields[i];
    EXPECT_EQ(got.name, want.name);
    EXPECT_EQ(got.value.kind, want.value.kind) << want.name;
    EXPECT_EQ(got.value.bits, want.value.bits) << want.name;
    EXPECT_EQ(got.value.bytes, want.value.bytes) << want.name;
    EXPECT_EQ(got.value.error_class, want.value.error_class) << want.name;
    EXPECT_EQ(got.value.stack, want.value.stack) << want.name;
  }
  EXPECT_EQ((*back)[1].rejected, rejected.rejected);
  EXPECT_TRUE((*back)[2].rejected.empty());
  EXPECT_TRUE((*back)[2].observations.fields.empty());
}

TEST(EngineProtocol, InvalidUtf8InTextIsReplacedNotFatal) {
  StageResult r;
  r.observations.Add("error@op0", Value::Error("E", std::string("bad \xff byte")));
  auto back = DecodeRunResult(*DecodeOne(EncodeRunResult(1, {r})), 1, 1);
  ASSERT_TRUE(back.ok()) << back.status();
  EXPECT_EQ((*back)[0].observations.fields[0].value.bytes, "bad \xEF\xBF\xBD byte");
}

TEST(EngineProtocol, MismatchedOrMalformedResultsAreProtocolErrors) {
  auto error_of = [](const std::string& header, size_t stages = 1, std::vector<std::string> payloads = {}) {
    Frame f;
    f.header = Json::parse(header);
    f.payloads = std::move(payloads);
    return std::string(DecodeRunResult(std::move(f), 5, stages).status().message());
  };
  EXPECT_NE(error_of(R"({"type":"result","id":4,"stages":[{"fields":[]}]})").find("answers request 4, expected 5"),
            std::string::npos);
  EXPECT_NE(error_of(R"({"type":"result","id":5,"stages":[]})").find("0 stage results for 1 stages"),
            std::string::npos);
  auto field = [&](const std::string& f) {
    return error_of(R"({"type":"result","id":5,"stages":[{"fields":[)" + f + "]}]}");
  };
  EXPECT_NE(field(R"({"name":"a.e","kind":"double","bits":"3ff00000000000"})").find("not 16 hex digits"),
            std::string::npos);
  EXPECT_NE(field(R"({"name":"a.e","kind":"double","bits":"0x3ff0000000000000"})").find("not 16 hex digits"),
            std::string::npos);
  EXPECT_NE(field(R"({"name":"a.e","kind":"double","bits":1.0})").find("must be a string"), std::string::npos);
  EXPECT_NE(field(R"({"name":"a.c","kind":"bytes","payload":0})").find("payload 0 does not exist"),
            std::string::npos);
  EXPECT_NE(field(R"({"name":"a.n","kind":"int","value":9223372036854775808})").find("signed 64-bit"),
            std::string::npos);
  EXPECT_NE(field(R"({"name":"a.n","kind":"int","value":1.5})").find("signed 64-bit"), std::string::npos);
  EXPECT_NE(field(R"({"name":"a.n","kind":"complex"})").find("unknown value kind 'complex'"), std::string::npos);
  EXPECT_NE(field(R"({"kind":"bool","value":true})").find("\"name\""), std::string::npos);
  EXPECT_NE(error_of(R"({"type":"result","id":5,"stages":[{}]})").find("neither \"fields\" nor \"rejected\""),
            std::string::npos);
  EXPECT_EQ(field(R"({"name":"a.n","kind":"int","value":-1.0})").rfind("protocol error: ", 0), 0u);
}

TEST(EngineProtocol, AnErrorMessageInsteadOfAResultCarriesItsText) {
  auto f = DecodeOne(EncodeError("cannot parse run request"));
  ASSERT_TRUE(f.ok());
  EXPECT_EQ(ErrorMessageOf(*f), "cannot parse run request");
  const auto st = DecodeRunResult(std::move(*f), 1, 1).status();
  EXPECT_EQ(st.message(), "protocol error: the other side reported: cannot parse run request");
}

}  // namespace
}  // namespace dsconform
