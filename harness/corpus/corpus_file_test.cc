#include "harness/corpus/corpus_file.h"

#include <fstream>
#include <sstream>
#include <string>
#include <unistd.h>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "sketches/compiled_families.h"
#include "harness/engine/engine.h"
#include "nlohmann/json.hpp"

namespace dsconform {
namespace {

constexpr char kCase[] = R"({"id":"hll/t/1","suite":"hll.t","family":"hll","ops":[
  {"op":"create","sketch":"a","lg_k":10,"type":"HLL_4"},
  {"op":"update","sketch":"a","items":{"gen":"sequence","start":0,"count":10}},
  {"op":"serialize","sketch":"a","form":"compact"},
  {"op":"query","sketch":"a","queries":["estimate"]}],
  "cross":{"images":["a.compact"],"ops":[{"op":"deserialize","sketch":"b","image":"a.compact","mode":"heapify"},
                                        {"op":"query","sketch":"b","queries":["estimate"]}]}})";

class CorpusFileTest : public ::testing::Test {
 protected:
  std::string path_ = absl::StrCat(::testing::TempDir(), "/corpus_", getpid(), "_",
                                   ::testing::UnitTest::GetInstance()->current_test_info()->name(), ".jsonl");
  void TearDown() override { std::remove(path_.c_str()); }

  static CorpusEntry Entry(const std::string& image) {
    CorpusEntry e;
    e.c = *CaseFromJson(nlohmann::json::parse(kCase));
    e.first.Add("a.compact", Value::Bytes(image));
    e.first.Add("a.estimate", Value::Double(10.000000000000002));
    Observations cross;
    cross.Add("b.estimate", Value::Double(-0.0));
    e.cross = cross;
    return e;
  }

  void Write(const std::vector<CorpusEntry>& entries, int64_t inline_limit = kDefaultInlineImageBytes) {
    CorpusHeader h;
    h.engine = "cpp@test";
    h.suites = {"hll.t"};
    h.scale = "smoke";
    h.inline_image_bytes = inline_limit;
    auto w = CorpusWriter::Open(path_, h);
    ASSERT_TRUE(w.ok()) << w.status();
    for (const auto& e : entries) ASSERT_TRUE(w->Add(e).ok());
    ASSERT_TRUE(w->Finish().ok());
  }

  std::vector<std::string> Lines() {
    std::ifstream in(path_);
    std::vector<std::string> lines;
    for (std::string l; std::getline(in, l);) lines.push_back(l);
    return lines;
  }
  void Rewrite(const std::vector<std::string>& lines) {
    std::ofstream out(path_, std::ios::trunc);
    for (const auto& l : lines) out << l << "\n";
  }
  std::string ReadError() {
    auto c = ReadCorpus(path_, CompiledFamilies());
    EXPECT_FALSE(c.ok());
    return c.ok() ? "" : std::string(c.status().message());
  }
};

TEST_F(CorpusFileTest, RoundTripsSmallImagesWholeAndLargeOnesAsDigests) {
  const std::string small(40, '\x07'), large(300, '\x01');
  Write({Entry(small)});
  auto c = ReadCorpus(path_, CompiledFamilies());
  ASSERT_TRUE(c.ok()) << c.status();
  EXPECT_EQ(c->header.engine, "cpp@test");
  ASSERT_EQ(c->entries.size(), 1u);
  const CorpusEntry& e = c->entries[0];
  EXPECT_EQ(CaseToJson(e.c).dump(), CaseToJson(Entry(small).c).dump());
  ASSERT_EQ(e.first.Find("a.compact")->kind, Value::Kind::kBytes);
  EXPECT_EQ(e.first.Find("a.compact")->bytes, small);
  EXPECT_EQ(e.first.Find("a.estimate")->bits, Value::Double(10.000000000000002).bits);
  ASSERT_TRUE(e.cross.has_value());
  EXPECT_EQ(e.cross->Find("b.estimate")->bits, 0x8000000000000000ull);

  Write({Entry(large)});
  c = ReadCorpus(path_, CompiledFamilies());
  ASSERT_TRUE(c.ok()) << c.status();
  const Value* digest = c->entries[0].first.Find("a.compact");
  ASSERT_EQ(digest->kind, Value::Kind::kDigest);
  EXPECT_EQ(digest->bits, 300u);
  EXPECT_TRUE(digest->SameImage(Value::Bytes(large)));
  EXPECT_FALSE(digest->SameImage(Value::Bytes(std::string(300, '\x02'))));
  EXPECT_FALSE(digest->SameImage(Value::Bytes(std::string(299, '\x01'))));

  Write({Entry(large)}, -1);  // --keep_images
  c = ReadCorpus(path_, CompiledFamilies());
  ASSERT_TRUE(c.ok()) << c.status();
  EXPECT_EQ(c->entries[0].first.Find("a.compact")->bytes, large);
}

