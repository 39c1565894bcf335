#ifndef DSCONFORM_HARNESS_CASE_JSON_TEXT_H_
#define DSCONFORM_HARNESS_CASE_JSON_TEXT_H_

#include <cstdint>
#include <string>

#include "absl/strings/string_view.h"
#include "nlohmann/json.hpp"

namespace dsconform {

// Writes compact JSON straight into a string: the very bytes nlohmann's dump(-1) writes, invalid
// UTF-8 replaced, without building the tree first. A record of a full Frequent items run has tens
// of thousands of differences; building and dumping their json objects was most of its writing.
// The caller keeps the nesting right; commas are placed here.
class JsonText {
 public:
  explicit JsonText(std::string* out) : out_(out) {}

  JsonText& BeginObject() { return Open('{'); }
  JsonText& EndObject() { return Close('}'); }
  JsonText& BeginArray() { return Open('['); }
  JsonText& EndArray() { return Close(']'); }
  // An object's member name; its value follows.
  JsonText& Key(absl::string_view key);

  JsonText& String(absl::string_view s);
  JsonText& Int(int64_t v);
  JsonText& Uint(uint64_t v);
  JsonText& Bool(bool v);
  // A value built as json (a truth kind's samples), dumped as nlohmann would dump it in place.
  JsonText& Json(const nlohmann::ordered_json& j);

 private:
  JsonText& Open(char c);
  JsonText& Close(char c);
  void BeforeValue();

  std::string* out_;
  bool after_value_ = false;  // a value ended here: the next value or key needs a comma
};

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_CASE_JSON_TEXT_H_
