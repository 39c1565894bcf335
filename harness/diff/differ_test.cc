#include "harness/diff/differ.h"

#include "gtest/gtest.h"
#include "harness/diff/test_family.h"
#include "harness/family/family.h"

namespace dsconform {
namespace {

Observations Obs(std::initializer_list<Field> fields) {
  Observations o;
  for (const auto& f : fields) o.fields.push_back(f);
  return o;
}

TEST(Differ, EqualObservationsHaveNoDifferences) {
  auto a = Obs({{"a.estimate", Value::Double(3.0)}, {"a.compact", Value::Bytes("abc")}});
  DiffResult r = DiffObservations(a, a, nullptr, {});
  EXPECT_TRUE(r.diffs.empty());
  EXPECT_EQ(r.fields_compared, 2);
}

TEST(Differ, NegativeZeroDiffersFromZeroByBits) {
  DiffResult r = DiffObservations(Obs({{"a.lb1", Value::Double(0.0)}}), Obs({{"a.lb1", Value::Double(-0.0)}}),
                                  nullptr, {});
  ASSERT_EQ(r.diffs.size(), 1u);
  EXPECT_EQ(r.diffs[0].field, "a.lb1");
  EXPECT_EQ(r.diffs[0].candidate.bits, 0x8000000000000000ULL);
}

TEST(Differ, NanPayloadsDiffer) {
  DiffResult r = DiffObservations(Obs({{"x", Value::DoubleBits(0x7ff8000000000000ULL)}}),
                                  Obs({{"x", Value::DoubleBits(0x7ff8000000000001ULL)}}), nullptr, {});
  EXPECT_EQ(r.diffs.size(), 1u);
}

TEST(Differ, ByteImagesReportDifferingRangesAndLengthChange) {
  DiffResult r = DiffObservations(Obs({{"a.compact", Value::Bytes(std::string("\x01\x02\x03\x04", 4))}}),
                                  Obs({{"a.compact", Value::Bytes(std::string("\x01\x09\x09\x04\x05", 5))}}),
                                  nullptr, {});
  ASSERT_EQ(r.diffs.size(), 1u);
  ASSERT_EQ(r.diffs[0].ranges.size(), 2u);
  EXPECT_EQ(r.diffs[0].ranges[0].begin, 1u);
  EXPECT_EQ(r.diffs[0].ranges[0].end, 3u);
  EXPECT_EQ(r.diffs[0].ranges[1].begin, 4u);
  EXPECT_EQ(r.diffs[0].ranges[1].end, 5u);
}

TEST(Differ, LargeDifferingImagesKeepTheirRangesButNotTheirBytes) {
  const Value a = Value::Bytes(std::string(70000, 'a')), b = Value::Bytes(std::string(69999, 'a') + "b");
  DiffOptions options;
  options.max_image_bytes = 65536;
  const FieldDiff whole = MakeFieldDiff("a.compact", a, b, nullptr, {});
  EXPECT_EQ(whole.candidate.bytes, b.bytes);  // the default keeps them whole
  const FieldDiff d = MakeFieldDiff("a.compact", a, b, nullptr, options);
  EXPECT_EQ(d.reference.kind, Value::Kind::kOmitted);
  EXPECT_EQ(d.candidate.bits, 70000u);
  EXPECT_EQ(d.candidate.bytes, std::string(32, 'a'));
  EXPECT_EQ(d.candidate.Summary(), "70000 bytes 61616161616161616161616161616161... (not kept whole)");
  ASSERT_EQ(d.ranges.size(), 1u);  // taken from the whole images
  EXPECT_EQ(d.ranges[0].begin, 69999u);
  // Small images, and an image only one side has, follow the same rule.
  const DiffResult r = DiffObservations(Obs({{"b.compact", Value::Bytes("ab")}, {"c.compact", a}}),
                                        Obs({{"b.compact", Value::Bytes("ac")}}), nullptr, options);
  ASSERT_EQ(r.diffs.size(), 2u);
  EXPECT_EQ(r.diffs[0].reference.bytes, "ab");
  EXPECT_TRUE(r.diffs[1].missing_in_candidate);
  EXPECT_EQ(r.diffs[1].reference.kind, Value::Kind::kOmitted);
  // A record of them reads back as written (merge reads what run wrote).
  Record rec;
  rec.diffs = {d, r.diffs[0], r.diffs[1]};
  Record back;
  std::string error;
  ASSERT_TRUE(RecordFromJson(nlohmann::json::parse(RecordToJson(rec).dump()), &back, &error)) << error;
  EXPECT_EQ(RecordToJson(back).dump(), RecordToJson(rec).dump());
}

TEST(Differ, ManyDifferingRangesAreListedUpToTheLimitAndCounted) {
  std::string a(1000, 'a'), b = a;
  for (size_t i = 0; i < a.size(); i += 2) b[i] = 'b';  // 500 ranges of one byte
  DiffOptions options;
  options.max_ranges = 3;
  const FieldDiff d = MakeFieldDiff("a.compact", Value::Bytes(a), Value::Bytes(b), nullptr, options);
  ASSERT_EQ(d.ranges.size(), 3u);
  // Records live until the run's summaries are written: the 497 ranges left out take no memory.
  EXPECT_EQ(d.ranges.capacity(), 3u);
  EXPECT_EQ(d.ranges[2].begin, 4u);
  EXPECT_EQ(d.ranges_total, 500u);
  Record rec, back;
  rec.diffs = {d};
  std::string error;
  ASSERT_TRUE(RecordFromJson(nlohmann::json::parse(RecordToJson(rec).dump()), &back, &error)) << error;
  EXPECT_EQ(back.diffs[0].ranges_total, 500u);
  EXPECT_EQ(MakeFieldDiff("a.compact", Value::Bytes(a), Value::Bytes(b), nullptr, {}).ranges.size(), 64u);
}

TEST(Differ, RangesAreExactAcrossLongEqualStretches) {
  // Differences on both sides of 8-byte boundaries, inside long equal runs, and in the last bytes.
  // Likewise across the 256-byte blocks the differ skips first.
  std::string a(2000, '\x5a'), b = a;
  const std::vector<std::pair<uint32_t, uint32_t>> want = {
      {0, 1}, {7, 9}, {15, 16}, {16 + 8 * 50, 16 + 8 * 50 + 3}, {511, 513}, {767, 768}, {1280, 1281}, {1999, 2000}};
  for (const auto& [begin, end] : want)
    for (uint32_t i = begin; i < end; ++i) b[i] = static_cast<char>(~b[i]);
  const FieldDiff d = MakeFieldDiff("a.compact", Value::Bytes(a), Value::Bytes(b), nullptr, {});
  ASSERT_EQ(d.ranges.size(), want.size());
  for (size_t i = 0; i < want.size(); ++i) {
    EXPECT_EQ(d.ranges[i].begin, want[i].first) << i;
    EXPECT_EQ(d.ranges[i].end, want[i].second) << i;
  }
}

// Decodes one field per byte ("byte[i]": its value) and counts the bytes it was asked for.
class BytewiseFamily final : public TestFamily {
 public:
  std::vector<DecodedField> DecodeImageRanges(std::string_view image,
                                              const std::vector<ByteRange>& ranges) const override {
    return DecodeEachRange(image, ranges, [this](std::string_view img, uint32_t begin, uint32_t end) {
      std::vector<DecodedField> out;
      for (uint32_t i = begin; i < end && i < img.size(); ++i) {
        out.push_back({"byte[" + std::to_string(i) + "]", i, 1, std::to_string(static_cast<uint8_t>(img[i]))});
        ++bytes_decoded;
      }
      return out;
    });
  }
  mutable int64_t bytes_decoded = 0;
};

TEST(Differ, DecodedFieldsOfImagesOfOneLengthStopAtTheLimit) {
  // Two 1 MiB images that differ in every byte but one: the list is the first 64 differing
  // fields, in order, and only the bytes they need are decoded.
  std::string a(1 << 20, '\x02'), b(1 << 20, '\x03');
  a[3] = '\x03';
  BytewiseFamily family;
  DiffOptions options;
  options.max_decoded = 64;
  const FieldDiff d = MakeFieldDiff("a.compact", Value::Bytes(a), Value::Bytes(b), &family, options);
  ASSERT_EQ(d.decoded.size(), 64u);
  EXPECT_EQ(d.decoded[0].field, "byte[0]");
  EXPECT_EQ(d.decoded[0].reference, "2");
  EXPECT_EQ(d.decoded[0].candidate, "3");
  EXPECT_EQ(d.decoded[3].field, "byte[4]");  // byte[3] is equal
  EXPECT_EQ(d.decoded[63].field, "byte[64]");
  EXPECT_LT(family.bytes_decoded, 4096);
  // Images of different lengths are decoded over their differing ranges: a field of the longer
  // one's tail is listed as absent from the other.
  const FieldDiff e = MakeFieldDiff("a.compact", Value::Bytes(a.substr(0, 100)), Value::Bytes(b.substr(0, 101)),
                                    &family, options);
  ASSERT_EQ(e.decoded.size(), 64u);
  EXPECT_EQ(e.decoded[63].field, "byte[64]");
  const FieldDiff tail = MakeFieldDiff("a.compact", Value::Bytes(a.substr(0, 100)), Value::Bytes(a.substr(0, 101)),
                                       &family, options);
  ASSERT_EQ(tail.decoded.size(), 1u);
  EXPECT_EQ(tail.decoded[0].field, "byte[100]");
  EXPECT_EQ(tail.decoded[0].reference, "");
  EXPECT_EQ(tail.decoded[0].candidate, "2");
}

TEST(Differ, MissingFieldsOnEitherSideAreDifferences) {
  DiffResult r = DiffObservations(Obs({{"a", Value::Int(1)}, {"b", Value::Int(2)}}),
                                  Obs({{"a", Value::Int(1)}, {"c", Value::Int(3)}}), nullptr, {});
  ASSERT_EQ(r.diffs.size(), 2u);
  EXPECT_TRUE(r.diffs[0].missing_in_candidate);
  EXPECT_EQ(r.diffs[0].field, "b");
  EXPECT_TRUE(r.diffs[1].missing_in_reference);
  EXPECT_EQ(r.diffs[1].field, "c");
}

TEST(Differ, ErrorsAgreeAcrossLanguagesButMustMatchWithinOne) {
  auto java = Obs({{"error@op1", Value::Error("org.apache.datasketches.common.SketchesArgumentException", "m1")}});
  auto cpp = Obs({{"error@op1", Value::Error("std::invalid_argument", "m2")}});
  DiffOptions across;
  EXPECT_TRUE(DiffObservations(java, cpp, nullptr, across).diffs.empty());
  DiffOptions within;
  within.same_language = true;
  EXPECT_EQ(DiffObservations(java, cpp, nullptr, within).diffs.size(), 1u);
  // Throwing at another step, or not at all, is a difference either way.
  auto later = Obs({{"error@op2", Value::Error("std::invalid_argument", "m2")}});
  EXPECT_EQ(DiffObservations(java, later, nullptr, across).diffs.size(), 2u);
}

// A panic or a JDK runtime exception is the library breaking down, not refusing: across languages
// it agrees with another breakdown, never with a refusal.
TEST(Differ, ABreakdownNeverAgreesWithARefusal) {
  auto cpp = Obs({{"error@op0", Value::Error("std::invalid_argument", "serial version mismatch")}});
  DiffOptions across;
  for (const char* breakdown : {"java.lang.StackOverflowError", "java.lang.IndexOutOfBoundsException", "panic"}) {
    auto broke = Obs({{"error@op0", Value::Error(breakdown, "")}});
    EXPECT_EQ(DiffObservations(broke, cpp, nullptr, across).diffs.size(), 1u) << breakdown;
    EXPECT_TRUE(DiffObservations(broke, Obs({{"error@op0", Value::Error("panic", "")}}), nullptr, across).diffs.empty())
        << breakdown;
  }
  for (const char* refusal : {"org.apache.datasketches.common.SketchesArgumentException",
                              "java.lang.IllegalArgumentException", "java.lang.IllegalStateException",
                              "datasketches::error::ErrorKind::InvalidData", "*errors.errorString", "ValueError"}) {
    auto refused = Obs({{"error@op0", Value::Error(refusal, "")}});
    EXPECT_TRUE(DiffObservations(refused, cpp, nullptr, across).diffs.empty()) << refusal;
  }
}

TEST(Differ, UnsupportedStepsAndTheirSlotAreNotDifferences) {
  auto ref = Obs({{"w.estimate", Value::Double(1.0)}, {"w.compact", Value::Bytes("x")}, {"a.estimate", Value::Int(1)}});
  auto cand = Obs({{"w.deserialize", Value::Unsupported("wrap is a Java-only operation")}, {"a.estimate", Value::Int(1)}});
  DiffResult r = DiffObservations(ref, cand, nullptr, {});
  EXPECT_TRUE(r.diffs.empty());
  EXPECT_EQ(r.fields_compared, 1);
  EXPECT_EQ(r.fields_unsupported, 3);
  // The same comparison the other way round: the reference could not do the step.
  DiffResult back = DiffObservations(cand, ref, nullptr, {});
  EXPECT_TRUE(back.diffs.empty());
  EXPECT_EQ(back.fields_compared, 1);
}

// cpp@4.0.1 cannot read a compressed Theta image; 5.2.0 refuses that image
// for its seed. Neither is a difference: the one could not do the step the
// other threw at. Throwing at a step the other did is one.
TEST(Differ, AnErrorAtAStepTheOtherAnsweredUnsupportedIsNotADifference) {
  std::vector<Op> steps(2);
  steps[0].op = "deserialize";
  steps[0].sketch = "r";
  steps[1].op = "query";
  steps[1].sketch = "r";
  auto threw = Obs({{"error@op0", Value::Error("std::invalid_argument", "seed hash mismatch")}});
  auto cannot = Obs({{"r.deserialize", Value::Unsupported("no compressed images before 4.1.0")}});
  DiffOptions options;
  options.steps = &steps;
  for (const DiffResult& r : {DiffObservations(threw, cannot, nullptr, options),
                              DiffObservations(cannot, threw, nullptr, options)}) {
    EXPECT_TRUE(r.diffs.empty());
    EXPECT_EQ(r.fields_compared, 0);
    EXPECT_EQ(r.fields_unsupported, 2);
  }
  // Without the steps, or when the other did the step, the error is a difference.
  EXPECT_EQ(DiffObservations(threw, cannot, nullptr, {}).diffs.size(), 1u);
  auto read = Obs({{"r.estimate", Value::Double(1.0)}});
  EXPECT_EQ(DiffObservations(threw, read, nullptr, options).diffs.size(), 2u);
  // Nor when the other answered another step unsupported.
  auto cannot_query = Obs({{"r.query", Value::Unsupported("x")}});
  const DiffResult other_step = DiffObservations(threw, cannot_query, nullptr, options);
  ASSERT_EQ(other_step.diffs.size(), 1u);
  EXPECT_EQ(other_step.diffs[0].field, "error@op0");
}

// Java refuses a Count-min merge; the Python binding could not make the slot
// (long counters), so its merge never ran: not a difference. An unsupported
// step after the one that threw excuses nothing.
TEST(Differ, AnErrorOnASlotTheOtherCouldNotMakeIsNotADifference) {
  std::vector<Op> steps(3);
  steps[0].op = "create";
  steps[0].sketch = "a";
  steps[1].op = "merge";
  steps[1].sketch = "a";
  steps[2].op = "serialize";
  steps[2].sketch = "a";
  auto threw = Obs({{"error@op1", Value::Error("SketchesException", "Incompatible sketch configuration.")}});
  auto cannot = Obs({{"a.create", Value::Unsupported("double counters only")}});
  DiffOptions options;
  options.steps = &steps;
  for (const DiffResult& r : {DiffObservations(threw, cannot, nullptr, options),
                              DiffObservations(cannot, threw, nullptr, options)})
    EXPECT_TRUE(r.diffs.empty());
  auto later = Obs({{"a.serialize", Value::Unsupported("x")}});
  EXPECT_EQ(DiffObservations(threw, later, nullptr, options).diffs.size(), 1u);
}

TEST(Differ, LanguageSpecificFieldsAreComparedWithinOneLanguageOnly) {
  auto ref = Obs({{"lang.a.compact", Value::Bytes("abc")}, {"a.n", Value::Int(3)}});
  auto cand = Obs({{"lang.a.compact", Value::Bytes("abd")}, {"a.n", Value::Int(3)}});
  DiffResult across = DiffObservations(ref, cand, nullptr, {});
  EXPECT_TRUE(across.diffs.empty());
  EXPECT_EQ(across.fields_unsupported, 1);
  EXPECT_EQ(across.fields_compared, 1);
  DiffOptions same;
  same.same_language = true;
  DiffResult within = DiffObservations(ref, cand, nullptr, same);
  ASSERT_EQ(within.diffs.size(), 1u);
  EXPECT_EQ(within.diffs[0].field, "lang.a.compact");
  // Present on one side only: not a difference across languages either.
  EXPECT_TRUE(DiffObservations(Obs({{"a.n", Value::Int(3)}}), cand, nullptr, {}).diffs.empty());
}

TEST(Differ, OwnRandomBitsTakeTheLanguageFieldsOutEvenWithinOneLanguage) {
  // python@ marks "lang.random_bits" when it compacted with bits it could not pin.
  auto pinned = Obs({{"lang.n4.ranks[0]", Value::Double(0.25)}, {"a.n", Value::Int(3)}});
  auto own = Obs({{"lang.random_bits", Value::Unsupported("own bits")},
                  {"lang.n4.ranks[0]", Value::Double(0.5)},
                  {"a.n", Value::Int(4)}});
  DiffOptions same;
  same.same_language = true;
  for (const auto& [ref, cand] : {std::pair(pinned, own), std::pair(own, pinned)}) {
    DiffResult r = DiffObservations(ref, cand, nullptr, same);
    ASSERT_EQ(r.diffs.size(), 1u);
    EXPECT_EQ(r.diffs[0].field, "a.n");  // the other fields are still compared
    EXPECT_EQ(r.fields_unsupported, 2);
    EXPECT_EQ(r.fields_language_specific, 2);
  }
  // What a step answering a lang. field throws is language-specific too.
  std::vector<Op> steps(2);
  steps[1].op = "serialize";
  steps[1].sketch = "r";
  steps[1].args = {{"as", "lang.r_more"}, {"form", "compact"}};
  DiffOptions with_steps = same;
  with_steps.steps = &steps;
  auto threw = own;
  threw.fields.push_back({"error@op1", Value::Error("ValueError", "byte must be in range(0, 256)", "")});
  for (const auto& [ref, cand] : {std::pair(pinned, threw), std::pair(threw, pinned)}) {
    DiffResult t = DiffObservations(ref, cand, nullptr, with_steps);
    ASSERT_EQ(t.diffs.size(), 1u);
    EXPECT_EQ(t.diffs[0].field, "a.n");
  }
  steps[1].args = {{"form", "compact"}};  // an error at any other step is still a difference
  EXPECT_EQ(DiffObservations(pinned, threw, nullptr, with_steps).diffs.size(), 2u);
  // Any other unsupported lang. step (Java cannot copy) leaves the rest compared.
  auto copy = Obs({{"lang.b.copy", Value::Unsupported("no copy")}, {"lang.n4.ranks[0]", Value::Double(0.5)}});
  DiffResult r = DiffObservations(pinned, copy, nullptr, same);
  ASSERT_EQ(r.diffs.size(), 2u);  // lang.n4.ranks[0] and a.n (missing)
  EXPECT_EQ(r.diffs[0].field, "lang.n4.ranks[0]");
}

}  // namespace
}  // namespace dsconform