TEST_F(CorpusFileTest, EveryKindOfValueRoundTrips) {
  CorpusEntry e = Entry("abc");
  e.first.Add("a.type", Value::String("HLL_8"));
  e.first.Add("a.lg_k", Value::Int(-21));
  e.first.Add("a.is_empty", Value::Bool(true));
  e.first.Add("a.nan", Value::DoubleBits(0x7ff8000000000123ull));
  e.first.Add("b.deserialize", Value::Error("SketchesArgumentException", "Possible corruption"));
  e.first.Add("c.wrap", Value::Unsupported("no wrap in C++"));
  Write({e});
  auto c = ReadCorpus(path_, CompiledFamilies());
  ASSERT_TRUE(c.ok()) << c.status();
  const Observations& got = c->entries[0].first;
  ASSERT_EQ(got.fields.size(), e.first.fields.size());
  for (size_t i = 0; i < got.fields.size(); ++i) {
    EXPECT_EQ(got.fields[i].name, e.first.fields[i].name);
    EXPECT_EQ(got.fields[i].value.kind, e.first.fields[i].value.kind) << got.fields[i].name;
    EXPECT_EQ(got.fields[i].value.bits, e.first.fields[i].value.bits) << got.fields[i].name;
    EXPECT_EQ(got.fields[i].value.bytes, e.first.fields[i].value.bytes) << got.fields[i].name;
    EXPECT_EQ(got.fields[i].value.error_class, e.first.fields[i].value.error_class) << got.fields[i].name;
  }
}

TEST_F(CorpusFileTest, IsStableTextSoRecordingsDiffLineByLine) {
  Write({Entry("abc")});
  const auto first = Lines();
  Write({Entry("abc")});
  EXPECT_EQ(Lines(), first);
  ASSERT_EQ(first.size(), 3u);  // header, one case, end
  EXPECT_NE(first[1].find("\"a.estimate\":\"0x4024000000000001\""), std::string::npos);
}

TEST_F(CorpusFileTest, AnEditedLineFailsItsChecksumAtThatLine) {
  Write({Entry("abc")});
  auto lines = Lines();
  const size_t at = lines[1].find("4024000000000001");
  ASSERT_NE(at, std::string::npos);
  lines[1][at + 15] = '2';
  Rewrite(lines);
  const std::string error = ReadError();
  EXPECT_NE(error.find(path_ + ":2: checksum mismatch"), std::string::npos) << error;
}

TEST_F(CorpusFileTest, ATruncatedFileIsRefusedNamingTheLine) {
  Write({Entry("abc"), [] { auto e = Entry("abc"); e.c.id = "hll/t/2"; return e; }()});
  auto lines = Lines();
  lines.pop_back();  // the end line
  Rewrite(lines);
  EXPECT_NE(ReadError().find(path_ + ":3: truncated"), std::string::npos) << ReadError();
  lines.back().resize(lines.back().size() / 2);  // cut inside a case line
  Rewrite(lines);
  EXPECT_NE(ReadError().find(path_ + ":3: the line has no checksum"), std::string::npos) << ReadError();
}

TEST_F(CorpusFileTest, ANewerFormatIsRefusedByName) {
  Write({Entry("abc")});
  auto lines = Lines();
  const size_t at = lines[0].find("\"dsconform_corpus\":1");
  ASSERT_NE(at, std::string::npos);
  lines[0].replace(at, 20, "\"dsconform_corpus\":2");
  Rewrite(lines);
  EXPECT_NE(ReadError().find(":1: corpus format 2 is newer than this dsconform reads (1)"), std::string::npos)
      << ReadError();
}

TEST_F(CorpusFileTest, OtherFilesAreNotCorpora) {
  Rewrite({R"({"case": "hll/*", "reference": "java@*"})"});
  EXPECT_NE(ReadError().find(":1: not a dsconform corpus"), std::string::npos) << ReadError();
  Rewrite({});
  EXPECT_NE(ReadError().find("empty file"), std::string::npos);
  std::remove(path_.c_str());
  EXPECT_NE(ReadError().find("cannot be read"), std::string::npos);
}

TEST_F(CorpusFileTest, AnEndLineThatMiscountsIsRefused) {
  Write({Entry("abc")});
  auto lines = Lines();
  lines.erase(lines.begin() + 1);  // drop the case, keep "end: 1 case"
  Rewrite(lines);
  EXPECT_NE(ReadError().find(":2: the end line counts 1 cases, the file holds 0"), std::string::npos) << ReadError();
}

}  // namespace
}  // namespace dsconform
