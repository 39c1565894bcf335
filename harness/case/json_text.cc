#include "harness/case/json_text.h"

#include "absl/strings/str_cat.h"

namespace dsconform {
namespace {

constexpr auto kReplace = nlohmann::ordered_json::error_handler_t::replace;

// Printable ASCII without a quote or a backslash is written as it is; anything else (escapes,
// UTF-8 to check) is left to nlohmann, so that both write the same bytes.
bool Plain(absl::string_view s) {
  for (const char c : s)
    if (c < 0x20 || c > 0x7e || c == '"' || c == '\\') return false;
  return true;
}

void AppendString(absl::string_view s, std::string* out) {
  if (Plain(s)) {
    out->push_back('"');
    out->append(s.data(), s.size());
    out->push_back('"');
    return;
  }
  out->append(nlohmann::ordered_json(std::string(s)).dump(-1, ' ', false, kReplace));
}

}  // namespace

JsonText& JsonText::Open(char c) {
  BeforeValue();
  out_->push_back(c);
  after_value_ = false;
  return *this;
}

JsonText& JsonText::Close(char c) {
  out_->push_back(c);
  after_value_ = true;
  return *this;
}

void JsonText::BeforeValue() {
  if (after_value_) out_->push_back(',');
  after_value_ = true;
}

JsonText& JsonText::Key(absl::string_view key) {
  BeforeValue();
  AppendString(key, out_);
  out_->push_back(':');
  after_value_ = false;
  return *this;
}

JsonText& JsonText::String(absl::string_view s) {
  BeforeValue();
  AppendString(s, out_);
  return *this;
}

JsonText& JsonText::Int(int64_t v) {
  BeforeValue();
  absl::StrAppend(out_, v);
  return *this;
}

JsonText& JsonText::Uint(uint64_t v) {
  BeforeValue();
  absl::StrAppend(out_, v);
  return *this;
}

JsonText& JsonText::Bool(bool v) {
  BeforeValue();
  out_->append(v ? "true" : "false");
  return *this;
}

JsonText& JsonText::Json(const nlohmann::ordered_json& j) {
  BeforeValue();
  out_->append(j.dump(-1, ' ', false, kReplace));
  return *this;
}

}  // namespace dsconform
