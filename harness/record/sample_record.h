#ifndef DSCONFORM_HARNESS_RECORD_SAMPLE_RECORD_H_
#define DSCONFORM_HARNESS_RECORD_SAMPLE_RECORD_H_

// For tests: a record with a difference of every kind of value, one with every member of a byte
// image's difference, and one missing on a side.

#include <string>

#include "absl/strings/str_cat.h"
#include "harness/record/record.h"

namespace dsconform {

inline Record RecordWithEveryMember() {
  Record r;
  r.index = 12;
  r.case_id = "fi/streams/n=7";
  r.suite = "fi.streams";
  r.family = "fi";
  r.reference = "cpp";
  r.candidate = "java";
  r.writer = "java";
  r.verdict = Verdict::kDiffers;
  r.note = "a \"quoted\" note\n";
  r.fields_compared = 9;
  const std::string image = std::string("\x04\x01\x0a", 3) + std::string(40, '\0');
  const Value values[] = {Value::Bytes(image), Value::Double(-0.0), Value::Int(-5), Value::Bool(true),
                          Value::String("caf\xc3\xa9"), Value::Error("SketchesArgumentException", "bad", "at x"),
                          Value::Unsupported("no wrap"), Value::DigestOf(image), Value::Omitted(image)};
  for (const Value& v : values) {
    FieldDiff d;
    d.field = absl::StrCat("a.f", r.diffs.size());
    d.reference = v;
    d.candidate = Value::Int(1);
    r.diffs.push_back(d);
  }
  FieldDiff image_diff;
  image_diff.field = "a.compact";
  image_diff.known = true;
  image_diff.reference = Value::Bytes(image);
  image_diff.candidate = Value::Bytes(image + "x");
  image_diff.ranges = {{0, 1}, {8, 16}};
  image_diff.ranges_total = 5;
  image_diff.decoded = {{"lgCurMapSize", "3", "4", 3, 1}, {"active", "", "2", 8, 4}};
  r.diffs.push_back(image_diff);
  FieldDiff missing;
  missing.field = "a.only_java";
  missing.missing_in_reference = true;
  missing.candidate = Value::Double(1.5);
  r.diffs.push_back(missing);

  return r;
}

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_RECORD_SAMPLE_RECORD_H_
