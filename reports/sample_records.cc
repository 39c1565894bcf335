#include "reports/sample_records.h"

#include <string>

#include "absl/strings/str_cat.h"

namespace dsconform {
namespace {

constexpr char kJava[] = "java@9.0.0";
constexpr char kCpp[] = "cpp@5.2.0";

Record Base(int64_t index, std::string case_id, std::string suite, Verdict v) {
  Record r;
  r.index = index;
  r.case_id = std::move(case_id);
  r.suite = std::move(suite);
  r.family = "hll";
  r.reference = kJava;
  r.candidate = kCpp;
  r.verdict = v;
  r.fields_compared = 12;
  return r;
}

// A 64-byte HLL_4-like image; the candidate differs in hipAccum (bytes 8..15)
// and in two registers (bytes 40 and 41).
FieldDiff ImageDiff() {
  std::string ref(64, '\0'), cand;
  for (int i = 0; i < 64; ++i) ref[i] = static_cast<char>(i * 7 + 1);
  cand = ref;
  for (int i = 8; i < 16; ++i) cand[i] = 0;
  cand[40] = static_cast<char>(0x66);
  cand[41] = static_cast<char>(0x77);
  FieldDiff d;
  d.field = "a.compact";
  d.reference = Value::Bytes(ref);
  d.candidate = Value::Bytes(cand);
  d.ranges = {{8, 16}, {40, 42}};
  d.decoded = {{"hipAccum", "131328.0", "0.0", 8, 8},
               {"register[3]", "5", "6", 40, 1},
               {"register[4]", "2", "7", 41, 1}};
  return d;
}

}  // namespace

std::vector<Record> SampleRecords() {
  std::vector<Record> out;

  Record differs = Base(1, "hll/sketch/lgk=12/type=HLL_4/n=3072", "hll.matrix", Verdict::kDiffers);
  differs.diffs.push_back(ImageDiff());
  FieldDiff estimate;
  estimate.field = "a.estimate";
  estimate.reference = Value::Double(3072.125);
  estimate.candidate = Value::Double(3071.875);
  differs.diffs.push_back(estimate);
  out.push_back(differs);

  out.push_back(Base(0, "hll/sketch/lgk=12/type=HLL_4/n=1000", "hll.matrix", Verdict::kEqual));

  Record known = Base(3, "hll/union/lgk=10/order=reversed/n=5000", "hll.unions", Verdict::kKnown);
  FieldDiff cur_min;
  cur_min.field = "u.result.compact";
  cur_min.known = true;
  cur_min.reference = Value::Bytes(std::string("\x0a\x01\x07\x0a\x07\x00\x00\x00", 8));
  cur_min.candidate = Value::Bytes(std::string("\x0a\x01\x07\x0a\x0a\x00\x00\x00", 8));
  cur_min.ranges = {{4, 5}};
  cur_min.decoded = {{"curMin", "7", "10", 4, 1}};
  known.diffs.push_back(cur_min);
  known.expectation_reason = "C++ union keeps curMin of its gadget";
  known.expectation_link = "https://github.com/apache/datasketches-cpp/issues/401";
  known.expectation_findings = {"F7"};
  out.push_back(known);

  Record unexpected = Base(4, "hll/union/lgk=11/order=forward/n=5000", "hll.unions", Verdict::kUnexpectedlyEqual);
  unexpected.expectation_reason = "Java rebuilds the aux table in another order";
  unexpected.expectation_link = "https://github.com/apache/datasketches-java/issues/512";
  unexpected.expectation_findings = {"TH3"};
  out.push_back(unexpected);

  Record unsupported = Base(5, "hll/union/lgk=12/op=update_rvalue", "hll.unions", Verdict::kUnsupported);
  unsupported.note = "update(&&) has no Java equivalent";
  out.push_back(unsupported);

  Record error = Base(2, "hll/sketch/lgk=3/type=HLL_8/n=1", "hll.matrix", Verdict::kError);
  error.note = "java@9.0.0 threw SketchesArgumentException: lgConfigK must be >= 4 && <= 21: <3> & \"quoted\"";
  out.push_back(error);

  Record text = Base(6, "hll/strings/alphabet=naïve-日本語/n=100", "hll.strings", Verdict::kDiffers);
  FieldDiff str;
  str.field = "a.toString";
  str.reference = Value::String("lgK: 12 <ü> & ok");
  str.candidate = Value::String(std::string("lgK: 12 <ü> ") + '\x01' + " " + '\xff');
  text.diffs.push_back(str);
  out.push_back(text);

  Record cross = Base(8, "hll/cross_heapify/lgk=12/type=HLL_4/n=3072", "hll.cross_heapify", Verdict::kDiffers);
  cross.writer = kJava;
  FieldDiff cross_estimate;
  cross_estimate.field = "b.estimate";
  cross_estimate.reference = Value::Double(3072.125);
  cross_estimate.candidate = Value::Double(-0.0);
  cross.diffs.push_back(cross_estimate);
  FieldDiff missing;
  missing.field = "b.compact";
  missing.reference = Value::Bytes(std::string("\x02\x01\x07\x0c", 4));
  missing.missing_in_candidate = true;
  cross.diffs.push_back(missing);
  out.push_back(cross);

  Record cross_equal = Base(7, "hll/cross_heapify/lgk=12/type=HLL_4/n=1000", "hll.cross_heapify", Verdict::kEqual);
  cross_equal.writer = kJava;
  out.push_back(cross_equal);
  return out;
}

std::vector<Record> LargeSampleRecords() {
  std::vector<Record> out;
  std::string ref(16384, '\0');
  for (size_t i = 0; i < ref.size(); ++i) ref[i] = static_cast<char>(i * 31 + 7);
  for (int i = 0; i < 30000; ++i) {
    const Verdict v = i % 10 == 0 ? Verdict::kDiffers : i % 10 == 1 ? Verdict::kEqual : Verdict::kKnown;
    Record r = Base(i, absl::StrCat("hll/sketch/lgk=", 4 + i % 18, "/type=HLL_", 4 + 2 * (i % 3), "/n=", i), "hll.matrix",
                    v);
    if (v == Verdict::kEqual) {
      out.push_back(std::move(r));
      continue;
    }
    FieldDiff image = ImageDiff();
    std::string cand = ref;
    image.ranges.clear();
    image.decoded.clear();
    for (uint32_t at = 40; at + 2 < cand.size(); at += 97) {
      cand[at] = static_cast<char>(cand[at] ^ 0x5a);
      image.ranges.push_back({at, at + 1});
      image.decoded.push_back({absl::StrCat("register[", at - 40, "]"), "1", "2", at, 1});
    }
    image.reference = Value::Bytes(ref);
    image.candidate = Value::Bytes(cand);
    image.known = v == Verdict::kKnown;
    r.diffs.push_back(std::move(image));
    for (int k = 0; k < 30; ++k) {
      FieldDiff answer;
      answer.field = absl::StrCat("a.quantiles[", k, "]");
      answer.reference = Value::Double(k + 0.125);
      answer.candidate = Value::Double(k + 0.25);
      answer.known = v == Verdict::kKnown;
      r.diffs.push_back(std::move(answer));
    }
    if (v == Verdict::kKnown) {
      r.expectation_findings = {absl::StrCat("F", i % 40)};
      r.expectation_reason = absl::StrCat("F", i % 40, ": a known difference (docs/findings.md)");
    }
    out.push_back(std::move(r));
  }
  return out;
}

RunInfo SampleRunInfo() {
  RunInfo info;
  info.command_line =
      "dsconform run --engines java@9.0.0,cpp@5.2.0 --suites hll.matrix,hll.unions,hll.strings,hll.cross_heapify "
      "--out out/";
  info.reference = kJava;
  info.engines = {kJava, kCpp};
  info.suites = {"hll.matrix", "hll.unions", "hll.strings", "hll.cross_heapify"};
  info.known_differences = "sketches";
  info.status = "complete";
  info.total_cases = 9;
  return info;
}

}  // namespace dsconform
